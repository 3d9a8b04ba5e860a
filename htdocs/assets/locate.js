// Finds the line a JSON Pointer (an issue's path) refers to in a configuration as the user wrote it: JSON or
// JSONC (comments, trailing commas), TOML (tables, dotted keys) or block-style YAML. No DOM: also runs in node.

// The pointer's segments: "/a/b~1c" -> ["a", "b/c"].
export function segments(pointer) {
	if (!pointer) return [];
	return pointer.split('/').slice(1).map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const key = (segs) => segs.join('\u0000');

// Map of every path in a JSON(C) text to the line (1-based) where its member name or element starts.
export function jsonLines(text) {
	const lines = new Map();
	const names = new Map();
	let i = 0, line = 1;
	const n = text.length;
	const fail = () => { throw new Error('not JSON'); };
	function skip() {
		for (;;) {
			const c = text[i];
			if (c === '\n') { line++; i++; } else if (c === ' ' || c === '\t' || c === '\r' || c === ',') i++;
			else if (c === '/' && text[i + 1] === '/') { while (i < n && text[i] !== '\n') i++; }
			else if (c === '/' && text[i + 1] === '*') {
				i += 2;
				while (i < n && !(text[i] === '*' && text[i + 1] === '/')) { if (text[i] === '\n') line++; i++; }
				i += 2;
			} else return;
		}
	}
	function string() {
		let s = '';
		i++;
		while (i < n && text[i] !== '"') {
			if (text[i] === '\\') { s += text[i + 1] === 'n' ? '\n' : text[i + 1]; i += 2; } else { if (text[i] === '\n') line++; s += text[i++]; }
		}
		if (i >= n) fail();
		i++;
		return s;
	}
	function value(path) {
		skip();
		const c = text[i];
		if (c === '{') {
			i++;
			for (;;) {
				skip();
				if (text[i] === '}') { i++; return; }
				if (text[i] !== '"') fail();
				const at = line;
				const k = string();
				skip();
				if (text[i] !== ':') fail();
				i++;
				const p = [...path, k];
				if (!lines.has(key(p))) lines.set(key(p), at);
				skip();
				if (k === 'name' && text[i] === '"' && /^\d+$/.test(path[path.length - 1] || '')) {
					const save = [i, line];
					names.set(key(path), string());
					[i, line] = save;
				}
				value(p);
			}
		} else if (c === '[') {
			i++;
			for (let idx = 0; ; idx++) {
				skip();
				if (text[i] === ']') { i++; return; }
				const p = [...path, String(idx)];
				lines.set(key(p), line);
				value(p);
			}
		} else if (c === '"') string();
		else if (i < n && /[-0-9tfn]/.test(c)) { while (i < n && /[-+0-9.eEtruefalsn]/.test(text[i])) i++; }
		else fail();
	}
	lines.set('', 1);
	value([]);
	skip();
	if (i < n) fail();
	return aliasNames(lines, names);
}

// TOML: table headers ([a.b], [a."b c"]) and key = value lines, dotted keys included.
function tomlKeys(s) {
	const out = [];
	const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y;
	let m;
	re.lastIndex = 0;
	while (re.lastIndex < s.length && (m = re.exec(s))) {
		out.push(m[1] ?? m[2] ?? m[3]);
		if (!m[4]) break;
	}
	return out;
}

export function tomlLines(text) {
	const lines = new Map([['', 1]]);
	let table = [];
	text.split('\n').forEach((raw, idx) => {
		const l = raw.trim();
		let m;
		if ((m = /^\[\[?([^\]]+)\]\]?/.exec(l))) {
			table = tomlKeys(m[1]);
			setAll(lines, table, idx + 1);
		} else if ((m = /^((?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_.\s-])+?)\s*=/.exec(l))) {
			setAll(lines, [...table, ...tomlKeys(m[1])], idx + 1);
		}
	});
	return lines;
}

