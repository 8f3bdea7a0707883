/* SPDX-License-Identifier: MIT */
/* Text the library hands out or reads whole (ricochet/core.h, the noun "text" of docs/naming.md): a file ("-":
 * standard input; pipes too) read into one NUL-terminated string, at most RC_TEXT_FILE_MAX bytes, with a NUL byte
 * refused as soon as it is read so that /dev/zero or an endless pipe cannot take all the memory there is; and the one
 * function that frees every text the library hands out (JSON reports are printed by cJSON, whose default allocator is
 * malloc's). Beside their declarations' floor, so a reader of core.h finds them in src/core. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "ricochet/core.h"

rc_status rc_text_create_from_file(const char *path, char **text)
{
    bool standard = strcmp(path, "-") == 0;
    const char *name = standard ? "standard input" : path;
    *text = NULL;
    FILE *f = standard ? stdin : fopen(path, "rb");
    if (!f) return rc_fail(RC_STATUS_IO_ERROR, "cannot open %s: %s", name, strerror(errno));
    size_t size = 0, capacity = 4096;
    char *buffer = malloc(capacity);
    rc_status s = buffer ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "out of memory reading %s", name);
    while (!s) {
        size_t got = fread(buffer + size, 1, capacity - 1 - size, f);
        bool nul = memchr(buffer + size, '\0', got) != NULL; /* /dev/zero is refused at its first bytes */
        size += got;
        if (ferror(f)) {
            s = rc_fail(RC_STATUS_IO_ERROR, "cannot read %s: %s", name, strerror(errno));
        } else if (nul) {
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s holds a NUL byte; it is not a text file", name);
        } else if (feof(f)) {
            break;
        } else if (size > RC_TEXT_FILE_MAX) {
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                        "%s is larger than %d bytes (64 MiB), the most a scene, problem or other "
                        "JSON file may hold",
                        name, RC_TEXT_FILE_MAX);
        } else if (size == capacity - 1) {
            size_t more = 2 * capacity < (size_t)RC_TEXT_FILE_MAX + 2 ? 2 * capacity : (size_t)RC_TEXT_FILE_MAX + 2;
            char *bigger = realloc(buffer, more);
            if (!bigger) {
                s = rc_fail(RC_STATUS_NO_MEMORY, "out of memory reading %s (%zu bytes so far)", name, size);
            } else {
                buffer = bigger;
                capacity = more;
            }
        }
    }
    if (!standard) fclose(f);
    if (s) {
        free(buffer);
        return s;
    }
    buffer[size] = '\0';
    *text = buffer;
    return RC_STATUS_OK;
}

void rc_text_destroy(char *text) { cJSON_free(text); }
