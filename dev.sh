#!/usr/bin/env bash
# One-step set-up for a fresh Debian machine.
#   ./dev.sh run              install what is missing, build, serve on http://127.0.0.1:${PORT:-8080}
#                             through nginx; FRONT=apache: Apache httpd + mod_fcgid; FRONT=cgi: Apache running CGI
#                             HOSTS=N: N responder hosts behind one nginx upstream (_build/run/hosts/K);
#                             DB=postgres: every host's monitoring on a local PostgreSQL (_build/state/pg)
#   ./dev.sh test             the same set-up, then make check (unit and integration tests) with
#                             AUTOPLAN_REQUIRE_ALL=1: a test that would skip for a missing part fails
#   ./dev.sh test --sanitize  build in _build-asan with AddressSanitizer and UBSan, then make check
#   ./dev.sh bench            the same set-up, then make bench
#   ./dev.sh admin ARGS...    autoplan-admin against the store ./dev.sh run serves (projects, keys)
#   ./dev.sh verify [KEY...]  verify directory entries (all, or the keys named) in the sandbox; reports go to
#                             catalog/reports/ (JOBS=2, MAX_AGE=7 days: entries verified since are skipped);
#                             an entry's harmless call is the plan catalog/verify-plans/<slug>.json
set -euo pipefail
cd "$(dirname "$0")"
top=$(pwd)

packages=(build-essential autoconf automake pkg-config libfcgi-dev libjson-c-dev libssl-dev libyaml-dev
	libcriterion-dev libcurl4-openssl-dev nginx wrk valgrind nodejs npm libseccomp-dev clang
	libsqlite3-dev libpq-dev postgresql bubblewrap
	apache2 libapache2-mod-fcgid mandoc man-db bsdextrautils systemd
	chromium fonts-dejavu-core wamerican wbritish wngerman)

install_missing() {
	local missing=() p
	for p in "${packages[@]}"; do
		# Node.js may come from elsewhere (with npm bundled): a working command is enough.
		case $p in
		nodejs) command -v node >/dev/null 2>&1 && continue ;;
		npm) command -v npm >/dev/null 2>&1 && continue ;;
		esac
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "dev.sh: installing ${missing[*]}"
	local sudo=()
	[ "$(id -u)" -ne 0 ] && sudo=(sudo)
	export DEBIAN_FRONTEND=noninteractive
	# Another apt-get (a second checkout setting up at the same time) holds the lock: wait for it.
	local apt=("${sudo[@]}" apt-get -o DPkg::Lock::Timeout=900)
	if ! "${apt[@]}" install -y -q --no-install-recommends "${missing[@]}"; then
		"${apt[@]}" update -q
		"${apt[@]}" install -y -q --no-install-recommends "${missing[@]}"
	fi
}

# Builds out of tree in $1 (_build, or _build-asan for sanitizers), so both can coexist.
build() {
	local dir=$1; shift
	if [ ! -x configure ] || [ configure.ac -nt configure ] || [ Makefile.am -nt Makefile.in ]; then
		autoreconf -fi
	fi
	if [ -f config.status ]; then
		echo "dev.sh: the source tree was configured in place; cleaning it so $dir can be used"
		make -s distclean >/dev/null 2>&1 || rm -f config.status Makefile
	fi
	mkdir -p "$dir"
	if [ ! -f "$dir/Makefile" ] || [ configure -nt "$dir/config.status" ]; then
		(cd "$dir" && "$top/configure" -q "$@")
	fi
	make -C "$dir" -j"$(nproc)"
}

# One closing line over every test: the Criterion cases a test ran (unit tests, the integration tests once
# per front, the monitoring suites), or the test itself as one when it runs none; a skipped or failed test
# counts as one more skip or failure beside its cases.
summary() {
	local trs log result p=0 f=0 s=0 cases
	while IFS= read -r trs; do
		log=${trs%.trs}.log
		result=$(sed -n 's/^:test-result: //p' "$trs")
		cases=$(awk '/Synthesis: Tested:/ { p += $7; f += $10 + $13; n++ } END { if (n) print p, f }' "$log" 2>/dev/null)
		if [ -n "$cases" ]; then
			p=$((p + ${cases% *})) f=$((f + ${cases#* }))
			case $result in SKIP) s=$((s + 1)) ;; FAIL | ERROR) [ "${cases#* }" != 0 ] || f=$((f + 1)) ;; esac
		else
			case $result in PASS) p=$((p + 1)) ;; SKIP) s=$((s + 1)) ;; *) f=$((f + 1)) ;; esac
		fi
	done < <(find "$1/tests" -name '*.trs' | sort)
	echo "tests: $p passed, $f failed, $s skipped"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
run)
	install_missing
	build _build
	exec make -s -C _build run PORT="${PORT:-8080}" HOSTS="${HOSTS:-1}" DB="${DB:-sqlite}"
	;;
test)
	install_missing
	dir=_build flags=()
	if [ "${1:-}" = "--sanitize" ]; then dir=_build-asan flags=(--enable-sanitizers); fi
	build "$dir" "${flags[@]}"
	status=0
	# Every part is installed now: a test that would skip for a missing one fails instead (tests/parts.sh).
	# The one skip left is designed: the valgrind leak check in a sanitizer build.
	AUTOPLAN_REQUIRE_ALL=1 make -C "$dir" -j"$(nproc)" check || status=$?
	[ $status -ne 0 ] && cat "$dir/test-suite.log" 2>/dev/null
	summary "$dir"
	exit $status
	;;
bench)
	install_missing
	build _build
	make -s -C _build bench
	;;
verify)
	install_missing
	build _build >/dev/null
	make -s -C _build catalog.bin
	status=0
	_build/src/autoplan-verify --directory --catalog _build/catalog.bin --reports catalog/reports \
		--plans catalog/verify-plans --cache "$top/_build/npm-cache" --jobs "${JOBS:-2}" --max-age "${MAX_AGE:-7}" \
		"$@" || status=$?
	make -s -C _build catalog.bin # the new reports compiled in: levels follow from them
	exit $status
	;;
admin)
	install_missing
	build _build >/dev/null
	mkdir -p _build/state
	db=$top/_build/state/monitor.db
	# DB=postgres: the server ./dev.sh run DB=postgres started (tests/monitor/pg.sh)
	[ "${DB:-sqlite}" = postgres ] && db="host=$top/_build/state/pg/sock user=autoplan dbname=postgres"
	exec _build/src/autoplan-admin --db "${AUTOPLAN_MONITOR_DB:-$db}" "$@"
	;;
*)
	sed -n '2,14p' "$0"
	exit 2
	;;
esac
