/* SPDX-License-Identifier: MIT */
/* ricochet/ranks.h: the processes one event-driven system runs on (docs/edmd.md, "Ranks"). libricochet knows nothing
 * of MPI: a caller that runs one system over several processes describes them with this table, and
 * libricochet_mpi fills it from an MPI communicator (rc_ranks_mpi, ricochet/mpi.h). */
#ifndef RICOCHET_RANKS_H
#define RICOCHET_RANKS_H

#include "ricochet/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every process of the run holds the same engine and calls the same functions with the same arguments in the same
 * order; `rank` is this process's place among `count` (0 to count - 1). */
typedef struct rc_ranks {
    int32_t rank, count;
    void *context;
    /* A collective: every rank calls it at once with its own `size` bytes at `mine`; on return sizes[r] holds rank r's
     * size and *all (grown with realloc to at least their total, *capacity its size; the caller frees it) every
     * rank's bytes in rank order. A rank on which it fails ends the job (MPI_Abort under MPI): the others are not told,
     * and would wait for it at the next exchange. */
    rc_status (*allgather)(void *context, const void *mine, size_t size, void **all, size_t *capacity, size_t *sizes);
} rc_ranks;

#ifdef __cplusplus
}
#endif
#endif
