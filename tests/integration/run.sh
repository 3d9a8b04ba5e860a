#!/usr/bin/env bash
# make check: start nginx and the responder on loopback, run the libcurl tests against them, stop.
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-it.XXXXXX")
cleanup() { "$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true; rm -rf "$run"; }
trap cleanup EXIT
url=$(PORT=0 WORKERS=${WORKERS:-3} ACCESS_LOG=off "$src/tests/stack.sh" start "$build" "$src" "$run")
export AUTOPLAN_BASE_URL=$url AUTOPLAN_RUNDIR=$run
status=0
"$build/tests/integration/test_http" --jobs 1 || status=$?
if [ $status -ne 0 ]; then
	echo "--- responder log"; tail -n 30 "$run/responder.log" || true
	echo "--- nginx error log"; tail -n 30 "$run/error.log" || true
fi
exit $status
