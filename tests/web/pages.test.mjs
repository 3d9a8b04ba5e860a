// Every page of the web front in headless Chromium against the real stack: deep links, German, errors as the
// service says them, a configuration with issues, directory paging, phone width, labels and contrast.
import { describe, test, before, after } from 'node:test';
import fs from 'node:fs';
import { launch, close, open, goto, settled, done, shot, api, text, content, texts, count, assert, LABELS, BASE } from './harness.mjs';

const MEMORY = 'mcp/io-github-modelcontextprotocol-server-memory';
const Q = 'save mailA attachments to driveA';
// the address a caller uses is the provider's own, never the base joined with the neutral path
const fullUrl = (op) => op.request_url;

before(launch);
after(close);

describe('planner', () => {
	test('a deep link plans on load: steps with method and real URL, scopes, coverage, permissions', async () => {
		const body = { query: Q, read_only: false, runtime: 'any' };
		const plan = (await api('POST', '/v2/workflows/plan', body)).body;
		const perms = (await api('POST', '/v2/permissions/explain', body)).body;
		const page = await open('/?q=' + encodeURIComponent(Q));
		assert.equal(await page.inputValue('#q'), Q);
		assert.equal(await page.getAttribute('#plan-status', 'data-status'), plan.status);
		assert.equal(await text(page, '#plan-status .title'), LABELS.en['status.' + plan.status]);
		assert.equal(await text(page, '#task-title'), plan.task.title.en);
		assert.equal(await count(page, '#steps > li'), plan.steps.length);
		const urls = await texts(page, '#steps > li .url');
		const methods = await texts(page, '#steps > li .method');
		const ops = plan.steps.filter(s => s.operation);
		assert.deepEqual(urls, ops.map(s => fullUrl(s.operation)));
		assert.deepEqual(methods, ops.map(s => s.operation.method));
		for (const u of urls) assert.match(u, /^https:\/\//);
		for (const u of urls) assert.doesNotMatch(u, /\/(mail|drive|calendar|sheets)[A-C]\//, 'a neutral id in a provider address');
		assert.equal(await content(page, '#minimal-scopes'), plan.minimal_scopes.join('\n'));
		const c = plan.coverage;
		assert.equal(await text(page, '#coverage'), LABELS.en['planner.coverage'].replace('{0}', c.documented)
			.replace('{1}', c.required).replace('{2}', c.practically_tested));
		// Permissions per step: every alternative of the first step, least privileged first.
		await page.click('#steps > li:first-child details.perm summary');
		const scopes = await texts(page, '#steps > li:first-child details.perm tbody tr td:first-child');
		assert.deepEqual(scopes, perms.steps[0].alternatives.map(a => a.scope));
		// Transformations and the caller's side are shown where the plan has them.
		const transformations = plan.steps.flatMap(s => s.transformations || []).map(x => x.en);
		assert.deepEqual(await texts(page, '.transformations li'), transformations);
		// One round of parallel requests: every call starts before the first one ends.
		const calls = await page.evaluate(() => window.__calls);
		const firstEnd = calls.findIndex(x => x[0] === 'end');
		assert.ok(firstEnd >= 5, `calls started after an answer arrived: ${JSON.stringify(calls)}`);
		await done(page, 'planner-deep-link');
	});

	test('a further action the task does not do is named and planned as the last step', async () => {
		const q = 'save Outlook attachments to OneDrive and then email the sender a confirmation';
		const plan = (await api('POST', '/v2/workflows/plan', { query: q })).body;
		const also = plan.task.query.also_asked;
		assert.equal(also.length, 1);
		const page = await open('/?q=' + encodeURIComponent(q));
		const shown = await text(page, '#also-asked');
		for (const part of [also[0].words, also[0].capability, also[0].app]) assert.ok(shown.includes(part), shown);
		assert.equal(await count(page, '#steps > li'), plan.steps.length);
		assert.equal(plan.steps[plan.steps.length - 1].capability, also[0].capability);
		await done(page, 'planner-also-asked');
		// one no app in reach can do: its kind's step has no app, and the page says so instead of "null"
		const q2 = 'Find the budget file in OneDrive and email it to my accountant';
		const plan2 = (await api('POST', '/v2/workflows/plan', { query: q2 })).body;
		assert.equal(plan2.task.query.also_asked[0].app, null);
		const page2 = await open('/?q=' + encodeURIComponent(q2));
		const shown2 = await text(page2, '#also-asked');
		assert.ok(!shown2.includes('null') && shown2.includes(plan2.task.query.also_asked[0].capability), shown2);
		await done(page2, 'planner-also-asked-no-app');
	});

	test("a schedule named is said to be the caller's, in the page's language", async () => {
		const q = 'Every Monday, copy new Dropbox files to Google Drive';
		const plan = (await api('POST', '/v2/workflows/plan', { query: q })).body;
		assert.equal(plan.task.query.schedule.words, 'every monday');
		const page = await open('/?q=' + encodeURIComponent(q));
		const shown = await text(page, '#schedule');
		assert.ok(shown.includes('every monday') && shown.includes(plan.task.query.schedule.note.en), shown);
		assert.equal(await count(page, '#steps > li'), plan.steps.length);
		await done(page, 'planner-schedule');
	});

	test('typing, the read-only switch and Ctrl+Enter plan and update the URL for sharing', async () => {
		const page = await open('/');
		await page.focus('#q');
		await page.keyboard.type(Q);
		await page.focus('#read_only');
		await page.keyboard.press('Space');
		await page.focus('#q');
		await page.keyboard.press('Control+Enter');
		await page.waitForSelector('#plan-status');
		await settled(page);
		const url = new URL(page.url());
		assert.equal(url.searchParams.get('q'), Q);
		assert.equal(url.searchParams.get('read_only'), '1');
		const plan = (await api('POST', '/v2/workflows/plan', { query: Q, read_only: true, runtime: 'any' })).body;
		assert.equal(await page.getAttribute('#plan-status', 'data-status'), plan.status);
		assert.equal(await count(page, '#left-out li'), plan.left_out.length);
		assert.ok(plan.left_out.length > 0);
		assert.equal(await count(page, '#steps > li'), plan.steps.length);
		// The shared URL gives the same plan in a new page.
		const again = await open(url.pathname + url.search);
		assert.equal(await again.getAttribute('#plan-status', 'data-status'), plan.status);
		assert.equal(await again.isChecked('#read_only'), true);
		await done(again);
		await done(page, 'planner-read-only');
	});

	test('lang=de shows the page and the plan in German and asks the service in German', async () => {
		const q = 'Rechnungen aus E-Mails ablegen';
		const plan = (await api('POST', '/v2/workflows/plan', { query: q, read_only: false, runtime: 'any' }, { 'Accept-Language': 'de' })).body;
		const page = await open('/?q=' + encodeURIComponent(q) + '&lang=de');
		assert.equal(await page.getAttribute('html', 'lang'), 'de');
		assert.equal(await text(page, 'h1'), LABELS.de['planner.h1']);
		assert.equal(await text(page, '#plan-btn'), LABELS.de['planner.submit']);
		assert.equal(await text(page, '#plan-status .title'), LABELS.de['status.' + plan.status]);
		assert.deepEqual(await page.locator('#steps > li h3').allTextContents(), plan.steps.map((s, i) => `${LABELS.de['planner.step_n'].replace('{0}', i + 1)} ${s.title.de}`));
		const langs = page.apiCalls.map(r => r.headers()['accept-language']);
		assert.ok(langs.length >= 3 && langs.every(l => l === 'de'), `Accept-Language: ${langs}`);
		// The plan's service texts are those of the German answer.
		assert.equal(await text(page, '#plan-status .service-text'), plan.status_text.de);
		// Links to other pages keep the language.
		assert.match(await page.getAttribute('header nav a[href^="/directory.html"]', 'href'), /lang=de/);
		await done(page, 'planner-de');
	});

	test('the browser language chooses German without lang=', async () => {
		const page = await open('/', { locale: 'de-DE' });
		assert.equal(await page.getAttribute('html', 'lang'), 'de');
		assert.equal(await text(page, 'label[for=q]'), LABELS.de['planner.q']);
		assert.equal(await page.getAttribute('[data-lang-link=de]', 'aria-current'), 'true');
		await done(page);
	});

	test('a service error is shown as the service says it', async () => {
		const q = 'x'.repeat(501);
		const err = (await api('POST', '/v2/workflows/plan', { query: q, read_only: false, runtime: 'any' })).body;
		assert.equal(err.error, 'invalid_request');
		const page = await open('/?q=' + q, { allow: ['/v2/workflows/', '/v2/permissions/'] });
		await page.waitForSelector('#result .error');
		assert.equal(await text(page, '#result .error .name'), err.error);
		assert.equal(await text(page, '#result .error .message'), err.message);
		assert.equal(await page.getAttribute('#result .error', 'role'), 'alert');
		await done(page, 'planner-error');
	});

	test('an ambiguous request offers the candidate tasks, and picking one plans it', async () => {
		const plan = (await api('POST', '/v2/workflows/plan', { query: 'find emails' })).body;
		assert.equal(plan.status, 'ambiguous');
		const page = await open('/?q=find%20emails');
		assert.equal(await count(page, '#candidates button'), plan.task.query.candidates.length);
		await page.click('#candidates button >> nth=0');
		await page.waitForFunction(() => document.querySelector('#plan-status')?.dataset.status !== 'ambiguous');
		await settled(page);
		const id = plan.task.query.candidates[0];
		assert.equal(new URL(page.url()).searchParams.get('task'), id);
		const byId = (await api('POST', '/v2/workflows/plan', { task_id: id, read_only: false, runtime: 'any' })).body;
		assert.equal(await page.getAttribute('#plan-status', 'data-status'), byId.status);
		await done(page, 'planner-ambiguous');
	});

	test('the snapshot downloads, the scopes copy, and granting them re-plans', async () => {
		const body = { query: Q, read_only: false, runtime: 'any' };
		const snap = (await api('POST', '/v2/workflows/snapshot', body)).body.snapshot;
		const page = await open('/?q=' + encodeURIComponent(Q));
		const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#snapshot-download')]);
		const saved = JSON.parse(fs.readFileSync(await dl.path(), 'utf8'));
		assert.deepEqual(saved, snap);
		assert.match(dl.suggestedFilename(), /^autoplan-snapshot-.*\.json$/);
		await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
		await page.click('#scopes-block button:has-text("' + LABELS.en['planner.copy_scopes'] + '")');
		const plan = (await api('POST', '/v2/workflows/plan', body)).body;
		assert.equal(await page.evaluate(() => navigator.clipboard.readText()), plan.minimal_scopes.join('\n'));
		await page.click('#scopes-block button:has-text("' + LABELS.en['planner.grant_these'] + '")');
		await page.waitForFunction(s => new URL(location.href).searchParams.get('scopes') === s, plan.minimal_scopes.join(','));
		await settled(page);
		const granted = (await api('POST', '/v2/workflows/plan', { ...body, granted_scopes: plan.minimal_scopes })).body;
		assert.notEqual(granted.status, 'needs_scopes');
		assert.equal(await page.getAttribute('#plan-status', 'data-status'), granted.status);
		await done(page);
	});

	test('granted scopes from the address: each step says what authorises it; broader and unneeded grants are named', async () => {
		const granted = ['https://mail.google.com/', 'https://www.googleapis.com/auth/drive', 'unused.scope'];
		const body = { query: Q, read_only: false, runtime: 'any', granted_scopes: granted };
		const [plan, perms] = await Promise.all([api('POST', '/v2/workflows/plan', body), api('POST', '/v2/permissions/explain', body)]);
		const page = await open('/?q=' + encodeURIComponent(Q) + '&scopes=' + encodeURIComponent(granted.join(',')));
		assert.equal(await page.inputValue('#scopes'), granted.join('\n'));
		assert.equal(await page.getAttribute('#plan-status', 'data-status'), plan.body.status);
		const states = await page.locator('#steps > li').evaluateAll(l => l.map(x => x.dataset.state));
		assert.deepEqual(states, plan.body.steps.map(s => s.state));
		const findings = await text(page, '#scope-findings');
		for (const b of perms.body.broader_than_needed) assert.ok(findings.includes(b.scope) && findings.includes(b.enough), b.scope);
		for (const n of perms.body.not_needed) assert.ok(findings.includes(n), n);
		assert.ok(perms.body.broader_than_needed.length > 0 && perms.body.not_needed.length > 0);
		await done(page, 'planner-granted');
	});
});

describe('directory', () => {
	test('search with a deep link, then filters', async () => {
		const list = (await api('GET', '/v1/eintraege?art=mcp&suche=memory&grenze=20&versatz=0')).body;
		const page = await open('/directory.html?q=memory');
		assert.equal(await page.inputValue('#q'), 'memory');
		const ids = await page.locator('#entries > li').evaluateAll(l => l.map(x => x.dataset.id));
		assert.deepEqual(ids, list.eintraege.map(e => `${e.typ}/${e.slug}`));
		assert.ok(ids.includes(MEMORY));
		await page.fill('#q', '');
		await page.selectOption('#status', 'eingestellt');
		await page.click('#dir-form button[type=submit]');
		await page.waitForFunction(() => new URL(location.href).searchParams.get('status') === 'eingestellt');
		await settled(page);
		const gone = (await api('GET', '/v1/eintraege?art=mcp&status=eingestellt')).body;
		assert.equal(await count(page, '#entries > li'), gone.eintraege.length);
		for (const b of await texts(page, '#entries > li .badge')) assert.equal(b, LABELS.en['entry_status.eingestellt']);
		await page.selectOption('#type', 'agenten');
		await page.selectOption('#status', '');
		await page.click('#dir-form button[type=submit]');
		await page.waitForFunction(() => new URL(location.href).searchParams.get('type') === 'agenten');
		await settled(page);
		const agents = (await api('GET', '/v1/eintraege?art=agenten')).body;
		assert.equal(await count(page, '#entries > li'), agents.eintraege.length);
		await done(page, 'directory-filters');
	});

	test('paging forward and back, by keyboard', async () => {
		const all = (await api('GET', '/v1/eintraege?art=mcp&grenze=2')).body;
		assert.ok(all.gesamt > 2, 'the directory needs more than one page of two');
		const page = await open('/directory.html?size=2');
		const pages = Math.ceil(all.gesamt / 2);
		assert.equal(await text(page, '#page-of'), LABELS.en['dir.page'].replace('{0}', 1).replace('{1}', pages));
		assert.equal(await page.getAttribute('.pager [aria-disabled]', 'aria-disabled'), 'true');
		await page.focus('.pager a[rel=next]');
		await page.keyboard.press('Enter');
		await page.waitForFunction(() => new URL(location.href).searchParams.get('offset') === '2');
		await settled(page);
		const second = (await api('GET', '/v1/eintraege?art=mcp&grenze=2&versatz=2')).body;
		const ids = await page.locator('#entries > li').evaluateAll(l => l.map(x => x.dataset.id));
		assert.deepEqual(ids, second.eintraege.map(e => `${e.typ}/${e.slug}`));
		assert.equal(await text(page, '#page-of'), LABELS.en['dir.page'].replace('{0}', 2).replace('{1}', pages));
		await shot(page, 'directory-page-2');
		await page.click('.pager a[rel=prev]');
		await page.waitForFunction(() => !new URL(location.href).searchParams.has('offset'));
		await settled(page);
		const first = await page.locator('#entries > li').evaluateAll(l => l.map(x => x.dataset.id));
		assert.deepEqual(first, all.eintraege.map(e => `${e.typ}/${e.slug}`));
		await page.goBack();
		await page.waitForFunction(() => new URL(location.href).searchParams.get('offset') === '2');
		await settled(page);
		assert.equal(await text(page, '#page-of'), LABELS.en['dir.page'].replace('{0}', 2).replace('{1}', pages));
		await done(page);
	});

	test('an entry: connections, levels with their report, compatibility with each client, the snippet', async () => {
		const slug = MEMORY.split('/')[1];
		const [conns, verif, clients, conf] = await Promise.all([
			api('GET', `/v2/connections/mcp/${slug}?locale=en`), api('GET', `/v2/verifications/mcp/${slug}?locale=en`),
			api('GET', '/v2/clients'), api('POST', '/v2/configure', { id: MEMORY, client: 'vscode', locale: 'en' })]);
		const page = await open(`/entry.html?id=${MEMORY}&client=vscode`);
		await settled(page);
		assert.equal(await count(page, '#connections article'), conns.body.connections.length);
		assert.equal(await count(page, '#levels tbody tr'), verif.body.details.length);
		const reached = await page.locator('#levels tbody tr').evaluateAll(r => r.map(x => x.dataset.level));
		assert.deepEqual(reached, verif.body.details.map(d => d.level));
		const withReport = verif.body.details.find(d => d.report);
		assert.ok(withReport, 'the memory server has a verification report');
		const rep = (await api('GET', `/v2/verification-reports/${withReport.report}`)).body;
		await page.click(`#levels tr[data-level="${withReport.level}"] button`);
		await page.waitForSelector(`#report article`);
		assert.equal(await count(page, '#report .assertions tbody tr'), rep.assertions.length);
		assert.equal(await count(page, '#compat tbody tr'), clients.body.clients.length);
		assert.equal(await content(page, '#snippet'), conf.body.template.snippet);
		// Another client: the snippet follows, and so does the URL.
		await page.selectOption('#client', 'cursor');
		await page.waitForFunction(() => new URL(location.href).searchParams.get('client') === 'cursor');
		await settled(page);
		const cursor = (await api('POST', '/v2/configure', { id: MEMORY, client: 'cursor', locale: 'en' })).body;
		await page.waitForFunction(s => document.querySelector('#snippet')?.textContent === s, cursor.template.snippet);
		// Compatibility checks follow the first round; the first round itself is parallel.
		const calls = await page.evaluate(() => window.__calls);
		assert.ok(calls.findIndex(x => x[0] === 'end') >= 5, JSON.stringify(calls.slice(0, 8)));
		await done(page, 'entry');
	});

	test('an entry\'s observed tools: each with its input schema, the date, report and sandbox, the changes', async () => {
		const slug = MEMORY.split('/')[1];
		const o = (await api('GET', `/v2/verifications/mcp/${slug}?locale=en`)).body;
		assert.equal(o.observation.state, 'observed');
		const page = await open(`/entry.html?id=${MEMORY}`);
		await settled(page);
		assert.equal(await page.getAttribute('#observation', 'data-state'), 'observed');
		assert.ok((await text(page, '#observation-note')).endsWith(o.observation_note));
		assert.deepEqual(await page.locator('#tools-list > li').evaluateAll(l => l.map(x => x.dataset.tool)),
			o.observation.tools.map(x => x.name));
		assert.equal(o.observation.tools.length, o.observation.tool_count);
		const first = o.observation.tools[0];
		await page.click('#tools-list > li:first-child summary');
		assert.deepEqual(JSON.parse(await content(page, '#tools-list > li:first-child pre')), first.input_schema);
		assert.ok((await text(page, '#observation')).includes(o.observation.report));
		// The shipped observation ran in the sandbox (./dev.sh verify) and is compared with the report written
		// before the sandbox existed: the sandbox and its limits are said, and that nothing changed since.
		assert.equal(o.observation.sandboxed, true);
		const sb = await text(page, '#observation-sandbox'), lim = o.observation.sandbox.limits;
		for (const part of ['bubblewrap', o.observation.sandbox.network, `${lim.address_space_mib} MiB`, `${lim.wall_clock_seconds} s`])
			assert.ok(sb.includes(part), sb);
		assert.equal(o.observation.changes.state, 'compared');
		assert.equal(await page.getAttribute('#tool-changes', 'data-state'), 'compared');
		assert.equal(await page.getAttribute('#tool-changes', 'data-status'), 'unchanged');
		assert.ok((await text(page, '#tool-changes')).includes(o.observation.changes.previous_report));
		await done(page, 'entry-tools');
	});

	test('a sandboxed observation with changes since the previous one shows the sandbox and every change', async () => {
		const slug = MEMORY.split('/')[1];
		const real = (await api('GET', `/v2/verifications/mcp/${slug}?locale=en`)).body;
		const sandbox = { kind: 'bubblewrap', network: 'none: a new network namespace', writable: 'private tmpfs',
			limits: { cpu_seconds: 30, address_space_mib: 4096, processes: 64, file_size_mib: 64, wall_clock_seconds: 60 } };
		const changes = { state: 'compared', previous_report: 'prev-1', previous_date: '2026-11-20', status: 'breaking',
			counts: { breaking: 1, compatible: 1, info: 0, minor: 0 }, changes: [
				{ tool: 'read_graph', property: 'depth', kind: 'required_parameter_added', class: 'breaking', before: null, after: { type: 'integer' } },
				{ tool: 'zz_new', kind: 'tool_added', class: 'compatible', before: null, after: {} }] };
		const body = { ...real, observation: { ...real.observation, sandboxed: true, sandbox, changes } };
		const page = await open(null);
		await page.route('**/v2/verifications/**', r => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }));
		await goto(page, `/entry.html?id=${MEMORY}`);
		await settled(page);
		const sb = await text(page, '#observation-sandbox');
		for (const part of ['bubblewrap', sandbox.network, '4096 MiB', '60 s']) assert.ok(sb.includes(part), sb);
		assert.equal(await page.getAttribute('#tool-changes', 'data-status'), 'breaking');
		assert.deepEqual(await page.locator('#tool-changes tbody tr').evaluateAll(l => l.map(x => x.dataset.tool)), ['read_graph', 'zz_new']);
		const rows = await texts(page, '#tool-changes tbody tr');
		assert.ok(rows[0].includes('required_parameter_added') && rows[0].includes(LABELS.en['change_class.breaking']), rows[0]);
		assert.ok(rows[1].includes('tool_added') && rows[1].includes(LABELS.en['change_class.compatible']), rows[1]);
		assert.ok((await text(page, '#tool-changes')).includes('prev-1'));
		await done(page, 'entry-tools-changed');
	});

	test('an entry never observed says so and shows no tool list', async () => {
		const id = 'mcp/io-github-modelcontextprotocol-server-puppeteer';
		const o = (await api('GET', `/v2/verifications/${id}?locale=en`)).body;
		assert.equal(o.observation.state, 'never_observed');
		assert.equal(o.observation.tools, null);
		const page = await open(`/entry.html?id=${id}`);
		await settled(page);
		assert.equal(await page.getAttribute('#observation', 'data-state'), 'never_observed');
		assert.ok((await text(page, '#observation-note')).includes(o.observation_note));
		assert.ok((await text(page, '#observation-note')).includes(LABELS.en['obs_state.never_observed']));
		assert.equal(await count(page, '#tools-list'), 0);
		await done(page);
	});

	test('an unknown entry shows the service\'s error', async () => {
		const err = (await api('GET', '/v1/eintrag/mcp/no-such-entry')).body;
		const page = await open('/entry.html?id=mcp/no-such-entry', { allow: ['/v1/eintrag/', '/v2/connections/', '/v2/verifications/', '/v2/configure'] });
		assert.equal(await text(page, '.error .name'), err.error);
		assert.equal(await text(page, '.error .message'), err.message);
		await done(page, 'entry-not-found');
	});
});

