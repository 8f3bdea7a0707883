/* The pieces of `ricochet sweep` (docs/cli.md) that only the tool has: the command line, the progress and the report
 * (sweep.c). The sweep itself is the library's (ricochet/sweep.h; over MPI ranks ricochet/mpi.h). */
#ifndef RC_CLI_SWEEP_H
#define RC_CLI_SWEEP_H

#include "cli.h"

/* The progress of a sweep on stderr: redrawn in place on a terminal, a line per ended run otherwise (data: NULL). */
void rc_cli_sweep_progress(const rc_sweep_progress *progress, void *data);
/* SIGINT and SIGTERM interrupt the sweep cleanly (rc_sweep_interrupt); a second one ends the process at once. */
void rc_cli_sweep_catch_signals(rc_sweep *sweep);
/* Prints the library's report (rc_sweep_report_json) and returns the exit code: 0 every run ok,
 * 3 some failed or did not terminate, 128 + signal_number when interrupted with runs left. */
int rc_cli_sweep_report(rc_sweep *sweep, int signal_number, bool compact, double wall_seconds);

#endif
