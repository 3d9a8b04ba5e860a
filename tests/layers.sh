#!/usr/bin/env bash
# The source tree keeps its architecture (src/README.md):
#  1. every module folder under src/ has a README.md with a "Uses:" line naming the modules it may include;
#  2. every #include "module/header.h" names the file's own module or one its README allows;
#  3. the "Uses:" graph between modules has no cycle;
#  4. no two source units (a .c with its .h) include each other, directly or around a loop.
# Modules are folders holding sources: api, util, tools/refresh, ...
set -euo pipefail
src=${AUTOPLAN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}/src
cd "$src"
fail=0
bad() { echo "layers: $*" >&2; fail=1; }

mapfile -t modules < <(find . -name '*.[ch]' -printf '%h\n' | sed 's|^\./||' | grep -v '^\.$' | LC_ALL=C sort -u)
[ ${#modules[@]} -gt 0 ] || { echo "layers: no modules found under $src" >&2; exit 1; }
[ -f README.md ] || bad "src/README.md is missing"
find . -maxdepth 1 -name '*.[ch]' | grep -q . && bad "sources directly under src/ belong to no module: $(find . -maxdepth 1 -name '*.[ch]' | tr '\n' ' ')"

declare -A uses
for m in "${modules[@]}"; do
	if [ ! -f "$m/README.md" ]; then bad "$m has no README.md"; continue; fi
	line=$(grep -m1 '^Uses:' "$m/README.md" || true)
	[ -n "$line" ] || { bad "$m/README.md has no 'Uses:' line"; continue; }
	list=$(echo "${line#Uses:}" | tr ',' ' ' | sed 's/\.$//')
	[ "$(echo $list)" = nothing ] && list=""
	for u in $list; do
		[ -d "$u" ] || bad "$m/README.md: 'Uses: $u' is not a module"
		[ "$u" = "$m" ] && bad "$m/README.md: a module does not list itself"
	done
	uses[$m]=" $(echo $list) "
done

# 2. includes against the declaration; collect unit edges for 4. Headers make generates (BUILT_SOURCES in
# Makefile.am) are in the build tree, not under src/.
built=" $(sed -n 's/^BUILT_SOURCES *= *//p' ../Makefile.am | tr -s ' ' ' ') "
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
for m in "${modules[@]}"; do
	for f in "$m"/*.[ch]; do
		[ -e "$f" ] || continue
		unit=${f%.[ch]}
		while IFS= read -r inc; do
			target=${inc%/*}
			[ -f "$inc" ] || [[ $built == *" src/$inc "* ]] ||
				{ bad "$f includes \"$inc\", which does not exist under src/ nor is built by make"; continue; }
			if [ "$target" != "$m" ] && [[ "${uses[$m]:- }" != *" $target "* ]]; then
				bad "$f includes \"$inc\": module $m does not use $target (see $m/README.md)"
			fi
			[ "${inc%.h}" != "$unit" ] && echo "$unit ${inc%.h}" >> "$edges"
		done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
	done
done

# 3 and 4: a depth-first search for a cycle in a graph given as "from to" lines on stdin.
cycle() {
	awk '
	{ n[$1]++; adj[$1, n[$1]] = $2; nodes[$1]; nodes[$2] }
	function visit(v,   i, w) {
		state[v] = 1; stack[++depth] = v
		for (i = 1; i <= n[v]; i++) {
			w = adj[v, i]
			if (state[w] == 1) {
				out = w; for (k = depth; k >= 1 && stack[k] != w; k--) out = stack[k] " -> " out
				print w " -> " out; exit 1
			}
			if (!state[w]) visit(w)
		}
		state[v] = 2; depth--
	}
	END { for (v in nodes) if (!state[v]) visit(v) }'
}
for m in "${modules[@]}"; do for u in ${uses[$m]:-}; do echo "$m $u"; done; done | cycle >/dev/null ||
	bad "the modules' Uses: lines form a cycle: $(for m in "${modules[@]}"; do for u in ${uses[$m]:-}; do echo "$m $u"; done; done | cycle || true)"
sort -u "$edges" | cycle >/dev/null || bad "source units include each other: $(sort -u "$edges" | cycle || true)"

[ $fail -eq 0 ] && echo "layers: ${#modules[@]} modules, includes follow src/*/README.md, no cycles"
exit $fail
