/* Whether the tool was started by mpirun (docs/cli.md: sweep and exchange spread over ranks under mpirun when the tool
 * is built with RICOCHET_MPI), and the refusal of a build without MPI, under which every rank would do all the work. */
#include <stdlib.h>

#include "cli.h"

bool rc_cli_under_mpirun(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_SIZE");
}

int rc_cli_no_mpi(const char *command)
{
    return rc_cli_fail(RC_EXIT_USAGE, "this ricochet is built without MPI (cmake -DRICOCHET_MPI=ON): under mpirun "
                                      "every rank would run the whole %s; run it without mpirun", command);
}