describe('config check', () => {
	const CONFIG = [
		'{',
		'  "mcpServers": {',
		'    "memory": {',
		'      "command": "npx -y @modelcontextprotocol/server-memory",',
		'      "env": { "API_KEY": "sk-live-1234567890abcdefghijklmnop" }',
		'    }',
		'  }',
		'}',
		''].join('\n');

	test('issues sit next to their lines; the corrected file and the diff are shown', async () => {
		const d = (await api('POST', '/v2/config/validate', { config: CONFIG, client: 'vscode' })).body;
		assert.ok(d.issues.length >= 2 && d.corrected_config);
		const page = await open('/config.html?client=vscode');
		await page.fill('#config', CONFIG);
		await page.click('#check-btn');
		await page.waitForSelector('#cfg-status');
		await settled(page);
		assert.equal(await page.getAttribute('#cfg-status', 'data-status'), d.status);
		assert.equal(await count(page, '#annotated .issue'), d.issues.length);
		// Each issue under the line of its path's last member.
		const expect = { WRONG_ROOT_KEY: 2, COMMAND_WITH_ARGS: 4, HARDCODED_SECRET: 5 };
		for (const i of d.issues) {
			const line = await page.locator(`#annotated .issue[data-code="${i.code}"]`).evaluate(n => n.parentElement.dataset.line);
			if (expect[i.code]) assert.equal(line, String(expect[i.code]), i.code);
			assert.equal(await text(page, `#annotated .issue[data-code="${i.code}"]`).then(s => s.includes(i.message)), true);
		}
		assert.equal(await content(page, '#corrected-text'), d.corrected_config);
		const added = await count(page, '#diff [data-op="+"]'), removed = await count(page, '#diff [data-op="-"]');
		assert.ok(added > 0 && removed > 0);
		const kept = await count(page, '#diff [data-op=" "]');
		assert.equal(kept + removed, CONFIG.split('\n').length - 1);
		assert.equal(kept + added, d.corrected_config.split('\n').length - 1);
		assert.equal(new URL(page.url()).search.includes('API_KEY'), false, 'the configuration never goes into the URL');
		await done(page, 'config-issues');
	});

	test('a syntax error points at its line; a TOML client reads TOML', async () => {
		const bad = '{\n  "mcpServers": {\n    "a": { "command": "x", }\n  }\n}\n';
		const d = (await api('POST', '/v2/config/validate', { config: bad, client: 'claude-desktop' })).body;
		assert.equal(d.status, 'parse_error');
		const line = /^line (\d+)/.exec(d.issues[0].message)[1];
		const page = await open('/config.html?client=claude-desktop');
		await page.fill('#config', bad);
		await page.click('#check-btn');
		await page.waitForSelector('#cfg-status');
		await settled(page);
		assert.equal(await page.locator('#annotated .issue').evaluate(n => n.parentElement.dataset.line), line);
		const toml = '[mcp_servers.memory]\ncommand = "npx -y @modelcontextprotocol/server-memory"\n';
		const t = (await api('POST', '/v2/config/validate', { config: toml, client: 'codex' })).body;
		await page.selectOption('#client', 'codex');
		await page.fill('#config', toml);
		await page.click('#check-btn');
		await page.waitForFunction(s => document.querySelector('#cfg-status')?.dataset.status === s, t.status);
		await settled(page);
		for (const i of t.issues.filter(x => x.path.endsWith('/command'))) {
			assert.equal(await page.locator(`#annotated .issue[data-code="${i.code}"]`).first().evaluate(n => n.parentElement.dataset.line), '2');
		}
		assert.equal(new URL(page.url()).searchParams.get('client'), 'codex');
		await shot(page, 'config-toml');
		// The example for a YAML client: every issue the service finds is shown, placed on a line of its own.
		await page.selectOption('#client', 'goose');
		await page.click('#example-btn');
		await page.waitForFunction(() => document.querySelector('#annotated'));
		await settled(page);
		const yaml = await page.inputValue('#config');
		const y = (await api('POST', '/v2/config/validate', { config: yaml, client: 'goose' })).body;
		assert.equal(await page.getAttribute('#cfg-status', 'data-status'), y.status);
		assert.equal(await count(page, '#annotated .issue'), y.issues.length);
		assert.equal(await count(page, '#annotated .line[data-line="0"] .issue'), y.issues.filter(i => i.path === '').length);
		await done(page, 'config-yaml');
	});

	test('every client is listed with where it keeps its file; a Mistral Vibe list of tables is read', async () => {
		const clients = (await api('GET', '/v2/clients')).body.clients;
		const page = await open('/config.html?client=kiro');
		await page.waitForSelector('#client-files table');
		assert.equal(await count(page, '#client option'), clients.length);
		const kiro = clients.find(c => c.id === 'kiro');
		assert.equal(await count(page, '#client-files tbody tr'), kiro.files.length);
		assert.ok((await text(page, '#client-files')).includes('.kiro/settings/mcp.json'));
		await page.selectOption('#client', 'mistral-vibe');
		await page.waitForFunction(() => document.querySelector('#client-files')?.textContent.includes('.vibe/config.toml'));
		const toml = '[[mcp_servers]]\nname = "fetch"\ntransport = "stdio"\ncommand = "uvx mcp-server-fetch"\n';
		const d = (await api('POST', '/v2/config/validate', { config: toml, client: 'mistral-vibe' })).body;
		assert.equal(d.status, 'valid');
		await page.fill('#config', toml);
		await page.click('#check-btn');
		await page.waitForFunction(s => document.querySelector('#cfg-status')?.dataset.status === s, d.status);
		await done(page, 'config-new-client');
	});
});

