/* SPDX-License-Identifier: MIT */
/* Option values shared by the tool's commands (docs/cli.md) that only a command line has: picture sizes, names of
 * files and folders (numbers are read by the library's rules: rc_text_count, rc_text_positive). */
#include <string.h>

#include "cli.h"

bool rc_cli_parse_size(const char *text, int *width, int *height)
{
    char end;
    return strspn(text, "0123456789x") == strlen(text) && sscanf(text, "%dx%d%c", width, height, &end) == 2 &&
           *width > 0 && *height > 0;
}

int rc_cli_name(const char *option, const char *value, const char **out)
{
    if (!value[0]) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--%s: the name is empty", option);
    *out = value;
    return RC_CLI_GO_ON;
}
