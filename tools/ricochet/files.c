/* Files of the tool's commands (docs/cli.md): the whole text of an input file (or standard input), and the paths and
 * directories they write into: mkdir -p and DIRECTORY/NAME. */
#include <errno.h>
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

char *rc_cli_read_text(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return NULL;
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    while (text) {
        size += fread(text + size, 1, capacity - size - 1, f);
        if (size + 1 < capacity) break;
        char *bigger = realloc(text, capacity *= 2);
        if (!bigger) free(text);
        text = bigger;
    }
    int error = ferror(f) ? EIO : 0;
    if (f != stdin) fclose(f);
    if (text && error) {
        free(text);
        text = NULL;
        errno = error;
    }
    if (text) text[size] = '\0';
    return text;
}
