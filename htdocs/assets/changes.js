// The Changes page: a saved workflow snapshot checked by POST /v2/changes/impact, and, where the private
// monitoring interface is served, its watches and alerts with a project key kept in sessionStorage only.
import { t, el, clear, $, api, errorBox, initPage, versions, word, badge, ServiceError } from './common.js';

const KEY = 'autoplan.monitoring.key';
const SEV_TONE = { breaking: 'bad', compatible: 'info', info: 'ok' };
const STATUS_TONE = { breaking: 'bad', compatible: 'info', info_only: 'ok', unchanged: 'ok' };
let lastSnapshot = null;
let monitoring = false;

// The planner's download is the bare snapshot; a saved answer of the snapshot endpoint wraps it.
function snapshotFrom(text) {
	let v;
	try { v = JSON.parse(text); } catch (e) { throw new ServiceError(0, null, t('chg.not_json', e.message)); }
	if (v && typeof v === 'object' && !('format' in v) && v.snapshot && typeof v.snapshot === 'object') v = v.snapshot;
	return v;
}

async function check() {
	const out = $('#result');
	out.setAttribute('aria-busy', 'true');
	clear(out, el('p', { class: 'loading' }, t('loading')));
	try {
		const snapshot = snapshotFrom($('#snapshot').value);
		const d = await api('POST', '/v2/changes/impact', { snapshot });
		lastSnapshot = snapshot;
		const heading = el('h2', { tabindex: '-1' }, t('chg.result'));
		clear(out, heading, impact(d));
		if (monitoring) out.append(watchForm());
		versions($('#versions'), d);
		heading.focus({ preventScroll: true });
	} catch (e) {
		clear(out, errorBox(e, t('chg.failed')));
	}
	out.setAttribute('aria-busy', 'false');
}

// Where a change is: an app's operation, a directory entry's tool (a watch on entries), or the whole catalog.
function where(c) {
	if (c.entry) return [el('code', {}, c.entry), c.tool ? [' ', el('code', {}, c.property ? `${c.tool}.${c.property}` : c.tool)] : ''];
	return [c.app ? el('code', {}, c.app) : t('chg.whole'), c.operation ? [' ', el('code', {}, c.operation)] : ''];
}

// One impact result (also the impact of a watch): status in words, counts and every change.
function impact(d) {
	const box = el('div', { class: 'impact' });
	const s = d.summary || {};
	box.append(el('div', { class: 'status ' + (STATUS_TONE[d.status] || 'info'), 'data-status': d.status },
		el('div', { class: 'title' }, word('impact.', d.status)),
		el('p', { class: 'tight' }, d.checked_entries != null
			? t('chg.counts_entries', d.checked_entries, s.breaking ?? 0, s.compatible ?? 0, s.info ?? 0)
			: t('chg.counts', d.checked_operations, s.breaking ?? 0, s.compatible ?? 0, s.info ?? 0)),
		d.task_id ? el('p', { class: 'tight' }, t('chg.task'), ' ', el('code', {}, d.task_id)) : null));
	if (!d.changes || !d.changes.length) { box.append(el('p', {}, t('chg.no_changes'))); return box; }
	const tb = el('tbody');
	for (const c of d.changes) {
		tb.append(el('tr', { 'data-change': c.change, 'data-severity': c.severity },
			el('td', {}, badge(word('sev_impact.', c.severity), SEV_TONE[c.severity])),
			el('td', {}, word('change.', c.change), el('div', {}, el('code', { class: 'hint' }, c.change))),
			el('td', {}, where(c)),
			el('td', {}, beforeAfter(c.before, c.after)),
			el('td', {}, c.detail || '')));
	}
	box.append(el('div', { class: 'table-wrap' }, el('table', { class: 'changes' }, el('thead', {}, el('tr', {},
		el('th', { scope: 'col' }, t('chg.severity')), el('th', { scope: 'col' }, t('chg.change')),
		el('th', { scope: 'col' }, t('chg.where')), el('th', { scope: 'col' }, t('chg.before_after')),
		el('th', { scope: 'col' }, t('chg.detail')))), tb)));
	return box;
}

