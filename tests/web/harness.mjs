// The browser tests' shared part: one headless Chromium, pages that fail on any script error or unexpected
// failed request, calls to the same service from node (the tests compare the page with the service's own
// answers instead of hard-coding them), and screenshots under the build directory.
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { chromium } = require(process.env.WEB_PLAYWRIGHT);

export const BASE = process.env.WEB_URL;
export const SHOTS = process.env.WEB_SHOTS;
export const { LABELS } = await import(path.join(process.env.WEB_HTDOCS, 'assets/i18n.js'));

// The flags this machine needs: no sandbox (root), no GPU, no network beyond loopback, no first-run work.
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
	'--disable-background-networking', '--disable-component-update', '--disable-sync'];

// The Changes page asks whether monitoring is served; 404 is its answer where it is not.
const PROBES = ['/v2/monitoring/status'];

let browser;
export async function launch() {
	browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ARGS, timeout: 60000 });
	return browser;
}
export async function close() { if (browser) await browser.close(); }

// A page in a fresh context. `allow` lists path prefixes that may answer with an error status in this test.
export async function open(pathAndQuery, { locale = 'en-US', viewport = { width: 1280, height: 900 }, allow = [], ready = true } = {}) {
	const context = await browser.newContext({ locale, viewport, acceptDownloads: true });
	const page = await context.newPage();
	page.problems = [];
	page.apiCalls = [];
	page.on('pageerror', e => page.problems.push(`script error: ${e.message}`));
	page.on('console', m => {
		if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) page.problems.push(`console: ${m.text()}`);
	});
	page.on('requestfailed', r => page.problems.push(`request failed: ${r.url()} ${r.failure() && r.failure().errorText}`));
	page.on('response', r => {
		const u = new URL(r.url());
		const allowed = allow.concat(PROBES).some(a => u.pathname.startsWith(a));
		if (r.status() >= 400 && !allowed) page.problems.push(`HTTP ${r.status()}: ${u.pathname}`);
	});
	page.on('request', r => { if (new URL(r.url()).pathname.startsWith('/v')) page.apiCalls.push(r); });
	// The order in which page scripts start and finish their calls to the service (for the waterfall checks).
	await page.addInitScript(() => {
		const f = window.fetch;
		window.__calls = [];
		window.fetch = async (...a) => {
			const url = String(a[0]);
			window.__calls.push(['start', url]);
			try { return await f(...a); } finally { window.__calls.push(['end', url]); }
		};
	});
	if (pathAndQuery != null) await goto(page, pathAndQuery, ready);
	return page;
}

export async function goto(page, pathAndQuery, ready = true) {
	await page.goto(BASE + pathAndQuery);
	if (ready) await page.waitForSelector('body[data-ready]', { timeout: 20000 });
}

// Waits until no region of the page is busy with a request.
export async function settled(page) {
	await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 20000 });
}

export async function done(page, shotName) {
	if (shotName) await shot(page, shotName);
	const problems = page.problems;
	await page.context().close();
	assert.deepEqual(problems, [], 'the page had errors');
}

export async function shot(page, name) {
	await page.screenshot({ path: path.join(SHOTS, name + '.png'), fullPage: true });
}

// The service, asked directly.
export async function api(method, p, body, headers = {}) {
	const res = await fetch(BASE + p, { method, headers: { 'Content-Type': 'application/json', ...headers },
		body: body === undefined ? undefined : JSON.stringify(body) });
	const text = await res.text();
	return { status: res.status, body: text ? JSON.parse(text) : null };
}

export const text = (page, sel) => page.locator(sel).first().innerText();
export const content = (page, sel) => page.locator(sel).first().textContent();
export const texts = (page, sel) => page.locator(sel).allInnerTexts();
export const count = (page, sel) => page.locator(sel).count();
export { assert };
