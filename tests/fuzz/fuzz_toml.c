/* libFuzzer harness for the toml path of the configuration validator: the parser must never crash or
 * leak, and whatever it accepts must survive writing back in the same format and parsing again. */
#include "formats/cfg_emit.h"
#include "formats/cfg_parse.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cfg_syntax e;
	struct cfg_where w;
	cfg_where_init(&w); /* the record of where keys stand is built on every accepted text */
	struct json_object *o = cfg_parse_where(CFG_TOML, (const char *)data, size, &e, &w);
	/* a path no key can be recorded under ("~2" is no escape a pointer holds: ~ is written ~0, / is ~1) falls back
	 * to the document, which starts at 0; "/no/such/key" was found under a key "no" */
	long root = cfg_where_find(&w, "/~2/such/key");
	cfg_where_free(&w);
	if (o && root != 0) abort();
	if (!o) {
		if (e.line < 1 || e.column < 1) abort(); /* every rejection says where */
		return 0;
	}
	char *text = cfg_emit(CFG_TOML, o);
	if (text) {
		struct json_object *back = cfg_parse(CFG_TOML, text, strlen(text), &e);
		if (!back || !json_object_equal(o, back)) abort(); /* the writer's output must read back the same */
		json_object_put(back);
		free(text);
	}
	json_object_put(o);
	return 0;
}
