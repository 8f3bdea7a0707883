/* Paths and directories the tool's commands write into (docs/cli.md): mkdir -p and DIRECTORY/NAME. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int rc_cli_make_directory(const char *path)
{
    if (rc_directory_make(path) == RC_OK) return -1;
    return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s", rc_last_error());
}

char *rc_cli_join(const char *directory, const char *name)
{
    size_t size = strlen(directory) + strlen(name) + 2;
    char *path = malloc(size);
    if (path) snprintf(path, size, "%s/%s", directory, name);
    return path;
}