describe('this service as a target', () => {
	test('the page\'s own address: the snippet the service gives, following the client, checked valid', async () => {
		const url = BASE + '/mcp';
		const d = (await api('POST', '/v2/configure', { id: 'self', client: 'claude-code', url, locale: 'en' })).body;
		assert.equal(d.endpoint.url, url);
		const page = await open('/config.html?client=claude-code');
		assert.equal(await page.inputValue('#self-url'), url);
		await page.click('#self-btn');
		await page.waitForSelector('#self-status');
		await settled(page);
		assert.equal(await page.getAttribute('#self-status', 'data-status'), 'ok');
		assert.equal(await text(page, '#self-status .title'), LABELS.en['configure.ok']);
		assert.equal(await content(page, '#self-snippet'), d.template.snippet);
		assert.equal(await text(page, '#self-endpoint'), LABELS.en['cfg.self_endpoint'].replace('{0}', url).replace('{1}', 'autoplan'));
		assert.deepEqual(await texts(page, '#self-result ol li'), d.template.steps);
		// Another client: the configuration shown follows it, in the client's own format.
		const codex = (await api('POST', '/v2/configure', { id: 'self', client: 'codex', url, locale: 'en' })).body;
		await page.selectOption('#client', 'codex');
		await page.waitForFunction(s => document.querySelector('#self-snippet')?.textContent === s, codex.template.snippet);
		// The snippet checked by the page's own check: nothing to fix.
		await page.click('#self-check');
		await page.waitForFunction(() => document.querySelector('#cfg-status')?.dataset.status === 'valid');
		assert.equal(await page.inputValue('#config'), codex.template.snippet);
		await done(page, 'config-self');
	});

	test('in German, through the bridge a client needs; a base address gets /mcp; a bad one is the service\'s error', async () => {
		const d = (await api('POST', '/v2/configure', { id: 'self', client: 'claude-desktop', url: BASE + '/', locale: 'de' })).body;
		assert.equal(d.status, 'ok_via_bridge');
		const page = await open('/config.html?client=claude-desktop&lang=de', { allow: ['/v2/configure'] });
		await page.fill('#self-url', BASE + '/');
		await page.click('#self-btn');
		await page.waitForSelector('#self-status');
		await settled(page);
		assert.equal(await text(page, '#self-status .title'), LABELS.de['configure.ok_via_bridge']);
		assert.equal(await content(page, '#self-snippet'), d.template.snippet);
		assert.ok(d.template.snippet.includes('mcp-remote') && d.template.snippet.includes(BASE + '/mcp'));
		assert.deepEqual(await texts(page, '#self-result ol li'), d.template.steps);
		await page.fill('#self-url', 'ftp://example.org/mcp');
		await page.click('#self-btn');
		await page.waitForSelector('#self-result .error');
		await settled(page);
		assert.equal(await text(page, '#self-result .error .name'), 'invalid_request');
		assert.ok((await text(page, '#self-result .error')).includes('/url'));
		await shot(page, 'de-config-self-error');
		await done(page);
	});
});

