// Shared by every page: language choice, labels, DOM building, calls to the service, errors, URL state.
import { LABELS } from './i18n.js';

export const LANGS = ['en', 'de'];

// ?lang= wins, then the browser's preferred languages, then English.
function pickLang() {
	const asked = new URLSearchParams(location.search).get('lang');
	if (LANGS.includes(asked)) return asked;
	for (const l of navigator.languages || [navigator.language || 'en']) {
		const base = String(l).toLowerCase().split('-')[0];
		if (LANGS.includes(base)) return base;
	}
	return 'en';
}

export const lang = pickLang();

// A page label in the chosen language; {0}, {1} ... are filled from args.
export function t(key, ...args) {
	const s = (LABELS[lang] && LABELS[lang][key]) ?? LABELS.en[key] ?? key;
	return s.replace(/\{(\d+)\}/g, (_, i) => String(args[Number(i)] ?? ''));
}

export function has(key) { return key in LABELS.en; }

// A service text: {en, de} objects give the chosen language, strings are shown as the service wrote them.
export function loc(v) {
	if (v && typeof v === 'object' && !Array.isArray(v)) return v[lang] ?? v.en ?? '';
	return v == null ? '' : String(v);
}

// el('a', {href: '/x', class: 'y'}, 'text', child...): no HTML strings, so service text is never markup.
export function el(tag, attrs, ...children) {
	const n = document.createElement(tag);
	for (const [k, v] of Object.entries(attrs || {})) {
		if (v == null || v === false) continue;
		if (k.startsWith('on')) n.addEventListener(k.slice(2), v);
		else if (k === 'class') n.className = v;
		else if (k === 'text') n.textContent = v;
		else n.setAttribute(k, v === true ? '' : String(v));
	}
	append(n, children);
	return n;
}

function append(n, children) {
	for (const c of children.flat(Infinity)) {
		if (c == null || c === false) continue;
		/* service texts are {en, de} objects: the page's language is shown */
		n.append(c instanceof Node ? c : document.createTextNode(typeof c === 'object' ? loc(c) : String(c)));
	}
}

export function clear(n, ...children) { n.replaceChildren(); append(n, children); return n; }

export const $ = (sel, root = document) => root.querySelector(sel);

// An error the service answered with ({error, message, status, in, pointer}), or one of the page's own.
export class ServiceError extends Error {
	constructor(status, body, own) {
		super(body && body.message ? body.message : own || `HTTP ${status}`);
		this.status = status;
		this.body = body;
		this.own = own;
	}
}

// One call to the service. Accept-Language carries the page language, so answers that know German give it.
export async function api(method, path, body, headers = {}) {
	const init = { method, headers: { 'Accept': 'application/json', 'Accept-Language': lang, ...headers } };
	if (body !== undefined) {
		init.headers['Content-Type'] = 'application/json';
		init.body = typeof body === 'string' ? body : JSON.stringify(body);
	}
	let res;
	try {
		res = await fetch(path, init);
	} catch (e) {
		throw new ServiceError(0, null, t('err.network', e.message));
	}
	if (res.status === 204) return null;
	const text = await res.text();
	let data = null;
	try { data = text ? JSON.parse(text) : null; } catch { /* not JSON: reported below */ }
	if (!res.ok) throw new ServiceError(res.status, data && data.error ? data : null, data ? null : t('err.not_json', res.status));
	if (data === null) throw new ServiceError(res.status, null, t('err.not_json', res.status));
	return data;
}

// The service's error exactly as it said it: name, status, message, and where (in, pointer).
export function errorBox(err, context) {
	const b = err && err.body;
	const box = el('div', { class: 'error', role: 'alert' });
	if (context) box.append(el('p', { class: 'tight' }, el('strong', {}, context)));
	if (b) {
		box.append(el('p', { class: 'tight' }, el('span', { class: 'name' }, b.error), ` (${b.status ?? err.status}): `,
			el('span', { class: 'message' }, b.message)));
		if (b.in || b.pointer) {
			box.append(el('p', { class: 'hint tight' }, t('err.where', b.in || '-', b.pointer || '-')));
		}
	} else {
		box.append(el('p', { class: 'tight' }, el('span', { class: 'message' }, err && err.message ? err.message : String(err))));
	}
	return box;
}

export function copyButton(getText, label, cls = 'small') {
	const b = el('button', { type: 'button', class: ('secondary ' + cls).trim() }, label || t('copy'));
	b.addEventListener('click', async () => {
		const text = getText();
		let ok = false;
		try { await navigator.clipboard.writeText(text); ok = true; } catch { ok = selectCopy(text); }
		b.textContent = ok ? t('copied') : t('copy_failed');
		setTimeout(() => { b.textContent = label || t('copy'); }, 2000);
	});
	return b;
}

