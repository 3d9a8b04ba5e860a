#!/usr/bin/env bash
# make check: the front server's own errors are JSON too. nginx's limit_req answers 429 with the JSON
# error body and Retry-After while requests within the rate reach the responder; with the responder gone,
# nginx answers 502 bad_gateway as JSON. Runs its own stack with a rate of 1 request/s and a burst of 1.
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
. "$src/tests/parts.sh"
. "$src/tests/wait.sh"
need_fronts nginx
run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-rate.XXXXXX")
cleanup() { "$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true; rm -rf "$run"; }
trap cleanup EXIT
url=$(PORT=0 WORKERS=1 ACCESS_LOG=off RATE=1 BURST=1 "$src/tests/stack.sh" start "$build" "$src" "$run")
port=${url##*:}
get() { # prints the whole HTTP response of GET $1
	exec 3<>"/dev/tcp/127.0.0.1/$port"
	printf 'GET %s HTTP/1.0\r\nHost: localhost\r\n\r\n' "$1" >&3
	cat <&3
	exec 3<&-
}
line1() { printf '%s' "${1%%$'\n'*}"; } # the status line, without a pipe that could break early
first=$(get /v2/tasks) second=$(get /v2/tasks) third=$(get /v2/tasks) fourth=$(get /v2/tasks)
[[ $(line1 "$first") == *" 200 "* ]] || { echo "first request was not served: $(line1 "$first")"; exit 1; }
limited=$(printf "%s\n%s\n%s\n" "$second" "$third" "$fourth")
grep -q '^HTTP/1.1 429 ' <<<"$limited" || { echo "no 429 within the same second"; exit 1; }
grep -qi '^Retry-After: 1' <<<"$limited" || { echo "429 without Retry-After"; exit 1; }
grep -qi '^Content-Type: application/json' <<<"$limited" || { echo "429 body is not JSON"; exit 1; }
grep -q '"error":"too_many_requests"' <<<"$limited" || { echo "429 body lacks the error name"; exit 1; }
# nginx answers 502 once nothing listens on the responder's port any more (every worker has ended)
kill "$(cat "$run/responder.pid")"
wait_until 30 closed "$(cat "$run/fcgi_port")" || { echo "the responder still listens 30 s after SIGTERM"; exit 1; }
# and once limit_req lets a request through again (within a second at 1 request/s; a refused one costs nothing)
let_through() { gone=$(get /v2/tasks); [[ $(line1 "$gone") != *" 429 "* ]]; }
wait_until 10 let_through || { echo "limit_req still refuses 10 s later"; exit 1; }
[[ $(line1 "$gone") == *" 502 "* ]] || { echo "expected 502 without a responder: $(line1 "$gone")"; exit 1; }
grep -q '"error":"bad_gateway"' <<<"$gone" || { echo "502 body lacks the error name"; exit 1; }
echo "429 too_many_requests and 502 bad_gateway as JSON; the first request was served"
