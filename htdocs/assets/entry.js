// One directory entry: connections, verification levels with their reports, compatibility with every client,
// and the configuration snippet for a chosen client. Entry, connections, levels, clients and the snippet load
// in one round of parallel requests; the per-client compatibility checks follow once the clients are known.
import { t, loc, el, clear, $, api, errorBox, copyButton, setUrl, params, initPage, pageHref, versions, word, badge, fileTable,
	lang } from './common.js';

const COMPAT_TONE = { compatible: 'ok', supported: 'ok', ok: 'ok', compatible_via_bridge: 'info', supported_via_bridge: 'info',
	ok_via_bridge: 'info', limited: 'warn', incompatible: 'bad', not_supported: 'bad', no_connections: 'bad', unknown_client: 'bad' };

let id = '';
let clients = [];

const path = (kind) => {
	const [type, ...rest] = id.split('/');
	return `/${kind}/${encodeURIComponent(type)}/${encodeURIComponent(rest.join('/'))}`;
};

function entryBody(client, connection) {
	const b = { id, client, locale: lang };
	if (connection && connection !== 'auto') b.connection = connection;
	return b;
}

async function start() {
	initPage('entry.title');
	const p = params();
	id = p.get('id') || '';
	const client = p.get('client') || 'claude-desktop';
	const connection = p.get('connection') || 'auto';
	$('#back').href = pageHref('/directory.html', { type: id.startsWith('agenten/') ? 'agenten' : '' });
	const root = $('#entry');
	root.setAttribute('aria-busy', 'true');
	const [entry, conns, verif, cl, conf] = await Promise.allSettled([
		api('GET', path('v1/eintrag')),
		api('GET', path('v2/connections') + '?locale=' + lang),
		api('GET', path('v2/verifications') + '?locale=' + lang),
		api('GET', '/v2/clients'),
		api('POST', '/v2/configure', entryBody(client, connection)),
	]);
	if (entry.status === 'rejected') {
		clear(root, el('h1', {}, t('entry.title')), errorBox(entry.reason, t('entry.failed', id)));
		root.setAttribute('aria-busy', 'false');
		document.body.dataset.ready = '1';
		return;
	}
	clients = cl.status === 'fulfilled' ? cl.value.clients : [];
	const e = entry.value;
	document.title = `${e.name} - autoplan`;
	clear(root, head(e),
		section('connections', t('entry.connections'), conns.status === 'fulfilled' ? connections(conns.value) : errorBox(conns.reason)),
		section('verification', t('entry.verification'), verif.status === 'fulfilled' ? verification(verif.value) : errorBox(verif.reason)),
		section('tools', t('entry.observed'), verif.status === 'fulfilled' ? observation(verif.value) : errorBox(verif.reason)),
		section('compatibility', t('entry.compat'), el('p', { class: 'loading' }, t('loading'))),
		section('configure', t('entry.configure'), configForm(client, connection, conns.status === 'fulfilled' ? conns.value.connections : []),
			el('div', { id: 'config-result' })));
	renderConfig(conf);
	versions($('#versions'), conns.status === 'fulfilled' ? conns.value : null);
	await compatibility(client);
	root.setAttribute('aria-busy', 'false');
	document.body.dataset.ready = '1';
}

function section(key, title, ...children) {
	return el('section', { id: key }, el('h2', {}, title), ...children);
}

function head(e) {
	const text = e.anbietertext || {};
	const dl = el('dl', { class: 'facts' });
	const fact = (k, ...v) => dl.append(el('dt', {}, k), el('dd', {}, ...v));
	fact(t('entry.key'), el('code', {}, e.schluessel));
	fact(t('dir.status'), badge(word('entry_status.', e.status), e.status === 'aktiv' ? 'ok' : 'bad'));
	if (e.homepage) fact(t('entry.homepage'), el('a', { href: e.homepage, rel: 'noopener noreferrer' }, e.homepage));
	fact(t('entry.package'), el('code', {}, e.paket_koordinate));
	if (e.version) fact(t('entry.version'), e.version);
	fact(t('dir.area'), (e.einsatzgebiete || []).map(a => word('area.', a)).join(', '));
	if (e.gelistet_seit) fact(t('entry.listed'), e.gelistet_seit);
	fact(t('entry.origin'), word('origin.', e.herkunft));
	const toc = el('nav', { class: 'toc', 'aria-label': t('entry.toc') }, el('ul', {},
		['connections', 'verification', 'tools', 'compatibility', 'configure'].map(k => el('li', {}, el('a', { href: '#' + k }, t('entry.toc_' + k))))));
	return el('div', {}, el('h1', {}, e.name), toc,
		text.text ? el('p', { class: 'lead' }, el('span', { lang: text.sprache || null }, text.text), ' ',
			el('span', { class: 'hint' }, text.geprueft ? t('dir.text_checked') : t('dir.text_unchecked'))) : null,
		dl);
}

