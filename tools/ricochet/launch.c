/* SPDX-License-Identifier: MIT */
/* Whether the tool was started by mpirun (docs/cli.md: sweep and exchange spread their runs over ranks under mpirun
 * when the tool is built with RICOCHET_MPI, and run splits one system over them), the refusal of a build without MPI,
 * under which every rank would do all the work, and the hand-over to ricochet-mpi: in a build with MPI only that
 * second tool links OpenMPI, so that the commands that need no MPI (every one outside mpirun) start without its six
 * libraries mapped (1.4 MB resident). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

bool rc_cli_under_mpirun(void) { return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_SIZE"); }

int rc_cli_no_mpi(const char *command)
{
    return rc_cli_fail(RC_EXIT_USAGE,
                       "this ricochet is built without MPI (cmake -DRICOCHET_MPI=ON): under mpirun "
                       "every rank would run the whole %s; run it without mpirun",
                       command);
}

#ifdef RC_MPI_TOOL
int rc_cli_exec_mpi_tool(char **argv)
{
    char path[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
    char *slash = NULL;
    if (length > 0) path[length] = '\0', slash = strrchr(path, '/');
    size_t room = slash ? sizeof path - (size_t)(slash + 1 - path) : 0;
    if (!slash || (size_t)snprintf(slash + 1, room, "%s", RC_MPI_TOOL) >= room)
        return rc_cli_fail(RC_EXIT_INTERNAL, "under mpirun: cannot find where this tool lies, to start %s",
                           RC_MPI_TOOL);
    execv(path, argv);
    return rc_cli_fail(RC_EXIT_INTERNAL, "under mpirun: cannot start %s: %s", path, strerror(errno));
}
#endif
