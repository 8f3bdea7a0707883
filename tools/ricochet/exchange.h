/* The pieces of `ricochet exchange` (docs/cli.md) that only the tool has: the command line and the report
 * (exchange.c). The exchange itself is the library's (ricochet/exchange.h; over MPI ranks ricochet/mpi.h). */
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

#endif