describe('the MCP endpoint from a page of another origin', () => {
	test('a page of another loopback origin calls /mcp: the preflight passes and the plan is the HTTP route\'s', async () => {
		// localhost and 127.0.0.1 are two origins to the browser: the call is cross-origin, with MCP's headers a preflight
		const other = BASE.replace('://127.0.0.1', '://localhost');
		assert.notEqual(other, BASE);
		const plan = (await api('POST', '/v2/workflows/plan', { query: Q }, { 'Accept-Language': 'de' })).body;
		const page = await open(null);
		// a document of that origin without the pages' Content-Security-Policy (which keeps them to their own origin)
		await page.goto(other + '/v2/');
		// the browser keeps Access-Control-Allow-Origin from the page's script: it is read off the network
		const seen = page.waitForResponse(r => r.url() === BASE + '/mcp' && r.request().method() === 'POST');
		const got = await page.evaluate(async ({ url, q }) => {
			const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json',
				Accept: 'application/json, text/event-stream', 'Accept-Language': 'de', 'MCP-Protocol-Version': '2025-11-25' },
				body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'plan_workflow', arguments: { query: q } } }) });
			return { status: res.status, body: await res.json() };
		}, { url: BASE + '/mcp', q: Q });
		assert.equal(got.status, 200);
		assert.equal((await seen).headers()['access-control-allow-origin'], other);
		assert.equal(got.body.id, 7);
		const answer = got.body.result.structuredContent;
		assert.equal(answer.task.id, plan.task.id);
		assert.deepEqual(answer.steps, plan.steps);
		await done(page);
	});
});

