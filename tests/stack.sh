#!/usr/bin/env bash
# Starts the whole service on loopback behind a real front server, configured from the files the project
# installs: FRONT=nginx (default; nginx.conf.example, the responder pre-forked on its own FastCGI port),
# FRONT=apache (Apache httpd with mod_fcgid managing the responder; etc/apache-autoplan.conf) or FRONT=cgi
# (Apache httpd with mod_cgid running the same binary as classic CGI; the same file).
#   stack.sh run   BUILDDIR SRCDIR          foreground on $PORT (default 8080); Ctrl-C stops all
#   stack.sh start BUILDDIR SRCDIR RUNDIR   background; prints the base URL; PORT=0 picks a free port
#   stack.sh stop  RUNDIR
#   stack.sh restart-host BUILDDIR RUNDIR K  host K (HOSTS below) started again on its port
#   stack.sh alive RUNDIR                   true while every process of the stack runs
#   stack.sh missing FRONT...               names what this machine lacks to start those fronts; exit 1 if anything
# Environment: NGINX_BIN (nginx binary), APACHE_BIN and APACHE_MODULES (httpd binary, module directory),
# WORKERS (responder processes, default 4), RATE/BURST (limit_req, nginx), AUTOPLAN_MAX_BODY (responder
# body cap), ACCESS_LOG (default: RUNDIR/access.log), RESPONDER_WRAPPER (a command to run the responder
# under, e.g. valgrind; nginx only), CATALOG (the compiled catalog served, default BUILDDIR/catalog.bin), SITE_CONF
# (an installed apache-autoplan.conf to use as it is), CACHE=on (nginx's optional fastcgi_cache of GET
# answers, the lines marked #cache# in nginx.conf.example; "run" turns it on unless CACHE=off).
# Monitoring (nginx): AUTOPLAN_MONITOR_DB (the store; default RUNDIR/monitor.db, and BUILDDIR/state/monitor.db
# for "run", the store ./dev.sh admin uses), MONITORS (autoplan-monitor evaluators per host, default 1),
# MONITOR_INTERVAL (seconds, default 5), MONITOR_ARGS (more options for them), MONITOR_WRAPPER (a command to
# run them under).
# Several hosts (nginx): HOSTS (default 1) responders, each with its evaluators in RUNDIR/hosts/K (pid file,
# logs, fcgi_port, pgids: its process groups) behind one nginx upstream; with more than one, each serves its
# own copy of the catalog, RUNDIR/hosts/K/catalog.bin. UPSTREAM_HEADER=on: nginx names the host that
# answered in X-Upstream (the lines marked #upstream# in nginx.conf.example). "run" with DB=postgres
# starts a PostgreSQL server (tests/monitor/pg.sh, data in BUILDDIR/state/pg) and points every host at it;
# with several hosts, "run" goes on while nginx and one host run, naming each host that ended.
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/wait.sh"
port_free() { closed "$1"; }
pick_port() { free_port; }

wait_port() { # port [tries of 50 ms]
	for _ in $(seq 1 "${2:-100}"); do
		if ! port_free "$1"; then return 0; fi
		sleep 0.05
	done
	echo "nothing listens on port $1" >&2
	return 1
}

wait_pid_port() { # pid port: true once port listens while pid is still alive (up to 20 s)
	for _ in $(seq 1 400); do
		kill -0 "$1" 2>/dev/null || return 1
		if ! port_free "$2"; then sleep 0.05; kill -0 "$1" 2>/dev/null; return; fi
		sleep 0.05
	done
	return 1
}

find_nginx() {
	local n=${NGINX_BIN:-}
	[ -n "$n" ] && [ -x "$n" ] && { echo "$n"; return; }
	for n in "$(command -v nginx || true)" /usr/sbin/nginx /sbin/nginx; do
		[ -n "$n" ] && [ -x "$n" ] && { echo "$n"; return; }
	done
	echo "nginx not found (install it, or run ./dev.sh which does)" >&2
	return 1
}

