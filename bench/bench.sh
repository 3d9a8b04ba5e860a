#!/usr/bin/env bash
# make bench: requests/s and p99 latency through the same nginx for the service's endpoints, against
# (a) a libfcgi hello-world responder answering a body of the same size and (b) nginx serving a static
# file of the same size. Prints one line per target and the ratios. Loopback only; bounded in time.
set -euo pipefail
build=$1 src=$2
wrk=${WRK:-$(command -v wrk || true)}
[ -x "$wrk" ] || { echo "bench: wrk not found (./dev.sh installs it)" >&2; exit 1; }
dur=${BENCH_SECONDS:-3} conns=${BENCH_CONNECTIONS:-16} threads=2 workers=${WORKERS:-4}
run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-bench.XXXXXX")
cc -O2 -o "$run/hello" "$src/bench/hello.c" $(pkg-config --cflags --libs fcgi)
cleanup() {
	"$src/tests/stack.sh" stop "$run/svc" >/dev/null 2>&1 || true
	if [ -n "${hpid:-}" ]; then pkill -P "$hpid" 2>/dev/null; kill "$hpid" 2>/dev/null; fi || true
	"$src/tests/stack.sh" stop "$run/hello-stack" >/dev/null 2>&1 || true
	rm -rf "$run"
	return 0
}
trap cleanup EXIT

url=$(PORT=0 WORKERS=$workers ACCESS_LOG=off RATE=1000000 BURST=1000000 "$src/tests/stack.sh" start "$build" "$src" "$run/svc")
post_lua() { # wrk script for a POST with a JSON body
	printf 'wrk.method = "POST"\nwrk.body = %s\nwrk.headers["Content-Type"] = "application/json"\n' "$1" > "$run/$2.lua"
	echo "$run/$2.lua"
}

measure() { # name url [script] -> "rps p99_ms bytes"
	local out
	out=$("$wrk" -t$threads -c$conns -d${dur}s --latency ${3:+-s "$3"} "$2")
	local rps p99
	rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
	p99=$(awk '$1=="99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v*=1000}; print v}' <<<"$out")
	echo "$rps $p99"
}

body_size() { # size of the service's answer for a path (and a POST body)
	local p=$1 body=${2:-}
	exec 3<>"/dev/tcp/127.0.0.1/${url##*:}"
	if [ -n "$body" ]; then
		printf 'POST %s HTTP/1.0\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s' \
			"$p" "$(printf %s "$body" | wc -c)" "$body" >&3
	else
		printf 'GET %s HTTP/1.0\r\nHost: x\r\n%s\r\n' "$p" "${AUTH:+Authorization: Bearer $AUTH$'\r\n'}" >&3
	fi
	awk 'tolower($0) ~ /^content-length:/ {gsub("\r",""); print $2; exit}' <&3
	exec 3<&-
}

# The baseline stack: same nginx config, the hello responder behind it.
hello_stack() { # size: sets base to the url of an nginx in front of hello answering size bytes
	local size=$1 dir="$run/hello-stack"
	"$src/tests/stack.sh" stop "$dir" >/dev/null 2>&1 || true
	if [ -n "${hpid:-}" ]; then pkill -P "$hpid" 2>/dev/null; kill "$hpid" 2>/dev/null; wait "$hpid" 2>/dev/null; fi || true
	mkdir -p "$dir/htdocs"
	head -c "$size" /dev/zero | tr '\0' ' ' > "$dir/htdocs/static.json"
	local fport=$(( 20000 + RANDOM % 30000 )) port=$(( 20000 + RANDOM % 30000 ))
	"$run/hello" "127.0.0.1:$fport" "$workers" "$size" >/dev/null 2>&1 &
	hpid=$!
	cp "$src/etc/fastcgi.params" "$dir/fastcgi.params"
	sed -e "s|@RUNDIR@|$dir|g" -e "s|@LISTEN@|127.0.0.1:$port|g" -e "s|@FASTCGI@|127.0.0.1:$fport|g" \
		-e "s|@HTDOCS@|$dir/htdocs|g" -e "s|@RATE@|1000000|g" -e "s|@BURST@|1000000|g" -e "s|@ACCESS_LOG@|off|g" \
		"$src/nginx.conf.example" > "$dir/nginx.conf"
	sleep 0.3
	env -u NGINX "${NGINX_BIN:-nginx}" -p "$dir" -c "$dir/nginx.conf" -g 'daemon on;' >/dev/null 2>&1
	sleep 0.3
	base="http://127.0.0.1:$port"
}

