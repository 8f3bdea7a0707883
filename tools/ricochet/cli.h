/* SPDX-License-Identifier: MIT */
/* The ricochet command-line tool: its commands, exit codes and the pieces they share (docs/cli.md). The tool uses
 * the public API (ricochet/ricochet.h) only. */
#ifndef RC_CLI_H
#define RC_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "ricochet/ricochet.h"

enum {
    RC_EXIT_OK = 0,             /* done (the impact resolved, the run finished) */
    RC_EXIT_USAGE = 1,          /* no command, an unknown command, a missing or extra FILE */
    RC_EXIT_BAD_INPUT = 2,      /* a bad file, an unknown option or a bad option value, an unwritable output */
    RC_EXIT_NOT_TERMINATED = 3, /* the --max-iterations budget ran out */
    RC_EXIT_INTERNAL = 4        /* anything else: out of memory, a solver failure */
};

/* "Go on": what a step of the parsing returns when nothing is wrong (an exit code otherwise). */
enum { RC_CLI_GO_ON = -1 };

typedef int rc_cli_take_fn(void *context, int id, const char *value);
typedef int rc_cli_positional_fn(void *context, const char *argument);

/* Parses argv (argv[0] the command's name) with getopt_long from the library's table of the command (ricochet/
 * command.h): take() for every option, in order, with the option's index in the table as its id, then positional()
 * for every other argument. An unknown option or a missing value is exit 2 with a message. Returns RC_CLI_GO_ON or
 * the exit code a callback or the parser returned. */
int rc_cli_parse(const char *command, int argc, char **argv, rc_cli_take_fn *take, rc_cli_positional_fn *positional,
                 void *context);
/* The name of the option with index id in the command's table ("checkpoint-every"). */
const char *rc_cli_option_name(const char *command, int id);
/* A positional argument for a command that takes one file (`what`: "FILE", "SCENE file"): into *slot, or exit 1
 * when it already holds one. */
int rc_cli_one_file(const char *command, const char *what, const char **slot, const char *argument);

/* Writes "ricochet: " and the formatted sentence to stderr; returns code (cli.c). */
int rc_cli_fail(int code, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* The exit code of a library status, the one mapping every command uses: 0 RC_STATUS_OK, 2 RC_STATUS_INVALID_ARGUMENT and
 * RC_STATUS_IO_ERROR (bad input, an unwritable output), 3 RC_STATUS_NOT_TERMINATED, 4 RC_STATUS_NO_MEMORY and RC_STATUS_INTERNAL. */
int rc_cli_exit_code(rc_status status);
/* rc_cli_fail with the exit code of status and the sentence rc_error_get(), after "where: " (where may be NULL). */
int rc_cli_fail_status(rc_status status, const char *where);
/* Writes each line of rc_warnings_get() to stderr as "ricochet: warning: NAME: line" (without "NAME: " when name
 * is NULL). */
void rc_cli_print_warnings(const char *name);

/* An option's value read by the library's rule (rc_text_count, rc_text_positive, rc_exchange_ladder_parse, ...), given
 * the option's name without its "--": RC_CLI_GO_ON when status is RC_STATUS_OK, else rc_cli_fail with the exit code of status
 * and "--" before the library's sentence ("--time: \"x\" is not a positive number"). */
int rc_cli_check(rc_status status);
/* The exit code of a command that ran something interruptible (run, sweep, exchange): 128 + signal_number when the
 * library's guarded execute (rc_run_execute_guarded, ...) was interrupted by that signal, else code. */
int rc_cli_outcome(int code, int signal_number);

/* Started by mpirun (OpenMPI, or another launcher of the PMI family): its environment says so (launch.c). */
bool rc_cli_under_mpirun(void);
/* The refusal of a tool built without MPI under mpirun; exit 1. */
int rc_cli_no_mpi(const char *command);
/* In a build with MPI (RC_MPI_TOOL), the plain tool maps no MPI: under mpirun, sweep and exchange replace it (execv,
 * the same arguments) by ricochet-mpi, the tool built with MPI, which lies beside it. Returns only on failure: exit 4. */
int rc_cli_exec_mpi_tool(char **argv);

/* The time left of a progress report on stderr, `before` and then "ETA H:MM:SS" (eta in seconds; nothing when < 0,
 * not known yet) (progress.c). */
void rc_cli_print_eta(const char *before, double eta);

/* The help of a command ("resolve", "help"), or the overview for NULL. Returns 0, or 1 for an unknown topic. */
int rc_cli_help(const char *topic, FILE *out);

/* ricochet resolve FILE [options]: argv[0] is "resolve". */
int rc_cli_resolve(int argc, char **argv);

/* ricochet run SCENE [options]: argv[0] is "run". */
int rc_cli_run(int argc, char **argv);

/* Prints JSON text a library call made (a report or summary; NULL: out of memory) on stdout and frees it
 * (rc_text_destroy); what names it in messages ("summary"). Returns RC_EXIT_OK, RC_EXIT_BAD_INPUT when stdout cannot
 * be written, RC_EXIT_INTERNAL when out of memory. */
int rc_cli_print_text(char *text, const char *what);

/* A file or directory name, not empty, into *out; exit 2 naming the option (its name without "--") otherwise. */
int rc_cli_name(const char *option, const char *value, const char **out);

/* ricochet render TRAJECTORY... [options]: argv[0] is "render". */
int rc_cli_render(int argc, char **argv);

/* ricochet sweep SWEEP [options]: argv[0] is "sweep". */
int rc_cli_sweep(int argc, char **argv);

/* ricochet exchange SCENE --temperatures LIST [options]: argv[0] is "exchange". */
int rc_cli_exchange(int argc, char **argv);

/* ricochet plot CSV [options]: argv[0] is "plot". */
int rc_cli_plot(int argc, char **argv);

/* ricochet analyze RUN_FOLDER|TRAJECTORY [options]: argv[0] is "analyze". */
int rc_cli_analyze(int argc, char **argv);
/* ricochet convert INPUT OUTPUT [--frame K]: argv[0] is "convert". */
int rc_cli_convert(int argc, char **argv);

#endif