# One host: a responder and its evaluators as a machine of their own would run them, in RUN/hosts/K (pid
# file, logs, FastCGI port), each program in a session of its own, so that the host's process groups
# (RUN/hosts/K/pgids) are everything it runs.
start_host() { # build run K catalog avoid-port [port]
	local build=$1 dir=$2/hosts/$3 catalog=$4 avoid=$5 fport rpid tries=0
	mkdir -p "$dir"
	chmod 755 "$dir"
	# The responder's port can be taken between the check and its bind (parallel test runs): pick again,
	# unless the port is given (a host coming back where nginx expects it).
	while :; do
		fport=${6:-$(pick_port)}
		[ "$fport" = "$avoid" ] && continue
		AUTOPLAN_CATALOG="$catalog" setsid ${RESPONDER_WRAPPER:-} "$build/src/autoplan" --listen "127.0.0.1:$fport" \
			--workers "${WORKERS:-4}" ${AUTOPLAN_MAX_BODY:+--max-body "$AUTOPLAN_MAX_BODY"} --pid-file "$dir/responder.pid" \
			>"$dir/responder.log" 2>&1 &
		rpid=$!
		echo "$rpid" > "$dir/responder.pid"
		if wait_pid_port "$rpid" "$fport"; then break; fi
		tries=$((tries + 1))
		if [ -n "${6:-}" ] || [ $tries -ge 5 ] || ! grep -q "Address already in use" "$dir/responder.log"; then
			cat "$dir/responder.log" >&2; return 1
		fi
	done
	echo "$fport" > "$dir/fcgi_port"
	echo "$rpid" > "$dir/pgids"
	start_monitors "$build" "$dir" "$catalog"
	cat "$dir/monitor.pids" >> "$dir/pgids"
}

# HOSTS hosts (default 1). With more than one, each serves a copy of the catalog of its own
# (RUN/hosts/K/catalog.bin), so that a new catalog can be rolled out host by host. Host 1's files are
# also named at the top of RUN (responder.pid, responder.log, fcgi_port, monitor.*) for the tests of one.
start_hosts() { # build run nginx-port
	local build=$1 run=$2 k catalog=${CATALOG:-$1/catalog.bin} f
	for k in $(seq 1 "${HOSTS:-1}"); do
		if [ "${HOSTS:-1}" -gt 1 ]; then
			mkdir -p "$run/hosts/$k"
			cp "$catalog" "$run/hosts/$k/catalog.bin.tmp"
			chmod 644 "$run/hosts/$k/catalog.bin.tmp"
			mv "$run/hosts/$k/catalog.bin.tmp" "$run/hosts/$k/catalog.bin"
			start_host "$build" "$run" "$k" "$run/hosts/$k/catalog.bin" "$3" || return 1
		else
			start_host "$build" "$run" "$k" "$catalog" "$3" || return 1
		fi
	done
	for f in responder.pid responder.log fcgi_port monitor.pids monitor.log; do ln -sfn "hosts/1/$f" "$run/$f"; done
	printf '%s\n' "${AUTOPLAN_MONITOR_DB:-}" > "$run/hosts/store"
}

# Host K of a running stack started again on its port, after it was stopped or killed (its logs go on).
restart_host() { # build run K
	local dir=$2/hosts/$3 catalog=${CATALOG:-$1/catalog.bin}
	[ -f "$dir/catalog.bin" ] && catalog=$dir/catalog.bin
	# the store the stack was started with (start_hosts keeps its name)
	[ -n "${AUTOPLAN_MONITOR_DB:-}" ] || export AUTOPLAN_MONITOR_DB="$(cat "$2/hosts/store")"
	mv "$dir/responder.log" "$dir/responder.log.old" 2>/dev/null || true
	start_host "$1" "$2" "$3" "$catalog" "" "$(cat "$dir/fcgi_port")"
}

