# Sourced by the fault suite's scripts: two catalogs to swap, A as built and B compiled from the same
# sources with another catalog_version.
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
