#!/usr/bin/env bash
# make check: the responder operated like a service. Settings out of range are refused at start;
# --check validates a catalog and the settings and exits non-zero with the reason; SIGHUP re-reads the
# catalog and keeps every worker; the log has one line per event with its level and never what a
# client sent; SIGTERM drains and stops every process.
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
. "$src/tests/parts.sh"
. "$src/tests/wait.sh"
need_fronts nginx
bin="$build/src/autoplan"
run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-life.XXXXXX")
chmod 755 "$run"
cleanup() { "$src/tests/stack.sh" stop "$run/stack" >/dev/null 2>&1 || true; rm -rf "$run"; }
trap cleanup EXIT
fail() { echo "lifecycle: $*"; exit 1; }

# absurd settings are refused at start, with the reason, exit 2
for args in "--max-body -1" "--max-body 0" "--max-body 99999999999999999999" "--workers 0" "--workers 65" \
	"--read-timeout 0" "--max-params 10" "--max-body 1k"; do
	set +e; out=$("$bin" $args --check 2>&1); rc=$?; set -e
	[ $rc = 2 ] || fail "$args: exit $rc, expected 2 ($out)"
	grep -q "is not a whole number from" <<<"$out" || fail "$args: no reason given: $out"
done
set +e; out=$(AUTOPLAN_MAX_BODY=-5 "$bin" --check 2>&1); rc=$?; set -e
[ $rc = 2 ] && grep -q AUTOPLAN_MAX_BODY <<<"$out" || fail "AUTOPLAN_MAX_BODY=-5 accepted (exit $rc)"

# --check: the catalog with every check
out=$("$bin" --check --catalog "$build/catalog.bin") || fail "--check refused the built catalog"
grep -q "^autoplan: ok: catalog .*sha256 verified" <<<"$out" || fail "--check said: $out"
cp "$build/catalog.bin" "$run/damaged.bin"
printf 'X' | dd of="$run/damaged.bin" bs=1 seek=200000 conv=notrunc status=none
set +e; out=$("$bin" --check --catalog "$run/damaged.bin" 2>&1); rc=$?; set -e
[ $rc = 1 ] && grep -q "checksum mismatch" <<<"$out" || fail "a damaged catalog passed --check (exit $rc): $out"
set +e; out=$("$bin" --check --catalog "$run/none.bin" 2>&1); rc=$?; set -e
[ $rc = 1 ] && grep -q "cannot open" <<<"$out" || fail "a missing catalog passed --check (exit $rc)"
set +e; out=$("$bin" --check --listen 127.0.0.1:99999 --catalog "$build/catalog.bin" 2>&1); rc=$?; set -e
[ $rc = 2 ] || fail "--listen with port 99999 passed --check"

# serving: SIGHUP keeps the workers
cp "$build/catalog.bin" "$run/live.bin"
chmod 644 "$run/live.bin"
url=$(CATALOG="$run/live.bin" PORT=0 WORKERS=3 ACCESS_LOG=off "$src/tests/stack.sh" start "$build" "$src" "$run/stack")
log="$run/stack/responder.log"
master=$(cat "$run/stack/responder.pid")
workers() { pgrep -P "$master" -x autoplan-worker | sort | tr '\n' ' '; }
before=$(workers)
[ "$(wc -w <<<"$before")" = 3 ] || fail "expected 3 workers, found: $before"
kill -HUP "$master"
wait_until 10 grep -q "catalog re-mapped" "$log" || true
grep -q "catalog re-mapped: version .* sent to 3 workers" "$log" || fail "SIGHUP did not re-map: $(cat "$log")"
code=$(curl -s -o /dev/null -w '%{http_code}' "$url/v2/tasks")
[ "$code" = 200 ] || fail "after SIGHUP: HTTP $code"
[ "$(workers)" = "$before" ] || fail "SIGHUP replaced workers: $before -> $(workers)"
kill -0 "$master" || fail "SIGHUP ended the supervisor"

# what clients send never reaches the log, even in errors
marker="secret-marker-$RANDOM"
curl -s -o /dev/null "$url/v2/capabilities?query=$marker" || true
curl -s -o /dev/null -H 'Content-Type: application/json' -d "{\"query\":\"$marker\",\"x\":" "$url/v2/workflows/plan" || true
curl -s -o /dev/null -H "Authorization: Bearer $marker" "$url/v2/nothing/$marker" || true
kill -KILL "$(workers | cut -d' ' -f1)"
wait_until 10 grep -q "worker [0-9]* killed by signal 9 (Killed).*starting another" "$log" ||
	fail "a killed worker was not logged with its signal within 10 s"
! grep -q "$marker" "$log" || fail "the log holds what a client sent"

# SIGTERM: drains and stops every process
kill -TERM "$master"
wait_until 30 gone "$master" || fail "SIGTERM did not stop the supervisor within 30 s"
[ -z "$(pgrep -f -- "--listen 127.0.0.1:$(cat "$run/stack/fcgi_port")" || true)" ] || fail "processes left after SIGTERM"
grep -q "info: stopped" "$log" || fail "the stop was not logged"
bad=$(grep -cvE '^[0-9T:-]+Z autoplan\[[0-9]+\]: (info|warning|error): ' "$log" || true)
[ "$bad" = 0 ] || fail "log lines without a level: $(grep -vE 'autoplan\[[0-9]+\]: (info|warning|error): ' "$log")"
echo "lifecycle: settings refused with reasons, --check, SIGHUP kept 3 workers, signal logged, nothing a client sent logged, SIGTERM stopped all"