# nginx.conf.example filled in: the upstream's server line once per host.
nginx_conf() { # src run port
	local src=$1 run=$2 port=$3 ports k
	ports=$(for k in $(seq 1 "${HOSTS:-1}"); do cat "$run/hosts/$k/fcgi_port"; done | tr '\n' ' ')
	sed -e "s|@FASTCGI_PARAMS@|$run/fastcgi.params|g" -e "s|@RUNDIR@|$run|g" -e "s|@LISTEN@|127.0.0.1:$port|g" \
		-e "s|@HTDOCS@|$src/htdocs|g" -e "s|@RATE@|${RATE:-2000}|g" -e "s|@BURST@|${BURST:-4000}|g" \
		-e "s|@ACCESS_LOG@|${ACCESS_LOG:-$run/access.log}|g" \
		-e "$([ "${CACHE:-}" = on ] && echo 's|#cache# ||')" -e "$([ "${UPSTREAM_HEADER:-}" = on ] && echo 's|#upstream# ||')" \
		"$src/nginx.conf.example" |
		awk -v ports="$ports" '/^[ \t]*server @FASTCGI@/ {
			n = split(ports, p, " ")
			for (i = 1; i <= n; i++) { l = $0; sub(/@FASTCGI@/, "127.0.0.1:" p[i], l); print l }
			next
		} { print }'
}

start_nginx() {
	local build=$1 src=$2 run=$3
	local nginx port
	nginx=$(find_nginx)
	port=${PORT:-0}
	[ "$port" = 0 ] && port=$(pick_port)
	port_free "$port" || { echo "port $port is in use" >&2; return 1; }
	start_hosts "$build" "$run" "$port" || { stop "$run"; return 1; }
	cp "$src/etc/fastcgi.params" "$run/fastcgi.params"
	nginx_conf "$src" "$run" "$port" > "$run/nginx.conf"
	local tries=0
	# another process may take the port between the check and the bind: pick again (PORT=0 only)
	until env -u NGINX "$nginx" -p "$run" -c "$run/nginx.conf" -g "daemon on;" >"$run/nginx.start.log" 2>&1; do
		tries=$((tries + 1))
		if [ "${PORT:-0}" != 0 ] || [ $tries -ge 5 ] || ! grep -q "Address already in use" "$run/nginx.start.log"; then
			cat "$run/nginx.start.log" >&2; stop "$run"; return 1
		fi
		port=$(pick_port)
		sed -i "s|listen 127.0.0.1:[0-9]*;|listen 127.0.0.1:$port;|" "$run/nginx.conf"
	done
	wait_port "$port"
	echo "$port" > "$run/port"
	echo "http://127.0.0.1:$port"
}

find_apache() {
	local n=${APACHE_BIN:-}
	[ -n "$n" ] && [ -x "$n" ] && { echo "$n"; return; }
	for n in "$(command -v apache2 || true)" "$(command -v httpd || true)" /usr/sbin/apache2 /usr/sbin/httpd; do
		[ -n "$n" ] && [ -x "$n" ] && { echo "$n"; return; }
	done
	echo "Apache httpd not found (install apache2, or run ./dev.sh which does)" >&2
	return 1
}

find_apache_modules() { # the directory holding mod_alias.so
	local d
	for d in ${APACHE_MODULES:-} /usr/lib/apache2/modules /usr/lib64/httpd/modules /usr/lib/httpd/modules \
		/usr/libexec/apache2 /usr/local/apache2/modules; do
		[ -f "$d/mod_alias.so" ] && { echo "$d"; return; }
	done
	echo "Apache modules not found (set APACHE_MODULES)" >&2
	return 1
}

