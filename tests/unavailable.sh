#!/usr/bin/env bash
# make check: a responder that cannot start (catalog missing or damaged) still answers JSON behind Apache:
# 503 service_unavailable under mod_cgid (classic CGI) and under mod_fcgid (the process keeps answering 503
# until the catalog opens again, then serves from it in the same process, so no request Apache queued on it meets
# an ending process), a body sent along is drained, and once the catalog is repaired the service answers again.
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
top=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-unavail.XXXXXX")
chmod 755 "$top"
cleanup() {
	for f in "$top"/*/; do "$src/tests/stack.sh" stop "$f" >/dev/null 2>&1 || true; done
	rm -rf "$top"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
. "$src/tests/parts.sh"
. "$src/tests/wait.sh"
need_fronts cgi apache

req() { # port method path [body-bytes]: prints the whole response
	exec 3<>"/dev/tcp/127.0.0.1/$1"
	if [ -n "${4:-}" ]; then
		printf '%s %s HTTP/1.0\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n' "$2" "$3" "$4" >&3
		head -c "$4" /dev/zero | tr '\0' ' ' >&3
	else
		printf '%s %s HTTP/1.0\r\nHost: localhost\r\n\r\n' "$2" "$3" >&3
	fi
	cat <&3
	exec 3<&-
}

expect_503() { # what response
	[[ ${2%%$'\r'*} == *" 503 "* ]] || fail "$1: expected 503, got: ${2:0:300}"
	grep -qi '^Content-Type: application/json' <<<"$2" || fail "$1: the 503 is not JSON"
	grep -q '"error":"service_unavailable"' <<<"$2" || fail "$1: the 503 lacks the error name"
}

head -c 4096 "$build/catalog.bin" > "$top/damaged.bin"
chmod 644 "$top/damaged.bin"
for front in cgi apache; do
	for cat in damaged missing; do
		run=$top/$front-$cat
		mkdir -p "$run"
		if ! url=$(FRONT=$front PORT=0 ACCESS_LOG=off CATALOG="$top/$cat.bin" "$src/tests/stack.sh" start "$build" "$src" "$run" 2>"$run.err"); then
			cat "$run.err"
			exit 1
		fi
		port=${url##*:}
		expect_503 "$front, $cat catalog, GET" "$(req "$port" GET /v2/tasks)"
		expect_503 "$front, $cat catalog, POST of 1.5 MiB" "$(req "$port" POST /v2/workflows/plan $((1536 * 1024)))"
		expect_503 "$front, $cat catalog, GET again" "$(req "$port" GET /v2/capabilities)"
		if grep -q "Broken pipe" "$run/error.log"; then cat "$run/error.log"; fail "$front: a body was not drained"; fi
		grep -q "catalog" "$run/error.log" || fail "$front: the reason is not in the error log"
		echo "$front, $cat catalog: JSON 503 service_unavailable, body drained, reason logged"
	done
done
# Repaired: the next requests are served (mod_fcgid's process serves the catalog once it sees it open again);
# until then every answer is still the JSON 503, never the front's 500.
answers() { # front port
	local out
	out=$(req "$2" GET /v2/tasks)
	[[ ${out%%$'\r'*} == *" 200 "* ]] && return 0
	expect_503 "$1, while repairing" "$out"
	return 1
}
cp "$build/catalog.bin" "$top/damaged.bin"
for front in cgi apache; do
	port=$(cat "$top/$front-damaged/port")
	wait_until 30 answers "$front" "$port" || fail "$front: still no answer 30 s after the catalog was repaired"
	echo "$front: answers again once the catalog is repaired"
done
