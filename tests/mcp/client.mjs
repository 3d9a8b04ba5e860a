// The official TypeScript SDK's MCP client against the service's /mcp: connect over Streamable HTTP,
// list the tools, call every tool with a valid and an invalid argument, and compare each answer with the
// HTTP interface's for the same input. Usage: node client.mjs BASE_URL (module path in NODE_PATH's sense:
// run from the directory holding node_modules).
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const base = process.argv[2];
const entry = 'io-github-github-github-mcp-server';
const plan = { query: 'save Gmail attachments to Google Drive' };

async function http(method, path, body) {
	const r = await fetch(base + path, {
		method, headers: body ? { 'content-type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	});
	return { status: r.status, json: await r.json() };
}

const client = new Client({ name: 'autoplan-test', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(base + '/mcp')));
assert.equal(client.getServerVersion().name, 'autoplan');
assert.ok(client.getInstructions().includes('plan_workflow'));

const snapshot = (await http('POST', '/v2/workflows/snapshot', plan)).json.snapshot;
const report = (await http('GET', '/v2/verification-reports')).json.reports[0].id;
// Each tool: valid arguments and the HTTP request answering the same.
const cases = {
	find_capabilities: [{ query: 'send email', limit: 3 }, 'GET', '/v2/capabilities?query=send%20email&limit=3'],
	plan_workflow: [plan, 'POST', '/v2/workflows/plan', plan],
	get_connections: [{ type: 'mcp', slug: entry }, 'GET', `/v2/connections/mcp/${entry}`],
	get_verifications: [{ type: 'mcp', slug: entry, locale: 'de' }, 'GET', `/v2/verifications/mcp/${entry}?locale=de`],
	check_compatibility: [{ id: `mcp/${entry}`, client: 'claude-desktop' }, 'POST', '/v2/compatibility/check'],
	explain_permissions: [plan, 'POST', '/v2/permissions/explain'],
	validate_config: [{ client: 'claude-desktop', config: '{"mcpServers":{}}' }, 'POST', '/v2/config/validate'],
	configure: [{ id: `mcp/${entry}`, client: 'claude-code' }, 'POST', '/v2/configure'],
	get_capability_gaps: [{ app: 'mailA' }, 'GET', '/v2/capability-gaps?app=mailA'],
	change_impact: [{ snapshot }, 'POST', '/v2/changes/impact'],
	find_replacements: [{ app: 'driveA', read_only: true }, 'GET', '/v2/replacements?app=driveA&read_only=true'],
	snapshot_workflow: [plan, 'POST', '/v2/workflows/snapshot'],
	get_verification_report: [{ id: report }, 'GET', `/v2/verification-reports/${report}`],
	list_entries_v1: [{ suche: 'github', grenze: 5 }, 'GET', '/v1/eintraege?suche=github&grenze=5'],
};

const { tools } = await client.listTools();
assert.deepEqual(tools.map((t) => t.name).sort(), Object.keys(cases).sort());
let calls = 0;
for (const t of tools) {
	assert.equal(t.inputSchema.type, 'object');
	assert.equal(t.annotations.readOnlyHint, true);
	// an output schema: the SDK checks every structuredContent below against it, errors included
	assert.equal(t.outputSchema?.type, 'object', t.name);
	const [args, method, path] = cases[t.name];
	const h = await http(method, path, method === 'POST' ? args : undefined);
	assert.equal(h.status, 200, `${t.name}: HTTP ${h.status} ${JSON.stringify(h.json)}`);
	const r = await client.callTool({ name: t.name, arguments: args });
	assert.ok(!r.isError, `${t.name}: ${JSON.stringify(r.structuredContent)}`);
	assert.deepEqual(r.structuredContent, h.json, `${t.name}: the tool's answer differs from ${method} ${path}`);
	assert.deepEqual(JSON.parse(r.content[0].text), h.json);
	// An invalid argument: a tool result with isError and the HTTP interface's error object.
	const bad = { ...args, limit_of_nothing: 1 };
	const e = await client.callTool({ name: t.name, arguments: bad });
	assert.equal(e.isError, true, t.name);
	assert.equal(e.structuredContent.error, 'invalid_request', t.name);
	assert.equal(e.structuredContent.pointer, '/limit_of_nothing', t.name);
	const he = method === 'POST' ? await http('POST', path, bad)
		: await http('GET', path + (path.includes('?') ? '&' : '?') + 'limit_of_nothing=1');
	assert.equal(he.status, 400);
	assert.deepEqual(e.structuredContent, he.json, `${t.name}: the tool's error differs from the HTTP one`);
	calls += 2;
}
await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), /no_such_tool/);
// Resources read as their HTTP routes answer, a template filled in, and the plan prompt.
const { resources } = await client.listResources();
assert.ok(resources.length >= 4, 'tasks, apps, guides and clients');
for (const res of resources) {
	const r = await client.readResource({ uri: res.uri });
	assert.deepEqual(JSON.parse(r.contents[0].text), (await http('GET', res.uri.slice('autoplan:'.length))).json, res.uri);
}
const { resourceTemplates } = await client.listResourceTemplates();
assert.ok(resourceTemplates.some((t) => t.uriTemplate === 'autoplan:/v2/connections/{type}/{slug}'));
const conn = await client.readResource({ uri: `autoplan:/v2/connections/mcp/${entry}` });
assert.deepEqual(JSON.parse(conn.contents[0].text), (await http('GET', `/v2/connections/mcp/${entry}`)).json);
// One task and one app through their templates, as GET /v2/tasks/{task_id} and GET /v2/apps/{app} answer.
for (const [tpl, uri] of [['autoplan:/v2/tasks/{task_id}', 'autoplan:/v2/tasks/mailA-send'],
	['autoplan:/v2/apps/{app}', 'autoplan:/v2/apps/driveA']]) {
	assert.ok(resourceTemplates.some((t) => t.uriTemplate === tpl), tpl);
	const one = await client.readResource({ uri });
	assert.deepEqual(JSON.parse(one.contents[0].text), (await http('GET', uri.slice('autoplan:'.length))).json, uri);
}
await assert.rejects(client.readResource({ uri: 'autoplan:/v2/tasks/no-such-task' }), /not found/);
// The capabilities as a resource, a page at a time: GET's query parameters after "?".
assert.ok(resources.some((x) => x.uri === 'autoplan:/v2/capabilities'));
const page = await client.readResource({ uri: 'autoplan:/v2/capabilities?offset=20&limit=5' });
assert.deepEqual(JSON.parse(page.contents[0].text), (await http('GET', '/v2/capabilities?offset=20&limit=5')).json);
const { prompts } = await client.listPrompts();
assert.equal(prompts[0].name, 'plan_request');
const p = await client.getPrompt({ name: 'plan_request', arguments: { request: plan.query } });
assert.ok(p.messages[0].content.text.includes(plan.query));
await client.ping();
await client.close();
console.log(`ok: ${tools.length} tools, ${calls} calls, ${resources.length} resources, answers equal to the HTTP interface's`);
