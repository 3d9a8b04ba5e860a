#!/usr/bin/env bash
# The official TypeScript SDK's MCP client (from the npm registry, pinned, installed into the build directory,
# never vendored) against /mcp behind each front: nginx, Apache with mod_fcgid and Apache running the
# responder as classic CGI (FRONTS overrides). tests/mcp/client.mjs says what it checks.
set -euo pipefail
src=${AUTOPLAN_SRCDIR:?} build=${AUTOPLAN_BUILDDIR:?}
. "$src/tests/parts.sh"
need_commands node npm
version=1.32.2
prefix=$build/mcp-client
fronts=${FRONTS:-nginx apache cgi}
need_fronts $fronts
npm_pinned "$prefix" @modelcontextprotocol/sdk "$version"
cp "$src/tests/mcp/client.mjs" "$prefix/client.mjs"
status=0
for front in $fronts; do
	run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-mcp.XXXXXX")
	if ! url=$(FRONT=$front PORT=0 WORKERS=2 ACCESS_LOG=off "$src/tests/stack.sh" start "$build" "$src" "$run" 2>"$run/start.err"); then
		cat "$run/start.err"
		status=1
	else
		echo "front: $front at $url"
		(cd "$prefix" && node client.mjs "$url") || { status=1; tail -n 20 "$run/responder.log" 2>/dev/null || true; }
	fi
	"$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true
	rm -rf "$run"
done
exit $status
