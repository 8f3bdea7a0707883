/* SPDX-License-Identifier: MIT */
/* What every command of the tool says when something fails (docs/cli.md, "Exit codes"): one line on stderr after
 * "ricochet: ", the library's warnings, and the one mapping of a library status to an exit code. */
#include <stdarg.h>
#include <string.h>

#include "cli.h"

int rc_cli_fail(int code, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("ricochet: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    return code;
}

int rc_cli_exit_code(rc_status status)
{
    switch (status) {
    case RC_STATUS_OK: return RC_EXIT_OK;
    case RC_STATUS_INVALID_ARGUMENT:
    case RC_STATUS_IO_ERROR: return RC_EXIT_BAD_INPUT;
    case RC_STATUS_NOT_TERMINATED: return RC_EXIT_NOT_TERMINATED;
    default: return RC_EXIT_INTERNAL;
    }
}

int rc_cli_fail_status(rc_status status, const char *where)
{
    return rc_cli_fail(rc_cli_exit_code(status), "%s%s%s", where ? where : "", where ? ": " : "", rc_error_get());
}

int rc_cli_check(rc_status status)
{
    return status ? rc_cli_fail(rc_cli_exit_code(status), "--%s", rc_error_get()) : RC_CLI_GO_ON;
}

int rc_cli_outcome(int code, int signal_number) { return signal_number > 0 ? 128 + signal_number : code; }

void rc_cli_print_warnings(const char *name)
{
    const char *line = rc_warnings_get();
    while (*line) {
        int length = (int)strcspn(line, "\n");
        fprintf(stderr, "ricochet: warning: %s%s%.*s\n", name ? name : "", name ? ": " : "", length, line);
        line += length + (line[length] == '\n');
    }
}
