// The Planner page: a request in the user's words, the plan as steps, scopes, permissions and the snapshot.
import { t, loc, el, clear, $, api, errorBox, copyButton, download, setUrl, params, list, initPage, pageHref,
	versions, word, badge, lang } from './common.js';

const APP_IDS = ['mailA', 'driveA', 'calendarA', 'sheetsA', 'mailB', 'driveB', 'calendarB', 'sheetsB', 'driveC', 'codehost'];
const EXAMPLES = {
	en: ['save mailA attachments to driveA', 'copy files from driveB to driveC', 'append rows to sheetsB',
		'find free time in calendarB', 'list codehost issues into sheetsA'],
	de: ['Anhänge aus mailA in driveA speichern', 'Rechnungen aus E-Mails ablegen', 'Zeilen an sheetsB anhängen',
		'freie Zeiten in calendarB finden'],
};

const STATE_TONE = { satisfied: 'ok', missing_scope: 'bad', scopes_unknown: 'warn', caller_side: 'info', outside_catalog: 'warn', no_app: 'bad',
	not_documented: 'bad' };
const STATUS_TONE = { ready: 'ok', caller_side_steps: 'info', outside_catalog: 'warn', scopes_unknown: 'warn', needs_scopes: 'warn', partial: 'bad',
	needs_apps: 'bad', read_only_conflict: 'warn', ambiguous: 'warn', unresolved: 'bad' };

let apps = {};      // id -> app record from /v2/apps, for names
let tasks = {};     // id -> task record from /v2/tasks, for candidate titles
let picked = [];    // apps in the order the user ticked them
let taskId = null;  // set when the user picks one of several candidate tasks
let lookups = Promise.resolve(); // app and task names, loading beside the first plan

const form = () => ({
	q: $('#q').value.trim(),
	apps: picked.slice(),
	read_only: $('#read_only').checked,
	runtime: $('#runtime').value,
	scopes: $('#scopes').value.split(/[\s,]+/).map(s => s.trim()).filter(Boolean),
});

function requestBody(f) {
	const b = { read_only: f.read_only, runtime: f.runtime };
	if (taskId) b.task_id = taskId; else b.query = f.q;
	if (f.apps.length) b.apps = f.apps;
	if (f.scopes.length) b.granted_scopes = f.scopes;
	return b;
}

// A text area grows to show every granted scope.
function fitRows(ta) { ta.rows = Math.min(8, Math.max(2, ta.value.split('\n').length)); }

function appBoxes() {
	const box = clear($('#app-boxes'));
	for (const id of APP_IDS) {
		const a = apps[id];
		const cb = el('input', { type: 'checkbox', value: id, id: 'app-' + id, checked: picked.includes(id) });
		cb.addEventListener('change', () => {
			picked = picked.filter(x => x !== id);
			if (cb.checked) picked.push(id);
		});
		box.append(el('label', { class: 'inline', for: 'app-' + id }, cb, a ? `${a.name} (${id}, ${a.provider})` : id));
	}
}

function examples() {
	const ul = clear($('#examples'));
	for (const ex of EXAMPLES[lang]) {
		ul.append(el('li', {}, el('a', { href: pageHref('/', { q: ex }), onclick: e => {
			e.preventDefault(); $('#q').value = ex; taskId = null; plan(true);
		} }, ex)));
	}
}

function fromUrl() {
	const p = params();
	$('#q').value = p.get('q') || '';
	taskId = p.get('task') || null;
	picked = list(p.get('apps')).filter(a => APP_IDS.includes(a));
	$('#read_only').checked = p.get('read_only') === '1';
	$('#runtime').value = ['local', 'remote'].includes(p.get('runtime')) ? p.get('runtime') : 'any';
	$('#scopes').value = list(p.get('scopes')).join('\n');
	fitRows($('#scopes'));
	appBoxes();
	return Boolean(p.get('q') || taskId);
}

// Plan, permissions and snapshot go out together: three parallel requests, one rendering.
async function plan(push) {
	const f = form();
	setUrl({ q: taskId ? '' : f.q, task: taskId, apps: f.apps, read_only: f.read_only,
		runtime: f.runtime === 'any' ? '' : f.runtime, scopes: f.scopes }, push);
	const out = $('#result');
	clear(out, el('p', { class: 'loading' }, t('loading')));
	out.setAttribute('aria-busy', 'true');
	$('#plan-btn').disabled = true;
	const body = requestBody(f);
	const [p, perms, snap] = await Promise.allSettled([
		api('POST', '/v2/workflows/plan', body),
		api('POST', '/v2/permissions/explain', body),
		api('POST', '/v2/workflows/snapshot', body),
		lookups,
	]);
	$('#plan-btn').disabled = false;
	if (p.status === 'rejected') clear(out, errorBox(p.reason, t('planner.failed')));
	else {
		render(out, p.value, perms.status === 'fulfilled' ? perms.value : null, snap, f);
		versions($('#versions'), p.value);
	}
	out.setAttribute('aria-busy', 'false');
}

