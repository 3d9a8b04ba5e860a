# Sourced by the test scripts (sh and bash): what a test does when this machine lacks a part it needs (a
# front server, Node.js and the npm registry, Chromium, PostgreSQL, valgrind, clang, the shared data set).
# Under make check it skips (exit 77) and says what is missing. Under AUTOPLAN_REQUIRE_ALL=1, which
# ./dev.sh test sets once it has installed every part, the same test fails instead: there a skip would
# only hide coverage that was lost.

# missing_part WHAT: skip, or fail under AUTOPLAN_REQUIRE_ALL, naming what is missing. Does not return.
missing_part() {
	if [ "${AUTOPLAN_REQUIRE_ALL:-0}" != 0 ]; then
		echo "FAIL: $* (AUTOPLAN_REQUIRE_ALL is set: every part is required)"
		exit 1
	fi
	echo "SKIP: $*"
	exit 77
}

# need_commands CMD...: each must be on PATH.
need_commands() {
	for _c in "$@"; do
		command -v "$_c" >/dev/null 2>&1 || missing_part "$_c is not installed (./dev.sh installs it)"
	done
}

# npm_pinned PREFIX PACKAGE VERSION: PACKAGE@VERSION installed under PREFIX from the npm registry (kept there
# between runs, never vendored); without the registry the test cannot run, so a missing part.
npm_pinned() {
	grep -q "\"version\": \"$3\"" "$1/node_modules/$2/package.json" 2>/dev/null && return 0
	echo "installing $2@$3 into $1"
	mkdir -p "$1"
	if ! npm install --prefix "$1" --no-save --no-package-lock --no-audit --no-fund "$2@$3" >"$1/install.log" 2>&1; then
		tail -5 "$1/install.log"
		missing_part "the npm registry could not be reached"
	fi
}

# need_fronts FRONT...: nginx, apache (Apache httpd with mod_fcgid) or cgi (Apache httpd with mod_cgid).
need_fronts() {
	_m=$("${AUTOPLAN_SRCDIR:?}/tests/stack.sh" missing "$@") || missing_part "$_m"
}

# have_postgres: the server binaries tests/monitor/pg.sh starts are installed.
have_postgres() {
	for _d in /usr/lib/postgresql/*/bin; do
		[ -x "$_d/initdb" ] && [ -x "$_d/pg_ctl" ] && return 0
	done
	return 1
}

# criterion_run PROGRAM ARGS...: runs a Criterion program; a case it skipped (cr_skip_test, which
# Criterion leaves out of its synthesis) is named here and makes the whole run a skip, or a failure
# under AUTOPLAN_REQUIRE_ALL. Returns the program's status when it failed. Criterion reports the cases a
# --filter leaves out as skipped too, with its default message: with --filter, those are not counted.
criterion_run() {
	_tap=$(mktemp "${TMPDIR:-/tmp}/autoplan-tap.XXXXXX")
	_rc=0
	_filtered='^$'
	case " $* " in *" --filter "* | *" --filter="*) _filtered='^ok - .*  # SKIP test was skipped$' ;; esac
	# Criterion keeps the --output argument for the life of the program: not a leak of ours (tests/lsan.supp)
	LSAN_OPTIONS="suppressions=${AUTOPLAN_SRCDIR:-.}/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
		"$@" --output=tap:"$_tap" || _rc=$?
	_skips=$(grep -v "$_filtered" "$_tap" | sed -n 's/^ok - \(.*\)  # SKIP \(.*\)/\1: \2/p')
	rm -f "$_tap"
	[ "$_rc" = 0 ] || return "$_rc"
	[ -z "$_skips" ] || missing_part "${1##*/} skipped cases:
$_skips"
	return 0
}
