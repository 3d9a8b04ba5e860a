/* The bench's classic CGI baseline: the least a CGI program can do, answering a JSON body of the size
 * given in BENCH_BODY_BYTES with the headers the responder sends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
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
