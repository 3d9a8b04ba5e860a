#!/usr/bin/env bash
# A PostgreSQL server of the test suite's own: a temporary data directory, a unix socket only (no TCP),
# trust authentication, no fsync; stopped and removed by "stop". Uses the Debian package's binaries
# under /usr/lib/postgresql/*/bin. As root it runs the server as the postgres system user (initdb
# refuses root).
#   pg.sh start DIR   prints a libpq connection string for database "postgres" (DIR/data, when there, is kept)
#   pg.sh stop DIR
set -euo pipefail

bindir() {
	local d
	d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
	[ -n "$d" ] && [ -x "$d/initdb" ] || { echo "pg.sh: no PostgreSQL server under /usr/lib/postgresql (./dev.sh installs it)" >&2; return 1; }
	echo "$d"
}

as_owner() {
	if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
	local dir=$1 bin
	bin=$(bindir)
	mkdir -p "$dir/data" "$dir/sock"
	chmod 755 "$dir" "$dir/sock"
	if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir/data" "$dir/sock"; fi
	# a data directory of an earlier start is kept (./dev.sh run DB=postgres keeps its store)
	[ -f "$dir/data/PG_VERSION" ] ||
		as_owner "$bin/initdb" -D "$dir/data" -A trust -U autoplan -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
		{ cat "$dir/initdb.log" >&2; return 1; }
	as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/sock/server.log" -w -t 60 \
		-o "-k $dir/sock -c listen_addresses='' -c fsync=off -c full_page_writes=off -c max_connections=200" \
		start >"$dir/pg_ctl.log" 2>&1 || { cat "$dir/pg_ctl.log" "$dir/sock/server.log" >&2; return 1; }
	echo "host=$dir/sock user=autoplan dbname=postgres"
}

stop() {
	local dir=$1 bin
	bin=$(bindir)
	[ -d "$dir/data" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
}

case "${1:-}" in
start) start "$2" ;;
stop) stop "$2" ;;
*) sed -n '2,8p' "$0"; exit 2 ;;
esac
