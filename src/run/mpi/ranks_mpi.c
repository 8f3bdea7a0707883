/* SPDX-License-Identifier: MIT */
/* One event-driven system over the ranks of an MPI communicator (ricochet/mpi.h; docs/edmd.md, "Ranks"): the table of
 * ricochet/ranks.h filled from the communicator, whose exchange is an MPI_Allgather of the sizes and an
 * MPI_Allgatherv of the bytes. */
#include <limits.h>
#include <stdlib.h>

#include "core/status.h"
#include "ricochet/mpi.h"

static rc_status allgather(void *context, const void *mine, size_t size, void **all, size_t *capacity, size_t *sizes)
{
    MPI_Comm comm = *(MPI_Comm *)context;
    int ranks = 1;
    MPI_Comm_size(comm, &ranks);
    int *counts = malloc(2 * (size_t)ranks * sizeof *counts);
    if (!counts) return rc_fail(RC_STATUS_NO_MEMORY, "ranks: out of memory for an exchange");
    int *offsets = counts + ranks;
    int own = size <= INT_MAX ? (int)size : -1; /* -1: too large, which every rank then sees */
    MPI_Allgather(&own, 1, MPI_INT, counts, 1, MPI_INT, comm);
    size_t total = 0;
    rc_status s = RC_STATUS_OK;
    for (int r = 0; r < ranks && s == RC_STATUS_OK; r++) {
        if (counts[r] < 0 || total > (size_t)INT_MAX - (size_t)counts[r])
            s = rc_fail(RC_STATUS_INTERNAL, "ranks: an exchange of more than %d bytes", INT_MAX);
        offsets[r] = (int)total, sizes[r] = (size_t)counts[r];
        total += (size_t)counts[r];
    }
    if (s == RC_STATUS_OK && total > *capacity) {
        void *more = realloc(*all, total);
        if (!more) s = rc_fail(RC_STATUS_NO_MEMORY, "ranks: out of memory for an exchange of %zu bytes", total);
        else *all = more, *capacity = total;
    }
    if (s == RC_STATUS_OK) MPI_Allgatherv(mine, own, MPI_BYTE, *all, counts, offsets, MPI_BYTE, comm);
    free(counts);
    return s;
}

rc_ranks rc_ranks_mpi(MPI_Comm *comm)
{
    int rank = 0, count = 1;
    MPI_Comm_rank(*comm, &rank);
    MPI_Comm_size(*comm, &count);
    return (rc_ranks){.rank = rank, .count = count, .context = comm, .allgather = allgather};
}
