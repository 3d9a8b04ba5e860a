/* The MCP prompts: requests an agent is likely to be given, turned into the call that answers them. A table:
 * each prompt's texts in English and German, and the one argument its message quotes. */
#include "mcp/mcp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct prompt {
	const char *name, *arg;
	const char *title[2], *description[2], *arg_doc[2];
	const char *message[2]; /* printf format with one %s: the argument's value */
};

static const struct prompt PROMPTS[] = {
	{ "plan_request", "request",
		{ "Plan an automation a user asks for", "Eine gewünschte Automation planen" },
		{ "Turns a user's request into a plan_workflow call and explains the plan's steps, scopes and gaps.",
		  "Macht aus der Anfrage eines Nutzers einen Aufruf von plan_workflow und erklärt Schritte, Scopes und "
		  "Lücken des Plans." },
		{ "The user's request in their words, English or German", "Die Anfrage des Nutzers in seinen Worten, "
		  "Deutsch oder Englisch" },
		{ "Call the plan_workflow tool with {\"query\": the request below, as written}. Then tell me, from its "
		  "answer only: the status and what it means, each step with its app and provider operation, the OAuth "
		  "scopes to ask for (minimal_scopes, and each step's ask_for), and what is unknown, untested or outside "
		  "the catalog. Do not add steps or scopes the answer does not name.\n\nRequest: %s",
		  "Rufe das Werkzeug plan_workflow mit {\"query\": die Anfrage unten, wie geschrieben} auf. Sage mir dann, "
		  "nur aus seiner Antwort: den Status und was er bedeutet, jeden Schritt mit App und Anbieter-Operation, "
		  "die anzufordernden OAuth-Scopes (minimal_scopes und ask_for je Schritt) und was unbekannt, ungetestet "
		  "oder außerhalb des Katalogs ist. Füge keine Schritte oder Scopes hinzu, die die Antwort nicht nennt."
		  "\n\nAnfrage: %s" } },
};
#define NPROMPTS (sizeof PROMPTS / sizeof *PROMPTS)

void mcp_prompts_list(bool de, struct jw *w)
{
	jw_key(w, "prompts");
	jw_arr(w);
	for (size_t i = 0; i < NPROMPTS; i++) {
		const struct prompt *p = &PROMPTS[i];
		jw_obj(w);
		jw_key(w, "name");
		jw_str(w, p->name);
		jw_key(w, "title");
		jw_str(w, p->title[de]);
		jw_key(w, "description");
		jw_str(w, p->description[de]);
		jw_key(w, "arguments");
		jw_arr(w);
		jw_obj(w);
		jw_key(w, "name");
		jw_str(w, p->arg);
		jw_key(w, "description");
		jw_str(w, p->arg_doc[de]);
		jw_key(w, "required");
		jw_bool(w, true);
		jw_obj_end(w);
		jw_arr_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

const char *mcp_prompt_find(const char *name, const char **arg)
{
	for (size_t i = 0; i < NPROMPTS; i++)
		if (strcmp(PROMPTS[i].name, name) == 0) {
			*arg = PROMPTS[i].arg;
			return PROMPTS[i].name;
		}
	return NULL;
}

void mcp_prompt_get(const char *name, const char *value, bool de, struct jw *w)
{
	const struct prompt *p = NULL;
	for (size_t i = 0; i < NPROMPTS && !p; i++)
		if (strcmp(PROMPTS[i].name, name) == 0) p = &PROMPTS[i];
	if (!p) return;
	size_t n = strlen(p->message[de]) + strlen(value) + 1;
	char *text = malloc(n);
	if (!text) return;
	snprintf(text, n, p->message[de], value);
	jw_key(w, "description");
	jw_str(w, p->description[de]);
	jw_key(w, "messages");
	jw_arr(w);
	jw_obj(w);
	jw_key(w, "role");
	jw_str(w, "user");
	jw_key(w, "content");
	jw_obj(w);
	jw_key(w, "type");
	jw_str(w, "text");
	jw_key(w, "text");
	jw_str(w, text);
	jw_obj_end(w);
	jw_obj_end(w);
	jw_arr_end(w);
	free(text);
}
