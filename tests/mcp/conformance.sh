#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance from the npm registry, pinned, installed
# into the build directory, never vendored): its server scenarios that apply to a stateless server of its own
# tools, resources and prompts, against /mcp behind each front (nginx, Apache with mod_fcgid, Apache running the
# responder as classic CGI; FRONTS overrides). A scenario passes when it ran at least one check and every check
# it ran succeeded (no failure, no warning).
#
# Every server scenario the pinned suite lists is either run (APPLIES) or named in NOT_APPLICABLE with the
# reason; one it lists that this file names neither way fails the test, so a new version's scenario is never
# dropped silently. docs/mcp.md ("Conformance suite") says the same.
#
# The version is the newest that runs on Node.js 20 (Debian's): 0.1.14 and later import fs.globSync, which
# Node.js has from 22 on, and fail at load on 20.
set -euo pipefail
src=${AUTOPLAN_SRCDIR:?} build=${AUTOPLAN_BUILDDIR:?}
. "$src/tests/parts.sh"
need_commands node npm
version=0.1.13
prefix=$build/mcp-conformance
fronts=${FRONTS:-nginx apache cgi}
need_fronts $fronts

APPLIES="server-initialize ping tools-list resources-list prompts-list dns-rebinding-protection"

fixture_tool="calls a tool of the suite's reference server"
fixture_resource="reads a resource of the suite's reference server"
fixture_prompt="gets a prompt of the suite's reference server"
stream="needs a request from server to client during a call, carried on an event stream; this server answers application/json only and opens no stream"
declare -A NOT_APPLICABLE=(
	[logging-set-level]="logging/setLevel: the server declares no logging capability (it sends no log messages)"
	[completion-complete]="completion/complete: the server declares no completions capability (the one prompt argument is free text)"
	[tools-call-simple-text]="$fixture_tool (test_simple_text)"
	[tools-call-image]="$fixture_tool (test_image_content)"
	[tools-call-audio]="$fixture_tool (test_audio_content)"
	[tools-call-embedded-resource]="$fixture_tool (test_embedded_resource)"
	[tools-call-mixed-content]="$fixture_tool (test_multiple_content_types)"
	[tools-call-error]="$fixture_tool (test_error_handling); tests/mcp/client.sh checks isError results with this server's own tools"
	[json-schema-2020-12]="$fixture_tool (json_schema_2020_12_tool)"
	[tools-call-with-logging]="$fixture_tool (test_tool_with_logging) after logging/setLevel; no logging capability"
	[tools-call-with-progress]="$fixture_tool (test_tool_with_progress) sending progress notifications; no stream carries them here"
	[tools-call-sampling]="sampling/createMessage from a fixture tool (test_sampling): $stream"
	[tools-call-elicitation]="elicitation/create from a fixture tool (test_elicitation): $stream"
	[elicitation-sep1034-defaults]="elicitation/create from a fixture tool (test_elicitation_sep1034_defaults): $stream"
	[elicitation-sep1330-enums]="elicitation/create from a fixture tool (test_elicitation_sep1330_enums): $stream"
	[server-sse-polling]="SSE polling with a session and a fixture tool (test_reconnection): no session is issued and GET is 405 by design"
	[server-sse-multiple-streams]="several SSE streams of one session: no session is issued and GET is 405 by design"
	[resources-read-text]="$fixture_resource (test://static-text); tests/mcp/client.sh reads every resource of this server"
	[resources-read-binary]="$fixture_resource (test://static-binary)"
	[resources-templates-read]="$fixture_resource (the template test://template/{id}/data); tests/mcp/client.sh reads this server's templates filled in"
	[resources-subscribe]="resources/subscribe: the server declares no subscribe capability (a stateless server keeps no subscription, and the resources change only with a release or the catalog)"
	[resources-unsubscribe]="resources/unsubscribe: no subscribe capability, as above"
	[prompts-get-simple]="$fixture_prompt (test_simple_prompt); tests/mcp/client.sh gets this server's prompt"
	[prompts-get-with-args]="$fixture_prompt (test_prompt_with_arguments)"
	[prompts-get-embedded-resource]="$fixture_prompt (test_prompt_with_embedded_resource)"
	[prompts-get-with-image]="$fixture_prompt (test_prompt_with_image)"
)

bin=$prefix/node_modules/@modelcontextprotocol/conformance/dist/index.js
npm_pinned "$prefix" @modelcontextprotocol/conformance "$version"

# The suite's own list against this file's: every scenario run or named with its reason.
listed=$(cd "$prefix" && node "$bin" list --server | sed -n 's/^  - //p')
[ -n "$listed" ] || { echo "FAIL: the conformance suite listed no server scenario"; exit 1; }
status=0
for s in $listed; do
	case " $APPLIES " in *" $s "*) continue ;; esac
	[ -n "${NOT_APPLICABLE[$s]:-}" ] && continue
	echo "FAIL: the suite lists the server scenario $s, which tests/mcp/conformance.sh neither runs nor names as not applicable"
	status=1
done
for s in $APPLIES "${!NOT_APPLICABLE[@]}"; do
	grep -qx "$s" <<<"$listed" || { echo "FAIL: $s is named here but the suite $version does not list it"; status=1; }
done
echo "not applicable to this server ($(wc -w <<<"${!NOT_APPLICABLE[*]}") scenarios):"
for s in $(printf '%s\n' "${!NOT_APPLICABLE[@]}" | sort); do
	echo "  - $s: ${NOT_APPLICABLE[$s]}"
done

# verdict CHECKS.JSON: one line per check that is neither SUCCESS nor INFO, and a closing count; exit 1 unless
# at least one check succeeded and none did otherwise.
verdict() {
	node -e '
		const checks = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		let ok = 0, bad = 0;
		for (const c of checks) {
			if (c.status === "SUCCESS") ok++;
			else if (c.status !== "INFO") { bad++; console.log(`    ${c.status} ${c.id}: ${c.errorMessage || c.description}`); }
		}
		console.log(`    ${ok} checks passed, ${bad} not`);
		process.exit(ok > 0 && bad === 0 ? 0 : 1);' "$1"
}

for front in $fronts; do
	run=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-conformance.XXXXXX")
	if ! url=$(FRONT=$front PORT=0 WORKERS=2 ACCESS_LOG=off "$src/tests/stack.sh" start "$build" "$src" "$run" 2>"$run/start.err"); then
		cat "$run/start.err"
		status=1
	else
		echo "front: $front at $url"
		for s in $APPLIES; do
			out=$run/results/$s
			mkdir -p "$out"
			rc=0
			(cd "$run" && timeout 120 node "$bin" server --url "$url/mcp" --scenario "$s" -o "$out") >"$run/$s.log" 2>&1 || rc=$?
			checks=$(find "$out" -name checks.json | head -n 1)
			if [ "$rc" = 0 ] && [ -n "$checks" ] && verdict "$checks" >"$run/$s.verdict"; then
				echo "  PASS $s ($(sed -n 's/^    \([0-9]* checks passed\).*/\1/p' "$run/$s.verdict"))"
			else
				echo "  FAIL $s (exit $rc)"
				[ -n "$checks" ] && verdict "$checks" || true
				tail -n 20 "$run/$s.log"
				status=1
			fi
		done
		[ "$status" = 0 ] || tail -n 20 "$run/responder.log" 2>/dev/null || true
	fi
	"$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true
	rm -rf "$run"
done
exit $status
