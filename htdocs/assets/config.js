// The Config check page: a client configuration checked by POST /v2/config/validate, issues next to their lines,
// the corrected configuration and a diff between the two. The configuration never goes into the URL. Below, the
// configuration that connects the chosen client to this service's own MCP endpoint (POST /v2/configure, id self).
import { t, el, clear, $, api, errorBox, copyButton, setUrl, params, initPage, versions, word, badge, fileTable, lang } from './common.js';
import { pathLines, lineOf, messageLine } from './locate.js';
import { lineDiff, diffCounts } from './diff.js';

const SEV_TONE = { error: 'bad', warning: 'warn', info: 'info' };
const SELF_TONE = { ok: 'ok', ok_via_bridge: 'info', limited: 'warn', incompatible: 'bad', unknown_client: 'bad' };
const STATUS_TONE = { valid: 'ok', valid_with_warnings: 'warn', invalid: 'bad', parse_error: 'bad', unknown_client: 'bad' };
let clients = [];
let meanings = {};

const EXAMPLES = {
	json: (root) => `{\n  "${root === 'mcpServers' ? 'servers' : 'mcpServers'}": {\n    "memory": {\n      "command": "npx -y @modelcontextprotocol/server-memory",\n      "env": {\n        "API_KEY": "sk-live-1234567890abcdefghijklmnop"\n      }\n    }\n  }\n}\n`,
	toml: () => `[mcp_servers.memory]\ncommand = "npx -y @modelcontextprotocol/server-memory"\n\n[mcp_servers.memory.env]\nAPI_KEY = "sk-live-1234567890abcdefghijklmnop"\n`,
	yaml: () => `mcpServers:\n  - name: memory\n    command: npx -y @modelcontextprotocol/server-memory\n    env:\n      API_KEY: sk-live-1234567890abcdefghijklmnop\n`,
};

function clientOptions(chosen) {
	const sel = clear($('#client'));
	for (const c of clients) sel.append(el('option', { value: c.id, selected: c.id === chosen }, `${c.name} (${c.format})`));
	if (!clients.some(c => c.id === chosen)) sel.prepend(el('option', { value: chosen, selected: true }, chosen));
	clientFiles();
}

// Where the chosen client keeps its file, from its facts.
function clientFiles() {
	const c = clients.find(x => x.id === $('#client').value);
	const box = clear($('#client-files'));
	if (c && c.files && c.files.length) box.append(el('h2', {}, t('cfg.files', c.name)), fileTable(c.files));
}

async function check() {
	const client = $('#client').value;
	const text = $('#config').value;
	setUrl({ client }, false);
	const out = $('#result');
	out.setAttribute('aria-busy', 'true');
	clear(out, el('p', { class: 'loading' }, t('loading')));
	$('#check-btn').disabled = true;
	try {
		const d = await api('POST', '/v2/config/validate', { config: text, client });
		render(out, d, text);
		versions($('#versions'), d);
	} catch (e) {
		clear(out, errorBox(e, t('cfg.failed')));
	}
	$('#check-btn').disabled = false;
	out.setAttribute('aria-busy', 'false');
}

function severity(d, code) { return (d.severities && d.severities[code]) || 'warning'; }

function render(out, d, text) {
	const counts = { error: 0, warning: 0, info: 0 };
	for (const i of d.issues) counts[severity(d, i.code)]++;
	const heading = el('h2', { tabindex: '-1' }, t('cfg.result'));
	clear(out, heading, el('div', { class: 'status ' + (STATUS_TONE[d.status] || 'info'), id: 'cfg-status', 'data-status': d.status },
		el('div', { class: 'title' }, word('cfg_status.', d.status)),
		el('p', { class: 'tight' }, t('cfg.counts', counts.error, counts.warning, counts.info),
			d.format ? ' ' + t('cfg.read_as', d.client, d.format) : '')));
	if (d.status === 'unknown_client' && d.supported_clients) {
		out.append(el('p', {}, t('cfg.supported', d.supported_clients.map(c => c.name).join(', '))));
	}
	if (d.issues.length) out.append(annotated(d, text));
	out.append(corrected(d, text));
	heading.focus({ preventScroll: true });
}

function issueNote(d, i) {
	const sev = severity(d, i.code);
	return el('div', { class: 'issue ' + sev, 'data-code': i.code, 'data-path': i.path },
		badge(word('sev.', sev), SEV_TONE[sev]), ' ', el('code', {}, i.code), ' ', i.message,
		el('div', { class: 'hint' }, i.path ? t('cfg.at', i.path) : t('cfg.whole'),
			meanings[i.code] ? ` - ${meanings[i.code]}` : ''));
}

// The text with numbered lines; each issue sits under the line its path (or its syntax position) points to.
function annotated(d, text) {
	const map = pathLines(text, d.format);
	const byLine = new Map();
	const top = [];
	for (const i of d.issues) {
		const ln = messageLine(i.message) ?? lineOf(map, i.path);
		if (ln == null) { top.push(i); continue; }
		if (!byLine.has(ln)) byLine.set(ln, []);
		byLine.get(ln).push(i);
	}
	const box = el('div', { class: 'annotated', id: 'annotated', role: 'list', 'aria-label': t('cfg.listing') });
	if (top.length) box.append(el('div', { class: 'line flagged', role: 'listitem', 'data-line': '0' }, el('span', { class: 'ln' }, ''),
		el('span', { class: 'src' }, t('cfg.whole')), top.map(i => issueNote(d, i))));
	text.split('\n').forEach((l, idx) => {
		const issues = byLine.get(idx + 1) || [];
		box.append(el('div', { class: 'line' + (issues.length ? ' flagged' : ''), role: 'listitem', 'data-line': idx + 1 },
			el('span', { class: 'ln' }, el('span', { class: 'sr-only' }, t('cfg.line') + ' '), idx + 1), el('span', { class: 'src' }, l),
			issues.map(i => issueNote(d, i))));
	});
	return el('section', {}, el('h2', {}, t('cfg.issues')), box);
}

