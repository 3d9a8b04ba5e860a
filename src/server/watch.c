#include "server/server.h"
#include "server/log.h"

#include <string.h>

int catalog_watch_poll(struct catalog_watch *w, const struct catalog *cur, const char *path, bool force,
	struct catalog *fresh)
{
	struct catalog_id now;
	const char *version = cat_s(cur, cur->meta->catalog_version);
	if (catalog_file_id(path, &now) < 0) {
		if (!w->missing || force)
			log_msg(LOG_WARN, "catalog %s cannot be read; still serving version %s", path, version);
		w->missing = true;
		return 0;
	}
	w->missing = false;
	if (!force) {
		if (catalog_id_equal(&now, &cur->id)) {
			w->has_pending = false;
			return 0;
		}
		if (w->has_refused && catalog_id_equal(&now, &w->refused)) return 0;
		if (!w->has_pending || !catalog_id_equal(&now, &w->pending)) {
			w->pending = now; /* changed: act once it has settled */
			w->has_pending = true;
			return 0;
		}
	}
	w->has_pending = false;
	char err[600];
	if (catalog_load(fresh, path, err, sizeof err) < 0) {
		log_msg(LOG_ERR, "catalog refused: %s; still serving version %s", err, version);
		w->refused = now;
		w->has_refused = true;
		return 0;
	}
	w->has_refused = false;
	return 1;
}
