# Sourced by the fault suite's scripts: catalogs to swap, A as built and B compiled from the same
# sources with another catalog_version; C (make_catalog_c) also takes a scope away from an operation.
# make_catalogs BUILDDIR SRCDIR DIR: writes DIR/A.bin and DIR/B.bin; sets va and vb to their versions.
make_catalogs() {
	local build=$1 src=$2 dir=$3
	cp "$build/catalog.bin" "$dir/A.bin"
	mkdir "$dir/sources"
	cp -R "$src/catalog/." "$dir/sources/"
	sed -i 's/"catalog_version": *"\([^"]*\)"/"catalog_version": "\19"/' "$dir/sources/versions.json" # 2026-01-01.1 -> .19
	"$build/src/autoplan-catalogc" "$dir/sources" "$dir/B.bin" >/dev/null
	va=$("$build/src/autoplan" --check --catalog "$dir/A.bin" | sed 's/.*version \([^,]*\),.*/\1/')
	vb=$("$build/src/autoplan" --check --catalog "$dir/B.bin" | sed 's/.*version \([^,]*\),.*/\1/')
	chmod 644 "$dir/A.bin" "$dir/B.bin"
}

# make_catalog_c BUILDDIR DIR: DIR/C.bin, from DIR/sources (make_catalogs) with another catalog_version and
# Gmail's read-only scope no longer enough to read a message in Mail A: a watch of mailA-read granted
# only that scope changes its impact (an alert). The operation's semantic hash is dropped, so the compiler
# computes it again. Sets vc.
make_catalog_c() {
	local build=$1 dir=$2
	cp -R "$dir/sources" "$dir/sources-c"
	sed -i 's/"catalog_version": *"\([^"]*\)"/"catalog_version": "\19"/' "$dir/sources-c/versions.json" # .19 -> .199
	node -e '
		const fs = require("fs"), f = process.argv[1], d = JSON.parse(fs.readFileSync(f, "utf8"));
		const op = d.operations.find(o => o.id === "mailA.users.messages.get");
		op.scope_alternatives = op.scope_alternatives.filter(s => s !== "https://www.googleapis.com/auth/gmail.readonly");
		delete op.evidence.semantic_sha256;
		fs.writeFileSync(f, JSON.stringify(d, null, 2));' "$dir/sources-c/apps/mailA.json"
	"$build/src/autoplan-catalogc" "$dir/sources-c" "$dir/C.bin" >/dev/null
	vc=$("$build/src/autoplan" --check --catalog "$dir/C.bin" | sed 's/.*version \([^,]*\),.*/\1/')
	chmod 644 "$dir/C.bin"
}