// YAML, block style: "key:" lines and "- " items, placed by their indentation.
export function yamlLines(text) {
	const lines = new Map([['', 1]]);
	const stack = [];          // {kind: 'key'|'item', indent, content, path}
	const counters = new Map(); // parent path -> next item index
	const names = new Map();    // list item path -> its name member
	const top = () => stack[stack.length - 1];
	const parentPath = () => (stack.length ? top().path : []);
	text.split('\n').forEach((raw, idx) => {
		const trimmed = raw.trimStart();
		if (!trimmed || trimmed.startsWith('#') || trimmed.startsWith('---')) return;
		let indent = raw.length - trimmed.length;
		let rest = trimmed;
		let m;
		while ((m = /^-(\s+|$)/.exec(rest))) {
			while (stack.length && ((top().kind === 'key' && top().indent > indent) || (top().kind === 'item' && top().indent >= indent))) stack.pop();
			const pk = key(parentPath());
			const n = counters.get(pk) || 0;
			counters.set(pk, n + 1);
			const path = [...parentPath(), String(n)];
			setAll(lines, path, idx + 1);
			stack.push({ kind: 'item', indent, content: indent + m[0].length, path });
			indent += m[0].length;
			rest = rest.slice(m[0].length);
		}
		const kv = /^("(?:[^"\\]|\\.)*"|'[^']*'|[^:#'"][^:#]*?)\s*:(\s|$)/.exec(rest);
		if (!kv) return;
		while (stack.length && ((top().kind === 'key' && top().indent >= indent) || (top().kind === 'item' && top().content > indent))) stack.pop();
		const path = [...parentPath(), kv[1].replace(/^["']|["']$/g, '')];
		setAll(lines, path, idx + 1);
		if (path[path.length - 1] === 'name' && /^\d+$/.test(path[path.length - 2] || '')) {
			const v = rest.slice(kv[0].length).replace(/\s+#.*$/, '').trim().replace(/^["']|["']$/g, '');
			if (v) names.set(key(path.slice(0, -1)), v);
		}
		stack.push({ kind: 'key', indent, path });
	});
	return aliasNames(lines, names);
}

// A list entry with a name member is also found by that name: the check names list entries by their server
// name ("/mcpServers/memory/command" for "mcpServers: [{name: memory, command: ...}]").
function aliasNames(lines, names) {
	for (const [item, name] of names) {
		const parent = item.split('\u0000').slice(0, -1);
		const alias = key([...parent, name]);
		for (const [k, line] of [...lines]) {
			if (k === item || k.startsWith(item + '\u0000')) {
				const a = alias + k.slice(item.length);
				if (!lines.has(a)) lines.set(a, line);
			}
		}
	}
	return lines;
}

function setAll(lines, path, line) {
	for (let j = 1; j <= path.length; j++) {
		const k = key(path.slice(0, j));
		if (!lines.has(k)) lines.set(k, line);
	}
	if (!lines.has(key(path))) lines.set(key(path), line);
}

// The line of the deepest part of the pointer that can be found; null when not even its first part is there.
export function lineOf(map, pointer) {
	const segs = segments(pointer);
	for (let j = segs.length; j > 0; j--) {
		const k = key(segs.slice(0, j));
		if (map.has(k)) return map.get(k);
	}
	return null;
}

// One map for a text: JSON(C) when it parses as such, else the client's format.
export function pathLines(text, format) {
	try { return jsonLines(text); } catch { /* not JSON: the client's own format below */ }
	try {
		if (format === 'toml') return tomlLines(text);
		if (format === 'yaml') return yamlLines(text);
	} catch { /* no map: every issue goes to the top */ }
	return new Map([['', 1]]);
}

// "line 3, column 7: ..." in a syntax error's message.
export function messageLine(message) {
	const m = /^line (\d+), column (\d+)/.exec(message || '');
	return m ? Number(m[1]) : null;
}
