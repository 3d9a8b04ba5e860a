#!/bin/sh
# autoplan-verify --directory end to end: a real npm MCP server of the directory (server-memory) installed
# into the content-addressed cache with install scripts disabled, started in the sandbox, verified; its
# report names the sandbox and its limits, observes the tools, and compiles as a catalog report. An entry of
# another kind (server-git, a PyPI package) is "not attempted" with the reason; a second run with --max-age
# skips what was just verified; an unknown key is refused. The entry's committed verification plan
# (catalog/verify-plans/, a harmless call) is carried out in the sandbox; the changes since an earlier observation are classified.
# Skips (77) when bwrap, node or npm is missing or the npm registry is unreachable (tests/parts.sh: a
# failure under ./dev.sh test).
set -u
src=${AUTOPLAN_SRCDIR:-.}
build=${AUTOPLAN_BUILDDIR:-.}
verify=$build/src/autoplan-verify
catalog=${AUTOPLAN_CATALOG:-$build/catalog.bin}
. "$src/tests/parts.sh"
need_commands bwrap node npm
npm view @modelcontextprotocol/server-memory version >/dev/null 2>&1 || missing_part "the npm registry could not be reached"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
mkdir -p "$tmp/reports"
cache=$(cd "$build" && pwd)/npm-cache
memory=io.github.modelcontextprotocol/server-memory git=io.github.modelcontextprotocol/server-git
date=2026-11-25

# An earlier observation of server-memory (the committed report, made a day older): it lacked read_graph
# and had a tool the server no longer has. The run reports the changes since.
node -e '
const r = require(process.argv[1]);
r.id = "io-github-modelcontextprotocol-server-memory-2026-11-24"; r.date = "2026-11-24";
r.observed_tool_input_schemas = r.observed_tool_input_schemas.filter(t => t.tool !== "read_graph");
r.observed_tool_input_schemas.push({ tool: "old_tool", input_schema: { type: "object", properties: {} } });
require("fs").writeFileSync(process.argv[2], JSON.stringify(r, null, 2));
' "$src/catalog/reports/io-github-modelcontextprotocol-server-memory-2026-11-22.json" \
	"$tmp/reports/io-github-modelcontextprotocol-server-memory-2026-11-24.json" || bad "cannot plant the earlier report"

# The entry's verification plan, a harmless call: the committed one ./dev.sh verify passes.
"$verify" --directory --catalog "$catalog" --reports "$tmp/reports" --cache "$cache" --jobs 2 --timeout 60000 \
	--plans "$src/catalog/verify-plans" --date $date "$memory" "$git" >"$tmp/summary.txt" 2>&1
rc=$?
cat "$tmp/summary.txt"
[ $rc = 0 ] || bad "exit status $rc"
grep -q "^$memory: verified in [0-9.]* s, peak [0-9]* MiB: package_resolved pass, started pass, schema_read pass, execution_tested pass" "$tmp/summary.txt" ||
	bad "server-memory was not verified"
grep -q "^$git: not attempted: PyPI packages" "$tmp/summary.txt" || bad "server-git is not 'not attempted' with its reason"
grep -q "^$memory: verified.*; since 2026-11-24: [1-9][0-9]* breaking and [1-9][0-9]* compatible tool changes" "$tmp/summary.txt" ||
	bad "the changes since the earlier report are not in the summary"
grep -q "^autoplan-verify: 2 entries: 1 verified, 0 failed, 0 not installed, 1 not attempted" "$tmp/summary.txt" || bad "summary line"

