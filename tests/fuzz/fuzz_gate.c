/* libFuzzer harness for the FastCGI gate's judgement of raw client bytes: never a read outside the
 * window, a verdict for every input, and no READY for a stream whose parameters would make libfcgi
 * allocate more than arrived. */
#include "server/gate.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct gate_limits lim = { .max_params = 2048, .max_pairs = 16, .timeout_ms = 1000 };
	static unsigned char scratch[2048];
	size_t window = gate_window(&lim);
	if (size > window) size = window;
	unsigned char *copy = malloc(size ? size : 1); /* exactly size bytes: ASan sees any read past them */
	for (size_t i = 0; i < size; i++) copy[i] = data[i];
	int id;
	enum gate_verdict v = gate_inspect(copy, size, window, &lim, scratch, &id);
	if (v != GATE_WAIT && v != GATE_READY && v != GATE_TOO_LARGE && v != GATE_BAD) abort();
	if (v == GATE_READY && id <= 0) abort();
	free(copy);
	return 0;
}