function connections(d) {
	const box = el('div', {});
	if (d.note) box.append(el('p', { class: 'status info' }, d.note));
	if (!d.connections.length) { box.append(el('p', {}, t('entry.no_connections'))); return box; }
	for (const c of d.connections) {
		const dl = el('dl', { class: 'facts' });
		const fact = (k, ...v) => dl.append(el('dt', {}, k), el('dd', {}, ...v));
		fact(t('entry.transport'), el('code', {}, c.transport), ' · ', word('runtime_kind.', c.runtime));
		if (c.command) fact(t('entry.command'), el('code', { class: 'command' }, [c.command, ...(c.args || [])].map(shellWord).join(' ')));
		if (c.url) fact(t('entry.url'), el('code', {}, c.url));
		if (c.package) fact(t('entry.package'), el('code', {}, `${c.package.registry}:${c.package.name}${c.package.version ? '@' + c.package.version : ''}`));
		if (c.requires && c.requires.length) fact(t('entry.requires'), c.requires.join(', '));
		const vars = [...(c.env || []).map(v => ({ ...v, kind: 'env' })), ...(c.headers || []).map(v => ({ ...v, kind: 'header' }))];
		if (vars.length) fact(t('entry.vars'), varTable(vars));
		box.append(el('article', { class: 'panel', 'data-connection': c.id }, el('h3', {}, el('code', {}, c.id)), el('p', {}, c.text), dl));
	}
	return box;
}

