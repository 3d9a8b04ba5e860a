#!/usr/bin/env bash
# make check: start a front server and the responder on loopback, run the libcurl tests against them,
# stop. FRONT=nginx (default), apache (Apache httpd + mod_fcgid) or cgi (Apache httpd + mod_cgid, the
# responder as classic CGI): the same tests must pass behind each (tests/integration/apache.sh, cgi.sh).
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
export FRONT=${FRONT:-nginx}
run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-it.XXXXXX")
cleanup() { "$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true; rm -rf "$run"; }
trap cleanup EXIT
if ! url=$(PORT=0 WORKERS=${WORKERS:-3} ACCESS_LOG=off "$src/tests/stack.sh" start "$build" "$src" "$run" 2>"$run/start.err"); then
	cat "$run/start.err"
	# A front that is not installed is skipped visibly (./dev.sh installs all three).
	if grep -q "not found" "$run/start.err"; then echo "SKIP: $FRONT front not installed"; exit 77; fi
	exit 1
fi
echo "front: $FRONT at $url"
export AUTOPLAN_BASE_URL=$url AUTOPLAN_RUNDIR=$run AUTOPLAN_FRONT=$FRONT
status=0
"$build/tests/integration/test_http" --jobs 1 || status=$?
if [ $status -ne 0 ]; then
	echo "--- responder log"; tail -n 30 "$run/responder.log" 2>/dev/null || true
	echo "--- front error log"; tail -n 30 "$run/error.log" || true
fi
exit $status