# The server part of an Apache configuration (what /etc/apache2/apache2.conf holds on Debian) around the
# service's part, RUNDIR/apache-autoplan.conf.
apache_main_conf() { # run port module user
	local run=$1 port=$2 module=$3 user=$4 mods m
	mods=$(find_apache_modules) || return 1
	[ -f "$mods/mod_$module.so" ] || { echo "mod_$module not found in $mods (install it, or run ./dev.sh)" >&2; return 1; }
	echo "ServerRoot \"$run\""
	echo "ServerName 127.0.0.1"
	echo "Listen 127.0.0.1:$port"
	echo "PidFile \"$run/httpd.pid\""
	echo "DefaultRuntimeDir \"$run\""
	echo "ErrorLog \"$run/error.log\""
	echo "LogLevel warn"
	if [ "${ACCESS_LOG:-}" != off ]; then
		echo 'LogFormat "%h %l %u %t \"%r\" %>s %b" common'
		echo "CustomLog \"${ACCESS_LOG:-$run/access.log}\" common"
	fi
	if [ -n "$user" ]; then echo "User $user"; echo "Group $(id -gn "$user")"; fi
	for m in mpm_event authz_core alias mime dir env headers $module; do
		echo "LoadModule ${m}_module $mods/mod_$m.so"
	done
	cat <<-EOF
	StartServers 1
	ServerLimit 4
	ThreadsPerChild 25
	MaxRequestWorkers 100
	ServerTokens Prod
	ServerSignature Off
	TraceEnable Off
	TypesConfig /dev/null
	AddType text/html .html
	AddType text/css .css
	AddType application/json .json
	<Directory />
	    AllowOverride None
	    Require all denied
	</Directory>
	<IfModule mod_fcgid.c>
	    FcgidIPCDir "$run/fcgid"
	    FcgidProcessTableFile "$run/fcgid_shm"
	    FcgidMaxProcessesPerClass ${WORKERS:-4}
	</IfModule>
	<IfModule mod_cgid.c>
	    ScriptSock "$run/cgid.sock"
	</IfModule>
	EOF
	if [ -n "${AUTOPLAN_MAX_BODY:-}" ]; then
		echo "SetEnv AUTOPLAN_MAX_BODY $AUTOPLAN_MAX_BODY"
		echo "<IfModule mod_fcgid.c>"
		echo "    FcgidInitialEnv AUTOPLAN_MAX_BODY $AUTOPLAN_MAX_BODY"
		echo "</IfModule>"
	fi
	echo "Include \"$run/apache-autoplan.conf\""
}

# Apache httpd with its own ServerRoot and configuration in RUNDIR; mod_fcgid (FRONT=apache) or mod_cgid
# (FRONT=cgi) runs the responder. Started as root, its children run as an unprivileged user.
start_apache() {
	local build=$1 src=$2 run=$3 front=$4
	local httpd port user="" module=cgid
	[ "$front" = apache ] && module=fcgid
	httpd=$(find_apache)
	port=${PORT:-0}
	[ "$port" = 0 ] && port=$(pick_port)
	port_free "$port" || { echo "port $port is in use" >&2; return 1; }
	if [ "$(id -u)" -eq 0 ]; then
		user=${APACHE_USER:-www-data}
		id "$user" >/dev/null 2>&1 || user=nobody
		chmod 755 "$run"
		if ! runuser -u "$user" -- test -x "$run"; then
			echo "user $user cannot enter $run (Apache's children run as $user): make its parents searchable" >&2
			return 1
		fi
		if [ -z "${SITE_CONF:-}" ] &&
			! runuser -u "$user" -- test -x "$build/src/autoplan" -a -r "$build/catalog.bin" -a -r "$src/htdocs/index.html"; then
			echo "user $user cannot run $build/src/autoplan or read the catalog and htdocs (Apache's children run as $user)" >&2
			return 1
		fi
	fi
	# The placeholders are filled in as `make install` does, with the paths of the build (SITE_CONF: an
	# installed, already filled-in copy).
	if [ -n "${SITE_CONF:-}" ]; then cp "$SITE_CONF" "$run/apache-autoplan.conf"; else sed -e "s|@BINDIR@|$build/src|g" -e "s|@CATALOG@|${CATALOG:-$build/catalog.bin}|g" -e "s|@HTDOCS@|$src/htdocs|g" \
		-e "s|@ERRORDOCS@|$src/etc/errors|g" "$src/etc/apache-autoplan.conf" > "$run/apache-autoplan.conf"; fi
	apache_main_conf "$run" "$port" "$module" "$user" > "$run/httpd.conf"
	local tries=0
	# another process may take the port between the check and the bind: pick again (PORT=0 only)
	until "$httpd" -d "$run" -f "$run/httpd.conf" -k start >"$run/httpd.start.log" 2>&1 && wait_httpd "$run" "$port"; do
		tries=$((tries + 1))
		if [ "${PORT:-0}" != 0 ] || [ $tries -ge 5 ] ||
			! grep -qs "Address already in use" "$run/httpd.start.log" "$run/error.log"; then
			cat "$run/httpd.start.log" "$run/error.log" >&2 2>/dev/null; stop "$run"; return 1
		fi
		port=$(pick_port)
		sed -i "s|^Listen 127.0.0.1:[0-9]*|Listen 127.0.0.1:$port|" "$run/httpd.conf"
	done
	echo "$port" > "$run/port"
	echo "http://127.0.0.1:$port"
}