function render(out, d, perms, snap, f) {
	const heading = el('h2', { tabindex: '-1', id: 'plan-heading' }, t('planner.result'));
	clear(out, heading, statusBlock(d));
	if (d.status === 'ambiguous') out.append(candidates(d.task.query.candidates || []));
	if (d.status === 'unresolved') out.append(el('p', {}, t('planner.unresolved_hint')));
	if (d.steps.length) out.append(el('h2', {}, t('planner.steps')), stepList(d, perms));
	if (d.left_out && d.left_out.length) out.append(leftOut(d.left_out));
	if (d.steps.length) out.append(scopesBlock(d, perms, f));
	out.append(snapshotBlock(snap));
	heading.focus({ preventScroll: true });
}

function statusBlock(d) {
	const tone = STATUS_TONE[d.status] || 'info';
	const box = el('div', { class: 'status ' + tone, id: 'plan-status', 'data-status': d.status },
		el('div', { class: 'title' }, word('status.', d.status)),
		el('p', { class: 'service-text tight' }, d.status_text));
	const task = d.task || {};
	if (task.title) {
		box.append(el('p', { class: 'tight' }, t('planner.task'), ' ', el('strong', { id: 'task-title' }, loc(task.title)),
			' ', el('code', {}, task.id || t('planner.chain')), ' ',
			task.resolved_by === 'query' ? t('planner.understood', Math.round((task.confidence || 0) * 100)) : t('planner.by_id')));
	}
	const others = (d.rules || []).filter(r => r !== d.status);
	if (others.length) box.append(el('p', { class: 'tight' }, t('planner.also'), ' ', others.map(r => word('status.', r)).join('; ')));
	const c = d.coverage;
	if (c && c.required) box.append(el('p', { id: 'coverage', class: 'tight' }, t('planner.coverage', c.documented, c.required, c.practically_tested)));
	if (d.runtime && d.runtime.status !== 'not_constrained') box.append(el('p', { class: 'tight' }, d.runtime.note));
	const q = task.query;
	if (q && q.also_asked && q.also_asked.length)
		box.append(el('p', { class: 'hint', id: 'also-asked' }, t('planner.also_asked', q.also_asked.map(a => '“' + a.words + '”: ' + a.capability + ' (' + (a.app || t('planner.no_app')) + ')').join('; '))));
	if (q && q.schedule) box.append(el('p', { class: 'hint', id: 'schedule' }, '“' + q.schedule.words + '”: ', loc(q.schedule.note)));
	if (q && q.unmatched_words && q.unmatched_words.length) box.append(el('p', { class: 'hint' }, t('planner.unmatched', q.unmatched_words.join(', '))));
	if (d.apps && d.apps.not_used && d.apps.not_used.length) box.append(el('p', { class: 'hint' }, t('planner.not_used', d.apps.not_used.join(', '))));
	return box;
}

function candidates(ids) {
	const ul = el('ul', { class: 'examples', id: 'candidates' });
	for (const id of ids) {
		ul.append(el('li', {}, el('button', { type: 'button', class: 'secondary', onclick: () => { taskId = id; plan(true); } },
			tasks[id] ? `${loc(tasks[id].title)} (${id})` : id)));
	}
	return el('div', {}, el('p', {}, t('planner.which')), ul);
}

function appName(id) { return id && apps[id] ? `${apps[id].name} (${id})` : id; }

// The address a caller uses: the provider's own (request_url); the neutral path of the specification is
// no address any provider serves. Placeholders marked.
function urlOf(op) {
	const full = op.request_url || '';
	const span = el('span', { class: 'url mono' });
	for (const part of full.split(/(\{[^}]+\})/)) span.append(part.startsWith('{') ? el('span', { class: 'ph' }, part) : part);
	return span;
}

function stepList(d, perms) {
	const ol = el('ol', { class: 'steps', id: 'steps' });
	d.steps.forEach((s, i) => ol.append(stepItem(s, i, permFor(perms, s, i, d.steps.length))));
	return ol;
}

function permFor(perms, s, i, n) {
	if (!perms || !perms.steps) return null;
	if (perms.steps.length === n) return perms.steps[i];
	return perms.steps.find(p => p.capability === s.capability && p.app === s.app) || null;
}

