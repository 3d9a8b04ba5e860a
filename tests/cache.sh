#!/usr/bin/env bash
# make check: nginx's optional fastcgi_cache (nginx.conf.example, CACHE=on) keeps GET answers and serves
# 304 to If-None-Match from what it keeps; errors, POST and monitoring answers are never kept. Proof: with
# the responder stopped, kept answers are still served (stale) and everything else is 502. A new catalog's
# answers replace the kept ones within the stated bound: one second after the responder re-mapped it.
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
. "$src/tests/parts.sh"
. "$src/tests/wait.sh"
need_fronts nginx
run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-cache.XXXXXX")
cleanup() { "$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true; [ -n "${KEEP:-}" ] || rm -rf "$run"; }
trap cleanup EXIT
. "$src/tests/faults/catalogs.sh"
mkdir "$run/cat"
make_catalogs "$build" "$src" "$run/cat"
cp "$run/cat/A.bin" "$run/cat/live.bin"
url=$(CACHE=on PORT=0 WORKERS=2 ACCESS_LOG=off CATALOG="$run/cat/live.bin" "$src/tests/stack.sh" start "$build" "$src" "$run")
port=${url##*:}
fail() { echo "cache: $*" >&2; exit 1; }
req() { # METHOD PATH [BODY] [If-None-Match]: the whole HTTP response, headers with CR removed
	exec 3<>"/dev/tcp/127.0.0.1/$port"
	printf '%s %s HTTP/1.0\r\nHost: localhost\r\n%s%s\r\n%s' "$1" "$2" \
		"${3:+Content-Type: application/json$'\r\n'Content-Length: ${#3}$'\r\n'}" \
		"${4:+If-None-Match: $4$'\r\n'}" "${3:-}" >&3
	tr -d '\r' <&3
	exec 3<&-
}
status() { local l=${1%%$'\n'*}; l=${l#* }; printf '%s' "${l%% *}"; }
hdr() { awk -v n="$2" 'BEGIN { IGNORECASE = 1 } $0 == "" { exit } tolower($1) == tolower(n) ":" { print $2 }' <<<"$1"; }

export LC_ALL=C
a=$(req GET /v2/tasks) b=$(req GET /v2/tasks)
[ "$(status "$a")" = 200 ] || fail "GET /v2/tasks: $(status "$a")"
[ "$(hdr "$a" X-Cache-Status)" = MISS ] || fail "first GET not a MISS: $(hdr "$a" X-Cache-Status)"
[ "$(hdr "$b" X-Cache-Status)" = HIT ] || fail "second GET not a HIT: $(hdr "$b" X-Cache-Status)"
[ "${a#*$'\n\n'}" = "${b#*$'\n\n'}" ] || fail "the kept answer differs from the first"
etag=$(hdr "$a" ETag)
c=$(req GET /v2/tasks "" "$etag")
[ "$(status "$c")" = 304 ] || fail "If-None-Match on a kept answer: $(status "$c")"
g=$(req GET '/v2/capability-gaps?app=sheetsB')
[ "$(status "$g")" = 200 ] || fail "gaps: $(status "$g")"
for i in 1 2; do
	e=$(req GET '/v2/capabilities?limit=0')
	[ "$(status "$e")" = 400 ] || fail "bad limit: $(status "$e")"
	[ "$(hdr "$e" X-Cache-Status)" = MISS ] || fail "an error was served from the cache"
done
p=$(req POST /v2/workflows/plan '{"task_id":"mailA-send"}')
[ "$(status "$p")" = 200 ] || fail "POST plan: $(status "$p")"
admin() { "$build/src/autoplan-admin" --db "$run/monitor.db" "$@" 2>&1 | tail -n 1; }
admin project create cache >/dev/null
key=$(admin key create cache)
mon() { # GET /v2/monitoring/status with the key
	exec 3<>"/dev/tcp/127.0.0.1/$port"
	printf 'GET /v2/monitoring/status HTTP/1.0\r\nHost: localhost\r\nAuthorization: Bearer %s\r\n\r\n' "$key" >&3
	tr -d '\r' <&3
	exec 3<&-
}
for i in 1 2; do
	m=$(mon)
	[ "$(status "$m")" = 200 ] || fail "monitoring status: $(status "$m")"
	[ "$(hdr "$m" X-Cache-Status)" = BYPASS ] || fail "a monitoring answer went through the cache: $(hdr "$m" X-Cache-Status)"
done

# The bound: once the responder re-mapped catalog B, answers of A come from the cache for at most a second.
version() { sed -n 's/.*"catalog_version":"\([^"]*\)".*/\1/p' <<<"${1#*$'\n\n'}" | head -1; }
[ "$(version "$(req GET '/v2/capabilities?query=datei')")" = "$va" ] || fail "catalog A not answered"
[ "$(hdr "$(req GET '/v2/capabilities?query=datei')" X-Cache-Status)" = HIT ] || fail "second GET of A not kept"
log=$run/responder.log
before=$(grep -c "catalog re-mapped: version $vb" "$log" || true)
cp "$run/cat/B.bin" "$run/cat/live.tmp" && mv "$run/cat/live.tmp" "$run/cat/live.bin"
remapped() { [ "$(grep -c "catalog re-mapped: version $vb" "$log" || true)" -gt "$before" ]; }
wait_until 30 remapped || fail "catalog B was never re-mapped"
t0=$(date +%s%3N) old=0
answers_b() { [ "$(version "$(req GET '/v2/capabilities?query=datei')")" = "$vb" ] || { old=$((old + 1)); false; }; }
wait_until 5 answers_b || fail "catalog A still answered from the cache 5 s after B was re-mapped"
ms=$(( $(date +%s%3N) - t0 ))
# a second of keeping, plus the scheduling of a loaded machine
[ "$ms" -le 1500 ] || fail "catalog A answered $ms ms after B was re-mapped (bound: 1 s)"
echo "cache: catalog B answered $ms ms after its re-map ($old answer(s) of A before; bound 1 s)"

# nginx answers 502 once nothing listens on the responder's port any more (every worker has ended)
kill "$(cat "$run/responder.pid")"
wait_until 30 closed "$(cat "$run/fcgi_port")" || { echo "the responder still listens 30 s after SIGTERM"; exit 1; }
for path in /v2/tasks '/v2/capability-gaps?app=sheetsB'; do
	k=$(req GET "$path")
	[ "$(status "$k")" = 200 ] && [[ $(hdr "$k" X-Cache-Status) =~ ^(HIT|STALE)$ ]] ||
		fail "$path not served from the cache without the responder: $(status "$k") $(hdr "$k" X-Cache-Status)"
done
n=$(req GET /v2/tasks "" "$etag")
[ "$(status "$n")" = 304 ] || fail "304 from the cache without the responder: $(status "$n")"
for path in '/v2/capabilities?limit=0' /v2/apps; do
	k=$(req GET "$path")
	[ "$(status "$k")" = 502 ] || fail "$path should not be kept: $(status "$k")"
done
k=$(req POST /v2/workflows/plan '{"task_id":"mailA-send"}')
[ "$(status "$k")" = 502 ] || fail "a POST answer was kept: $(status "$k")"
echo "cache: GET answers kept and revalidated by ETag; errors and POST answers never kept"
