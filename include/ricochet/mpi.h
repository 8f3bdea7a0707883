/* SPDX-License-Identifier: MIT */
/* ricochet/mpi.h: sweeps and replica exchange spread over the ranks of an MPI communicator (docs/architecture.md,
 * "MPI"; docs/scaling.md). Only in a build with -DRICOCHET_MPI=ON, in the separate library libricochet_mpi (link it
 * with -lricochet_mpi before -lricochet and the MPI library; its shared form carries the whole of libricochet, so a
 * program loads that one library): libricochet itself knows nothing of MPI, and this header needs <mpi.h>.
 *
 * The caller owns MPI: it calls MPI_Init before and MPI_Finalize after, and every rank of `comm` calls the same
 * function with the same sweep or exchange (each rank reads the same file itself). Results are bit-identical whatever
 * the number of ranks: a run's bits depend only on the sweep and its index, a replica's only on the exchange and its
 * index. From Python (mpi4py): load libricochet_mpi.so with ctypes and pass MPI._handleof(comm) as a void pointer
 * (OpenMPI's MPI_Comm is a pointer); docs/python.md, "Under MPI". */
#ifndef RICOCHET_MPI_H
#define RICOCHET_MPI_H

#include <mpi.h>

#include "ricochet/exchange.h"
#include "ricochet/ranks.h"
#include "ricochet/sweep.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Runs every run of the sweep that has not ended over the ranks of comm, with dynamic load balancing: rank 0 hands
 * out one run index at a time to whichever rank asks for work (runs may differ in length by orders of magnitude),
 * counts what ends, calls `progress` (may be NULL) whenever a run starts or ends, and last writes the tables; every
 * other rank runs what it is given with rc_sweep_execute_run, one at a time, until told to stop. With one rank, rank 0 runs
 * every run itself, in order. *counts (rank 0; may be NULL) tells how it went, as rc_sweep_execute's.
 * Returns RC_STATUS_OK also when runs failed (they are in the table); RC_STATUS_IO_ERROR when a run folder or the tables could not
 * be written (rank 0 names how many; another rank the first of its own). */
RC_API rc_status rc_sweep_execute_mpi(rc_sweep *sweep, MPI_Comm comm, rc_sweep_progress_fn *progress, void *user,
                                      rc_sweep_progress *counts);

/* rc_sweep_execute_mpi with SIGINT and SIGTERM caught on rank 0 for its length (as rc_sweep_execute_guarded): when a
 * rank is killed, mpirun sends SIGTERM to the others and SIGKILL a second later; rank 0 then stops waiting, leaves the
 * runs still out pending and writes the tables of what ended (rc_sweep_check names the runs left, which the sweep
 * started again resumes from their checkpoints). The other ranks keep the default action. `ricochet sweep` calls it. */
RC_API rc_status rc_sweep_execute_mpi_guarded(rc_sweep *sweep, MPI_Comm comm, rc_sweep_progress_fn *progress,
                                              void *user, rc_sweep_progress *counts);

/* Runs the rounds left of the exchange over the ranks of comm: replica r on rank r % K (one or several per rank); in
 * each round each rank advances its replicas, the potential energies and volumes are summed over the ranks (every
 * replica's from one rank, zeros from the others, so the sum is exact; one MPI_Allreduce of 2M + 1 numbers), and
 * every rank ends the round with the same swap decisions (rc_exchange_swap). Replicas stay on their rank and trade
 * rungs (temperatures or pressures); the
 * counts (rc_exchange_counts) are then the same on every rank and the same bytes as one process's. When a replica
 * fails every rank stops after that round: its rank returns the failure, the others RC_STATUS_INTERNAL ("a replica failed on
 * another rank"). */
RC_API rc_status rc_exchange_execute_mpi(rc_exchange *exchange, MPI_Comm comm);
/* rc_exchange_write_walk under MPI, called by every rank of comm before rc_exchange_execute_mpi: rank 0 opens the walk
 * table at `path` and writes it as the rounds end (every rank makes the same swaps), and tells the others whether it
 * could (one MPI_Bcast), so that a walk that cannot be written stops every rank before the rounds: rank 0 returns
 * RC_STATUS_IO_ERROR naming the path, the others RC_STATUS_INTERNAL ("rank 0 could not write it"). */
RC_API rc_status rc_exchange_write_walk_mpi(rc_exchange *exchange, const char *path, MPI_Comm comm);

/* The table that runs one event-driven system over the ranks of *comm (ricochet/ranks.h; rc_edmd_set_ranks,
 * rc_run_options.ranks): this rank's place and the count, and an exchange by MPI_Allgather and MPI_Allgatherv. *comm
 * is kept, not copied: it must outlive the run. */
RC_API rc_ranks rc_ranks_mpi(MPI_Comm *comm);

#ifdef __cplusplus
}
#endif
#endif