function stepItem(s, i, perm) {
	const li = el('li', { class: s.done_by === 'caller' ? 'caller' : '', 'data-state': s.state });
	li.append(el('div', { class: 'step-head' },
		el('span', { class: 'num', 'aria-hidden': 'true' }, `${i + 1}.`),
		el('h3', {}, el('span', { class: 'sr-only' }, t('planner.step_n', i + 1) + ' '), loc(s.title)),
		badge(word('state.', s.state), STATE_TONE[s.state]),
		s.capability ? el('code', {}, s.capability) : (s.product ? el('code', {}, s.product.name) : null),
		s.write ? badge(t('planner.writes'), 'warn') : null));
	const dl = el('dl', { class: 'facts' });
	const fact = (k, ...v) => dl.append(el('dt', {}, k), el('dd', {}, ...v));
	fact(t('planner.app'), s.app ? appName(s.app) : t('planner.no_app'), s.app ? ` - ${word('source.', s.app_source)}` : '',
		' - ', word('role.', s.role));
	if (s.done_by === 'caller') {
		fact(t('planner.done_by'), el('strong', {}, t('planner.caller_side')));
	} else if (s.operation) {
		const op = s.operation;
		fact(t('planner.operation'), el('span', { class: 'method' }, op.method), ' ', urlOf(op));
		fact(t('planner.operation_id'), el('code', {}, op.id), op.input || op.output ? ` (${op.input || '-'} → ${op.output || '-'})` : '');
		const req = (op.parameters && op.parameters.required) || [];
		const fixed = Object.entries((op.parameters && op.parameters.fixed) || {});
		if (req.length || fixed.length) {
			fact(t('planner.params'), req.length ? t('planner.required', req.join(', ')) : '',
				fixed.length ? ' ' + t('planner.fixed', fixed.map(([k, v]) => `${k}=${v}`).join(', ')) : '');
		}
		fact(t('planner.tested'), op.practically_tested ? badge(t('planner.tested_yes'), 'ok') : t('planner.tested_no'));
	}
	if (s.input_from_step != null) fact(t('planner.input_from'), t('planner.step_n', s.input_from_step + 1));
	scopeFacts(s, fact);
	if (s.candidates && s.candidates.length) fact(t('planner.candidates'), candidateApps(s.candidates));
	if (s.transformations && s.transformations.length) {
		fact(t('planner.transformations'), el('ul', { class: 'transformations' }, s.transformations.map(x => el('li', {}, loc(x)))));
	}
	if (s.operation_notes && s.operation_notes.length) fact(t('planner.op_notes'), el('ul', {}, s.operation_notes.map(x => el('li', {}, loc(x)))));
	if (s.note) fact(t('planner.note'), s.note);
	li.append(dl);
	if (perm) li.append(permDetails(perm, s));
	return li;
}

function scopeFacts(s, fact) {
	if (s.done_by === 'caller' || !s.operation) return;
	if (s.state === 'scopes_unknown') { fact(t('planner.scopes_h'), t('planner.scopes_unknown')); return; }
	if (s.granted_scope) fact(t('planner.granted'), el('code', {}, s.granted_scope));
	if (s.ask_for && !s.granted_scope) {
		fact(t('planner.ask_for'), el('code', { class: 'ask-for' }, s.ask_for), s.ask_for_reason ? el('div', { class: 'hint' }, s.ask_for_reason) : '');
	}
}

function candidateApps(ids) {
	return el('span', {}, ids.map(id => el('button', { type: 'button', class: 'secondary small spaced',
		onclick: () => { if (!picked.includes(id)) picked.push(id); appBoxes(); plan(true); } }, t('planner.use_app', appName(id)))));
}

// Permissions per step: every scope alternative, least privileged first, with the reason and what is granted.
function permDetails(p, s) {
	const det = el('details', { class: 'perm' }, el('summary', {}, t('planner.perm_summary')));
	if (p.permission_context || s.permission_context) det.append(el('p', {}, p.permission_context || s.permission_context));
	if (p.alternatives && p.alternatives.length) {
		const tb = el('tbody');
		for (const a of p.alternatives) {
			tb.append(el('tr', {}, el('td', {}, el('code', {}, a.scope)), el('td', { class: 'num' }, a.privilege_rank ?? '-'),
				el('td', {}, a.reason || ''), el('td', {}, a.suggested ? t('yes') : t('planner.not_suggested')),
				el('td', {}, a.granted ? badge(t('planner.granted_b'), 'ok') : '')));
		}
		det.append(el('div', { class: 'table-wrap' }, el('table', {}, el('thead', {}, el('tr', {},
			el('th', { scope: 'col' }, t('planner.scope')), el('th', { scope: 'col', class: 'num' }, t('planner.rank')),
			el('th', { scope: 'col' }, t('planner.reason')), el('th', { scope: 'col' }, t('planner.suggested')),
			el('th', { scope: 'col' }, t('planner.granted_col')))), tb)));
	} else if (s.done_by !== 'caller') {
		det.append(el('p', {}, t('planner.no_alternatives')));
	}
	if (p.needed_scope) det.append(el('p', {}, t('planner.needed'), ' ', el('code', {}, p.needed_scope)));
	if (p.note) det.append(el('p', {}, p.note));
	return det;
}

