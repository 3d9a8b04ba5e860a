#!/bin/sh
# autoplan-verify against real MCP servers from the npm registry, installed here into a build-local
# prefix (never vendored). Each run must pass every level; for servers that are directory entries it must
# also agree with the report committed under catalog/reports/ (server-everything is run as an extra check
# of the runner; it has no directory entry, so no report of it is shipped).
# Skips (77) only when node/npm are missing or the registry is unreachable (tests/parts.sh: a failure
# under ./dev.sh test).
set -u
src=${AUTOPLAN_SRCDIR:-.}
build=${AUTOPLAN_BUILDDIR:-.}
verify=$build/src/autoplan-verify
catalog=${AUTOPLAN_CATALOG:-$build/catalog.bin}
prefix=$build/mcp-servers
version=2026.8.31
servers="server-everything server-memory server-filesystem"
. "$src/tests/parts.sh"
need_commands node npm npx bwrap
need=""
for s in $servers; do
	grep -q "\"version\": \"$version\"" "$prefix/node_modules/@modelcontextprotocol/$s/package.json" 2>/dev/null ||
		need=yes
done
# All of them in one install: npm prunes what an install does not name.
[ -n "$need" ] && need=$(for s in $servers; do printf ' @modelcontextprotocol/%s@%s' "$s" "$version"; done)
if [ -n "$need" ]; then
	echo "installing$need into $prefix"
	mkdir -p "$prefix"
	if ! npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund $need >"$prefix/install.log" 2>&1; then
		tail -5 "$prefix/install.log"
		missing_part "the npm registry could not be reached"
	fi
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
runtime="node $(node --version)"
for s in $servers; do
	shipped=yes
	case $s in
	server-everything) shipped=no
		plan='{"call":{"tool":"echo","arguments":{"message":"autoplan"},"expect_text":"Echo: autoplan"}}' ;;
	server-memory) plan='{"call":{"tool":"read_graph","arguments":{},"expect_text":"entities"}}' ;;
	server-filesystem)
		mkdir -p "$prefix/fixture" && echo "autoplan verification fixture" >"$prefix/fixture/autoplan-fixture.txt"
		plan='{"call":{"tool":"list_directory","arguments":{"path":"."},"expect_text":"[FILE] autoplan-fixture.txt"}}' ;;
	esac
	slug=io-github-modelcontextprotocol-$s
	printf '%s\n' "$plan" >"$tmp/$s.plan.json"
	# The newest committed report of this pinned version (./dev.sh verify writes reports of the latest
	# version, which can be another one), whether written by this test's command or in the batch sandbox.
	committed=$(grep -l "\"package\": \"npm:@modelcontextprotocol/$s@$version\"" "$src"/catalog/reports/$slug-*.json 2>/dev/null |
		sort | tail -1)
	if [ $shipped = yes ]; then
		[ -n "$committed" ] || { echo "FAIL: no committed report for $slug"; fails=$((fails + 1)); }
		# Started from the directory entry's stdio connection in the compiled catalog, pinned to the
		# installed version, its <allowed-directory> argument filled.
		how="--catalog $catalog --pin $version --set allowed-directory=fixture"
	else
		# No directory entry: the same connection written out by hand.
		printf '{"id":"npx","transport":"stdio","command":"npx","args":["-y","@modelcontextprotocol/%s@%s"],"package":{"registry":"npm","name":"@modelcontextprotocol/%s","version":"%s"}}\n' \
			"$s" "$version" "$s" "$version" >"$tmp/$s.connection.json"
		how="--connection-file $tmp/$s.connection.json"
	fi
	# In the sandbox: the install bound read-only at /pkg, the server started from it.
	"$verify" --id "$slug-check" --entry "mcp/$slug" $how \
		--package-json "$prefix/node_modules/@modelcontextprotocol/$s/package.json" \
		--runtime "$runtime" --plan "$tmp/$s.plan.json" --package-dir "$(cd "$prefix" && pwd)" --cwd /pkg --timeout 60000 \
		--out "$tmp/$s.json" ${committed:+--compare "$committed"}
	rc=$?
	if [ $rc != 0 ]; then
		echo "FAIL: $s: autoplan-verify exit status $rc"
		cat "$tmp/$s.json" 2>/dev/null | grep -E '"(result|detail)"'
		fails=$((fails + 1))
		continue
	fi
	n=$(grep -c '"result": "pass"' "$tmp/$s.json")
	[ "$n" = 4 ] || { echo "FAIL: $s: $n of 4 assertions passed"; fails=$((fails + 1)); }
	echo "ok: $s passes package_resolved, started, schema_read and execution_tested${committed:+, as committed in ${committed##*/}}"
done
[ "$fails" = 0 ]
