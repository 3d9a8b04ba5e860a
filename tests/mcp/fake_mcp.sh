#!/bin/sh
# Tiny misbehaving (and one well-behaved) MCP servers over stdio for the runner's failure-mode tests.
#   exit       exits at once with status 3, writing a line to stderr
#   garbage    prints a line that is not JSON-RPC, then waits
#   silent     never answers (does not even read)
#   stall      answers initialize, then never answers tools/list
#   paged      answers initialize, asks the client roots/list (expects "method not found"), answers
#              tools/list in two pages (nextCursor) and a tools/call
#   badtool    answers initialize and lists a tool without an inputSchema
init='{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"0.0.1"}}}'
case "$1" in
exit) echo "fake: giving up" >&2; exit 3 ;;
garbage) echo "Server listening on port 3000 (this is not JSON-RPC)"; exec sleep 30 ;;
silent) exec sleep 30 ;;
stall) read -r _; echo "$init"; read -r _; read -r _; exec sleep 30 ;;
paged)
	read -r _; echo '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hello"}}'; echo "$init"
	read -r _
	read -r _
	# A request from the server while the client waits: it must be answered "method not found".
	echo '{"jsonrpc":"2.0","id":"s1","method":"roots/list"}'
	read -r line
	case "$line" in *'"id":"s1"'*'-32601'*) ;; *) echo "fake: no answer to roots/list: $line" >&2; exit 5 ;; esac
	echo '{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"one","inputSchema":{"type":"object"}}],"nextCursor":"p2"}}'
	read -r line
	case "$line" in *'"cursor":"p2"'*) ;; *) echo "fake: no cursor in $line" >&2; exit 4 ;; esac
	echo '{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"two","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}]}}'
	read -r _; echo '{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"two says hi"}]}}'
	read -r _ ;;
badtool)
	read -r _; echo "$init"; read -r _
	read -r _; echo '{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"nameless-schema"}]}}'
	read -r _ ;;
*) echo "usage: fake_mcp.sh exit|garbage|silent|stall|paged|badtool" >&2; exit 2 ;;
esac
