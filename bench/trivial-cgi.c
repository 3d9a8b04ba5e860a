/* The bench's classic CGI baseline: the least a CGI program can do, answering a JSON body of the size
 * given in BENCH_BODY_BYTES with the headers the responder sends. Built with -DWITH_PARTS (and the build's
 * src directory on the include path), it also does the two fixed things every responder start does:
 * it loads json-c (linked with it) and installs the build's classic CGI seccomp filter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef WITH_PARTS
#include <json-c/json.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include "server/cgi_filter.h"

static int fixed_parts(void)
{
	json_object_put(json_object_new_object()); /* json-c seeds its hash once, as the responder's warm-up */
	struct sock_fprog prog = { sizeof cgi_filter / sizeof cgi_filter[0], (struct sock_filter *)cgi_filter };
	return CGI_FILTER_BUILT && (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
		prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) ? -1 : 0;
}
#else
static int fixed_parts(void) { return 0; }
#endif

int main(void)
{
	if (fixed_parts() < 0) return 1;
	const char *v = getenv("BENCH_BODY_BYTES");
	size_t n = v ? (size_t)atol(v) : 2;
	if (n < 2) n = 2;
	char *body = malloc(n);
	if (!body) return 1;
	memset(body, ' ', n);
	body[0] = '{';
	body[n - 1] = '}';
	printf("Status: 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: %zu\r\n"
		"Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n", n);
	fwrite(body, 1, n, stdout);
	free(body);
	return 0;
}