// Lists show what went and what came; other values show before -> after.
function beforeAfter(b, a) {
	if (Array.isArray(b) || Array.isArray(a)) {
		const B = b || [], A = a || [];
		const gone = B.filter(x => !A.includes(x)), came = A.filter(x => !B.includes(x));
		return el('div', {}, gone.map(x => el('div', {}, el('del', {}, el('span', { class: 'sr-only' }, t('cfg.removed') + ' '), '− ', x))),
			came.map(x => el('div', {}, el('ins', {}, el('span', { class: 'sr-only' }, t('cfg.added') + ' '), '+ ', x))),
			!gone.length && !came.length ? t('chg.same_items') : '');
	}
	return el('span', { class: 'mono' }, fmt(b), ' → ', fmt(a));
}

const fmt = (v) => (v == null ? t('chg.none') : typeof v === 'object' ? JSON.stringify(v) : String(v));

// --- monitoring (GET /v2/monitoring/status tells whether it is served: 404 not served, 401 a key is needed)

const key = () => sessionStorage.getItem(KEY);
const auth = () => (key() ? { Authorization: 'Bearer ' + key() } : {});
const mon = (method, path, body) => api(method, '/v2/monitoring' + path, body, auth());
const listOf = (d, name) => (Array.isArray(d) ? d : d[name] || d.items || []);

async function monitorStart() {
	const body = $('#mon-body');
	body.setAttribute('aria-busy', 'true');
	try {
		const status = await mon('GET', '/status');
		monitoring = true;
		await dashboard(status);
	} catch (e) {
		if (e.status === 401) { monitoring = true; clear(body, keyForm(key() ? e : null)); }
		else if (e.status === 404 || (e.status === 503 && e.body && e.body.error === 'monitoring_unavailable')) clear(body, el('p', { id: 'mon-off' }, t('mon.off')), el('p', { class: 'hint' }, t('mon.off_said', e.message)));
		else clear(body, errorBox(e));
	}
	body.setAttribute('aria-busy', 'false');
}

function keyForm(err) {
	const input = el('input', { type: 'password', id: 'mon-key', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'mon-key-hint' });
	const form = el('form', { class: 'panel', id: 'mon-key-form' },
		el('label', { for: 'mon-key' }, t('mon.key')), input,
		el('p', { class: 'hint', id: 'mon-key-hint' }, t('mon.key_hint')),
		el('div', { class: 'actions' }, el('button', { type: 'submit' }, t('mon.use_key'))));
	form.addEventListener('submit', ev => {
		ev.preventDefault();
		if (input.value.trim()) sessionStorage.setItem(KEY, input.value.trim());
		monitorStart();
	});
	return el('div', {}, err ? errorBox(err, t('mon.key_refused')) : null, form);
}

async function dashboard(status) {
	const body = $('#mon-body');
	const [watches, alerts] = await Promise.allSettled([mon('GET', '/watches?limit=50'), mon('GET', '/alerts?limit=50')]);
	clear(body, el('div', { class: 'actions' }, el('span', {}, t('mon.signed_in', status.project ? status.project.name || status.project.id : '')),
		el('button', { type: 'button', class: 'secondary small', id: 'mon-forget', onclick: () => { sessionStorage.removeItem(KEY); monitorStart(); } }, t('mon.forget'))),
	statusFacts(status),
	el('h3', {}, t('mon.watches')), watches.status === 'fulfilled' ? watchList(listOf(watches.value, 'watches')) : errorBox(watches.reason),
	el('h3', {}, t('mon.alerts')), alerts.status === 'fulfilled' ? alertList(listOf(alerts.value, 'alerts')) : errorBox(alerts.reason),
	el('div', { id: 'watch-detail' }));
}

function statusFacts(s) {
	const dl = el('dl', { class: 'facts', id: 'mon-status' });
	for (const [k, v] of Object.entries(s)) {
		if (v == null || typeof v === 'object') continue;
		dl.append(el('dt', {}, word('mon_field.', k)), el('dd', {}, String(v)));
	}
	return dl;
}

function watchList(list) {
	if (!list.length) return el('p', {}, t('mon.no_watches'));
	return el('ul', { class: 'entries', id: 'watches' }, list.map(w => el('li', { 'data-watch': w.id },
		el('div', { class: 'step-head' }, el('strong', {}, w.name || w.id), el('code', { class: 'hint' }, w.id),
			w.evaluated && w.evaluated.status ? badge(word('impact.', w.evaluated.status), STATUS_TONE[w.evaluated.status]) : null),
		el('div', { class: 'actions' },
			el('button', { type: 'button', class: 'secondary small', onclick: () => showWatch(w.id) }, t('mon.show_impact')),
			el('button', { type: 'button', class: 'secondary small', onclick: () => deleteWatch(w) }, t('mon.delete'))))));
}

