#!/usr/bin/env bash
# make check: `make install` into a temporary prefix, then serve from the installed files alone: one CGI
# request with the installed environment file, the installed nginx configuration in front of the installed
# responder on a unix socket, and the installed Apache configuration (mod_cgid) in front of the installed
# binary. Every program answers --help and --version; the installed autoplan-admin and autoplan-monitor
# work on a store with the installed environment file; the manual pages are found by man and lint clean;
# the systemd units verify and share one user and store; make uninstall leaves nothing behind. A part
# this machine lacks (nginx, Apache, mandoc, systemd-analyze) leaves its check out, and the whole is then a
# skip naming it (a failure under ./dev.sh test: tests/parts.sh).
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
. "$src/tests/parts.sh"
. "$src/tests/wait.sh"
missing=()
top=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-install.XXXXXX")
chmod 755 "$top" # Apache's children (an unprivileged user when run as root) read the installed files
prefix=$top/prefix
npid=""
cleanup() {
	[ -n "$npid" ] && kill "$npid" 2>/dev/null
	[ -f "$top/nginx/nginx.pid" ] && kill "$(cat "$top/nginx/nginx.pid")" 2>/dev/null
	"$src/tests/stack.sh" stop "$top/apache" >/dev/null 2>&1 || true
	rm -rf "$top"
	return 0
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

make -s -C "$build" install prefix="$prefix" >"$top/install.log" 2>&1 || { cat "$top/install.log"; fail "make install"; }
cd "$top" # nothing below reads the source or build tree
conf=$prefix/etc/autoplan
units=$prefix/lib/systemd/system
for f in bin/autoplan bin/autoplan-catalogc bin/autoplan-import bin/autoplan-refresh bin/autoplan-verify \
	bin/autoplan-admin bin/autoplan-monitor \
	share/autoplan/catalog.bin share/autoplan/htdocs/index.html share/autoplan/errors/413.json \
	etc/autoplan/autoplan.env etc/autoplan/nginx-autoplan.conf etc/autoplan/fastcgi.params \
	etc/autoplan/apache-autoplan.conf lib/systemd/system/autoplan.service lib/systemd/system/autoplan.socket \
	lib/systemd/system/autoplan-monitor.service \
	share/man/man8/autoplan.8 share/man/man5/autoplan.env.5 share/man/man1/autoplan-catalogc.1 \
	share/man/man8/autoplan-admin.8 share/man/man8/autoplan-monitor.8; do
	[ -s "$prefix/$f" ] || fail "$f was not installed"
done
if grep -rl '@[A-Z_]*@' "$conf" "$units" "$prefix/share/man"; then fail "placeholders left in installed files"; fi
echo "installed: $(find "$prefix" -type f | wc -l) files"

# Every program: --help on stdout with exit 0, --version naming the program.
for p in "$prefix"/bin/*; do
	out=$("$p" --help) || fail "$p --help exited $?"
	[[ $out == usage:* ]] || fail "$p --help printed no usage on stdout"
	ver=$("$p" --version) || fail "$p --version exited $?"
	[[ $ver == "$(basename "$p") (autoplan) "[0-9]* ]] || fail "$p --version printed \"$ver\""
done
echo "every program answers --help and --version"

# The monitoring tools from the installed files: a project and a key on a fresh store, then one evaluator
# pass against the catalog the installed environment file names.
store=$top/monitor.db
envrun() { env -i PATH=/usr/bin:/bin AUTOPLAN_MONITOR_DB="$store" sh -c "set -a; . '$conf/autoplan.env'; set +a; exec \"\$@\"" sh "$@"; }
out=$(envrun "$prefix/bin/autoplan-admin" project create Installed) || fail "autoplan-admin project create: $out"
[[ $(tail -n 1 <<<"$out") == prj_* ]] || fail "autoplan-admin project create printed no id last: $out"
out=$(envrun "$prefix/bin/autoplan-admin" key create Installed --read-only) || fail "autoplan-admin key create: $out"
[[ $(tail -n 1 <<<"$out") == apk_* ]] || fail "autoplan-admin key create printed no key last"
[ "$(envrun "$prefix/bin/autoplan-admin" check)" = ok ] || fail "autoplan-admin check finds problems"
envrun "$prefix/bin/autoplan-monitor" --once >"$top/monitor.log" 2>&1 || { cat "$top/monitor.log"; fail "autoplan-monitor --once"; }
grep -q "evaluating against catalog $prefix/share/autoplan/catalog.bin" "$top/monitor.log" || { cat "$top/monitor.log"; fail "autoplan-monitor did not map the installed catalog"; }
echo "monitoring: the installed autoplan-admin and autoplan-monitor work on a store"

# One classic CGI request with the installed environment file.
cgi=$(env -i PATH=/usr/bin:/bin sh -c "set -a; . '$conf/autoplan.env'; set +a
	REQUEST_METHOD=GET REQUEST_URI=/v2/tasks GATEWAY_INTERFACE=CGI/1.1 '$prefix/bin/autoplan'" </dev/null)
[[ $cgi == "Status: 200 "* ]] || fail "CGI request from the installed files: ${cgi:0:200}"
grep -q '"tasks":\[' <<<"$cgi" || fail "CGI answer lacks the tasks"
echo "CGI: the installed binary answers from the installed catalog"

get() { # port path: the whole response
	exec 3<>"/dev/tcp/127.0.0.1/$1"
	printf 'GET %s HTTP/1.0\r\nHost: localhost\r\n\r\n' "$2" >&3
	cat <&3
	exec 3<&-
}
wait_for() { wait_until 30 test -e "$1"; }

# nginx with the installed configuration (only its listen port changed) in front of the installed
# responder on the unix socket that configuration names.
nginx=${NGINX_BIN:-$(command -v nginx || echo /usr/sbin/nginx)}
if [ -x "$nginx" ]; then
	sock=$(sed -n 's|.*server unix:\([^ ;]*\).*|\1|p' "$conf/nginx-autoplan.conf")
	rundir=$(sed -n 's|^pid \(.*\)/nginx.pid;|\1|p' "$conf/nginx-autoplan.conf")
	[ -n "$sock" ] && [ -n "$rundir" ] || fail "no socket or run directory in nginx-autoplan.conf"
	mkdir -p "$(dirname "$sock")" "$rundir"
	env -i PATH=/usr/bin:/bin sh -c "set -a; . '$conf/autoplan.env'; set +a
		exec '$prefix/bin/autoplan' --listen '$sock' --workers 2" >"$top/responder.log" 2>&1 &
	npid=$!
	wait_for "$sock" || { cat "$top/responder.log"; fail "the installed responder does not listen on $sock"; }
	chmod 666 "$sock" # nginx's workers run as another user when started as root
	port=$(free_port)
	mkdir -p "$top/nginx"
	sed "s|listen 127.0.0.1:8080;|listen 127.0.0.1:$port;|" "$conf/nginx-autoplan.conf" > "$top/nginx/nginx.conf"
	sed -i "s|^pid .*|pid $top/nginx/nginx.pid;|" "$top/nginx/nginx.conf"
	tries=0
	# another process may take the port between the check and the bind: pick again
	until "$nginx" -p "$rundir" -c "$top/nginx/nginx.conf" -g "daemon on;" >"$top/nginx.log" 2>&1; do
		tries=$((tries + 1))
		if [ $tries -ge 5 ] || ! grep -q "Address already in use" "$top/nginx.log"; then
			cat "$top/nginx.log"; fail "nginx refused the installed configuration"
		fi
		port=$(free_port)
		sed -i "s|listen 127.0.0.1:[0-9]*;|listen 127.0.0.1:$port;|" "$top/nginx/nginx.conf"
	done
	wait_for "$top/nginx/nginx.pid"
	out=$(get "$port" /v2/tasks)
	[[ ${out%%$'\r'*} == *" 200 "* ]] || { cat "$rundir/error.log" 2>/dev/null; fail "nginx: ${out:0:300}"; }
	out=$(get "$port" /)
	grep -q '<script type="module" src="/assets/planner.js">' <<<"$out" || fail "nginx does not serve the installed web pages"
	kill "$(cat "$top/nginx/nginx.pid")"; kill "$npid"; npid=""
	echo "nginx: the installed configuration serves the installed responder and pages"
else
	missing+=("nginx is not installed: the installed nginx configuration was not run")
fi

# Apache with the installed configuration, the binary as classic CGI.
if ! lacks=$("$src/tests/stack.sh" missing cgi); then
	missing+=("$lacks: the installed Apache configuration was not run")
elif url=$(FRONT=cgi PORT=0 ACCESS_LOG=off SITE_CONF="$conf/apache-autoplan.conf" "$src/tests/stack.sh" start "$prefix" "$src" "$top/apache" 2>"$top/apache.err"); then
	out=$(get "${url##*:}" /v2/apps)
	[[ ${out%%$'\r'*} == *" 200 "* ]] || { cat "$top/apache/error.log"; fail "Apache: ${out:0:300}"; }
	out=$(get "${url##*:}" /no-such-page)
	grep -q '"error":"not_found"' <<<"$out" || fail "Apache's 404 is not the installed JSON body"
	"$src/tests/stack.sh" stop "$top/apache"
	echo "Apache (CGI): the installed configuration serves the installed binary, pages and error bodies"
else
	cat "$top/apache.err"
	fail "Apache refused the installed configuration"
fi

# Manual pages: man finds them; mandoc finds nothing to warn about.
for page in autoplan autoplan-catalogc autoplan-import autoplan-refresh autoplan-verify autoplan-admin \
	autoplan-monitor autoplan.env; do
	MANPATH=$prefix/share/man man -w "$page" >/dev/null 2>&1 || fail "man $page finds no page"
done
[ "$(find "$prefix/share/man" -type f | wc -l)" -eq 8 ] || fail "not every manual page is checked here"
render() { MANPATH=$prefix/share/man MANPAGER=cat MANWIDTH=100 man "$1" 2>/dev/null | col -b; }
grep -q "evidence-backed automation planner" <<<"$(render autoplan)" || fail "man autoplan does not render"
grep -q "manage the projects and keys of the autoplan monitoring interface" <<<"$(render autoplan-admin)" || fail "man autoplan-admin does not render"
grep -q "evaluate autoplan.s monitoring watches and send their webhooks" <<<"$(render autoplan-monitor)" || fail "man autoplan-monitor does not render"
if command -v mandoc >/dev/null; then
	mandoc -T lint -W warning "$prefix"/share/man/man*/* || fail "mandoc warns about the manual pages"
	echo "man: every page found, rendered and lint clean"
else
	echo "man: every page found and rendered"
	missing+=("mandoc is not installed: the manual pages were not linted")
fi

if command -v systemd-analyze >/dev/null; then
	MANPATH=$prefix/share/man systemd-analyze verify "$units/autoplan.socket" "$units/autoplan.service" \
		"$units/autoplan-monitor.service" || fail "systemd-analyze rejects the units"
	echo "systemd: the units verify"
else
	missing+=("systemd-analyze is not installed: the units were not verified")
fi

# The evaluator's unit shares the responder's user, state directory, store and environment file.
for key in DynamicUser User StateDirectory Environment EnvironmentFile; do
	[ "$(grep "^$key=" "$units/autoplan.service")" = "$(grep "^$key=" "$units/autoplan-monitor.service")" ] ||
		fail "autoplan.service and autoplan-monitor.service differ in $key="
done
grep -qx "User=autoplan" "$units/autoplan-monitor.service" || fail "autoplan-monitor.service names no user"
grep -qx "ExecStart=$prefix/bin/autoplan-monitor" "$units/autoplan-monitor.service" || fail "autoplan-monitor.service starts something else"
! grep -q "^PrivateNetwork=yes" "$units/autoplan-monitor.service" || fail "autoplan-monitor.service has no network for webhooks"

rm -rf "$prefix/var" # what nginx and the responder wrote while running, not installed files
make -s -C "$build" uninstall prefix="$prefix" >"$top/uninstall.log" 2>&1 || { cat "$top/uninstall.log"; fail "make uninstall"; }
left=$(find "$prefix" -type f)
[ -z "$left" ] || fail "make uninstall left files: $left"
echo "make uninstall removes every installed file"
[ ${#missing[@]} = 0 ] || missing_part "the rest passed; $(IFS=';'; echo "${missing[*]}")"
