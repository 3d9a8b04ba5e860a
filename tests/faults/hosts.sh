#!/usr/bin/env bash
# The fault suite's scenarios with several hosts: three responder hosts on loopback, each with its
# evaluator, behind one nginx upstream (tests/stack.sh, HOSTS=3), their monitoring on one PostgreSQL
# server (tests/monitor/pg.sh), under load with a monitoring key (load.c) while one fault is applied:
#   one host killed (every process of it, SIGKILL), then started again on its port;
#   PostgreSQL stopped, then started again;
#   a new catalog rolled out host by host.
# Each prints the requests sent, the failed ones by status and kind, and its recovery time, with computed
# verdicts. A missed count goal fails the run; timing figures are printed with their verdict only.
# Run by tests/faults/faults.sh (make faults; make check with FAULTS_SHORT=1).
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
load="$build/tests/faults/load"
. "$src/tests/parts.sh"
. "$src/tests/wait.sh"
. "$src/tests/faults/catalogs.sh"
need_fronts nginx
need_commands node curl
have_postgres || missing_part "no PostgreSQL server under /usr/lib/postgresql (./dev.sh installs postgresql)"
if [ -n "${FAULTS_SHORT:-}" ]; then
	conns=6 secs=${FAULTS_SECONDS:-4}
else
	conns=${FAULTS_CONNECTIONS:-16} secs=${FAULTS_SECONDS:-10}
fi
hosts=3
run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-hosts.XXXXXX")
chmod 755 "$run" # a responder started as root reads its catalog here as nobody; PostgreSQL runs as postgres
stack=$run/stack
cleanup() {
	[ -n "${lp:-}" ] && kill "$lp" 2>/dev/null || true
	[ -n "${rp:-}" ] && kill "$rp" 2>/dev/null || true
	"$src/tests/stack.sh" stop "$stack" >/dev/null 2>&1 || true
	"$src/tests/monitor/pg.sh" stop "$run/pg" >/dev/null 2>&1 || true
	rm -rf "$run"
}
trap cleanup EXIT

make_catalogs "$build" "$src" "$run"
make_catalog_c "$build" "$run"
export AUTOPLAN_MONITOR_DB
AUTOPLAN_MONITOR_DB=$("$src/tests/monitor/pg.sh" start "$run/pg")
admin() { "$build/src/autoplan-admin" --db "$AUTOPLAN_MONITOR_DB" "$@" 2>&1 | tail -n 1; }
admin project create faults >/dev/null
key=$(admin key create faults)
# the webhook receiver of the monitoring tests: it logs every delivery it gets
mkdir "$run/receiver"
node "$src/tests/monitor/receiver.js" "$run/receiver" >"$run/receiver.log" 2>&1 &
rp=$!
wait_until 30 test -f "$run/receiver/port" || { echo "the webhook receiver did not start"; exit 1; }
stack_env=(HOSTS=$hosts CATALOG="$run/A.bin" WORKERS=2 MONITOR_INTERVAL=1 ACCESS_LOG=off RATE=1000000 BURST=1000000
	UPSTREAM_HEADER=on AUTOPLAN_WEBHOOK_ALLOW=127.0.0.1/32 MONITOR_ARGS="--retry-base 1 --max-attempts 5 --timeout 5")
url=$(env "${stack_env[@]}" PORT=0 "$src/tests/stack.sh" start "$build" "$src" "$stack")
port_of() { cat "$stack/hosts/$1/fcgi_port"; }

