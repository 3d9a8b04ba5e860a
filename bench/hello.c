/* The bench's baseline: a libfcgi responder that answers every request with a fixed JSON body of
 * the size given on the command line, through the same nginx front. */
#include <fcgiapp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: %s ADDR WORKERS BODY_BYTES\n", argv[0]);
		return 2;
	}
	int workers = atoi(argv[2]);
	size_t n = (size_t)atol(argv[3]);
	char *body = malloc(n + 1);
	memset(body, ' ', n);
	body[0] = '{';
	body[n - 1] = '}';
	if (FCGX_Init() != 0) return 1;
	int fd = FCGX_OpenSocket(argv[1], 128);
	if (fd < 0) return 1;
	for (int i = 0; i < workers; i++) {
		if (fork() == 0) {
			FCGX_Request req;
			FCGX_InitRequest(&req, fd, 0);
			while (FCGX_Accept_r(&req) >= 0) {
				/* libfcgi's own printf knows no %zu: the head is formatted here */
				char head[160];
				int h = snprintf(head, sizeof head, "Status: 200 OK\r\nContent-Type: application/json\r\n"
					"Content-Length: %zu\r\n\r\n", n);
				FCGX_PutStr(head, h, req.out);
				FCGX_PutStr(body, (int)n, req.out);
				FCGX_Finish_r(&req);
			}
			_exit(0);
		}
	}
	while (wait(NULL) > 0) {}
	return 0;
}
