#!/usr/bin/env bash
# make check: every libFuzzer harness runs briefly (FUZZ_CHECK_SECONDS each, default 5) on its seeds,
# previous crashes included, in a scratch corpus. Skipped when clang cannot build fuzzers.
set -euo pipefail
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
cc=${FUZZ_CC:-clang}
. "$src/tests/parts.sh"
need_commands "$cc"
if ! ${MAKE:-make} -s -C "$build" fuzz-build >"$build/fuzz-build.log" 2>&1; then
	if grep -q "fuzzer" "$build/fuzz-build.log" && ! echo 'int LLVMFuzzerTestOneInput(const char*d,long n){return 0;}' |
		"$cc" -x c -fsanitize=fuzzer -o /dev/null - 2>/dev/null; then
		missing_part "$cc cannot link libFuzzer here (Debian's clang package carries it)"
	fi
	cat "$build/fuzz-build.log"; exit 1
fi
seconds=${FUZZ_CHECK_SECONDS:-5}
status=0
for h in "$build"/fuzz/fuzz_*; do
	name=${h##*/fuzz_}
	work=$(mktemp -d "${TMPDIR:-/tmp}/autoplan-fuzz.XXXXXX")
	cp "$src/tests/fuzz/seeds-$name/"* "$work/" 2>/dev/null || true
	if AUTOPLAN_CATALOG="$build/catalog.bin" "$h" -max_total_time="$seconds" -max_len=4096 \
		-artifact_prefix="$build/fuzz/crash-$name-" "$work" >"$work.log" 2>&1; then
		echo "$name: $(grep -o 'Done [0-9]* runs' "$work.log" || echo done) in ${seconds}s, no crash"
	else
		echo "$name: FAILED"; tail -n 40 "$work.log"; status=1
	fi
	rm -rf "$work" "$work.log"
done
exit $status