best() { # "rps p99" "rps p99" -> the pair with more requests/s
	awk -v a="$1" -v b="$2" 'BEGIN { split(a, x, " "); split(b, y, " "); print (y[1] + 0 > x[1] + 0) ? b : a }'
}

rounds=${BENCH_ROUNDS:-3}
echo "wrk: $threads threads, $conns connections, ${dur}s per round, best of $rounds rounds; $workers responder workers"
printf '%-44s %12s %10s %12s %12s\n' target req/s p99_ms vs_hello vs_static
bench_one() { # label path [json body]
	local label=$1 path=$2 json=${3:-} lua="" size svc hello static base
	if [ -n "$json" ]; then lua=$(post_lua "'$json'" "lua$RANDOM"); fi
	if [ -n "${AUTH:-}" ]; then # AUTH=<key>: a GET with a bearer key
		lua=$run/auth.lua
		printf 'wrk.headers["Authorization"] = "Bearer %s"\n' "$AUTH" > "$lua"
	fi
	size=$(body_size "$path" "$json")
	hello_stack "${size:-2000}"
	# Rounds alternate service and baselines; the best round of each counts, so a burst of load from
	# elsewhere on the machine skews one round rather than the ratio.
	local r
	svc="0 0" hello="0 0" static="0 0"
	for r in $(seq 1 "$rounds"); do
		svc=$(best "$svc" "$(measure "$label" "$url$path" "$lua")")
		hello=$(best "$hello" "$(measure hello "$base/v2/anything")")
		static=$(best "$static" "$(measure static "$base/static.json")")
	done
	awk -v l="$label" -v s="$svc" -v h="$hello" -v t="$static" 'BEGIN {
		split(s, a, " "); split(h, b, " "); split(t, c, " ");
		printf "%-44s %12.0f %10.2f %12.2f %12.2f\n", l, a[1], a[2], a[1]/b[1], a[1]/c[1];
		printf "%-44s %12.0f %10.2f\n", "  hello-world responder (same size)", b[1], b[2];
		printf "%-44s %12.0f %10.2f\n", "  nginx static file (same size)", c[1], c[2];
	}'
}
bench_one "GET /v2/capabilities" "/v2/capabilities"
bench_one "GET /v2/capability-gaps?app=mailA" "/v2/capability-gaps?app=mailA"
if [ "${BENCH_PLAN:-1}" != 0 ]; then
	bench_one "POST /v2/workflows/plan (task id)" "/v2/workflows/plan" \
		'{"task_id":"mailA-attachments-driveA","granted_scopes":["https://www.googleapis.com/auth/gmail.readonly"]}'
	bench_one "POST /v2/workflows/plan (free text)" "/v2/workflows/plan" \
		'{"query":"Anhaenge aus mailA in driveA speichern"}'

fi
# The monitoring interface: an authenticated read of a watch with its impact, on the SQLite store of the run.
if [ "${BENCH_MONITOR:-1}" != 0 ]; then
	post_json() { # path body [key]: the answer's body
		local body=$2
		exec 3<>"/dev/tcp/127.0.0.1/${url##*:}"
		printf 'POST %s HTTP/1.0\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%s\r\n%s' \
			"$1" "$(printf %s "$body" | wc -c)" "${3:+Authorization: Bearer $3$'\r\n'}" "$body" >&3
		sed '1,/^\r$/d' <&3
		exec 3<&-
	}
	admin=("$build/src/autoplan-admin" --db "$run/svc/monitor.db")
	project=$("${admin[@]}" project create bench | tail -n 1)
	key=$("${admin[@]}" key create "$project" | tail -n 1)
	snapshot=$(post_json /v2/workflows/snapshot '{"task_id":"mailA-attachments-driveA"}' |
		sed -n 's/.*"snapshot":\(.*\),"dataset_version".*/\1/p')
	watch=$(post_json /v2/monitoring/watches \
		"{\"name\":\"bench\",\"snapshot\":$snapshot,\"granted_scopes\":[\"https://mail.google.com/\"]}" "$key" |
		sed -n 's/^{"id":"\(wat_[a-z2-7]*\)".*/\1/p')
	[ -n "$watch" ] || { echo "bench: could not create a watch" >&2; exit 1; }
	AUTH=$key bench_one "GET /v2/monitoring/watches/{id} (bearer key)" "/v2/monitoring/watches/$watch"
fi
echo "goals: >= 0.90 of the hello-world responder for GET rows, >= 0.85 and p99 < 2 ms at 16 connections for plan"
