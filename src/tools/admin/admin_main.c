/* autoplan-admin: projects and keys of the monitoring interface (see admin.h). */
#include "tools/admin/admin.h"

int main(int argc, char **argv)
{
	return admin_run(argc, argv, stdout, stderr);
}