# A request through nginx: "STATUS HOST" (the host that answered).
probe() { # path [key]
	curl -s -o /dev/null -D - ${2:+-H "Authorization: Bearer $2"} "$url$1" |
		awk 'NR == 1 { s = $2 } tolower($1) == "x-upstream:" { h = $NF } END { gsub(/\r/, "", h); print s, h }'
}
# A watch of mailA-read (its id): KEY [GRANTED_SCOPE WEBHOOK_URL]
snapshot=$(curl -s -X POST -H 'Content-Type: application/json' -d '{"task_id":"mailA-read"}' "$url/v2/workflows/snapshot")
new_watch() {
	local body
	body=$(node -e 'const [snap, scope, hook] = process.argv.slice(1), w = { name: "faults", snapshot: JSON.parse(snap).snapshot };
		if (scope) w.granted_scopes = [scope];
		if (hook) w.webhook = { url: hook };
		process.stdout.write(JSON.stringify(w));' "$snapshot" "${2:-}" "${3:-}")
	curl -s -X POST -H "Authorization: Bearer $1" -H 'Content-Type: application/json' -d "$body" \
		"$url/v2/monitoring/watches" | sed -n 's/^{"id":"\(wat_[^"]*\)".*/\1/p'
}
# one the load reads and the roll-out follows
watch=$(new_watch "$key")
[ -n "$watch" ] || { echo "creating a watch failed"; exit 1; }
# and, in a project of their own, watches granted only Gmail's read-only scope, with a webhook each:
# catalog C (deployed while PostgreSQL is away) changes their impact, one alert and one delivery each
admin project create alerts >/dev/null
akey=$(admin key create alerts)
alerting=6
for i in $(seq 1 $alerting); do
	[ -n "$(new_watch "$akey" https://www.googleapis.com/auth/gmail.readonly "http://127.0.0.1:$(cat "$run/receiver/port")/hook-$i")" ] ||
		{ echo "creating a watch with a webhook failed"; exit 1; }
done

now_ms() { date +%s%3N; }
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $out"; } # a figure of the load's output line
status=0 timing_missed=0
verdict() { # EXIT-STATUS of the goal's test: ok, or MISSED (a count goal: a miss fails the run)
	if [ "$1" = 0 ]; then echo ok; else echo MISSED; fi
}

# load_start / load_stop: the load for one scenario; load_mark: failures after this point count as late.
load_start() {
	rm -f "$run/load.ready"
	LOAD_KEY=$key LOAD_READY=$run/load.ready "$load" "$url" "$conns" "$((secs * 3 + 120))" > "$run/load.out" 2>"$run/load.err" &
	lp=$!
	wait_until 30 test -e "$run/load.ready" || { echo "  the load got no answer within 30 s"; status=1; }
}
load_mark() { kill -USR2 "$lp"; }
load_stop() { kill -USR1 "$lp"; wait "$lp"; lp=""; out=$(cat "$run/load.out"); }
load_for() { sleep "$1"; } # the load's own length between two steps, not a wait for a condition
report() { # NAME GOAL-TEXT VERDICT
	printf '%-34s requests=%s failed=%s by status %s; GET/HEAD %s, POST %s, monitoring %s (goal %s: %s)\n' "$1" \
		"$(field requests)" "$(field failed)" "$(field statuses)" "$(field get_head)" "$(field post)" "$(field mon)" "$2" "$3"
	[ "$3" = ok ] || { status=1; sed 's/^/  /' "$run/load.err" | head -5; }
}
timing() { # TEXT MS GOAL-MS
	local v=meets
	[ "$2" -le "$3" ] || { v="MISSES (timing: a figure, not a failure)"; timing_missed=$((timing_missed + 1)); }
	echo "  $1 ${2} ms (goal <= $3 ms: $v)"
}
processes_of() { local g; for g in $(cat "$stack/hosts/$1/pgids"); do pgrep -g "$g" || true; done; }
none_left() { [ -z "$(processes_of "$1")" ] && closed "$(port_of "$1")"; }
answered_by() { [ "$(probe /v2/tasks)" = "200 127.0.0.1:$(port_of "$1")" ]; }

# 1. One host killed: its responder (supervisor, workers, standby) and its evaluator, SIGKILL to each of
# its process groups. GET and HEAD are retried on another host; a POST only when it never reached the
# killed one, so the POST failures are the ones it had in flight, at most one per client connection, and
# none for a request sent once the host was gone. Then it starts again on its port, and nginx sends it
# requests again by itself (after fail_timeout).
killed_host() {
	local k=2 g before t0 picked
	load_start
	load_for "$(awk -v s="$secs" 'BEGIN { print s / 3 }')"
	for g in $(cat "$stack/hosts/$k/pgids"); do kill -KILL -- "-$g" 2>/dev/null || true; done
	wait_until 30 none_left "$k" || { echo "  host $k still runs 30 s after SIGKILL"; status=1; }
	load_mark
	load_for "$(awk -v s="$secs" 'BEGIN { print s / 3 }')"
	env "${stack_env[@]}" "$src/tests/stack.sh" restart-host "$build" "$stack" "$k"
	t0=$(now_ms) # it listens: from here on it is nginx's to notice
	if wait_until 30 answered_by "$k"; then picked=$(( $(now_ms) - t0 )); else picked=-1; fi
	load_for "$(awk -v s="$secs" 'BEGIN { print s / 3 }')"
	load_stop
	local gh=$(field get_head) p=$(field post) m=$(field mon) late=$(field late)
	local met=0
	[ "${gh%%/*}" = 0 ] && [ "${m%%/*}" = 0 ] && [ "${p%%/*}" -le "$conns" ] && [ "$late" = 0 ] || met=$?
	report "host killed (SIGKILL, 1 of $hosts)" "GET/HEAD and monitoring 0 failed, POST <= $conns in flight, 0 after" \
		"$(verdict $met)"
	echo "  failures lasted $(field fail_span_ms) ms; answers by host: $(field hosts)"
	if [ "$picked" -lt 0 ]; then echo "  host $k was not answering through nginx 30 s after it started again"; status=1
	else timing "its return picked up by nginx" "$picked" 3000; fi
}

# 2. PostgreSQL stopped under load and started again: the monitoring requests answer a JSON 503 while it
# is away and work again once it is back, without a responder or evaluator started again; planning and
# directory requests never notice. While it is away, catalog C is deployed on every host: once it is back,
# the evaluators (one per host) record one alert per changed watch and the receiver gets one delivery
# each, none lost and none twice.
alerts_total() { curl -s -H "Authorization: Bearer $akey" "$url/v2/monitoring/status" | sed -n 's/.*"alerts":{"total":\([0-9]*\).*/\1/p'; }
# the deliveries the receiver got: "LINES DISTINCT-IDS"
deliveries() {
	node -e 'const fs = require("fs"); let l = [];
		try { l = fs.readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean).map(JSON.parse); } catch (e) {}
		console.log(l.length, new Set(l.map(e => e.id)).size)' "$run/receiver/log.jsonl"
}
all_delivered() { [ "$(alerts_total)" = "$alerting" ] && [ "$(deliveries | cut -d' ' -f2)" -ge "$alerting" ]; }
remaps() { grep -c "catalog re-mapped: version $2" "$stack/hosts/$1/responder.log" || true; } # K VERSION
more_remaps() { [ "$(remaps "$1" "$2")" -gt "$3" ]; } # K VERSION BEFORE
install_on() { # K CATALOG: copied next to the host's catalog and renamed over it
	cp "$2" "$stack/hosts/$1/catalog.bin.tmp"
	chmod 644 "$stack/hosts/$1/catalog.bin.tmp"
	mv "$stack/hosts/$1/catalog.bin.tmp" "$stack/hosts/$1/catalog.bin"
}
deploy_everywhere() { # CATALOG VERSION: on every host, then waits for each host's re-map
	local k marks=()
	for k in $(seq 1 $hosts); do marks[k]=$(remaps "$k" "$2"); install_on "$k" "$1"; done
	for k in $(seq 1 $hosts); do
		wait_until 30 more_remaps "$k" "$2" "${marks[k]}" || { echo "  host $k never re-mapped version $2"; status=1; }
	done
}
pg_restart() {
	local before after t0 back away
	before=$(cat "$stack"/hosts/*/responder.pid "$stack"/hosts/*/monitor.pids | sort)
	load_start
	load_for "$(awk -v s="$secs" 'BEGIN { print s / 3 }')"
	"$src/tests/monitor/pg.sh" stop "$run/pg"
	mon_is() { [ "$(probe /v2/monitoring/status "$key" | cut -d' ' -f1)" = "$1" ]; }
	wait_until 30 mon_is 503 || { echo "  monitoring did not answer 503 without PostgreSQL"; status=1; }
	deploy_everywhere "$run/C.bin" "$vc"
	load_for "$(awk -v s="$secs" 'BEGIN { print s / 3 }')"
	"$src/tests/monitor/pg.sh" start "$run/pg" >/dev/null
	t0=$(now_ms) # it accepts connections again (pg_ctl -w): from here on it is the responders' to notice
	if wait_until 30 mon_is 200; then back=$(( $(now_ms) - t0 )); else back=-1; fi
	load_mark
	load_for "$(awk -v s="$secs" 'BEGIN { print s / 3 }')"
	wait_until 60 all_delivered || true # judged below
	load_stop
	after=$(cat "$stack"/hosts/*/responder.pid "$stack"/hosts/*/monitor.pids | sort)
	local gh=$(field get_head) p=$(field post) m=$(field mon) late=$(field late) j=$(field json503)
	local met=0
	[ "${gh%%/*}" = 0 ] && [ "${p%%/*}" = 0 ] && [ "${m%%/*}" = "$j" ] && [ "$j" -gt 0 ] && [ "$late" = 0 ] || met=$?
	report "PostgreSQL restarted" "planning 0 failed; monitoring only JSON 503, 0 after it is back" "$(verdict $met)"
	echo "  monitoring failures lasted $(field fail_span_ms) ms (the server was away for them)"
	if [ "$before" != "$after" ] || ! "$src/tests/stack.sh" alive "$stack"; then
		echo "  a responder or evaluator was started again or ended"; status=1
	else
		echo "  no responder or evaluator started again"
	fi
	if [ "$back" -lt 0 ]; then echo "  monitoring did not answer 200 within 30 s of PostgreSQL's return"; status=1
	else timing "monitoring answering again once PostgreSQL accepts connections" "$back" 1000; fi
	local got=$(alerts_total) d=$(deliveries) v=ok
	[ "$got" = "$alerting" ] && [ "$d" = "$alerting $alerting" ] || { v=MISSED; status=1; }
	echo "  catalog $vc deployed while it was away: alerts $got, deliveries ${d% *} (${d#* } distinct) for $alerting changed watches (goal one each: $v)"
	[ "$(admin check)" = ok ] || { echo "  autoplan-admin check: $(admin check)"; status=1; }
}

# 3. A new catalog rolled out host by host: on each in turn, copied next to the old one and renamed over it.
# No request fails; no host answers from the old catalog once it answered from the new one, and each
# host's log shows its re-map; the watch is judged against one version at a time (its evaluated version,
# sampled while the hosts differ, only moves forward) and ends evaluated with the new one.
evaluated() { curl -s -H "Authorization: Bearer $key" "$url/v2/monitoring/watches/$watch" |
	sed -n 's/.*"evaluated":{[^}]*"catalog_version":"\([^"]*\)".*/\1/p'; }
sample_watch() { # every 100 ms until stopped: a sampling rate, not a wait
	while :; do evaluated >> "$run/evaluated"; sleep 0.1; done
}
rollout() {
	local k mark t0 spans="" sp before_alerts after_alerts
	before_alerts=$(curl -s -H "Authorization: Bearer $key" "$url/v2/monitoring/status" | sed -n 's/.*"alerts":{"total":\([0-9]*\).*/\1/p')
	: > "$run/evaluated"
	sample_watch & sp=$!
	load_start
	for k in $(seq 1 $hosts); do
		load_for "$(awk -v s="$secs" -v h=$hosts 'BEGIN { print s / (h + 1) }')"
		mark=$(remaps "$k" "$vb")
		t0=$(now_ms)
		install_on "$k" "$run/B.bin"
		wait_until 30 more_remaps "$k" "$vb" "$mark" || { echo "  host $k never re-mapped version $vb"; status=1; }
		spans+="${spans:+, }host $k $(( $(now_ms) - t0 )) ms"
	done
	judged_new() { [ "$(evaluated)" = "$vb" ]; }
	wait_until 30 judged_new || { echo "  the watch was not evaluated with $vb within 30 s"; status=1; }
	load_for "$(awk -v s="$secs" -v h=$hosts 'BEGIN { print s / (h + 1) }')"
	load_stop
	kill "$sp"; wait "$sp" 2>/dev/null || true
	after_alerts=$(curl -s -H "Authorization: Bearer $key" "$url/v2/monitoring/status" | sed -n 's/.*"alerts":{"total":\([0-9]*\).*/\1/p')
	local versions=$(field versions) back moves
	# the evaluated versions sampled, repeats folded: "A B" is one move forward; "B A" or "A B A" went back
	moves=$(grep -v '^$' "$run/evaluated" | uniq | tr '\n' ' ')
	back=0; [[ " $moves" == *" $vb $va"* ]] && back=1
	local met=0
	[ "$(field failed)" = 0 ] && [ "$(field host_reverts)" = 0 ] && [[ $versions == *"$va:"* ]] &&
		[[ $versions == *"$vb:"* ]] || met=$?
	report "catalog rolled out host by host" "0 failed, 0 host going back, both versions answered" "$(verdict $met)"
	echo "  versions answered: $versions; hosts going back: $(field host_reverts); re-mapped after the copy: $spans"
	if [ "$back" = 0 ] && [ -n "$moves" ] && [ "$after_alerts" -le $((before_alerts + 1)) ]; then
		echo "  the watch was judged against one version at a time: ${moves% } (alerts $before_alerts -> $after_alerts): ok"
	else
		echo "  the watch's evaluated versions went ${moves:-nowhere}; alerts $before_alerts -> $after_alerts: MISSED"; status=1
	fi
	[ "$(admin check)" = ok ] || { echo "  autoplan-admin check: $(admin check)"; status=1; }
}

printf '%-34s %s\n' "fault ($hosts hosts, PostgreSQL)" "figures (goal)"
killed_host
rollout
pg_restart
[ $timing_missed = 0 ] || echo "timing goals missed: $timing_missed (figures with their verdicts above; they do not decide the run)"
exit $status
