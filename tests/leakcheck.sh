#!/usr/bin/env bash
# make check: one responder process under valgrind serves 10,000 requests (answers and errors of every
# kind) through nginx, then stops cleanly; valgrind must report no leak and no error.
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
# The one designed skip: a sanitizer build has its own leak check, and valgrind cannot run it. Nothing is
# missing, so it stays a skip under AUTOPLAN_REQUIRE_ALL too (./dev.sh test --sanitize shows 1 skipped).
if [ -n "${AUTOPLAN_SANITIZERS:-}" ]; then echo "SKIP: valgrind does not run sanitizer builds (LeakSanitizer checks them)"; exit 77; fi
. "$src/tests/parts.sh"
. "$src/tests/wait.sh"
need_commands valgrind
need_fronts nginx
run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-leak.XXXXXX")
cleanup() { STOP_WAIT=600 "$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true; rm -rf "$run"; }
trap cleanup EXIT
n=${LEAKCHECK_REQUESTS:-10000}
# valgrind cannot run a process under a seccomp filter (it has no handler for the call): the filter is
# tested on its own (tests/sandbox.sh), the leak check runs without it.
export AUTOPLAN_SANDBOX=off
url=$(PORT=0 WORKERS=1 ACCESS_LOG=off RESPONDER_WRAPPER="valgrind -q --vgdb=no --leak-check=full --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=9 --log-file=$run/valgrind.log" \
	"$src/tests/stack.sh" start "$build" "$src" "$run")
"$build/tests/leakload" "$url" "$n"
pid=$(cat "$run/responder.pid")
kill -TERM "$pid"
status=0
wait_until 120 gone "$pid" || { echo "the responder under valgrind did not stop within 120 s of SIGTERM"; exit 1; }
wait "$pid" 2>/dev/null || status=$?
if [ -s "$run/valgrind.log" ]; then
	echo "valgrind reported:"; cat "$run/valgrind.log"; exit 1
fi
echo "valgrind: no leak and no error over $n requests in one responder"
