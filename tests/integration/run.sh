#!/usr/bin/env bash
# make check: start a front server and the responder on loopback, run the libcurl tests against them,
# stop. FRONT=nginx (default), apache (Apache httpd + mod_fcgid) or cgi (Apache httpd + mod_cgid, the
# responder as classic CGI): the same tests must pass behind each (tests/integration/apache.sh, cgi.sh).
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
export FRONT=${FRONT:-nginx}
. "$src/tests/parts.sh"
need_fronts "$FRONT"
run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-it.XXXXXX")
cleanup() { "$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true; rm -rf "$run"; }
trap cleanup EXIT
if ! url=$(PORT=0 WORKERS=${WORKERS:-3} ACCESS_LOG=off "$src/tests/stack.sh" start "$build" "$src" "$run" 2>"$run/start.err"); then
	cat "$run/start.err"
	exit 1
fi
echo "front: $FRONT at $url"
export AUTOPLAN_BASE_URL=$url AUTOPLAN_RUNDIR=$run AUTOPLAN_FRONT=$FRONT
# nginx's own errors are nginx's: behind Apache they are not run (Apache's are in test_edges.c).
only=()
[ "$FRONT" = nginx ] || only=(--filter '!(front/*)')
status=0
criterion_run "$build/tests/integration/test_http" --jobs 1 "${only[@]}" || status=$?
if [ $status -ne 0 ]; then
	echo "--- responder log"; tail -n 30 "$run/responder.log" 2>/dev/null || true
	echo "--- front error log"; tail -n 30 "$run/error.log" || true
fi
exit $status
