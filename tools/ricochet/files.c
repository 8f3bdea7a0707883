/* Paths and directories the tool's commands write into (docs/cli.md): mkdir -p and DIRECTORY/NAME. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

int rc_cli_make_directory(const char *path)
{
    char *partial = strdup(path);
    if (!partial) return rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    int error = 0;
    for (char *p = partial + 1; *p && !error; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(partial, 0777) != 0 && errno != EEXIST) error = errno;
        *p = '/';
    }
    if (!error && mkdir(partial, 0777) != 0 && errno != EEXIST) error = errno;
    struct stat info;
    if (!error && (stat(path, &info) != 0 || !S_ISDIR(info.st_mode))) error = ENOTDIR;
    free(partial);
    if (error)
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "cannot create the output directory %s: %s", path, strerror(error));
    return -1;
}

char *rc_cli_join(const char *directory, const char *name)
{
    size_t size = strlen(directory) + strlen(name) + 2;
    char *path = malloc(size);
    if (path) snprintf(path, size, "%s/%s", directory, name);
    return path;
}
