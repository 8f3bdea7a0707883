/* SPDX-License-Identifier: MIT */
/* Printing the one JSON object a command answers with on stdout (docs/cli.md): a full disk or a closed pipe is an
 * unwritable output, exit 2 naming standard output. */
#include <errno.h>
#include <string.h>

#include "cli.h"

int rc_cli_print_text(char *text, const char *what)
{
    if (!text) return rc_cli_fail(RC_EXIT_INTERNAL, "out of memory printing the %s", what);
    errno = 0;
    bool written = puts(text) >= 0 && fflush(stdout) == 0;
    int error = errno ? errno : EIO;
    rc_text_destroy(text);
    if (written) return RC_EXIT_OK;
    return rc_cli_fail(RC_EXIT_BAD_INPUT, "cannot write the %s to standard output: %s", what, strerror(error));
}