describe('changes', () => {
	test('an uploaded snapshot shows its impact; a changed one shows what breaks', async () => {
		const snap = (await api('POST', '/v2/workflows/snapshot', { query: Q })).body.snapshot;
		const changed = structuredClone(snap);
		changed.operations[0].scope_alternatives = changed.operations[0].scope_alternatives.concat(['https://example.invalid/removed-scope']);
		changed.operations[1].operation = 'mailA.users.messages.gone';
		const d = (await api('POST', '/v2/changes/impact', { snapshot: changed })).body;
		assert.equal(d.status, 'breaking');
		const file = `${process.env.TMPDIR}/snapshot.json`;
		fs.writeFileSync(file, JSON.stringify(changed));
		const page = await open('/changes.html');
		await page.setInputFiles('#file', file);
		await page.waitForSelector('#result .impact');
		await settled(page);
		assert.equal(await page.getAttribute('#result .status', 'data-status'), d.status);
		const rows = await page.locator('#result table.changes tbody tr').evaluateAll(r => r.map(x => x.dataset.change));
		assert.deepEqual(rows, d.changes.map(c => c.change));
		await done(page, 'changes-impact');
	});

	test('not JSON is said by the page; a wrong snapshot is said by the service', async () => {
		const page = await open('/changes.html', { allow: ['/v2/changes/impact'] });
		await page.fill('#snapshot', '{"format": ');
		await page.click('#check-btn');
		await page.waitForSelector('#result .error');
		assert.match(await text(page, '#result .error .message'), /^This is not JSON: /);
		const wrong = { format: 'autoplan-workflow/1' };
		const err = (await api('POST', '/v2/changes/impact', { snapshot: wrong })).body;
		await page.fill('#snapshot', JSON.stringify(wrong));
		await page.click('#check-btn');
		await page.waitForSelector('#result .error .name');
		assert.equal(await text(page, '#result .error .name'), err.error);
		assert.equal(await text(page, '#result .error .message'), err.message);
		await done(page, 'changes-error');
	});

	test('monitoring says whether it is served', async () => {
		const st = await api('GET', '/v2/monitoring/status');
		const page = await open('/changes.html', { allow: ['/v2/monitoring/'] });
		if (st.status === 404) {
			assert.equal(await text(page, '#mon-off'), LABELS.en['mon.off']);
		} else if (st.status === 401) {
			// Served: the key is asked for, kept in session storage only, and a wrong one is refused as the service says.
			assert.equal(await count(page, '#mon-key[type=password]'), 1);
			await page.fill('#mon-key', 'not-a-key');
			await page.click('#mon-key-form button[type=submit]');
			await page.waitForSelector('#mon-body .error');
			const refused = await api('GET', '/v2/monitoring/status', undefined, { Authorization: 'Bearer not-a-key' });
			assert.equal(await text(page, '#mon-body .error .name'), refused.body.error);
			assert.equal(await page.evaluate(() => sessionStorage.getItem('autoplan.monitoring.key')), 'not-a-key');
			assert.equal(await page.evaluate(() => localStorage.length), 0);
		} else {
			assert.equal(await text(page, '#mon-body .error .name'), st.body.error);
		}
		await done(page, 'changes-monitoring');
	});

	test('with a project key: the dashboard, a watch kept from an impact check, its impact, deleting it', async () => {
		const key = process.env.WEB_MONITOR_KEY;
		assert.match(key || '', /^apk_/, 'browser.sh makes a project key');
		const auth = { Authorization: 'Bearer ' + key };
		const status = (await api('GET', '/v2/monitoring/status', undefined, auth)).body;
		const snap = (await api('POST', '/v2/workflows/snapshot', { query: Q })).body.snapshot;
		const page = await open('/changes.html', { allow: ['/v2/monitoring/'] });
		await page.fill('#mon-key', key);
		await page.click('#mon-key-form button[type=submit]');
		await page.waitForSelector('#mon-status');
		assert.ok((await text(page, '#mon-body .actions span')).includes(status.project.name));
		// an impact check offers to keep its snapshot under watch
		await page.fill('#snapshot', JSON.stringify(snap));
		await page.click('#check-btn');
		await page.waitForSelector('#watch-form');
		await page.fill('#w-name', 'web watch');
		await page.fill('#w-scopes', 'https://www.googleapis.com/auth/gmail.readonly');
		await page.click('#watch-form button[type=submit]');
		await page.waitForSelector('#watches li');
		const w = (await api('GET', '/v2/monitoring/watches', undefined, auth)).body.watches.find(x => x.name === 'web watch');
		assert.ok(w, 'the watch was created');
		assert.deepEqual(w.granted_scopes, ['https://www.googleapis.com/auth/gmail.readonly']);
		const item = `#watches li[data-watch="${w.id}"]`;
		assert.equal(await count(page, item), 1);
		await page.click(`${item} .actions button:first-child`);
		await page.waitForSelector('#watch-detail .impact');
		const full = (await api('GET', '/v2/monitoring/watches/' + w.id, undefined, auth)).body;
		assert.equal(await page.getAttribute('#watch-detail .status', 'data-status'), full.impact.status);
		// each change's detail in the page's language, as the service wrote it
		assert.deepEqual(await texts(page, '#watch-detail table.changes tbody tr td:last-child'),
			full.impact.changes.map(c => c.detail.en));
		page.on('dialog', d => d.accept());
		await page.click(`${item} .actions button:last-child`);
		await page.waitForFunction(sel => !document.querySelector(sel), item);
		assert.equal((await api('GET', '/v2/monitoring/watches/' + w.id, undefined, auth)).status, 404);
		await done(page, 'changes-monitoring-dashboard');
	});

	test('a watch on directory entries: listed, and its impact counted in entries', async () => {
		const auth = { Authorization: 'Bearer ' + process.env.WEB_MONITOR_KEY };
		const made = await api('POST', '/v2/monitoring/watches', { name: 'web entries', entries: [{ id: MEMORY, tools: ['read_graph'] }] }, auth);
		assert.equal(made.status, 201, JSON.stringify(made.body));
		assert.equal(made.body.entries[0].baseline.observed_tool_input_schemas[0].tool, 'read_graph');
		const page = await open('/changes.html', { allow: ['/v2/monitoring/'] });
		await page.fill('#mon-key', process.env.WEB_MONITOR_KEY);
		await page.click('#mon-key-form button[type=submit]');
		const item = `#watches li[data-watch="${made.body.id}"]`;
		await page.waitForSelector(item);
		await page.click(`${item} .actions button:first-child`);
		await page.waitForSelector('#watch-detail .impact');
		assert.equal(await page.getAttribute('#watch-detail .status', 'data-status'), 'unchanged');
		assert.equal(await text(page, '#watch-detail .status p'), LABELS.en['chg.counts_entries'].replace('{0}', 1)
			.replace('{1}', 0).replace('{2}', 0).replace('{3}', 0));
		assert.equal((await api('DELETE', '/v2/monitoring/watches/' + made.body.id, undefined, auth)).status, 204);
		await done(page);
	});
});

