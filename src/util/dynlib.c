#include "util/dynlib.h"

#include <dlfcn.h>
#include <stdio.h>

int dynlib_load(const char *soname, const struct dynlib_sym *syms, size_t n, char *err, size_t errlen)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(err, errlen, "cannot load %s: %s", soname, dlerror());
		return -1;
	}
	void *found[n ? n : 1];
	for (size_t i = 0; i < n; i++) {
		found[i] = dlsym(h, syms[i].name);
		if (!found[i]) {
			snprintf(err, errlen, "%s has no %s", soname, syms[i].name);
			dlclose(h);
			return -1;
		}
	}
	for (size_t i = 0; i < n; i++) *syms[i].slot = found[i];
	return 0;
}
