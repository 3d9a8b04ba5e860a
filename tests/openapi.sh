#!/bin/sh
# make check: the served OpenAPI documents (/v2/openapi.json and /v2/monitoring/openapi.json) validate
# against the OpenAPI 3.1 schema with an independent validator, and pass a standard linter's recommended
# rules as errors (Redocly's recommended-strict: licence, security declared on every operation, ...); both
# are installed from the npm registry into the build directory, at pinned versions. Skips (77) only when
# node/npm are missing or the registry is unreachable (tests/parts.sh: a failure under ./dev.sh test).
set -u
build=${AUTOPLAN_BUILDDIR:?}
prefix=$build/openapi-validator
version=12.1.0
. "${AUTOPLAN_SRCDIR:?}/tests/parts.sh"
need_commands node npm
npm_pinned "$prefix" @apidevtools/swagger-parser "$version"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for path in /v2/openapi.json /v2/monitoring/openapi.json; do
	out=$tmp/$(echo "$path" | tr / _)
	AUTOPLAN_CATALOG=$build/catalog.bin REQUEST_METHOD=GET REQUEST_URI=$path "$build/src/autoplan" > "$out.cgi" || exit 1
	sed '1,/^\r$/d' "$out.cgi" > "$out"
done
cat > "$tmp/validate.js" <<'JS'
const SwaggerParser = require(process.argv[2] + '/node_modules/@apidevtools/swagger-parser');
(async () => {
	let failed = 0;
	for (const f of process.argv.slice(3)) {
		try { await SwaggerParser.validate(f); console.log('valid: ' + f); }
		catch (e) { failed++; console.log('INVALID: ' + f + ': ' + e.message); }
	}
	process.exit(failed ? 1 : 0);
})();
JS
node "$tmp/validate.js" "$prefix" "$tmp"/_v2_openapi.json "$tmp"/_v2_monitoring_openapi.json || exit 1

lint=$build/openapi-lint
lint_version=2.77.0
npm_pinned "$lint" @redocly/cli "$lint_version"
printf 'extends:\n  - recommended-strict\n' > "$tmp/redocly.yaml"
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true "$lint/node_modules/.bin/redocly" lint \
	--config "$tmp/redocly.yaml" --format stylish "$tmp"/_v2_openapi.json "$tmp"/_v2_monitoring_openapi.json
