/* Reading a JSON document: a whole file into memory (pipes and /dev/stdin included), and parsing with cJSON that
 * reports the line and column of a syntax error, with a hint for NaN and Infinity, which JSON does not have. */
#include "io/json_document.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"

rc_status rc_json_read_file(const char *path, char **text)
{
    FILE *f = fopen(path, "rb");
    if (!f) return rc_fail(RC_IO_ERROR, "cannot open %s: %s", path, strerror(errno));
    size_t size = 0, capacity = 4096;
    char *buffer = malloc(capacity);
    rc_status s = buffer ? RC_OK : rc_fail(RC_NO_MEMORY, "out of memory reading %s", path);
    while (!s) {
        size += fread(buffer + size, 1, capacity - 1 - size, f);
        if (ferror(f)) {
            s = rc_fail(RC_IO_ERROR, "cannot read %s: %s", path, strerror(errno));
        } else if (feof(f)) {
            break;
        } else if (size == capacity - 1) {
            char *bigger = realloc(buffer, 2 * capacity);
            if (!bigger) {
                s = rc_fail(RC_NO_MEMORY, "out of memory reading %s", path);
            } else {
                buffer = bigger;
                capacity *= 2;
            }
        }
    }
    fclose(f);
    if (s) {
        free(buffer);
        return s;
    }
    buffer[size] = '\0';
    if (strlen(buffer) != size) {
        free(buffer);
        return rc_fail(RC_INVALID_ARGUMENT, "%s holds a NUL byte; it is not a JSON text file", path);
    }
    *text = buffer;
    return RC_OK;
}

static bool starts_with(const char *text, const char *prefix) { return strncmp(text, prefix, strlen(prefix)) == 0; }

rc_status rc_json_parse(const char *text, cJSON **root)
{
    const char *end = NULL;
    *root = cJSON_ParseWithOpts(text, &end, 1);
    if (*root) return RC_OK;
    if (!end) return rc_fail(RC_NO_MEMORY, "out of memory parsing JSON");
    int line = 1;
    const char *line_start = text;
    for (const char *p = text; p < end; p++)
        if (*p == '\n') line++, line_start = p + 1;
    int column = (int)(end - line_start) + 1;
    char near[24];
    size_t n = strcspn(end, "\r\n");
    snprintf(near, sizeof near, "%.*s", (int)(n < 20 ? n : 20), end);
    const char *hint = "";
    if (starts_with(end, "NaN") || starts_with(end, "nan") || starts_with(end, "Infinity") ||
        starts_with(end, "-Infinity") || starts_with(end, "inf") || starts_with(end, "-inf"))
        hint = "; JSON has no NaN or Infinity, every number must be finite";
    if (*end == '\0')
        return rc_fail(RC_INVALID_ARGUMENT, "malformed JSON at line %d, column %d: the text ends too early%s", line,
                       column, hint);
    return rc_fail(RC_INVALID_ARGUMENT, "malformed JSON at line %d, column %d, near \"%s\"%s", line, column, near,
                   hint);
}
