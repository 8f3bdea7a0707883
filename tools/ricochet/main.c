/* SPDX-License-Identifier: MIT */
/* The ricochet command-line tool's entry point: dispatches to a command (resolve, run, sweep, exchange, render, plot,
 * analyze, help) or answers --version and --help (docs/cli.md). */
#include <string.h>

#include "cli.h"
#include "git_commit.h"

int main(int argc, char **argv)
{
    if (argc < 2) {
        rc_cli_help(NULL, stderr);
        return RC_EXIT_USAGE;
    }
    const char *command = argv[1];
    if (strcmp(command, "--version") == 0 || strcmp(command, "version") == 0) {
        /* RC_VERSION_STRING is what this tool was compiled against; rc_version_get() what the library says (they differ
         * only when the shared library was swapped under the tool). The commit is there when built from a checkout. */
        printf("ricochet %s%s%s\n", rc_version_get(), RC_GIT_COMMIT[0] ? " " : "", RC_GIT_COMMIT);
        return RC_EXIT_OK;
    }
    if (strcmp(command, "--help") == 0 || strcmp(command, "-h") == 0) return rc_cli_help(NULL, stdout);
    if (strcmp(command, "help") == 0) {
        if (argc > 3) return rc_cli_fail(RC_EXIT_USAGE, "help takes at most one COMMAND");
        int status = rc_cli_help(argc == 3 ? argv[2] : NULL, stdout);
        return status ? rc_cli_fail(RC_EXIT_USAGE, "no command \"%s\" (try ricochet --help)", argv[2]) : 0;
    }
#ifdef RC_MPI_TOOL
    if ((strcmp(command, "sweep") == 0 || strcmp(command, "exchange") == 0 || strcmp(command, "run") == 0) &&
        rc_cli_under_mpirun())
        return rc_cli_exec_mpi_tool(argv); /* the tool built with MPI runs them (launch.c) */
#endif
    static const char *const names[] = {"resolve", "run",     "sweep",   "exchange", "render",
                                        "plot",    "analyze", "convert", "help"};
    static int (*const commands[])(int, char **) = {rc_cli_resolve, rc_cli_run,  rc_cli_sweep,   rc_cli_exchange,
                                                    rc_cli_render,  rc_cli_plot, rc_cli_analyze, rc_cli_convert};
    for (int k = 0; k < 8; k++)
        if (strcmp(command, names[k]) == 0) return commands[k](argc - 1, argv + 1);
    if (command[0] == '-')
        return rc_cli_fail(RC_EXIT_USAGE, "unknown option %s before a command (try ricochet --help)", command);
    const char *near = rc_name_suggest(command, names, 9);
    return rc_cli_fail(RC_EXIT_USAGE, "unknown command \"%s\"%s%s%s (try ricochet --help)", command,
                       near ? "; did you mean " : "", near ? near : "", near ? "?" : "");
}
