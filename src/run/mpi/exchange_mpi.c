/* SPDX-License-Identifier: MIT */
/* Replica exchange over the ranks of an MPI communicator (ricochet/mpi.h; docs/scaling.md, "Replica exchange"): the
 * walk table opened on rank 0, every rank told whether it could be; replica r on rank r % K; in each round each rank
 * advances its replicas (rc_exchange_advance), the potential energies and volumes are summed over the ranks (every
 * replica's numbers come from one rank, the others add zeros, so the sum is exact), and every rank ends the round with
 * the same swap decisions (rc_exchange_swap): replicas stay on their rank and trade rungs (temperatures or
 * pressures). */
#include <stdlib.h>

#include "core/status.h"
#include "ricochet/mpi.h"

rc_status rc_exchange_write_walk_mpi(rc_exchange *x, const char *path, MPI_Comm comm)
{
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    rc_status s = rank == 0 ? rc_exchange_write_walk(x, path) : RC_STATUS_OK;
    int opened = s == RC_STATUS_OK;
    MPI_Bcast(&opened, 1, MPI_INT, 0, comm);
    if (!opened && rank != 0)
        s = rc_fail(RC_STATUS_INTERNAL,
                    "walk table %s: rank 0 could not write it (its message is on that rank's stderr)",
                    path ? path : "(none)");
    return s;
}

rc_status rc_exchange_execute_mpi(rc_exchange *x, MPI_Comm comm)
{
    if (!x) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_exchange_execute_mpi: NULL exchange");
    int rank = 0, ranks = 1, slots = rc_exchange_slots(x);
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    /* the energies, the volumes, and last the count of ranks whose replicas failed, so that all stop together */
    size_t count = 2 * (size_t)slots + 1;
    double *mine = calloc(count, sizeof *mine), *all = calloc(count, sizeof *all);
    rc_status failed = mine && all ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    bool others_failed = false;
    while (rc_exchange_round(x) < rc_exchange_rounds(x)) {
        for (size_t k = 0; k < count; k++) mine[k] = 0;
        for (int k = rank; !failed && k < slots; k += ranks)
            if ((failed = rc_exchange_advance(x, k)) == RC_STATUS_OK) {
                mine[k] = rc_exchange_energy(x, k);
                mine[slots + k] = rc_exchange_volume(x, k);
            }
        mine[count - 1] = failed != RC_STATUS_OK;
        MPI_Allreduce(mine, all, (int)count, MPI_DOUBLE, MPI_SUM, comm);
        if (all[count - 1] > 0) {
            others_failed = true;
            break;
        }
        for (int k = 0; k < slots; k++) {
            rc_exchange_set_energy(x, k, all[k]);
            rc_exchange_set_volume(x, k, all[slots + k]);
        }
        failed = rc_exchange_swap(x); /* only a rank writing the walk can fail here; the others learn it next round */
    }
    free(mine);
    free(all);
    if (!failed && others_failed)
        failed = rc_fail(RC_STATUS_INTERNAL, "a replica failed on another rank (its message is on that rank's stderr)");
    return failed;
}
