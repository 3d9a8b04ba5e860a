// A line diff (longest common subsequence) between two texts: [{op: ' '|'-'|'+', text, a, b}], where a and b
// are the 1-based line numbers in the old and new text. No DOM: also runs in node.
export function lineDiff(oldText, newText) {
	const a = split(oldText), b = split(newText);
	const n = a.length, m = b.length;
	// Common prefix and suffix first: a corrected file usually changes a few lines in the middle.
	let pre = 0;
	while (pre < n && pre < m && a[pre] === b[pre]) pre++;
	let suf = 0;
	while (suf < n - pre && suf < m - pre && a[n - 1 - suf] === b[m - 1 - suf]) suf++;
	const A = a.slice(pre, n - suf), B = b.slice(pre, m - suf);
	const out = [];
	for (let i = 0; i < pre; i++) out.push({ op: ' ', text: a[i], a: i + 1, b: i + 1 });
	middle(A, B, pre, out);
	for (let i = 0; i < suf; i++) out.push({ op: ' ', text: a[n - suf + i], a: n - suf + i + 1, b: m - suf + i + 1 });
	return out;
}

function split(text) {
	if (!text) return [];
	const l = String(text).split('\n');
	if (l.length > 1 && l[l.length - 1] === '') l.pop();
	return l;
}

function middle(A, B, off, out) {
	const n = A.length, m = B.length;
	const w = m + 1;
	const len = new Uint32Array((n + 1) * w);
	for (let i = n - 1; i >= 0; i--) {
		for (let j = m - 1; j >= 0; j--) {
			len[i * w + j] = A[i] === B[j] ? len[(i + 1) * w + j + 1] + 1 : Math.max(len[(i + 1) * w + j], len[i * w + j + 1]);
		}
	}
	let i = 0, j = 0;
	while (i < n || j < m) {
		if (i < n && j < m && A[i] === B[j]) { out.push({ op: ' ', text: A[i], a: off + i + 1, b: off + j + 1 }); i++; j++; }
		else if (i < n && (j >= m || len[(i + 1) * w + j] >= len[i * w + j + 1])) { out.push({ op: '-', text: A[i], a: off + i + 1, b: null }); i++; }
		else { out.push({ op: '+', text: B[j], a: null, b: off + j + 1 }); j++; }
	}
}

export function diffCounts(d) {
	return { added: d.filter(x => x.op === '+').length, removed: d.filter(x => x.op === '-').length };
}
