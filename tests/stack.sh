#!/usr/bin/env bash
# Starts the whole service on loopback behind a real front server, configured from the files the project
# installs: FRONT=nginx (default; nginx.conf.example, the responder pre-forked on its own FastCGI port),
# FRONT=apache (Apache httpd with mod_fcgid managing the responder; etc/apache-autoplan.conf) or FRONT=cgi
# (Apache httpd with mod_cgid running the same binary as classic CGI; the same file).
#   stack.sh run   BUILDDIR SRCDIR          foreground on $PORT (default 8080); Ctrl-C stops all
#   stack.sh start BUILDDIR SRCDIR RUNDIR   background; prints the base URL; PORT=0 picks a free port
#   stack.sh stop  RUNDIR
#   stack.sh missing FRONT...               names what this machine lacks to start those fronts; exit 1 if anything
# Environment: NGINX_BIN (nginx binary), APACHE_BIN and APACHE_MODULES (httpd binary, module directory),
# WORKERS (responder processes, default 4), RATE/BURST (limit_req, nginx), AUTOPLAN_MAX_BODY (responder
# body cap), ACCESS_LOG (default: RUNDIR/access.log), RESPONDER_WRAPPER (a command to run the responder
# under, e.g. valgrind; nginx only), CATALOG (the compiled catalog served, default BUILDDIR/catalog.bin), SITE_CONF
# (an installed apache-autoplan.conf to use as it is), CACHE=on (nginx's optional fastcgi_cache of GET
# answers, the lines marked #cache# in nginx.conf.example).
# Monitoring (nginx): AUTOPLAN_MONITOR_DB (the store; default RUNDIR/monitor.db, and BUILDDIR/state/monitor.db
# for "run", the store ./dev.sh admin uses), MONITORS (autoplan-monitor evaluators to start, default 1),
# MONITOR_INTERVAL (seconds, default 5), MONITOR_ARGS (more options for them), MONITOR_WRAPPER (a command to
# run them under).
set -euo pipefail

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

pick_port() {
	local p
	for _ in $(seq 1 200); do
		p=$(( 20000 + RANDOM % 30000 ))
		if port_free "$p"; then echo "$p"; return 0; fi
	done
	echo "no free port found" >&2
	return 1
}

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

start_nginx() {
	local build=$1 src=$2 run=$3
	local nginx port fport
	nginx=$(find_nginx)
	port=${PORT:-0}
	[ "$port" = 0 ] && port=$(pick_port)
	port_free "$port" || { echo "port $port is in use" >&2; return 1; }
	# The responder's port can be taken between the check and its bind (parallel test runs): pick again.
	local rtries=0 rpid
	while :; do
		fport=$(pick_port)
		[ "$fport" = "$port" ] && continue
		AUTOPLAN_CATALOG="${CATALOG:-$build/catalog.bin}" ${RESPONDER_WRAPPER:-} "$build/src/autoplan" --listen "127.0.0.1:$fport" \
			--workers "${WORKERS:-4}" ${AUTOPLAN_MAX_BODY:+--max-body "$AUTOPLAN_MAX_BODY"} --pid-file "$run/responder.pid" \
			>"$run/responder.log" 2>&1 &
		rpid=$!
		echo "$rpid" > "$run/responder.pid"
		if wait_pid_port "$rpid" "$fport"; then break; fi
		rtries=$((rtries + 1))
		if [ $rtries -ge 5 ] || ! grep -q "Address already in use" "$run/responder.log"; then
			cat "$run/responder.log" >&2; return 1
		fi
	done
	cp "$src/etc/fastcgi.params" "$run/fastcgi.params"
	sed -e "s|@FASTCGI_PARAMS@|$run/fastcgi.params|g" -e "s|@RUNDIR@|$run|g" -e "s|@LISTEN@|127.0.0.1:$port|g" \
		-e "s|@FASTCGI@|127.0.0.1:$fport|g" \
		-e "s|@HTDOCS@|$src/htdocs|g" -e "s|@RATE@|${RATE:-2000}|g" -e "s|@BURST@|${BURST:-4000}|g" \
		-e "s|@ACCESS_LOG@|${ACCESS_LOG:-$run/access.log}|g" \
		-e "$([ "${CACHE:-}" = on ] && echo 's|#cache# ||')" \
		"$src/nginx.conf.example" > "$run/nginx.conf"
	start_monitors "$build" "$run"
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
	echo "$fport" > "$run/fcgi_port"
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
start_monitors() {
	local build=$1 run=$2 i
	: > "$run/monitor.pids"
	for i in $(seq 1 "${MONITORS:-1}"); do
		${MONITOR_WRAPPER:-} "$build/src/autoplan-monitor" --catalog "${CATALOG:-$build/catalog.bin}" --interval "${MONITOR_INTERVAL:-5}" \
			${MONITOR_ARGS:-} >>"$run/monitor.log" 2>&1 &
		echo $! >> "$run/monitor.pids"
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

stop() {
	local run=$1 f busy mons="" m
	if [ -f "$run/monitor.pids" ]; then mons=$(cat "$run/monitor.pids"); kill $mons 2>/dev/null || true; rm -f "$run/monitor.pids"; fi
	for f in nginx httpd responder; do
		if [ -f "$run/$f.pid" ]; then kill "$(cat "$run/$f.pid")" 2>/dev/null || true; fi
	done
	for _ in $(seq 1 "${STOP_WAIT:-50}"); do
		busy=""
		for f in nginx httpd responder; do
			if [ -f "$run/$f.pid" ] && kill -0 "$(cat "$run/$f.pid")" 2>/dev/null; then busy=1; fi
		done
		for m in $mons; do kill -0 "$m" 2>/dev/null && busy=1; done
		[ -z "$busy" ] && break
		sleep 0.05
	done
	rm -f "$run/nginx.pid" "$run/httpd.pid" "$run/responder.pid"
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
	for f in nginx httpd responder; do
		if [ -f "$1/$f.pid" ] && ! kill -0 "$(cat "$1/$f.pid")" 2>/dev/null; then return 1; fi
	done
	[ -f "$1/nginx.pid" ] || [ -f "$1/httpd.pid" ]
}

case "${1:-}" in
start) start "$2" "$3" "$4" ;;
stop) stop "$2" ;;
missing) shift; missing "$@" ;;
run)
	build=$2 src=$3
	run="$build/run"
	export PORT=${PORT:-8080}
	export AUTOPLAN_MONITOR_DB=${AUTOPLAN_MONITOR_DB:-$build/state/monitor.db}
	own_store "$AUTOPLAN_MONITOR_DB"
	url=$(start "$build" "$src" "$run")
	trap 'stop "$run"; exit 0' INT TERM
	echo "autoplan is serving on $url (index: $url/v2/) through ${FRONT:-nginx} - Ctrl-C stops it"
	echo "logs: $run/*.log; monitoring store: $AUTOPLAN_MONITOR_DB (./dev.sh admin)"
	while alive "$run"; do
		sleep 1
	done
	echo "a component stopped; see $run/*.log" >&2
	stop "$run"
	exit 1
	;;
*) sed -n '2,21p' "$0"; exit 2 ;;
esac
