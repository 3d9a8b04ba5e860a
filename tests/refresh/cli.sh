#!/bin/sh
# autoplan-refresh on the command line: --check on the committed catalog changes nothing (exit 0), an
# older document would change it (exit 3, catalog untouched), --diff prints the README's changes as text
# and JSON, bad input is refused (exit 1/2).
set -u
src=${AUTOPLAN_SRCDIR:-.}
build=${AUTOPLAN_BUILDDIR:-.}
tool=$build/src/autoplan-refresh
prov=$src/../shared/providers
. "$src/tests/parts.sh"
[ -d "$prov" ] || missing_part "the shared provider documents ($prov) are absent"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
cp -R "$src/catalog" "$tmp/cat"

"$tool" --check --docs "$prov" --facts "$prov/facts.json" "$tmp/cat" 2>"$tmp/err"
[ $? = 0 ] && [ ! -s "$tmp/err" ] || bad "--check on the committed catalog: $(cat "$tmp/err")"

"$tool" --check --docs "$prov" --facts "$prov/facts.json" --doc "google-drive=$prov/history/google-drive-v3.r20220508.discovery.json" \
	--source-date google-drive=2022-05-11T18:42:11Z "$tmp/cat" 2>"$tmp/err"
[ $? = 3 ] || bad "--check with an older drive document did not exit 3"
grep -q "would change apps/driveA.json" "$tmp/err" || bad "--check did not name apps/driveA.json"
grep -q "ranks https://www.googleapis.com/auth/drive.meet.readonly for driveA" "$tmp/err" || bad "unused ranked scope not reported"
diff -r -q "$src/catalog" "$tmp/cat" >/dev/null || bad "--check wrote something"

"$tool" --docs "$prov" --facts "$prov/facts.json" --doc "google-drive=$prov/history/google-drive-v3.r20220508.discovery.json" \
	"$tmp/cat" 2>"$tmp/err"
[ $? = 1 ] && grep -q "give --source-date google-drive=TIMESTAMP" "$tmp/err" || bad "a document without source facts was accepted without a date"

"$tool" --diff --catalog "$src/catalog" "$prov/history/google-calendar-v3.r20240517.discovery.json" \
	"$prov/google-calendar-v3.discovery.json" >"$tmp/diff.txt" || bad "--diff failed"
grep -q "changes to mapped methods: 17 (breaking 0, compatible 17, info 0, minor 0)" "$tmp/diff.txt" || bad "--diff text summary"
[ "$(grep -c ' scope_added ' "$tmp/diff.txt")" = 16 ] || bad "--diff text: 16 scope additions expected"

"$tool" --diff --json --catalog "$src/catalog" "$prov/history/google-gmail-v1.r20240422.discovery.json" \
	"$prov/google-gmail-v1.discovery.json" >"$tmp/diff.json" || bad "--diff --json failed"
[ "$(grep -c '"kind": "parameter_removed"' "$tmp/diff.json")" = 3 ] || bad "--diff --json: 3 removals expected"
grep -q '"breaking": 3' "$tmp/diff.json" || bad "--diff --json summary"

"$tool" --diff --catalog "$src/catalog" "$prov/google-sheets-v4.discovery.json" "$prov/google-drive-v3.discovery.json" 2>/dev/null
[ $? = 1 ] || bad "--diff of two different documents was accepted"
"$tool" --bogus 2>/dev/null
[ $? = 2 ] || bad "an unknown option was accepted"
[ "$("$tool" --list-documents "$src/catalog" | wc -l)" = 4 ] || bad "--list-documents: 4 documents expected"

[ "$fails" = 0 ] || exit 1
echo "refresh command line ok"
