/* SPDX-License-Identifier: MIT */
/* Option values shared by the tool's commands (docs/cli.md) that only a command line has: names of files and folders
 * (numbers and picture sizes are read by the library's rules: rc_text_count, rc_text_positive, rc_text_size). */
#include <string.h>

#include "cli.h"

int rc_cli_name(const char *option, const char *value, const char **out)
{
    if (!value[0]) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--%s: the name is empty", option);
    *out = value;
    return RC_CLI_GO_ON;
}
