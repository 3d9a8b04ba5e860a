// The page modules that need no browser: where an issue's JSON Pointer lies in JSON(C), TOML and YAML text,
// the line diff, and that both languages have the same labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

const dir = path.join(process.env.WEB_HTDOCS || new URL('../../htdocs', import.meta.url).pathname, 'assets');
const L = await import(path.join(dir, 'locate.js'));
const { lineDiff, diffCounts } = await import(path.join(dir, 'diff.js'));
const { LABELS } = await import(path.join(dir, 'i18n.js'));

test('JSON with comments and trailing commas: members and elements by line', () => {
	const m = L.jsonLines('{\n  // note\n  "mcpServers": {\n    "a/b": {\n      "args": ["x",\n        "y",],\n    },\n  },\n}\n');
	assert.equal(L.lineOf(m, '/mcpServers'), 3);
	assert.equal(L.lineOf(m, '/mcpServers/a~1b'), 4);
	assert.equal(L.lineOf(m, '/mcpServers/a~1b/args/1'), 6);
	assert.equal(L.lineOf(m, '/mcpServers/a~1b/missing'), 4, 'the deepest part that exists');
	assert.equal(L.lineOf(m, ''), null, 'the whole document has no line');
	assert.throws(() => L.jsonLines('"key": {}'), /not JSON/);
});

test('TOML tables, quoted and dotted keys', () => {
	const m = L.tomlLines('# c\n[mcp_servers.mem]\ncommand = "npx"\nenv.KEY = "v"\n\n[mcp_servers."two words".env]\nK = "v"\n');
	assert.equal(L.lineOf(m, '/mcp_servers/mem'), 2);
	assert.equal(L.lineOf(m, '/mcp_servers/mem/command'), 3);
	assert.equal(L.lineOf(m, '/mcp_servers/mem/env/KEY'), 4);
	assert.equal(L.lineOf(m, '/mcp_servers/two words/env/K'), 7);
});

test('YAML maps and lists, items at the key\'s indentation or deeper', () => {
	const m = L.yamlLines('extensions:\n  mem:\n    args:\n      - -y\n      - x\nservers:\n- name: a\n  command: x\n- name: b\n  args:\n    - q\n');
	assert.equal(L.lineOf(m, '/extensions/mem/args/1'), 5);
	assert.equal(L.lineOf(m, '/servers/0/command'), 8);
	assert.equal(L.lineOf(m, '/servers/1'), 9);
	assert.equal(L.lineOf(m, '/servers/1/args/0'), 11);
});

test('list entries are found by their name member too', () => {
	const y = L.yamlLines('mcpServers:\n  - name: memory\n    command: npx\n  - name: "git"\n    env:\n      K: v\n');
	assert.equal(L.lineOf(y, '/mcpServers/memory/command'), 3);
	assert.equal(L.lineOf(y, '/mcpServers/git/env/K'), 6);
	assert.equal(L.lineOf(y, '/mcpServers/git'), 4);
	const j = L.jsonLines('{"servers": [\n {"name": "a",\n  "url": "x"}]}');
	assert.equal(L.lineOf(j, '/servers/a/url'), 3);
	assert.equal(L.lineOf(j, '/servers/0/url'), 3);
});

test('pathLines picks JSON first, then the client format; syntax messages give their line', () => {
	assert.equal(L.lineOf(L.pathLines('{"a": {"b": 1}}', 'toml'), '/a/b'), 1);
	assert.equal(L.lineOf(L.pathLines('[a]\nb = 1\n', 'toml'), '/a/b'), 2);
	assert.equal(L.messageLine('line 12, column 3: expected a value'), 12);
	assert.equal(L.messageLine('something else'), null);
});

test('line diff keeps common lines and marks the rest', () => {
	const d = lineDiff('a\nb\nc\nd\n', 'a\nB\nc\nd\ne\n');
	assert.deepEqual(d.map(x => x.op + x.text), [' a', '-b', '+B', ' c', ' d', '+e']);
	assert.deepEqual(diffCounts(d), { added: 2, removed: 1 });
	assert.deepEqual(lineDiff('same\n', 'same\n').map(x => x.op), [' ']);
	assert.deepEqual(lineDiff('', 'x\n').map(x => x.op + x.text), ['+x']);
});

test('English and German have the same labels, none empty, with the same placeholders', () => {
	assert.deepEqual(Object.keys(LABELS.de).sort(), Object.keys(LABELS.en).sort());
	for (const [k, v] of Object.entries(LABELS.en)) {
		assert.ok(v && LABELS.de[k], k);
		assert.deepEqual((LABELS.de[k].match(/\{\d\}/g) || []).sort(), (v.match(/\{\d\}/g) || []).sort(), k);
	}
});
