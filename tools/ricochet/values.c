/* Option values shared by the tool's commands (docs/cli.md): picture sizes. */
#include <string.h>

#include "cli.h"

bool rc_cli_parse_size(const char *text, int *width, int *height)
{
    char end;
    return strspn(text, "0123456789x") == strlen(text) && sscanf(text, "%dx%d%c", width, height, &end) == 2 &&
           *width > 0 && *height > 0;
}