// Fallback where the clipboard API is refused (plain http on another host than localhost).
function selectCopy(text) {
	const ta = el('textarea', { 'aria-hidden': 'true', class: 'offscreen' });
	ta.value = text;
	document.body.append(ta);
	ta.select();
	let ok = false;
	try { ok = document.execCommand('copy'); } catch { ok = false; }
	ta.remove();
	return ok;
}

export function download(name, text, type = 'application/json') {
	const url = URL.createObjectURL(new Blob([text], { type }));
	const a = el('a', { href: url, download: name });
	document.body.append(a);
	a.click();
	a.remove();
	setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Writes the page state into the address bar (lang kept when it was chosen), so the page can be shared.
export function setUrl(params, push = true) {
	const q = new URLSearchParams();
	for (const [k, v] of Object.entries(params)) {
		if (v == null || v === '' || v === false || (Array.isArray(v) && !v.length)) continue;
		q.set(k, Array.isArray(v) ? v.join(',') : v === true ? '1' : String(v));
	}
	if (new URLSearchParams(location.search).has('lang') || lang !== browserLang()) q.set('lang', lang);
	const url = location.pathname + (q.toString() ? '?' + q : '');
	if (url === location.pathname + location.search) return;
	(push ? history.pushState : history.replaceState).call(history, null, '', url);
	langLinks();
}

function browserLang() {
	for (const l of navigator.languages || []) {
		const base = String(l).toLowerCase().split('-')[0];
		if (LANGS.includes(base)) return base;
	}
	return 'en';
}

export const params = () => new URLSearchParams(location.search);

export function list(v) { return v ? v.split(',').map(s => s.trim()).filter(Boolean) : []; }

function langLinks() {
	for (const a of document.querySelectorAll('[data-lang-link]')) {
		const q = new URLSearchParams(location.search);
		q.set('lang', a.dataset.langLink);
		a.href = location.pathname + '?' + q;
	}
}

// Page chrome: html lang, every [data-i18n] text and [data-i18n-*] attribute, the language links, the nav.
export function initPage(titleKey) {
	document.documentElement.lang = lang;
	for (const n of document.querySelectorAll('[data-i18n]')) n.textContent = t(n.dataset.i18n);
	for (const n of document.querySelectorAll('*')) {
		for (const a of n.getAttributeNames()) {
			if (a.startsWith('data-i18n-')) n.setAttribute(a.slice(10), t(n.getAttribute(a)));
		}
	}
	for (const a of document.querySelectorAll('[data-lang-link]')) {
		if (a.dataset.langLink === lang) a.setAttribute('aria-current', 'true');
	}
	for (const a of document.querySelectorAll('header.site nav a')) {
		const u = new URL(a.href);
		if (u.pathname === location.pathname || (location.pathname === '/entry.html' && u.pathname === '/directory.html')) {
			a.setAttribute('aria-current', 'page');
		}
		if (lang !== browserLang()) { u.searchParams.set('lang', lang); a.href = u.pathname + u.search; }
	}
	langLinks();
	if (titleKey) document.title = t(titleKey) + ' - autoplan';
}

// Links to another page of the front keep the chosen language.
export function pageHref(path, q = {}) {
	const s = new URLSearchParams();
	for (const [k, v] of Object.entries(q)) if (v != null && v !== '') s.set(k, v);
	if (lang !== browserLang() || params().has('lang')) s.set('lang', lang);
	return path + (s.toString() ? '?' + s : '');
}

export function versions(node, d) {
	if (!d || !d.catalog_version) return;
	clear(node, t('versions', d.catalog_version, d.rule_version, d.dataset_version));
}

// A label for a vocabulary value: the page's own words when it has them, else the value itself.
export function word(prefix, v) { return has(prefix + v) ? t(prefix + v) : String(v); }

export function badge(text, tone) { return el('span', { class: 'badge' + (tone ? ' ' + tone : '') }, text); }

// Where a client keeps its configuration file: scope, file name and the path per system.
export function fileTable(list) {
	return el('div', { class: 'table-wrap' }, el('table', {}, el('thead', {}, el('tr', {},
		el('th', { scope: 'col' }, t('entry.scope')), el('th', { scope: 'col' }, t('entry.file')), el('th', { scope: 'col' }, t('entry.where')))),
	el('tbody', {}, list.map(f => el('tr', {}, el('td', {}, f.scope), el('td', {}, el('code', {}, f.file_name)),
		el('td', {}, Object.entries(f.paths || {}).map(([os, p]) => el('div', {}, `${os}: `, p == null ? t('entry.no_path') : el('code', {}, p)))))))));
}
