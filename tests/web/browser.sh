#!/bin/sh
# make check: the web front (htdocs/) in a real headless Chromium against the real stack (nginx serving the pages,
# the responder behind it, both on loopback ports of their own). The browser is Debian's chromium (installed by
# dev.sh); it is driven by playwright-core from the npm registry, pinned and installed into the build directory
# (nothing vendored, no browser download). Screenshots of every page go to $(builddir)/web-screenshots.
# Arguments go to node --test (e.g. --test-name-pattern=directory).
# Skips (77) only when nginx, node, npm or chromium are missing or the registry cannot be reached
# (tests/parts.sh: a failure under ./dev.sh test).
set -u
build=${AUTOPLAN_BUILDDIR:?} src=${AUTOPLAN_SRCDIR:?}
prefix=$build/web-browser
version=1.65.1
chromium=${CHROMIUM:-$(command -v chromium || echo /usr/bin/chromium)}
. "$src/tests/parts.sh"
need_commands node npm
[ -x "$chromium" ] || missing_part "chromium is not installed (./dev.sh installs it)"
need_fronts nginx
npm_pinned "$prefix" playwright-core "$version"
run=$(mktemp -d "$build/web-run.XXXXXX")
cleanup() { "$src/tests/stack.sh" stop "$run" >/dev/null 2>&1 || true; rm -rf "$run"; }
trap cleanup EXIT
url=$(PORT=0 WORKERS=2 "$src/tests/stack.sh" start "$build" "$src" "$run") || exit 1
mkdir -p "$build/web-screenshots" "$run/tmp"
# A project key of the monitoring interface the stack serves, for the dashboard's test.
project=$("$build/src/autoplan-admin" --db "$run/monitor.db" project create web | tail -n 1)
monitor_key=$("$build/src/autoplan-admin" --db "$run/monitor.db" key create "$project" | tail -n 1)
# Chromium's profile (a fresh --user-data-dir per launch) and downloads live in the run directory.
TMPDIR=$run/tmp WEB_URL=$url WEB_SHOTS=$build/web-screenshots WEB_MONITOR_KEY=$monitor_key WEB_PLAYWRIGHT=$prefix/node_modules/playwright-core \
	CHROMIUM=$chromium WEB_HTDOCS=$src/htdocs \
	node --test --test-concurrency=1 "$@" "$src/tests/web/units.test.mjs" "$src/tests/web/pages.test.mjs"
