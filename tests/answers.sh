#!/usr/bin/env bash
# Byte-identity of answers: every request of tests/golden/answers.corpus is answered by the responder as
# classic CGI (the environment a CGI server sets, the body on stdin), and the status line and body must
# equal tests/golden/answers.txt byte for byte. The version triple's values are masked on both sides: they
# change with every catalog source change and are checked by the integration tests.
#   tests/answers.sh            compare (make check)
#   tests/answers.sh --update   rewrite the expected answers (make golden; read the diff before committing)
set -euo pipefail
export LC_ALL=C # ${#body} counts bytes
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
corpus=$src/tests/golden/answers.corpus expected=$src/tests/golden/answers.txt
bin=${AUTOPLAN_RESPONDER:-$build/src/autoplan} cat=${AUTOPLAN_CATALOG:-$build/catalog.bin}

answer() { # METHOD TARGET BODY: status line and body, headers dropped, versions masked
	local method=$1 target=$2 body=$3 path query=""
	path=${target%%\?*}
	[ "$path" != "$target" ] && query=${target#*\?}
	printf '%s' "$body" | env -i PATH="$PATH" AUTOPLAN_CATALOG="$cat" GATEWAY_INTERFACE=CGI/1.1 \
		REQUEST_METHOD="$method" REQUEST_URI="$target" QUERY_STRING="$query" CONTENT_LENGTH=${#body} \
		CONTENT_TYPE=application/json SERVER_PROTOCOL=HTTP/1.1 ${AUTOPLAN_WRAPPER:-} "$bin" |
		LC_ALL=C awk 'NR == 1 { sub(/\r$/, ""); print; next } body { print; next } /^\r?$/ { body = 1 }' |
		LC_ALL=C sed -E 's/"(dataset|catalog|rule)_version":"[^"]*"/"\1_version":"*"/g'
}

all() {
	local line method rest target body
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in '' | '#'*) continue ;; esac
		method=${line%% *} rest=${line#* } target=${rest%% *} body=""
		[ "$rest" != "$target" ] && body=${rest#* }
		echo "=== $line"
		answer "$method" "$target" "$body"
	done < "$corpus"
}

if [ "${1:-}" = --update ]; then
	all > "$expected"
	echo "answers: rewrote $expected ($(grep -c '^=== ' "$expected") answers)"
	exit 0
fi
got=$(mktemp "${TMPDIR:-/tmp}/autoplan-answers.XXXXXX")
trap 'rm -f "$got"' EXIT
all > "$got"
if ! cmp -s "$got" "$expected"; then
	echo "answers: the responder's answers differ from tests/golden/answers.txt:" >&2
	diff -u "$expected" "$got" | head -n 60 >&2
	exit 1
fi
echo "answers: $(grep -c '^=== ' "$expected") answers byte-identical to tests/golden/answers.txt"
