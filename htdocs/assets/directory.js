// The Directory page: search with filters and paging over GET /v1/eintraege; each entry links to its page.
import { t, el, clear, $, api, errorBox, setUrl, params, initPage, pageHref, versions, word, badge } from './common.js';

const AREAS = ['entwicklung', 'daten', 'dateien', 'kommunikation', 'web', 'produktivitaet', 'wissen', 'finanzen',
	'infrastruktur', 'ki', 'sonstiges'];

const int = (v, d, lo, hi) => { const n = Number.parseInt(v, 10); return Number.isFinite(n) && n >= lo && n <= hi ? n : d; };

function state() {
	const p = params();
	return {
		q: p.get('q') || '',
		type: p.get('type') === 'agenten' ? 'agenten' : 'mcp',
		status: ['aktiv', 'eingestellt'].includes(p.get('status')) ? p.get('status') : '',
		area: AREAS.includes(p.get('area')) ? p.get('area') : '',
		level: ['name', 'schluessel', 'anbietertext'].includes(p.get('level')) ? p.get('level') : '',
		offset: int(p.get('offset'), 0, 0, 100000),
		size: int(p.get('size'), 20, 1, 100),
	};
}

function fill(s) {
	$('#q').value = s.q;
	$('#type').value = s.type;
	$('#status').value = s.status;
	$('#area').value = s.area;
	$('#level').value = s.level || 'alle';
}

function urlState(s) {
	return { q: s.q, type: s.type === 'mcp' ? '' : s.type, status: s.status, area: s.area, level: s.q ? s.level : '',
		offset: s.offset || '', size: s.size === 20 ? '' : s.size };
}

async function load(s) {
	const out = $('#result');
	out.setAttribute('aria-busy', 'true');
	clear(out, el('p', { class: 'loading' }, t('loading')));
	const q = new URLSearchParams({ art: s.type, grenze: s.size, versatz: s.offset });
	if (s.q) q.set('suche', s.q);
	if (s.q && s.level) q.set('suchebene', s.level);
	if (s.status) q.set('status', s.status);
	if (s.area) q.set('einsatzgebiet', s.area);
	try {
		const d = await api('GET', '/v1/eintraege?' + q);
		render(out, d, s);
		versions($('#versions'), d);
	} catch (e) {
		clear(out, errorBox(e, t('dir.failed')));
	}
	out.setAttribute('aria-busy', 'false');
}

function render(out, d, s) {
	const n = d.eintraege.length;
	const count = d.gesamt === 0 ? t('dir.none') : t('dir.count', d.gesamt, d.versatz + 1, d.versatz + n);
	clear(out, el('h2', { id: 'count', tabindex: '-1' }, count));
	const ul = el('ul', { class: 'entries', id: 'entries' });
	for (const e of d.eintraege) ul.append(entryItem(e));
	out.append(ul, pager(d, s));
}

function entryItem(e) {
	const id = `${e.typ}/${e.slug}`;
	const text = e.anbietertext || {};
	return el('li', { 'data-id': id },
		el('div', { class: 'step-head' },
			el('a', { class: 'name', href: pageHref('/entry.html', { id }) }, e.name),
			badge(word('entry_status.', e.status), e.status === 'aktiv' ? 'ok' : 'bad'),
			el('code', {}, e.schluessel)),
		text.text ? el('p', { class: 'tight' }, el('span', { lang: text.sprache || null }, text.text), ' ',
			el('span', { class: 'hint' }, text.geprueft ? t('dir.text_checked') : t('dir.text_unchecked'))) : null,
		el('p', { class: 'hint tight' }, [
			(e.einsatzgebiete || []).map(a => word('area.', a)).join(', '),
			e.paket_koordinate ? ` · ${e.paket_koordinate}` : '',
			e.gelistet_seit ? ` · ${t('dir.listed_since', e.gelistet_seit)}` : '',
		]));
}

function pager(d, s) {
	const nav = el('nav', { class: 'pager', 'aria-label': t('dir.paging') });
	const prevOff = Math.max(0, d.versatz - d.grenze);
	const link = (off, label, rel, enabled) => enabled
		? el('a', { class: 'button secondary', rel, href: pageHref('/directory.html', urlState({ ...s, offset: off })),
			onclick: ev => { ev.preventDefault(); go({ ...s, offset: off }); } }, label)
		: el('span', { class: 'button secondary', 'aria-disabled': 'true' }, label);
	nav.append(link(prevOff, t('dir.prev'), 'prev', d.versatz > 0));
	const pages = Math.max(1, Math.ceil(d.gesamt / d.grenze));
	nav.append(el('span', { id: 'page-of' }, t('dir.page', Math.floor(d.versatz / d.grenze) + 1, pages)));
	nav.append(link(d.naechster_versatz ?? 0, t('dir.next'), 'next', d.naechster_versatz != null));
	return nav;
}

function go(s, push = true) {
	setUrl(urlState(s), push);
	fill(s);
	return load(s).then(() => $('#count') && push && $('#count').focus({ preventScroll: false }));
}

async function start() {
	initPage('dir.title');
	const area = $('#area');
	for (const a of AREAS) area.append(el('option', { value: a }, word('area.', a)));
	$('#dir-form').addEventListener('submit', ev => {
		ev.preventDefault();
		const s = state();
		go({ q: $('#q').value.trim(), type: $('#type').value, status: $('#status').value, area: $('#area').value,
			level: $('#level').value === 'alle' ? '' : $('#level').value, offset: 0, size: s.size });
	});
	window.addEventListener('popstate', () => { const s = state(); fill(s); load(s); });
	const s = state();
	fill(s);
	await load(s);
	document.body.dataset.ready = '1';
}

start();