wait_httpd() { # run port: true once the pid file is written and the port listens (up to 10 s)
	for _ in $(seq 1 200); do
		if [ -s "$1/httpd.pid" ] && ! port_free "$2"; then return 0; fi
		sleep 0.05
	done
	return 1
}

# A responder started as root serves as nobody, and SQLite creates its journal files beside the store: the
# store's directory and files belong to nobody (autoplan-admin and autoplan-monitor, started as root,
# then act as that owner too).
own_store() {
	local db=${1#sqlite:}
	case $db in off | postgres://* | postgresql://* | *=*) return 0 ;; esac
	mkdir -p "$(dirname "$db")"
	[ "$(id -u)" = 0 ] || return 0
	chown nobody: "$(dirname "$db")"
	chown nobody: "$db"* 2>/dev/null || true
}

# The evaluators of the monitoring interface (autoplan-monitor): they turn a catalog swap into alerts.
start_monitors() { # build dir catalog
	local build=$1 dir=$2 i
	: > "$dir/monitor.pids"
	for i in $(seq 1 "${MONITORS:-1}"); do
		setsid ${MONITOR_WRAPPER:-} "$build/src/autoplan-monitor" --catalog "$3" --interval "${MONITOR_INTERVAL:-5}" \
			${MONITOR_ARGS:-} >>"$dir/monitor.log" 2>&1 &
		echo $! >> "$dir/monitor.pids"
	done
}

start() {
	local build=$1 src=$2 run=$3 front=${FRONT:-nginx}
	mkdir -p "$run"
	run=$(cd "$run" && pwd)
	# a responder started as root runs as nobody and rewrites its pid file here; nginx's workers
	# (another user when started as root) write the cache under it
	chmod 755 "$run"
	export AUTOPLAN_MONITOR_DB=${AUTOPLAN_MONITOR_DB:-$run/monitor.db}
	own_store "$AUTOPLAN_MONITOR_DB"
	case $front in
	nginx) start_nginx "$build" "$src" "$run" ;;
	apache | cgi) start_apache "$build" "$src" "$run" "$front" ;;
	*) echo "FRONT must be nginx, apache or cgi, not $front" >&2; return 1 ;;
	esac
}

