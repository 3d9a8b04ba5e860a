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
