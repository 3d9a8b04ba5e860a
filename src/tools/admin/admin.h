/* autoplan-admin: the only way to issue project keys. Manages projects and keys in the monitoring store
 * and checks the store's consistency. Every command prints its result on its last line. */
#ifndef AUTOPLAN_ADMIN_H
#define AUTOPLAN_ADMIN_H

#include <stdio.h>

/* Runs one command line (argv[0] is the program name). Returns the exit status: 0 done, 1 refused or
 * failed, 2 usage. */
int admin_run(int argc, char **argv, FILE *out, FILE *err);

#endif