report=$tmp/reports/io-github-modelcontextprotocol-server-memory-$date.json
[ -f "$report" ] || { bad "no report written"; exit 1; }
ls "$tmp/reports" | grep -q server-git && bad "a report was written for an entry not attempted"
# The report: the sandbox and its limits, the install without scripts, the tools observed.
node -e '
const r = require(process.argv[1]), e = r.environment, s = e.sandbox, fail = m => { console.log("FAIL: report: " + m); process.exitCode = 1; };
const tools = r.observed_tool_input_schemas.map(t => t.tool);
for (const t of ["create_entities", "read_graph", "search_nodes"]) if (!tools.includes(t)) fail("tool " + t + " not observed: " + tools);
if (!r.observed_tool_input_schemas.every(t => t.input_schema && t.input_schema.type === "object")) fail("an input schema is not an object schema");
if (s.kind !== "bubblewrap" || !/^none/.test(s.network) || !s.namespaces.includes("network")) fail("sandbox " + JSON.stringify(s));
if (!(s.limits.wall_clock_seconds > 0 && s.limits.address_space_mib > 0 && s.limits.processes > 0 && s.limits.cpu_seconds > 0 && s.limits.file_size_mib > 0)) fail("limits");
if (e.install_scripts !== "disabled") fail("install scripts not reported as disabled");
if (!/^node v[0-9]/.test(e.runtime)) fail("runtime " + e.runtime);
if (!/^npm:@modelcontextprotocol\/server-memory@[0-9]/.test(r.subject.package)) fail("package " + r.subject.package);
if (r.subject.entry !== "mcp/io-github-modelcontextprotocol-server-memory") fail("entry " + r.subject.entry);
if (!r.limitations.some(l => /install scripts disabled/.test(l.en))) fail("no limitation about install scripts");
const res = Object.fromEntries(r.assertions.map(a => [a.level, a.result]));
if (res.started !== "pass" || res.schema_read !== "pass" || res.package_resolved !== "pass" || res.execution_tested !== "pass") fail("assertions " + JSON.stringify(res));
console.log("ok: report observes " + tools.length + " tools in the sandbox");
' "$report" || fails=$((fails + 1))
grep -q '"FAIL' "$report" && bad "report"
# The cache holds the package under the hash of its name and version, installed without scripts.
ls "$cache"/*/node_modules/@modelcontextprotocol/server-memory/package.json >/dev/null 2>&1 || bad "the cache holds no server-memory"

# The changes between the two observations, classified.
"$verify" --changes "$tmp/reports/io-github-modelcontextprotocol-server-memory-2026-11-24.json" "$report" >"$tmp/changes.json" ||
	bad "--changes failed"
node -e '
const d = require(process.argv[1]), has = (t, k, c) => d.changes.some(x => x.tool === t && x.kind === k && x.class === c);
if (d.status !== "breaking" || !has("old_tool", "tool_removed", "breaking") || !has("read_graph", "tool_added", "compatible"))
	{ console.log("FAIL: changes " + JSON.stringify(d)); process.exit(1); }
console.log("ok: " + d.changes.length + " changes since the earlier observation, " + d.status);
' "$tmp/changes.json" || fails=$((fails + 1))

# The catalog compiler takes the report. The entry's shipped reports are left out of the copy: the levels
# then come from this run's, whatever the dates the shipped ones have.
mkdir -p "$tmp/cat"
cp -R "$src/catalog/." "$tmp/cat/"
rm -f "$tmp/cat/reports"/io-github-modelcontextprotocol-server-memory-*.json
cp "$report" "$tmp/cat/reports/"
"$build/src/autoplan-catalogc" "$tmp/cat" "$tmp/cat.bin" || bad "the report does not compile"
# and the levels follow from it: row 4 names the new report for the levels it reached
env -i PATH="$PATH" AUTOPLAN_CATALOG="$tmp/cat.bin" GATEWAY_INTERFACE=CGI/1.1 REQUEST_METHOD=GET QUERY_STRING= \
	REQUEST_URI=/v2/verifications/mcp/io-github-modelcontextprotocol-server-memory SERVER_PROTOCOL=HTTP/1.1 \
	"$build/src/autoplan" | awk 'body { print } /^\r?$/ { body = 1 }' >"$tmp/row4.json"
node -e '
const v = require(process.argv[1]), id = "io-github-modelcontextprotocol-server-memory-2026-11-25";
for (const l of ["package_resolved", "started", "schema_read", "execution_tested"]) {
	const d = v.details.find(x => x.level === l);
	if (!d || !d.reached || d.report !== id || d.date !== "2026-11-25") { console.log("FAIL: row 4 " + l + ": " + JSON.stringify(d)); process.exit(1); }
}
if (!v.connections.some(c => c.id === "npx" && c.levels.includes("execution_tested"))) { console.log("FAIL: row 4 connections"); process.exit(1); }
console.log("ok: row 4 reaches every level by the new report");
' "$tmp/row4.json" || fails=$((fails + 1))

# Resumable: what was verified today is skipped.
"$verify" --directory --catalog "$catalog" --reports "$tmp/reports" --cache "$cache" --max-age 1 --date $date \
	"$memory" >"$tmp/again.txt" 2>&1 || bad "second run: exit status $?"
grep -q "^$memory: skipped (recent report)" "$tmp/again.txt" || { cat "$tmp/again.txt"; bad "--max-age did not skip"; }
# A key that names no entry is refused.
"$verify" --directory --catalog "$catalog" --reports "$tmp/reports" --cache "$cache" no.such/entry >"$tmp/bad.txt" 2>&1
[ $? = 2 ] && grep -q "no MCP entry no.such/entry" "$tmp/bad.txt" || bad "an unknown key was not refused"
# No sandboxed process is left behind.
. "$src/tests/wait.sh"
none_left() { ! pgrep -f "/pkg/node_modules/@modelcontextprotocol/server-memory" >/dev/null 2>&1; }
wait_until 5 none_left || bad "server processes still running"
[ "$fails" = 0 ]