const shellWord = (w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${String(w).replace(/'/g, `'\\''`)}'`);

function varTable(vars) {
	return el('div', { class: 'table-wrap' }, el('table', {}, el('thead', {}, el('tr', {},
		el('th', { scope: 'col' }, t('entry.var_name')), el('th', { scope: 'col' }, t('entry.var_kind')),
		el('th', { scope: 'col' }, t('entry.var_required')), el('th', { scope: 'col' }, t('entry.var_secret')),
		el('th', { scope: 'col' }, t('entry.var_desc')))),
	el('tbody', {}, vars.map(v => el('tr', {}, el('td', {}, el('code', {}, v.name)), el('td', {}, word('var_kind.', v.kind)),
		el('td', {}, v.required ? t('yes') : t('no')), el('td', {}, v.secret ? t('yes') : t('no')),
		el('td', {}, v.description || ''))))));
}

function verification(d) {
	const box = el('div', {}, el('p', { id: 'verification-summary' }, d.summary));
	const tb = el('tbody');
	for (const x of d.details) {
		const rep = x.report ? el('button', { type: 'button', class: 'secondary small', 'aria-expanded': 'false',
			onclick: ev => toggleReport(ev.currentTarget, x.report) }, t('entry.show_report', x.report)) : word('basis.', x.basis);
		tb.append(el('tr', { 'data-level': x.level }, el('td', {}, word('vlevel.', x.level), ' ', el('code', { class: 'hint' }, x.level)),
			el('td', {}, x.reached ? badge(t('entry.reached'), 'ok') : badge(t('entry.not_reached'), 'warn')),
			el('td', {}, x.date || '-'), el('td', {}, rep)));
	}
	box.append(el('div', { class: 'table-wrap' }, el('table', { id: 'levels' }, el('thead', {}, el('tr', {},
		el('th', { scope: 'col' }, t('entry.level')), el('th', { scope: 'col' }, t('entry.reached_col')),
		el('th', { scope: 'col' }, t('entry.date')), el('th', { scope: 'col' }, t('entry.basis')))), tb)));
	const per = (d.connections || []).filter(c => c.levels && c.levels.length);
	if (per.length) {
		box.append(el('p', { class: 'hint' }, t('entry.per_connection'), ' ',
			per.map(c => `${c.id}: ${c.levels.map(l => word('vlevel.', l)).join(' → ')}`).join('; ')));
	}
	box.append(el('div', { id: 'report' }));
	return box;
}

const OBS_TONE = { observed: 'ok', not_observed: 'warn', never_observed: 'warn' };
const CLASS_TONE = { breaking: 'bad', compatible: 'ok', unchanged: 'ok' };

// What the reports say of the entry's tools (row 4's observation): never an empty list for unknown tools.
function observation(d) {
	const o = d.observation;
	const box = el('div', { id: 'observation', 'data-state': o.state },
		el('p', { id: 'observation-note' }, badge(word('obs_state.', o.state), OBS_TONE[o.state]), ' ', d.observation_note));
	if (o.state === 'never_observed') return box;
	const dl = el('dl', { class: 'facts' });
	const fact = (k, ...v) => dl.append(el('dt', {}, k), el('dd', {}, ...v));
	fact(t('entry.date'), o.date);
	fact(t('entry.obs_report'), el('a', { href: '/v2/verification-reports/' + encodeURIComponent(o.report) }, o.report));
	if (o.connection) fact(t('entry.obs_connection'), el('code', {}, o.connection));
	if (o.package) fact(t('entry.package'), el('code', {}, o.package));
	fact(t('entry.obs_sandbox'), el('span', { id: 'observation-sandbox' }, sandboxText(o)));
	box.append(dl);
	if (o.state !== 'observed') return box;
	box.append(toolChanges(o.changes), el('ul', { id: 'tools-list', class: 'plain' }, o.tools.map(toolItem)));
	return box;
}

function sandboxText(o) {
	if (!o.sandboxed || !o.sandbox) return t('entry.obs_no_sandbox');
	const s = o.sandbox, l = s.limits || {};
	return [s.kind, s.network, s.writable, t('entry.obs_limits', l.cpu_seconds, l.address_space_mib, l.processes,
		l.file_size_mib, l.wall_clock_seconds)].filter(Boolean).join(' · ');
}

function toolChanges(c) {
	const box = el('div', { id: 'tool-changes', 'data-state': c.state, 'data-status': c.status || '' },
		el('h3', {}, t('entry.obs_changes')));
	if (c.state !== 'compared') { box.append(el('p', {}, t('entry.obs_first'))); return box; }
	if (!c.changes.length) { box.append(el('p', {}, t('entry.obs_unchanged', c.previous_date, c.previous_report))); return box; }
	const tb = el('tbody', {}, c.changes.map(x => el('tr', { 'data-tool': x.tool }, el('td', {}, el('code', {}, x.tool)),
		el('td', {}, x.property ? el('code', {}, x.property) : '-'), el('td', {}, el('code', {}, x.kind)),
		el('td', {}, badge(word('change_class.', x.class), CLASS_TONE[x.class] || 'info')))));
	box.append(el('p', {}, t('entry.obs_since', c.previous_date, c.previous_report), ' ',
		badge(word('change_status.', c.status), CLASS_TONE[c.status])),
	el('div', { class: 'table-wrap' }, el('table', {}, el('thead', {}, el('tr', {},
		el('th', { scope: 'col' }, t('entry.obs_tool')), el('th', { scope: 'col' }, t('entry.obs_property')),
		el('th', { scope: 'col' }, t('entry.obs_kind')), el('th', { scope: 'col' }, t('entry.obs_class')))), tb)));
	return box;
}

// One tool: its name and required inputs, the input schema as the server sent it on request.
function toolItem(x) {
	const s = x.input_schema || {}, props = Object.keys(s.properties || {}), req = s.required || [];
	return el('li', { 'data-tool': x.name }, el('details', {}, el('summary', {}, el('code', {}, x.name), ' ',
		el('span', { class: 'hint' }, props.length ? props.join(', ') : t('entry.obs_no_inputs'),
			req.length ? ' · ' + t('entry.obs_required', req.join(', ')) : '')),
	el('pre', { class: 'schema' }, el('code', {}, JSON.stringify(s, null, 2)))));
}

// A report opens on request (a user action, not a chain of requests on load).
async function toggleReport(btn, reportId) {
	const out = $('#report');
	if (btn.getAttribute('aria-expanded') === 'true') { clear(out); btn.setAttribute('aria-expanded', 'false'); return; }
	for (const b of document.querySelectorAll('#levels button[aria-expanded="true"]')) b.setAttribute('aria-expanded', 'false');
	btn.setAttribute('aria-expanded', 'true');
	clear(out, el('p', { class: 'loading' }, t('loading')));
	try {
		const r = await api('GET', '/v2/verification-reports/' + encodeURIComponent(reportId));
		clear(out, report(r));
		out.querySelector('h3').focus();
	} catch (e) {
		clear(out, errorBox(e));
	}
}

function report(r) {
	const env = r.environment || {};
	const box = el('article', { class: 'panel', id: 'report-' + r.id },
		el('h3', { tabindex: '-1' }, loc(r.title), ` (${r.date})`),
		el('p', { class: 'hint' }, [env.os, env.runtime, env.runner, env.transport].filter(Boolean).join(' · ')));
	if (r.subject && r.subject.package) box.append(el('p', {}, t('entry.package'), ': ', el('code', {}, r.subject.package)));
	const tb = el('tbody');
	for (const a of r.assertions || []) {
		tb.append(el('tr', {}, el('td', {}, a.check), el('td', {}, badge(word('result.', a.result), a.result === 'pass' ? 'ok' : a.result === 'fail' ? 'bad' : 'warn')),
			el('td', {}, a.detail), el('td', {}, a.level ? word('vlevel.', a.level) : '')));
	}
	box.append(el('div', { class: 'table-wrap' }, el('table', { class: 'assertions' }, el('thead', {}, el('tr', {},
		el('th', { scope: 'col' }, t('entry.check')), el('th', { scope: 'col' }, t('entry.result')),
		el('th', { scope: 'col' }, t('entry.detail')), el('th', { scope: 'col' }, t('entry.level')))), tb)));
	if (r.limitations && r.limitations.length) {
		box.append(el('h4', {}, t('entry.limitations')), el('ul', {}, r.limitations.map(l => el('li', {}, loc(l)))));
	}
	const tools = r.observed_tool_input_schemas || [];
	if (tools.length) box.append(el('p', { class: 'hint' }, t('entry.tools', tools.length), ' ', tools.map(x => x.tool).join(', ')));
	box.append(el('p', {}, el('a', { href: '/v2/verification-reports/' + encodeURIComponent(r.id) }, t('entry.report_json'))));
	return box;
}

// Compatibility with every client: one check per client, all at once.
async function compatibility(chosen) {
	const sec = $('#compatibility');
	if (!clients.length) { clear(sec, el('h2', {}, t('entry.compat')), el('p', {}, t('entry.no_clients'))); return; }
	const results = await Promise.allSettled(clients.map(c => api('POST', '/v2/compatibility/check', entryBody(c.id))));
	const tb = el('tbody');
	results.forEach((r, i) => {
		const c = clients[i];
		const row = el('tr', { 'data-client': c.id, class: c.id === chosen ? 'chosen' : null });
		row.append(el('th', { scope: 'row' }, c.name));
		if (r.status === 'rejected') { row.append(el('td', { colspan: '4' }, errorBox(r.reason))); tb.append(row); return; }
		const d = r.value;
		row.append(el('td', {}, badge(word('compat.', d.status), COMPAT_TONE[d.status])),
			el('td', {}, d.execution_tested ? badge(t('entry.exec_yes'), 'ok') : t('entry.exec_no')),
			el('td', {}, (d.connections || []).map(x => el('div', {}, el('code', {}, x.connection), ': ', word('compat.', x.status), ' - ', x.reason))),
			el('td', {}, el('button', { type: 'button', class: 'secondary small', onclick: () => pickClient(c.id) }, t('entry.snippet_for'))));
		tb.append(row);
	});
	clear(sec, el('h2', {}, t('entry.compat')), el('p', { class: 'hint' }, t('entry.compat_hint')),
		el('div', { class: 'table-wrap' }, el('table', { id: 'compat' }, el('thead', {}, el('tr', {},
			el('th', { scope: 'col' }, t('entry.client')), el('th', { scope: 'col' }, t('entry.compat_status')),
			el('th', { scope: 'col' }, t('entry.exec')), el('th', { scope: 'col' }, t('entry.per_conn')),
			el('th', { scope: 'col' }, el('span', { class: 'sr-only' }, t('entry.snippet_for'))))), tb)));
}

function configForm(client, connection, conns) {
	const cs = el('select', { id: 'client' }, clients.map(c => el('option', { value: c.id, selected: c.id === client }, c.name)));
	if (!clients.some(c => c.id === client)) cs.prepend(el('option', { value: client, selected: true }, client));
	const cn = el('select', { id: 'connection' }, el('option', { value: 'auto' }, t('entry.auto')),
		conns.map(c => el('option', { value: c.id, selected: c.id === connection }, `${c.id} (${c.transport})`)));
	cs.addEventListener('change', () => configure());
	cn.addEventListener('change', () => configure());
	return el('div', { class: 'row' }, el('div', {}, el('label', { for: 'client' }, t('entry.client')), cs),
		el('div', {}, el('label', { for: 'connection' }, t('entry.connection')), cn));
}

function pickClient(c) {
	$('#client').value = c;
	configure().then(() => $('#config-result h3') && $('#config-result h3').focus());
}

async function configure() {
	const client = $('#client').value, connection = $('#connection').value;
	setUrl({ id, client, connection: connection === 'auto' ? '' : connection }, false);
	const out = $('#config-result');
	out.setAttribute('aria-busy', 'true');
	const r = await Promise.allSettled([api('POST', '/v2/configure', entryBody(client, connection))]);
	renderConfig(r[0]);
	for (const row of document.querySelectorAll('#compat tr[data-client]')) row.classList.toggle('chosen', row.dataset.client === client);
}

function renderConfig(r) {
	const out = $('#config-result');
	out.setAttribute('aria-busy', 'false');
	if (r.status === 'rejected') { clear(out, errorBox(r.reason)); return; }
	const d = r.value;
	clear(out, el('div', { class: 'status ' + (COMPAT_TONE[d.status] || 'info'), id: 'config-status', 'data-status': d.status },
		el('div', { class: 'title' }, word('configure.', d.status)), d.reason ? el('p', { class: 'tight' }, d.reason) : null));
	const tpl = d.template;
	if (!tpl) {
		if (d.supported_clients) out.append(el('p', {}, t('entry.supported_clients', d.supported_clients.map(c => c.name).join(', '))));
		if (d.alternatives && d.alternatives.length) out.append(alternatives(d.alternatives));
		return;
	}
	out.append(el('h3', { tabindex: '-1' }, t('entry.snippet', tpl.format, tpl.root_key)),
		el('pre', { id: 'snippet' }, el('code', {}, tpl.snippet)),
		el('div', { class: 'actions' }, copyButton(() => tpl.snippet, t('entry.copy_snippet'), '')),
		tpl.merge ? el('p', { class: 'hint' }, tpl.merge) : null);
	if (tpl.secrets && tpl.secrets.length) {
		out.append(el('h3', {}, t('entry.secrets')), varTable(tpl.secrets.map(s => ({ ...s, description: `${s.placeholder} - ${s.description || ''}` }))));
	}
	if (tpl.steps && tpl.steps.length) out.append(el('h3', {}, t('entry.steps')), el('ol', {}, tpl.steps.map(s => el('li', {}, loc(s)))));
	if (tpl.file_locations && tpl.file_locations.length) out.append(el('h3', {}, t('entry.files')), fileTable(tpl.file_locations));
	if (d.alternatives && d.alternatives.length > 1) out.append(alternatives(d.alternatives));
}

function alternatives(list) {
	return el('div', {}, el('h3', {}, t('entry.alternatives')), el('ul', {}, list.map(a => el('li', {}, el('code', {}, a.connection),
		` (${a.transport}): `, word('compat.', a.status), ' - ', a.reason))));
}

start();