describe('every page', () => {
	const PAGES = [['/', 'planner'], ['/directory.html', 'directory'], [`/entry.html?id=${MEMORY}`, 'entry'],
		['/config.html', 'config'], ['/changes.html', 'changes']];

	test('fits a phone screen without sideways scrolling', async () => {
		for (const [p, name] of PAGES) {
			const q = p === '/' ? '/?q=' + encodeURIComponent(Q) : p;
			const page = await open(q, { viewport: { width: 390, height: 844 }, allow: ['/v2/monitoring/'] });
			await settled(page);
			const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
			assert.ok(sw <= cw, `${name}: ${sw} > ${cw}`);
			await done(page, `phone-${name}`);
		}
	});

	test('labels every control, has one h1, a language and readable contrast, in both languages', async () => {
		for (const lang of ['en', 'de']) {
			for (const [p, name] of PAGES) {
				const sep = p.includes('?') ? '&' : '?';
				const page = await open(p + sep + 'lang=' + lang, { allow: ['/v2/monitoring/'] });
				await settled(page);
				assert.equal(await page.getAttribute('html', 'lang'), lang);
				assert.equal(await count(page, 'h1'), 1, name);
				const unlabeled = await page.evaluate(() => [...document.querySelectorAll('input, select, textarea, button')]
					.filter(n => n.offsetParent !== null)
					.filter(n => !(n.labels && n.labels.length) && !n.getAttribute('aria-label') && !(n.innerText || '').trim())
					.map(n => n.outerHTML.slice(0, 80)));
				assert.deepEqual(unlabeled, [], name);
				const low = await page.evaluate(lowContrast);
				assert.deepEqual(low, [], `${name}: text below 4.5:1`);
				if (lang === 'de') await shot(page, `de-${name}`);
				await done(page, lang === 'en' ? name : null);
			}
		}
	});
});

// Every visible text node's colour against the first opaque background behind it (WCAG relative luminance).
function lowContrast() {
	const rgb = s => (s.match(/[\d.]+/g) || []).map(Number);
	const lum = ([r, g, b]) => {
		const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
		return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
	};
	const bg = n => {
		for (; n; n = n.parentElement) {
			const c = rgb(getComputedStyle(n).backgroundColor);
			if (c.length === 3 || (c.length === 4 && c[3] === 1)) return c.slice(0, 3);
		}
		return [255, 255, 255];
	};
	const out = [];
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let t = walk.nextNode(); t; t = walk.nextNode()) {
		const n = t.parentElement;
		if (!t.textContent.trim() || !n || n.offsetParent === null || n.closest('.sr-only, .skip')) continue;
		const st = getComputedStyle(n);
		if (st.visibility === 'hidden' || st.opacity === '0') continue;
		const a = lum(rgb(st.color).slice(0, 3)), b = lum(bg(n));
		const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
		if (ratio < 4.5) out.push(`${ratio.toFixed(2)} ${n.tagName}.${n.className}: ${t.textContent.trim().slice(0, 30)}`);
	}
	return [...new Set(out)];
}
