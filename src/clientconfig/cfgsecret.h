/* What a literal value in a client configuration is, as far as credentials go: a real-looking secret
 * (a known provider's token format, Basic or Bearer credentials, a password, a long random token under a
 * secret-sounding name) or a template value left in (YOUR_..., <token>, {secret}). Pure string tests,
 * no catalog knowledge; the validator (cfgcheck) decides where to look and what to say. */
#ifndef AUTOPLAN_CFGSECRET_H
#define AUTOPLAN_CFGSECRET_H

#include <stdbool.h>

/* A template value the author meant to replace ("YOUR_TOKEN", "<token here>", "{secret}", "[REDACTED]"). */
bool cred_placeholder(const char *v);

/* A variable reference in any client's syntax (${X}, $X, ${env:X}, {env:X}, %X%, ${{ secrets.X }}). */
bool cred_variable(const char *v);

/* The kind of credential v holds ("a GitHub token", "Bearer credentials", ...), or NULL. name is the env
 * or header name it is given under (NULL for a command-line argument); names that sound secret accept
 * long random tokens and, for passwords, any literal. */
const char *cred_kind(const char *name, const char *v);

/* A secret-sounding variable or option name (token, key, secret, password, auth, ...). */
bool cred_name(const char *name);

#endif
