#include "catalog/vocab.h"

#include <string.h>

const char *const VOCAB_CAPABILITIES[] = {
	"email.search", "email.read", "attachment.download", "email.draft.create", "email.send",
	"file.search", "file.read", "file.upload", "file.update", "file.delete",
	"calendar.event.search", "calendar.event.read", "calendar.event.create", "calendar.event.update",
	"calendar.availability.read", "spreadsheet.create", "spreadsheet.rows.read", "spreadsheet.rows.append",
	"spreadsheet.rows.update", "spreadsheet.rows.clear", "issue.search", "issue.read", "issue.create",
	"release.search", "repository.read", "document.classify", "document.amount.extract", "datetime.extract",
	"meeting.tasks.extract", "task.assignee.resolve", "task.create", "order.read", "customer.resolve",
	"product.match", "erp.record.create", "source.search", "source.fetch", "evidence.link", NULL
};

const char *const VOCAB_APPS[] = {
	"mailA", "driveA", "calendarA", "sheetsA", "mailB", "driveB", "calendarB", "sheetsB", "driveC",
	"codehost", NULL
};

const char *const VOCAB_TASKS[] = {
	"file-invoices", "invoice-amounts", "email-calendar", "meeting-tasks", "orders-erp", "save-research",
	"mailA-attachments-driveA", "mailB-attachments-driveB", "mailA-attachments-driveC",
	"mailB-attachments-driveA", "mailA-find", "mailB-find", "mailA-read", "mailB-read", "mailA-draft",
	"mailB-draft", "mailA-send", "mailB-send", "driveA-search", "driveB-search", "driveC-search",
	"driveA-upload", "driveB-upload", "driveC-upload", "driveA-to-driveB", "driveC-to-driveA",
	"driveA-to-driveC", "driveB-to-driveC", "calA-events", "calB-events", "calA-event-create",
	"calB-event-create", "calA-availability", "calB-availability", "calA-event-update", "calB-event-update",
	"sheetsA-append", "sheetsB-append", "sheetsA-read", "sheetsB-read", "sheetsA-update", "sheetsB-update",
	"sheetsA-to-sheetsB", "sheetsB-to-sheetsA", "sheetsA-create", "codehost-issues", "codehost-issue-read",
	"codehost-issue-create", "codehost-releases", "codehost-issues-sheetsA", NULL
};

const char *const VOCAB_RUNTIMES[] = { "any", "local", "remote", NULL };
const char *const VOCAB_LOCALES[] = { "de", "en", NULL };
const char *const VOCAB_ENTRY_TYPES[] = { "mcp", "agenten", NULL };
const char *const VOCAB_ENTRY_STATUS[] = { "aktiv", "eingestellt", NULL };
const char *const VOCAB_EINSATZGEBIETE[] = { "entwicklung", "daten", "dateien", "kommunikation", "web",
	"produktivitaet", "wissen", "finanzen", "infrastruktur", "ki", "sonstiges", NULL };
const char *const VOCAB_VERIFICATION_LEVELS[] = { "listed", "package_resolved", "started", "schema_read",
	"execution_tested", NULL };
const char *const VOCAB_APP_KINDS[] = { "caller", "mail", "drive", "calendar", "sheets", "codehost", NULL };

const char *const VOCAB_PLAN_TEXTS[] = {
	"status.unresolved", "status.ambiguous", "status.outside_catalog", "status.read_only_conflict", "status.needs_apps", "status.partial",
	"status.needs_scopes", "status.scopes_unknown", "status.caller_side_steps", "status.ready",
	"permissions.unresolved", "permissions.ambiguous", "permissions.needs_apps", "permissions.needs_scopes",
	"permissions.scopes_unknown", "permissions.granted", "permissions.no_scopes_needed", "impact.unchanged",
	"impact.info_only", "impact.compatible", "impact.breaking", "note.caller_side", "note.no_app",
	"note.not_documented", "note.scopes_unknown", "note.missing_scope", "note.implied",
	"note.app_created_grant", "note.added_find", "reason.existing_data", "left_out.read_only",
	"not_used.nothing_planned", "not_used.no_step", "runtime.local", "runtime.remote", "runtime.any",
	"input.fixed", "input.from_step", "input.caller", "query.rebound", "query.equivalent", "change.removed_app",
	"change.removed_operation", "change.capability_remapped", "change.scopes_now_documented",
	"change.scopes_no_longer_documented", "change.scopes_changed", "change.scopes_narrowed",
	"change.scopes_widened", "change.source_hash_explained", "change.source_hash_unexplained",
	"change.source_revision", "change.catalog_version", "change.rule_version", "change.host", "change.path",
	"change.method", "change.shape", "status.action_outside", "status.unresolved_outside", "step.product_source",
	"step.product_target", "note.product", "status.action_untested", "query.schedule", NULL
};

int vocab_index(const char *const *v, const char *s)
{
	for (int i = 0; s && v[i]; i++)
		if (strcmp(v[i], s) == 0)
			return i;
	return -1;
}

int vocab_count(const char *const *v)
{
	int n = 0;
	while (v[n]) n++;
	return n;
}
