/* The options every program answers the same way: --help (its usage on stdout, exit 0) and --version. */
#ifndef AUTOPLAN_CLI_H
#define AUTOPLAN_CLI_H

/* When an argument before any "--" is --help or --version, prints the usage text or the version line
 * on stdout and returns 0 (the exit status); returns -1 otherwise. usage is the whole text. */
int cli_help_version(int argc, char **argv, const char *program, const char *usage);

#endif
