#!/usr/bin/env bash
# make check: the monitoring interface on each backend. Starts a PostgreSQL server of its own (pg.sh),
# then for SQLite and for PostgreSQL: the store test suite, and a whole stack (nginx, responders, two
# evaluators, a webhook receiver) serving a catalog of its own that the tests swap, with the integration
# tests in three groups (the interface; catalog swaps; SIGKILL). Stops everything it started. Without a
# PostgreSQL server or valgrind the rest still runs, and then the whole is a skip naming what is missing
# (a failure under ./dev.sh test: tests/parts.sh).
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
. "$src/tests/parts.sh"
. "$src/tests/wait.sh"
need_fronts nginx
need_commands node
missing=()
backends=(sqlite postgresql)
if ! have_postgres; then
	backends=(sqlite) missing+=("no PostgreSQL server under /usr/lib/postgresql (./dev.sh installs postgresql)")
fi
top=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-mon.XXXXXX")
pgdir=$top/pg
chmod 755 "$top" # the server runs as the postgres user when the tests run as root
cleanup() {
	for d in "$top"/run-*; do
		[ -d "$d" ] || continue
		"$src/tests/stack.sh" stop "$d" >/dev/null 2>&1 || true
		[ -f "$d/receiver.pid" ] && kill "$(cat "$d/receiver.pid")" 2>/dev/null || true
	done
	"$src/tests/monitor/pg.sh" stop "$pgdir" >/dev/null 2>&1 || true
	rm -rf "$top"
}
trap cleanup EXIT

pg=""
[ ${#backends[@]} = 2 ] && pg=$("$src/tests/monitor/pg.sh" start "$pgdir")
status=0

# one database per backend run, so that each starts empty
pg_db() {
	local name=$1 bin
	bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
	"$bin/psql" -q -v ON_ERROR_STOP=1 "$pg" -c "CREATE DATABASE $name" >/dev/null
	echo "$pg dbname=$name"
}

for backend in "${backends[@]}"; do
	echo "=== monitoring on $backend"
	run=$top/run-$backend
	mkdir -p "$run/receiver"
	if [ $backend = sqlite ]; then db=$run/monitor.db; else db=$(pg_db autoplan_it); fi
	AUTOPLAN_TEST_PG=$([ $backend = postgresql ] && echo "$pg" || true) criterion_run "$build/tests/unit/store/test_store" \
		--jobs 2 || status=1
	node "$src/tests/monitor/receiver.js" "$run/receiver" >"$run/receiver.log" 2>&1 &
	echo $! > "$run/receiver.pid"
	wait_until 30 test -f "$run/receiver/port" || { echo "the webhook receiver did not start"; exit 1; }
	cp "$build/catalog.bin" "$run/catalog.bin"
	url=$(PORT=0 WORKERS=3 ACCESS_LOG=off CATALOG=$run/catalog.bin AUTOPLAN_MONITOR_DB=$db MONITORS=2 \
		MONITOR_INTERVAL=1 MONITOR_ARGS="--retry-base 1 --max-attempts 3 --timeout 5" \
		AUTOPLAN_WEBHOOK_ALLOW=127.0.0.1/32 AUTOPLAN_MAX_WATCHES=40 \
		"$src/tests/stack.sh" start "$build" "$src" "$run")
	export AUTOPLAN_BASE_URL=$url AUTOPLAN_RUNDIR=$run AUTOPLAN_MONITOR_DB=$db \
		AUTOPLAN_SERVED_CATALOG=$run/catalog.bin AUTOPLAN_RECEIVER_DIR=$run/receiver
	for group in 'api_*' 'swap/*' 'kill/*'; do
		if ! criterion_run "$build/tests/monitor/test_monitoring" --jobs 1 --filter "$group"; then
			status=1
			echo "--- $backend, $group: responder log"; tail -n 20 "$run/responder.log" || true
			echo "--- evaluator log"; tail -n 30 "$run/monitor.log" || true
		fi
	done
	# a key never reaches a log
	if grep -rhoE 'apk_[a-z2-7]{12}_[0-9A-Za-z]{46}' "$run"/*.log >/dev/null 2>&1; then
		echo "a bearer key appears in a log of the $backend run"; status=1
	fi
	"$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true
	kill "$(cat "$run/receiver.pid")" 2>/dev/null || true
	# a sanitizer's report in a responder or evaluator (they write it when they stop)
	if grep -lE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$run"/*.log; then
		echo "a sanitizer reported in a log of the $backend run"; status=1
	fi
	unset AUTOPLAN_MONITOR_DB
done

# One responder and one evaluator under valgrind, on SQLite: the interface and a catalog swap leak nothing.
# A sanitizer build is left to its own leak check (valgrind cannot run it): a design, not a missing part.
if [ -n "${AUTOPLAN_SANITIZERS:-}" ]; then
	echo "=== monitoring under valgrind: not run in a sanitizer build (LeakSanitizer checks it)"
elif ! command -v valgrind >/dev/null; then
	missing+=("valgrind is not installed (./dev.sh installs it)")
else
	echo "=== monitoring under valgrind"
	run=$top/run-valgrind
	mkdir -p "$run/receiver"
	node "$src/tests/monitor/receiver.js" "$run/receiver" >"$run/receiver.log" 2>&1 &
	echo $! > "$run/receiver.pid"
	wait_until 30 test -f "$run/receiver/port" || { echo "the webhook receiver did not start"; exit 1; }
	cp "$build/catalog.bin" "$run/catalog.bin"
	vg="valgrind -q --vgdb=no --leak-check=full --show-leak-kinds=definite,indirect,possible"
	vg="$vg --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=9"
	url=$(PORT=0 WORKERS=1 ACCESS_LOG=off CATALOG=$run/catalog.bin AUTOPLAN_MONITOR_DB=$run/monitor.db MONITORS=1 \
		MONITOR_INTERVAL=1 MONITOR_ARGS="--retry-base 1 --max-attempts 3 --timeout 5" \
		AUTOPLAN_WEBHOOK_ALLOW=127.0.0.1/32 AUTOPLAN_MAX_WATCHES=40 STOP_WAIT=600 \
		AUTOPLAN_SANDBOX=off RESPONDER_WRAPPER="$vg --log-file=$run/valgrind-responder.log" \
		MONITOR_WRAPPER="$vg --log-file=$run/valgrind-monitor.%p.log" \
		"$src/tests/stack.sh" start "$build" "$src" "$run")
	export AUTOPLAN_BASE_URL=$url AUTOPLAN_RUNDIR=$run AUTOPLAN_MONITOR_DB=$run/monitor.db \
		AUTOPLAN_SERVED_CATALOG=$run/catalog.bin AUTOPLAN_RECEIVER_DIR=$run/receiver
	for group in 'api_keys/*' 'api_watches/*' 'api_input/*' 'swap/*'; do
		criterion_run "$build/tests/monitor/test_monitoring" --jobs 1 --filter "$group" || status=1
	done
	STOP_WAIT=600 "$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true
	kill "$(cat "$run/receiver.pid")" 2>/dev/null || true
	ls "$run"/valgrind-responder.log "$run"/valgrind-monitor.*.log >/dev/null || { echo "valgrind did not run"; status=1; }
	for f in "$run"/valgrind-*.log; do
		if [ -s "$f" ]; then echo "valgrind reported ($f):"; cat "$f"; status=1; fi
	done
	[ $status -eq 0 ] && echo "valgrind: no leak and no error in the responder and the evaluator"
fi
[ $status = 0 ] && [ ${#missing[@]} -gt 0 ] && missing_part "the rest passed; not run: ${missing[*]}"
exit $status
