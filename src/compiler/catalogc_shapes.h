/* Shapes of the catalog source files (the JSON under catalog/). */
#ifndef AUTOPLAN_CATALOGC_SHAPES_H
#define AUTOPLAN_CATALOGC_SHAPES_H

#include "schema/schema.h"

extern const struct schema SRC_VERSIONS, SRC_APP_KINDS, SRC_APP, SRC_PARAMETER, SRC_CAPABILITIES, SRC_TASKS, SRC_GUIDES,
	SRC_REPORT, SRC_CLIENTS, SRC_DIRECTORY, SRC_DIR_ENTRY;

extern const struct schema SRC_SCOPE_ORDER, SRC_SYNONYMS, SRC_OUTSIDE, SRC_IMPLIED, SRC_INPUTS, SRC_TEXTS, SRC_TEXT, SRC_HISTORY;

/* The phrase lists of synonyms.json roles and the role (enum cat_role) each compiles to, declared once: the shape
 * requires each key (X(key, role) expands to a property) and the compiler reads each (to a phrase list). */
#define CATALOGC_PHRASE_ROLES(X) \
	X("source", ROLE_SOURCE) X("target", ROLE_TARGET) X("weak_target", ROLE_WEAK_TARGET) X("receive", ROLE_RECEIVE) \
	X("negation", ROLE_NEGATION) X("trigger", ROLE_TRIGGER) X("both_ways", ROLE_BOTH_WAYS) \
	X("record_with", ROLE_RECORD_WITH) X("kept_in", ROLE_KEPT) X("determiners", ROLE_DETERMINER) \
	X("openers", ROLE_OPENER) X("light_verbs", ROLE_LIGHT) X("file_formats", ROLE_FORMAT) X("part_of", ROLE_PART) \
	X("pronouns", ROLE_PRONOUN) X("feature_nouns", ROLE_FEATURE) X("auxiliaries", ROLE_AUX) X("as_what", ROLE_AS) \
	X("particles", ROLE_PARTICLE) X("before", ROLE_BEFORE) X("replies", ROLE_REPLY) X("runtime", ROLE_RUNTIME) \
	X("made_for", ROLE_MADE_FOR) X("channels", ROLE_CHANNEL) X("schedule", ROLE_SCHEDULE) X("dates", ROLE_DATES) \
	X("repairs", ROLE_REPAIR) X("participles", ROLE_PARTICIPLE) X("naming", ROLE_NAMING) X("addressees", ROLE_ADDRESSEE) X("question_words", ROLE_QUESTION) \
	X("causatives", ROLE_CAUSATIVE) X("passive_asks", ROLE_PASSIVE_ASK) X("modals", ROLE_MODAL) X("constraints", ROLE_CONSTRAINT) X("relatives", ROLE_RELATIVE) X("by_hand", ROLE_BY_HAND) X("folders", ROLE_FOLDER) X("purposes", ROLE_PURPOSE) X("numbers", ROLE_NUMBER) X("exceptions", ROLE_EXCEPTION) X("says", ROLE_SAYS) X("documents", ROLE_DOCUMENT) X("former", ROLE_FORMER) X("reasons", ROLE_REASON) X("watching", ROLE_WATCHING) X("checked", ROLE_CHECKED) X("joined_things", ROLE_JOINED) X("object_pronouns", ROLE_OBJECT_PRONOUN) \
	X("unchanged", ROLE_UNCHANGED) X("indefinite", ROLE_INDEFINITE) X("wishes", ROLE_WISH) X("articles", ROLE_ARTICLE) X("links", ROLE_LINK) \
	X("qualifiers", ROLE_QUALIFIER) X("messages", ROLE_MESSAGE) X("possessives", ROLE_POSSESSIVE) X("other_things", ROLE_OTHER_THING)

#endif
