/* ricochet exchange under mpirun (docs/cli.md, "exchange"; built with -DRICOCHET_MPI=ON): the replicas of a replica
 * exchange spread over the ranks of MPI_COMM_WORLD, replica r on rank r % K, one or several per rank. Every rank
 * builds the same exchange; in each round each rank advances its replicas (rc_exchange_advance), the potential
 * energies are summed over the ranks (every replica's energy comes from one rank, the others add zeros, so the sum is
 * exact), and every rank ends the round with the same swap decisions (rc_exchange_swap): replicas stay on their
 * rank and trade temperatures. The report of rank 0 is the same bytes as one process would print. */
#include <mpi.h>
#include <stdlib.h>

#include "../exchange.h"

int rc_cli_exchange_mpi(rc_exchange *x, const char *path, int slots, const double *t, const rc_exchange_options *o,
                        bool compact)
{
    int rank = 0, ranks = 1;
    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    /* the energies, and last the count of ranks whose replicas failed, so that all stop together */
    double *mine = calloc((size_t)slots + 1, sizeof *mine), *all = calloc((size_t)slots + 1, sizeof *all);
    rc_status failed = mine && all ? RC_OK : RC_NO_MEMORY;
    int64_t rounds = failed ? 0 : o->rounds;
    for (int64_t round = 0; round < rounds; round++) {
        for (int k = 0; k <= slots; k++) mine[k] = 0;
        for (int k = rank; !failed && k < slots; k += ranks)
            if ((failed = rc_exchange_advance(x, k)) == RC_OK) mine[k] = rc_exchange_energy(x, k);
        mine[slots] = failed != RC_OK;
        MPI_Allreduce(mine, all, slots + 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (all[slots] > 0) break;
        for (int k = 0; k < slots; k++) rc_exchange_set_energy(x, k, all[k]);
        rc_exchange_swap(x);
    }
    int code = RC_EXIT_OK;
    if (failed) code = rc_cli_exchange_fail(path, failed);
    else if (all && all[slots] > 0) code = rank == 0 ? rc_cli_fail(RC_EXIT_INTERNAL, "%s: a replica failed on another "
                                                                   "rank (its message is on that rank's stderr)", path)
                                                     : RC_EXIT_INTERNAL;
    else if (rank == 0) code = rc_cli_exchange_report(x, slots, t, o, compact);
    free(mine);
    free(all);
    MPI_Finalize();
    return code;
}
