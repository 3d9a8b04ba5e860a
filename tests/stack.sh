#!/usr/bin/env bash
# Starts the whole service on loopback: the responder (FastCGI, pre-forked) behind a real nginx
# configured from nginx.conf.example.
#   stack.sh run   BUILDDIR SRCDIR          foreground on $PORT (default 8080); Ctrl-C stops all
#   stack.sh start BUILDDIR SRCDIR RUNDIR   background; prints the base URL; PORT=0 picks a free port
#   stack.sh stop  RUNDIR
# Environment: NGINX_BIN (nginx binary), WORKERS (responder processes, default 4), RATE/BURST (limit_req),
# AUTOPLAN_MAX_BODY (responder body cap), ACCESS_LOG (default: RUNDIR/access.log),
# RESPONDER_WRAPPER (a command to run the responder under, e.g. valgrind),
# CACHE=on (nginx's optional fastcgi_cache of GET answers, the lines marked #cache# in nginx.conf.example).
# Monitoring: CATALOG (the compiled catalog served, default BUILDDIR/catalog.bin), AUTOPLAN_MONITOR_DB (the
# store; default RUNDIR/monitor.db, and BUILDDIR/state/monitor.db for "run", the store ./dev.sh admin uses),
# MONITORS (autoplan-monitor evaluators to start, default 1), MONITOR_INTERVAL (seconds, default 5),
# MONITOR_ARGS (more options for them), MONITOR_WRAPPER (a command to run them under).
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

start() {
	local build=$1 src=$2 run=$3
	mkdir -p "$run"
	run=$(cd "$run" && pwd)
	# a responder started as root runs as nobody and rewrites its pid file here; nginx's workers
	# (another user when started as root) write the cache under it
	chmod 755 "$run"
	export AUTOPLAN_MONITOR_DB=${AUTOPLAN_MONITOR_DB:-$run/monitor.db}
	own_store "$AUTOPLAN_MONITOR_DB"
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
	sed -e "s|@RUNDIR@|$run|g" -e "s|@LISTEN@|127.0.0.1:$port|g" -e "s|@FASTCGI@|127.0.0.1:$fport|g" \
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

# The evaluators of the monitoring interface (autoplan-monitor): they turn a catalog swap into alerts.
# A responder started as root serves as nobody, and SQLite creates its journal files beside the store: the
# store's directory and files belong to nobody (autoplan-admin and autoplan-monitor, started as root,
# then act as that owner too).
own_store() {
	local db=${1#sqlite:}
	[ "$(id -u)" = 0 ] || return 0
	case $db in off | postgres://* | postgresql://* | *=*) return 0 ;; esac
	mkdir -p "$(dirname "$db")"
	chown nobody: "$(dirname "$db")"
	chown nobody: "$db"* 2>/dev/null || true
}

start_monitors() {
	local build=$1 run=$2 i
	: > "$run/monitor.pids"
	for i in $(seq 1 "${MONITORS:-1}"); do
		${MONITOR_WRAPPER:-} "$build/src/autoplan-monitor" --catalog "${CATALOG:-$build/catalog.bin}" --interval "${MONITOR_INTERVAL:-5}" \
			${MONITOR_ARGS:-} >>"$run/monitor.log" 2>&1 &
		echo $! >> "$run/monitor.pids"
	done
}

stop() {
	local run=$1 mons="" m
	if [ -f "$run/monitor.pids" ]; then mons=$(cat "$run/monitor.pids"); kill $mons 2>/dev/null || true; rm -f "$run/monitor.pids"; fi
	if [ -f "$run/nginx.pid" ]; then kill "$(cat "$run/nginx.pid")" 2>/dev/null || true; fi
	if [ -f "$run/responder.pid" ]; then kill "$(cat "$run/responder.pid")" 2>/dev/null || true; fi
	for _ in $(seq 1 "${STOP_WAIT:-50}"); do
		if [ -f "$run/nginx.pid" ] && kill -0 "$(cat "$run/nginx.pid")" 2>/dev/null; then sleep 0.05; continue; fi
		if [ -f "$run/responder.pid" ] && kill -0 "$(cat "$run/responder.pid")" 2>/dev/null; then sleep 0.05; continue; fi
		for m in $mons; do kill -0 "$m" 2>/dev/null && { sleep 0.05; continue 2; }; done
		break
	done
	rm -f "$run/nginx.pid" "$run/responder.pid"
}

case "${1:-}" in
start) start "$2" "$3" "$4" ;;
stop) stop "$2" ;;
run)
	build=$2 src=$3
	run="$build/run"
	export PORT=${PORT:-8080}
	mkdir -p "$build/state"
	export AUTOPLAN_MONITOR_DB=${AUTOPLAN_MONITOR_DB:-$build/state/monitor.db}
	own_store "$AUTOPLAN_MONITOR_DB"
	url=$(start "$build" "$src" "$run")
	trap 'stop "$run"; exit 0' INT TERM
	echo "autoplan is serving on $url (index: $url/v2/) - Ctrl-C stops it"
	echo "logs: $run/{access,error,responder,monitor}.log; monitoring store: $AUTOPLAN_MONITOR_DB (./dev.sh admin)"
	while kill -0 "$(cat "$run/responder.pid")" 2>/dev/null && kill -0 "$(cat "$run/nginx.pid")" 2>/dev/null; do
		sleep 1
	done
	echo "a component stopped; see $run/*.log" >&2
	stop "$run"
	exit 1
	;;
*) sed -n '2,8p' "$0"; exit 2 ;;
esac
