#!/usr/bin/env bash
# make check: the same requests through nginx, Apache with mod_fcgid and Apache with mod_cgid must get the
# same answers (tests/integration/test_fronts.c). Starts the three stacks on free loopback ports.
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
top=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-fronts.XXXXXX")
chmod 755 "$top" # Apache's children (an unprivileged user when run as root) work in $top/apache and $top/cgi
fronts=(nginx apache cgi)
. "$src/tests/parts.sh"
need_fronts "${fronts[@]}"
cleanup() {
	for f in "${fronts[@]}"; do "$src/tests/stack.sh" stop "$top/$f" >/dev/null 2>&1 || true; done
	rm -rf "$top"
}
trap cleanup EXIT
for f in "${fronts[@]}"; do
	mkdir -p "$top/$f"
	if ! url=$(FRONT=$f PORT=0 WORKERS=2 ACCESS_LOG=off "$src/tests/stack.sh" start "$build" "$src" "$top/$f" 2>"$top/$f.err"); then
		cat "$top/$f.err"
		exit 1
	fi
	echo "$f: $url"
	export "AUTOPLAN_URL_${f^^}=$url"
done
status=0
criterion_run "$build/tests/integration/test_fronts" --jobs 1 || status=$?
if [ $status -ne 0 ]; then
	for f in "${fronts[@]}"; do echo "--- $f error log"; tail -n 20 "$top/$f/error.log" 2>/dev/null || true; done
fi
exit $status
