/* The pieces of `ricochet exchange` (docs/cli.md) that only the tool has: the command line and the report
 * (exchange.c) and the MPI scheduler (mpi/exchange_mpi.c, built with RICOCHET_MPI). The exchange itself is the
 * library's (ricochet/exchange.h). */
#ifndef RC_CLI_EXCHANGE_H
#define RC_CLI_EXCHANGE_H

#include "cli.h"

enum { MOST_TEMPERATURES = 1024 };

/* Prints the JSON report of the exchange so far (the ladder, the settings, each pair's attempts, acceptances and
 * rate, the mean potential energy at each temperature); the exit code. */
int rc_cli_exchange_report(const rc_exchange *exchange, int slots, const double *temperatures,
                           const rc_exchange_options *options, bool compact);
/* The message and exit code of a failed exchange (path: the scene). */
int rc_cli_exchange_fail(const char *path, rc_status status);

#ifdef RICOCHET_MPI
/* The rounds over the ranks of MPI_COMM_WORLD: replica r on rank r % K, the energies shared after each round, the
 * same swaps everywhere; rank 0 prints the report. Returns the process's exit code. */
int rc_cli_exchange_mpi(rc_exchange *exchange, const char *path, int slots, const double *temperatures,
                        const rc_exchange_options *options, bool compact);
#endif

#endif
