#!/usr/bin/env bash
# make check: nginx's optional fastcgi_cache (nginx.conf.example, CACHE=on) keeps GET answers and serves
# 304 to If-None-Match from what it keeps; errors and POST answers are never kept. Proof: with the
# responder stopped, kept answers are still served and everything else is 502.
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
. "$src/tests/parts.sh"
. "$src/tests/wait.sh"
need_fronts nginx
run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-cache.XXXXXX")
cleanup() { "$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true; rm -rf "$run"; }
trap cleanup EXIT
url=$(CACHE=on PORT=0 WORKERS=1 ACCESS_LOG=off "$src/tests/stack.sh" start "$build" "$src" "$run")
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

# nginx answers 502 once nothing listens on the responder's port any more (every worker has ended)
kill "$(cat "$run/responder.pid")"
wait_until 30 closed "$(cat "$run/fcgi_port")" || { echo "the responder still listens 30 s after SIGTERM"; exit 1; }
for path in /v2/tasks '/v2/capability-gaps?app=sheetsB'; do
	k=$(req GET "$path")
	[ "$(status "$k")" = 200 ] && [ "$(hdr "$k" X-Cache-Status)" = HIT ] ||
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
