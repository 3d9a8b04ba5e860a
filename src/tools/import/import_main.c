/* autoplan-import DUMP OUTPUT: import an Official MCP Registry list dump into a directory source
 * file. Skipped records are reported on stderr with their position; counts on stdout. */
#include "tools/import/importer.h"
#include "util/cli.h"

#include <stdio.h>
#include <unistd.h>

static const char USAGE[] =
	"usage: autoplan-import REGISTRY_DUMP.json OUTPUT.json\n"
	"       autoplan-import --help | --version\n"
	"  Turns an MCP registry list-API dump into a directory source file for autoplan-catalogc;\n"
	"  skipped records are reported on stderr, counts on stdout. See autoplan-import(1).\n";

int main(int argc, char **argv)
{
	int hv = cli_help_version(argc, argv, "autoplan-import", USAGE);
	if (hv >= 0) return hv;
	if (argc != 3) {
		fputs(USAGE, stderr);
		return 2;
	}
	struct import_stats st;
	char err[512];
	struct json_object *o = registry_import_file(argv[1], stderr, &st, err, sizeof err);
	if (!o) {
		fprintf(stderr, "%s: %s\n", argv[0], err);
		return 1;
	}
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s.tmp.%ld", argv[2], (long)getpid());
	int rc = json_object_to_file_ext(tmp, o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
	json_object_put(o);
	if (rc < 0 || rename(tmp, argv[2]) != 0) {
		unlink(tmp);
		fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[2]);
		return 1;
	}
	printf("records %zu, names %zu, entries %zu (aktiv %zu, eingestellt %zu); skipped: malformed %zu, "
		"duplicates %zu, over-long %zu; parts left out %zu; coordinates npm %zu, pypi %zu, mcpb %zu, name %zu; languages",
		st.records, st.names, st.entries, st.aktiv, st.eingestellt, st.malformed, st.duplicates, st.overlong,
		st.dropped_parts, st.coord[0], st.coord[1], st.coord[2], st.coord[3]);
	for (size_t k = 0; k < st.nlang; k++) printf("%s %s %zu", k ? "," : "", st.lang[k].code, st.lang[k].n);
	putchar('\n');
	return 0;
}
