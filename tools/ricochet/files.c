/* Files of the tool's commands (docs/cli.md): the whole text of an input file (or standard input). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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
