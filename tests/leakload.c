/* Sends N requests (a fixed mix of answers and errors) through the nginx at BASE_URL, so the
 * responder behind it serves them over real FastCGI. */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t sink(char *d, size_t s, size_t n, void *u) { (void)d; (void)u; return s * n; }

int main(int argc, char **argv)
{
	if (argc != 3) { fprintf(stderr, "usage: %s BASE_URL N\n", argv[0]); return 2; }
	static const struct { const char *path, *body; } mix[] = {
		{ "/v2/capabilities?query=datei&limit=5", NULL }, { "/v2/capability-gaps?app=mailB", NULL },
		{ "/v2/replacements?app=driveA&read_only=true", NULL }, { "/v2/tasks", NULL }, { "/v2/catalog", NULL },
		{ "/v2/openapi.json", NULL }, { "/v2/verification-reports/none", NULL }, { "/v2/nowhere", NULL },
		{ "/v2/capabilities?limit=0", NULL }, { "/v2/workflows/plan", "{\"task_id\":\"mailA-attachments-driveA\"}" },
		{ "/v2/workflows/plan", "{\"query\":\"Anh\\u00e4nge speichern\",\"read_only\":true}" },
		{ "/v2/workflows/plan", "{\"task_id\":" }, { "/v2/permissions/explain", "{\"apps\":[\"mailZ\"]}" },
		{ "/v2/config/validate", "{\"config\":\"{}\",\"client\":\"cursor\"}" },
		{ "/v2/changes/impact", "{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"x\",\"rule_version\":\"y\",\"task_id\":null,\"apps\":[],\"operations\":[]}}" },
		/* the MCP endpoint: a tool call, the tool list, a tool's error, an unknown tool, a batch, resources, a prompt */
		{ "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"plan_workflow\",\"arguments\":{\"task_id\":\"mailA-attachments-driveA\"}}}" },
		{ "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}" },
		{ "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"get_connections\",\"arguments\":{\"type\":\"mcp\",\"slug\":\"x\",\"more\":1}}}" },
		{ "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"nothing\"}}" },
		{ "/mcp", "[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}]" },
		/* a resource, a template filled in with an entry that does not exist, the prompt */
		{ "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"resources/read\",\"params\":{\"uri\":\"autoplan:/v2/guides\"}}" },
		{ "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"resources/read\",\"params\":{\"uri\":\"autoplan:/v2/connections/mcp/x\"}}" },
		{ "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"prompts/get\",\"params\":{\"name\":\"plan_request\",\"arguments\":{\"request\":\"x\"}}}" },
	};
	struct curl_slist *json = curl_slist_append(NULL, "Content-Type: application/json");
	long n = atol(argv[2]), failed = 0;
	CURL *c = curl_easy_init();
	char url[1024];
	for (long i = 0; i < n; i++) {
		size_t k = (size_t)i % (sizeof mix / sizeof mix[0]);
		snprintf(url, sizeof url, "%s%s", argv[1], mix[k].path);
		curl_easy_reset(c);
		curl_easy_setopt(c, CURLOPT_URL, url);
		curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, sink);
		curl_easy_setopt(c, CURLOPT_NOPROXY, "*");
		if (mix[k].body) {
			curl_easy_setopt(c, CURLOPT_POSTFIELDS, mix[k].body);
			curl_easy_setopt(c, CURLOPT_HTTPHEADER, json);
		}
		if (curl_easy_perform(c) != CURLE_OK) failed++;
	}
	curl_easy_cleanup(c);
	curl_slist_free_all(json);
	printf("%ld requests, %ld transport failures\n", n, failed);
	return failed ? 1 : 0;
}
