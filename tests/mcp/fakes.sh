#!/bin/sh
# Failure modes of autoplan-verify against tiny fake servers: each ends in a report that says what went
# wrong, within its deadline, never a hang; every report compiles as a catalog report. The servers run in
# the sandbox (bubblewrap), with this folder bound read-only at /pkg.
set -u
src=${AUTOPLAN_SRCDIR:-.}
build=${AUTOPLAN_BUILDDIR:-.}
verify=$build/src/autoplan-verify
fake=/pkg/fake_mcp.sh
pkgdir=$(cd "$src/tests/mcp" && pwd)
. "$src/tests/parts.sh"
need_commands bwrap
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
printf '%s\n' '{"call":{"tool":"two","arguments":{"x":"y"},"expect_text":"hi"}}' >"$tmp/plan.json"

# mode, expected exit status, text the failing assertion's detail must contain, result of each level;
# FAKE_ARG, LIMITS (sandbox options) and TIMEOUT (ms, default 1500) from the environment
check() {
	mode=$1 want_rc=$2 want_text=$3 levels=$4
	start=$(date +%s)
	"$verify" --id "fake-$mode" --date 2026-01-01 --timeout "${TIMEOUT:-1500}" --plan "$tmp/plan.json" ${LIMITS:-} \
		--out "$tmp/fake-$mode.json" --package-dir "$pkgdir" -- "$fake" "$mode" ${FAKE_ARG:-}
	rc=$?
	took=$(( $(date +%s) - start ))
	[ "$rc" = "$want_rc" ] || bad "$mode: exit status $rc, expected $want_rc"
	[ "$took" -le 10 ] || bad "$mode: took ${took}s"
	# (what the report says instead, for whoever meets a failure that does not repeat)
	grep -q -- "$want_text" "$tmp/fake-$mode.json" ||
		bad "$mode: report lacks \"$want_text\"; its details: $(grep -o '"detail": "[^"]*' "$tmp/fake-$mode.json" | cut -c12- | tr '\n' '|')"
	got=$(grep '"result":' "$tmp/fake-$mode.json" | sed 's/.*"result": "\([a-z]*\)".*/\1/' | tr '\n' ' ')
	[ "$got" = "$levels" ] || bad "$mode: results \"$got\", expected \"$levels\""
	echo "ok: $mode ($took s): $got"
}

check exit 3 'exited with status 3' 'skipped fail skipped skipped '
check garbage 3 'not a JSON-RPC 2.0 message' 'skipped fail skipped skipped '
check silent 3 'no answer to initialize within 1500 ms' 'skipped fail skipped skipped '
check stall 3 'no answer to tools/list within 1500 ms' 'skipped pass fail skipped '
check badtool 3 'has no object inputSchema' 'skipped pass fail skipped '
check paged 0 '2 tools listed' 'skipped pass pass pass '
grep -q '"tool": "two"' "$tmp/fake-paged.json" || bad "paged: the second page's tool is not recorded"

# Hostile servers, each contained by the sandbox and reported with the reason.
# A listener on the host's loopback that the server tries to reach.
node -e 'const s = require("net").createServer(c => c.end()).listen(0, "127.0.0.1", () => console.log(s.address().port)); setTimeout(() => s.close(), 60000).unref(); process.stdin.on("end", () => process.exit(0)); process.stdin.resume();' \
	>"$tmp/port" </dev/null &
listener=$!
. "$src/tests/wait.sh"
has_port() { [ -s "$tmp/port" ]; }
wait_until 10 has_port || bad "the host listener did not start"
FAKE_ARG=$(cat "$tmp/port") check network 3 'no connection to 127.0.0.1' 'skipped fail skipped skipped '
kill "$listener" 2>/dev/null
secret=$(mktemp /tmp/autoplan-secret.XXXXXX)
chmod 644 "$secret"
FAKE_ARG=$secret check readout 3 "cannot read $secret" 'skipped fail skipped skipped '
rm -f "$secret"
check writeout 3 'nothing outside home and /tmp is writable' 'skipped fail skipped skipped '
for f in /usr/fake-was-here /etc/fake-was-here /fake-was-here "$pkgdir/fake-was-here"; do [ -e "$f" ] && bad "writeout wrote $f"; done
LIMITS="--processes 64 --wall 5" check forkbomb 3 'no answer to initialize within 1500 ms' 'skipped fail skipped skipped '
# (it reaches the address-space limit within a second or two: no deadline of 1.5 s should decide that)
TIMEOUT=9000 LIMITS="--memory 2048 --wall 20" check allocbomb 3 'RangeError: Array buffer allocation' 'skipped fail skipped skipped '

# A command that does not exist is a failed start, not a crash.
"$verify" --id fake-missing --timeout 1500 --out "$tmp/fake-missing.json" -- /pkg/no-such-server
[ $? = 3 ] && grep -q 'No such file or directory' "$tmp/fake-missing.json" || bad "missing command"
# Bad options are refused with status 2 and no report.
"$verify" --id 'Not A Slug' --out "$tmp/x.json" --package-dir "$pkgdir" -- "$fake" paged 2>/dev/null
[ $? = 2 ] && [ ! -e "$tmp/x.json" ] || bad "a bad report id was accepted"

# No server processes are left behind (the runner kills each one's process group: a moment for the kernel).
none_left() { ! pgrep -f "$fake" >/dev/null 2>&1; }
wait_until 5 none_left || bad "fake servers still running 5 s after the runner ended"

# Every report is a valid catalog report.
mkdir -p "$tmp/cat"
cp -R "$src/catalog/." "$tmp/cat/"
mkdir -p "$tmp/cat/reports"
cp "$tmp"/fake-*.json "$tmp/cat/reports/"
"$build/src/autoplan-catalogc" "$tmp/cat" "$tmp/cat.bin" || bad "reports do not compile"

[ "$fails" = 0 ] || exit 1
echo "all failure modes reported"