function leftOut(items) {
	const ul = el('ul', { id: 'left-out' });
	for (const x of items) {
		ul.append(el('li', {}, el('code', {}, x.capability), ' ', x.app ? appName(x.app) : '', x.operation ? [' ', el('code', {}, x.operation)] : '',
			': ', x.reason));
	}
	return el('section', {}, el('h2', {}, t('planner.left_out')), el('p', { class: 'hint' }, t('planner.left_out_hint')), ul);
}

function scopesBlock(d, perms, f) {
	const sec = el('section', { id: 'scopes-block' }, el('h2', {}, t('planner.min_scopes')));
	const min = d.minimal_scopes || [];
	if (!min.length) {
		sec.append(el('p', {}, t('planner.no_scopes')));
	} else {
		const text = min.join('\n');
		sec.append(el('p', { class: 'hint' }, t('planner.min_hint')), el('pre', { id: 'minimal-scopes' }, text),
			el('div', { class: 'actions' }, copyButton(() => text, t('planner.copy_scopes'), ''),
				el('button', { type: 'button', class: 'secondary', onclick: () => { $('#scopes').value = text; fitRows($('#scopes')); plan(true); } }, t('planner.grant_these'))));
	}
	if (perms) {
		const lines = [];
		if (perms.missing_scopes && perms.missing_scopes.length) lines.push([t('planner.missing'), perms.missing_scopes.map(s => el('code', {}, s + ' '))]);
		for (const b of perms.broader_than_needed || []) {
			lines.push([t('planner.broader'), [el('code', {}, b.granted || b.scope || ''), ' → ', el('code', {}, b.enough || '')]]);
		}
		if (perms.not_needed && perms.not_needed.length) lines.push([t('planner.not_needed'), perms.not_needed.map(s => el('code', {}, s + ' '))]);
		if (lines.length) sec.append(el('dl', { class: 'facts', id: 'scope-findings' }, lines.map(([k, v]) => [el('dt', {}, k), el('dd', {}, v)])));
	}
	if (!f.scopes.length && min.length) sec.append(el('p', { class: 'hint' }, t('planner.none_granted')));
	return sec;
}

function snapshotBlock(snap) {
	const sec = el('section', { id: 'snapshot-block' }, el('h2', {}, t('planner.snapshot')));
	if (snap.status === 'rejected') { sec.append(errorBox(snap.reason)); return sec; }
	const s = snap.value.snapshot;
	if (!s) { sec.append(el('p', {}, t('planner.no_snapshot'))); return sec; }
	const name = `autoplan-snapshot-${s.task_id || 'chain'}-${s.catalog_version}.json`;
	const text = JSON.stringify(s, null, 2) + '\n';
	sec.append(el('p', {}, t('planner.snapshot_hint', s.operations.length)),
		el('div', { class: 'actions' },
			el('button', { type: 'button', id: 'snapshot-download', onclick: () => download(name, text) }, t('planner.download')),
			el('a', { href: pageHref('/changes.html') }, t('planner.check_later'))));
	return sec;
}

async function start() {
	initPage('planner.title');
	examples();
	const planNow = fromUrl();
	$('#plan-form').addEventListener('submit', e => { e.preventDefault(); taskId = null; plan(true); });
	$('#q').addEventListener('keydown', e => {
		if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); taskId = null; plan(true); }
	});
	$('#scopes').addEventListener('input', () => fitRows($('#scopes')));
	$('#reset-btn').addEventListener('click', () => {
		$('#q').value = ''; $('#scopes').value = ''; $('#read_only').checked = false; $('#runtime').value = 'any';
		picked = []; taskId = null; appBoxes(); clear($('#result')); setUrl({}, true);
	});
	window.addEventListener('popstate', () => { if (fromUrl()) plan(false); else clear($('#result')); });
	// The names of apps and tasks load beside the first plan (one round of parallel requests).
	lookups = Promise.allSettled([api('GET', '/v2/apps'), api('GET', '/v2/tasks')]).then(([a, tk]) => {
		if (a.status === 'fulfilled') for (const x of a.value.apps) apps[x.id] = x;
		if (tk.status === 'fulfilled') for (const x of tk.value.tasks) tasks[x.id] = x;
		appBoxes();
	});
	await (planNow ? plan(false) : lookups);
	document.body.dataset.ready = '1';
}

start();