function corrected(d, text) {
	const sec = el('section', { id: 'corrected' }, el('h2', {}, t('cfg.corrected')));
	const c = d.corrected_config;
	if (c == null) {
		sec.append(el('p', {}, d.status === 'valid' ? t('cfg.nothing_to_fix') : t('cfg.no_correction')));
		return sec;
	}
	const fixed = typeof c === 'string' ? c : JSON.stringify(c, null, 2) + '\n';
	sec.append(el('pre', { id: 'corrected-text' }, el('code', {}, fixed)),
		el('div', { class: 'actions' }, copyButton(() => fixed, t('cfg.copy_fixed'), ''),
			el('button', { type: 'button', class: 'secondary', onclick: () => { $('#config').value = fixed; check(); } }, t('cfg.use_fixed'))));
	const diff = lineDiff(text, fixed);
	const n = diffCounts(diff);
	const box = el('div', { class: 'annotated diff', id: 'diff' });
	for (const x of diff) {
		const cls = x.op === '+' ? 'add' : x.op === '-' ? 'del' : '';
		const mark = x.op === '+' ? el('ins', { class: 'mark', 'aria-label': t('cfg.added') }, '+')
			: x.op === '-' ? el('del', { class: 'mark', 'aria-label': t('cfg.removed') }, '-') : el('span', { class: 'mark' }, ' ');
		box.append(el('div', { class: 'line ' + cls, 'data-op': x.op }, mark, el('span', { class: 'src' }, x.text)));
	}
	sec.append(el('h3', {}, t('cfg.diff', n.removed, n.added)), box);
	return sec;
}

// The address is the one this page came from: the browser knows the public one, which the responder behind a
// front server may not; the answer's endpoint says what was written.
async function configureSelf() {
	const client = $('#client').value;
	const out = $('#self-result');
	out.setAttribute('aria-busy', 'true');
	clear(out, el('p', { class: 'loading' }, t('loading')));
	$('#self-btn').disabled = true;
	try {
		const d = await api('POST', '/v2/configure', { id: 'self', client, url: $('#self-url').value.trim(), locale: lang });
		renderSelf(out, d);
	} catch (e) {
		clear(out, errorBox(e, t('cfg.self_failed')));
	}
	$('#self-btn').disabled = false;
	out.setAttribute('aria-busy', 'false');
}

function renderSelf(out, d) {
	const c = clients.find(x => x.id === d.client);
	const heading = el('h2', { tabindex: '-1' }, t('cfg.self_result', c ? c.name : d.client));
	clear(out, heading, el('div', { class: 'status ' + (SELF_TONE[d.status] || 'info'), id: 'self-status', 'data-status': d.status },
		el('div', { class: 'title' }, word('configure.', d.status)), d.reason ? el('p', { class: 'tight' }, d.reason) : null));
	const tpl = d.template;
	if (!tpl) {
		if (d.supported_clients) out.append(el('p', {}, t('cfg.supported', d.supported_clients.map(x => x.name).join(', '))));
		return;
	}
	out.append(el('p', { id: 'self-endpoint' }, t('cfg.self_endpoint', d.endpoint.url, tpl.server_name)),
		el('h3', {}, t('entry.snippet', tpl.format, tpl.root_key)),
		el('pre', { id: 'self-snippet' }, el('code', {}, tpl.snippet)),
		el('div', { class: 'actions' }, copyButton(() => tpl.snippet, t('entry.copy_snippet'), ''),
			el('button', { type: 'button', class: 'secondary', id: 'self-check',
				onclick: () => { $('#config').value = tpl.snippet; check(); $('#result').scrollIntoView(); } }, t('cfg.self_check'))),
		tpl.merge ? el('p', { class: 'hint' }, tpl.merge) : null);
	if (tpl.steps && tpl.steps.length) out.append(el('h3', {}, t('entry.steps')), el('ol', {}, tpl.steps.map(s => el('li', {}, s))));
	heading.focus({ preventScroll: true });
}

async function start() {
	initPage('cfg.title');
	const chosen = params().get('client') || 'claude-desktop';
	clientOptions(chosen);
	$('#cfg-form').addEventListener('submit', e => { e.preventDefault(); check(); });
	$('#config').addEventListener('keydown', e => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); check(); } });
	$('#client').addEventListener('change', () => {
		setUrl({ client: $('#client').value }, false);
		clientFiles();
		if ($('#self-status')) configureSelf(); /* a configuration shown follows the client */
	});
	$('#self-url').value = location.origin + '/mcp';
	$('#self-form').addEventListener('submit', e => { e.preventDefault(); configureSelf(); });
	$('#file').addEventListener('change', async () => {
		const f = $('#file').files[0];
		if (f) { $('#config').value = await f.text(); check(); }
	});
	$('#example-btn').addEventListener('click', () => {
		const c = clients.find(x => x.id === $('#client').value);
		const fmt = c && (c.format === 'toml' || c.format === 'yaml') ? c.format : 'json';
		$('#config').value = EXAMPLES[fmt](c ? c.root_key : 'mcpServers');
		check();
	});
	try {
		const d = await api('GET', '/v2/clients');
		clients = d.clients;
		for (const c of d.issue_codes || []) meanings[c.code] = c.meaning;
		clientOptions(chosen);
	} catch (e) {
		$('#result').append(errorBox(e, t('cfg.no_clients')));
	}
	document.body.dataset.ready = '1';
}

start();