# The pid files of a stack: the front's, and each host's responder.
pid_files() { # run
	local f
	for f in "$1/nginx.pid" "$1/httpd.pid" "$1"/hosts/*/responder.pid; do [ -f "$f" ] && echo "$f"; done
	return 0
}

stop() {
	local run=$1 f busy mons="" m
	for f in "$run"/hosts/*/monitor.pids; do
		[ -f "$f" ] && mons+=" $(cat "$f")" && rm -f "$f"
	done
	[ -n "$mons" ] && { kill $mons 2>/dev/null || true; }
	for f in $(pid_files "$run"); do kill "$(cat "$f")" 2>/dev/null || true; done
	for _ in $(seq 1 "${STOP_WAIT:-50}"); do
		busy=""
		for f in $(pid_files "$run"); do kill -0 "$(cat "$f")" 2>/dev/null && busy=1; done
		for m in $mons; do kill -0 "$m" 2>/dev/null && busy=1; done
		[ -z "$busy" ] && break
		sleep 0.05
	done
	rm -f "$run/nginx.pid" "$run/httpd.pid" "$run/responder.pid" "$run/monitor.pids" "$run"/hosts/*/responder.pid
}

# What this machine lacks to start a front: its server binary, and Apache's module directory and module.
missing() {
	local f out="" mods
	for f in "$@"; do
		case $f in
		nginx) find_nginx >/dev/null 2>&1 || out+="nginx is not installed (./dev.sh installs it); " ;;
		apache | cgi)
			find_apache >/dev/null 2>&1 || { out+="Apache httpd is not installed (./dev.sh installs apache2); "; continue; }
			if ! mods=$(find_apache_modules 2>/dev/null); then out+="Apache's modules are not found (set APACHE_MODULES); "
			elif [ $f = apache ] && [ ! -f "$mods/mod_fcgid.so" ]; then out+="mod_fcgid is not installed (./dev.sh installs libapache2-mod-fcgid); "
			elif [ $f = cgi ] && [ ! -f "$mods/mod_cgid.so" ]; then out+="mod_cgid is not in $mods; "
			fi ;;
		*) out+="no front named $f; " ;;
		esac
	done
	[ -z "$out" ] && return 0
	echo "${out%; }"
	return 1
}

alive() { # every process of the stack in RUNDIR still runs
	local f
	for f in $(pid_files "$1"); do kill -0 "$(cat "$f")" 2>/dev/null || return 1; done
	[ -f "$1/nginx.pid" ] || [ -f "$1/httpd.pid" ]
}

# nginx and at least one host run.
serving() {
	local f
	[ -f "$1/nginx.pid" ] && kill -0 "$(cat "$1/nginx.pid")" 2>/dev/null || return 1
	for f in "$1"/hosts/*/responder.pid; do [ -f "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null && return 0; done
	return 1
}

hosts_down() { # run down build: names each host that ended since (once, on standard error); prints those down
	local f k now=""
	for f in "$1"/hosts/*/responder.pid; do
		k=$(basename "$(dirname "$f")")
		kill -0 "$(cat "$f")" 2>/dev/null && continue
		now+=" $k"
		[[ " $2 " == *" $k "* ]] ||
			echo "host $k stopped; the others serve. To start it again: $(cd "$(dirname "$0")" && pwd)/stack.sh restart-host $3 $1 $k" >&2
	done
	echo "$now"
}

case "${1:-}" in
start) start "$2" "$3" "$4" ;;
restart-host) restart_host "$2" "$3" "$4" ;;
alive) alive "$2" ;;
stop) stop "$2" ;;
missing) shift; missing "$@" ;;
run)
	build=$2 src=$3
	run="$build/run"
	export PORT=${PORT:-8080} CACHE=${CACHE:-on} # nginx's cache of GET answers, as a deployment would run it
	stop_db=:
	if [ "${DB:-sqlite}" = postgres ]; then
		# the store of every host: a PostgreSQL server of its own, its data kept in BUILDDIR/state/pg
		AUTOPLAN_MONITOR_DB=$("$src/tests/monitor/pg.sh" start "$build/state/pg") || exit 1
		export AUTOPLAN_MONITOR_DB
		stop_db='"$src/tests/monitor/pg.sh" stop "$build/state/pg"'
	elif [ "${DB:-sqlite}" != sqlite ]; then
		echo "DB must be sqlite or postgres, not $DB" >&2; exit 2
	fi
	export AUTOPLAN_MONITOR_DB=${AUTOPLAN_MONITOR_DB:-$build/state/monitor.db}
	own_store "$AUTOPLAN_MONITOR_DB"
	url=$(start "$build" "$src" "$run") || { eval "$stop_db"; exit 1; }
	trap 'stop "$run"; eval "$stop_db"; exit 0' INT TERM
	echo "autoplan is serving on $url (index: $url/v2/) through ${FRONT:-nginx}, ${HOSTS:-1} host(s) - Ctrl-C stops it"
	echo "logs: $run/*.log, $run/hosts/*/*.log; monitoring store: $AUTOPLAN_MONITOR_DB (./dev.sh admin)"
	if [ "${HOSTS:-1}" -gt 1 ]; then
		# with several hosts, one that ends is a fault the others cover (try it: kill a host's process
		# groups, RUNDIR/hosts/K/pgids); the run ends with the front or the last host
		down=""
		while serving "$run"; do
			down=$(hosts_down "$run" "$down" "$build")
			sleep 1
		done
	else
		while alive "$run"; do
			sleep 1
		done
	fi
	echo "a component stopped; see $run/*.log and $run/hosts/*/*.log" >&2
	stop "$run"
	eval "$stop_db"
	exit 1
	;;
*) sed -n '2,27p' "$0"; exit 2 ;;
esac