async function showWatch(id) {
	const out = $('#watch-detail');
	clear(out, el('p', { class: 'loading' }, t('loading')));
	try {
		const w = await mon('GET', '/watches/' + encodeURIComponent(id));
		clear(out, el('h3', { tabindex: '-1' }, t('mon.watch', w.name || w.id)), w.impact ? impact(w.impact) : el('p', {}, t('chg.no_changes')));
		out.querySelector('h3').focus();
	} catch (e) { clear(out, errorBox(e)); }
}

async function deleteWatch(w) {
	if (!confirm(t('mon.confirm_delete', w.name || w.id))) return;
	try { await mon('DELETE', '/watches/' + encodeURIComponent(w.id)); monitorStart(); } catch (e) { $('#watch-detail').replaceChildren(errorBox(e)); }
}

function alertList(list) {
	if (!list.length) return el('p', {}, t('mon.no_alerts'));
	return el('ul', { class: 'entries', id: 'alerts' }, list.map(a => {
		const acked = Boolean(a.acknowledged || a.acknowledged_at || a.acked);
		return el('li', { 'data-alert': a.id },
			el('div', { class: 'step-head' }, el('strong', {}, (a.watch && (a.watch.name || a.watch.id)) || a.id),
				a.status ? badge(word('impact.', a.status), STATUS_TONE[a.status]) : null,
				el('span', { class: 'hint' }, [a.created_at || a.at || '', a.before && a.after ? ` ${a.before.catalog_version} → ${a.after.catalog_version}` : ''].join(''))),
			Array.isArray(a.changes) && a.changes.length ? impact({ status: a.status, changes: a.changes, checked_operations: a.changes.length, summary: a.summary }) : null,
			acked ? badge(t('mon.acked'), 'ok') : el('button', { type: 'button', class: 'secondary small', onclick: ev => ack(a, ev.currentTarget) }, t('mon.ack')));
	}));
}

async function ack(a, btn) {
	try { await mon('POST', '/alerts/' + encodeURIComponent(a.id) + '/ack'); btn.replaceWith(badge(t('mon.acked'), 'ok')); }
	catch (e) { btn.after(errorBox(e)); }
}

// After an impact check: keep the same snapshot under watch.
function watchForm() {
	const form = el('form', { class: 'panel', id: 'watch-form' }, el('h3', {}, t('mon.new_watch')),
		el('label', { for: 'w-name' }, t('mon.name')), el('input', { type: 'text', id: 'w-name', required: true }),
		el('label', { for: 'w-scopes' }, t('mon.scopes')), el('textarea', { id: 'w-scopes', class: 'code', rows: '2', spellcheck: 'false' }),
		el('label', { for: 'w-hook' }, t('mon.webhook')), el('input', { type: 'url', id: 'w-hook' }),
		el('div', { class: 'actions' }, el('button', { type: 'submit' }, t('mon.create'))), el('div', { id: 'w-out' }));
	form.addEventListener('submit', async ev => {
		ev.preventDefault();
		const body = { name: $('#w-name').value.trim(), snapshot: lastSnapshot };
		const scopes = $('#w-scopes').value.split(/[\s,]+/).filter(Boolean);
		if (scopes.length) body.granted_scopes = scopes;
		if ($('#w-hook').value.trim()) body.webhook = { url: $('#w-hook').value.trim() };
		try {
			const w = await mon('POST', '/watches', body);
			const secret = w.webhook && w.webhook.secret;
			clear($('#w-out'), el('p', { class: 'status ok' }, t('mon.created', w.name || w.id)),
				secret ? el('p', {}, t('mon.secret_once'), ' ', el('code', {}, secret)) : null);
			monitorStart();
		} catch (e) { clear($('#w-out'), errorBox(e)); }
	});
	return form;
}

async function start() {
	initPage('chg.title');
	$('#chg-form').addEventListener('submit', e => { e.preventDefault(); check(); });
	$('#file').addEventListener('change', async () => {
		const f = $('#file').files[0];
		if (f) { $('#snapshot').value = await f.text(); check(); }
	});
	await monitorStart();
	document.body.dataset.ready = '1';
}

start();
