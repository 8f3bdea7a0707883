/* SPDX-License-Identifier: MIT */
/* The pieces of `ricochet run` (docs/cli.md) that only the tool has: the command line (run.c) and the progress bar it
 * draws on stderr from the run driver's reports (progress.c). The run itself is the library's (ricochet/run.h). */
#ifndef RC_CLI_RUN_H
#define RC_CLI_RUN_H

#include "cli.h"

/* The progress callback of the run driver: a bar on stderr, redrawn in place (data: NULL). */
void rc_cli_progress(const rc_run_progress *progress, void *data);
/* Clears the bar's line, when one was drawn. */
void rc_cli_progress_clear(void);

#endif
