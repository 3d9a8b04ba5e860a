/* Shapes of the catalog source files (the JSON under catalog/). */
#ifndef AUTOPLAN_CATALOGC_SHAPES_H
#define AUTOPLAN_CATALOGC_SHAPES_H

#include "schema/schema.h"

extern const struct schema SRC_VERSIONS, SRC_APP, SRC_PARAMETER, SRC_CAPABILITIES, SRC_TASKS, SRC_GUIDES,
	SRC_REPORT, SRC_CLIENTS, SRC_DIRECTORY, SRC_DIR_ENTRY;

extern const struct schema SRC_SCOPE_ORDER, SRC_SYNONYMS, SRC_OUTSIDE, SRC_IMPLIED, SRC_INPUTS, SRC_TEXTS, SRC_TEXT, SRC_HISTORY;

#endif
