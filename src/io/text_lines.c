/* SPDX-License-Identifier: MIT */
/* Reading text files one line at a time with a bound: getline grows its buffer without limit (a file of one endless
 * line, or /dev/zero, takes all the memory there is) and answers -1 both at the end of the file and when memory runs
 * out, so a reader that trusts it takes a short read for a whole file. Here a line has at most RC_LINE_MAX bytes, and
 * the end of the file, a line too long, a NUL byte, memory and a read error are each told apart. Also the numbers
 * of a line, read by one rule for the LAMMPS data and dump readers. */
#include "io/text_lines.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"

/* Room for one more byte and the NUL after it; false when memory runs out. */
static bool grow(rc_line *line)
{
    if (line->length + 2 <= line->capacity) return true;
    size_t capacity = line->capacity ? 2 * line->capacity : 256;
    if (capacity > (size_t)RC_LINE_MAX + 2) capacity = (size_t)RC_LINE_MAX + 2;
    char *text = realloc(line->text, capacity);
    if (!text) return false;
    line->text = text, line->capacity = capacity;
    return true;
}

rc_status rc_line_read(FILE *file, const char *kind, const char *path, long number, rc_line *line, bool *got)
{
    *got = false;
    line->length = 0;
    if (!grow(line)) return rc_fail(RC_STATUS_NO_MEMORY, "%s%s line %ld: out of memory", kind, path, number);
    int c;
    errno = 0;
    while ((c = getc_unlocked(file)) != EOF) {
        if (line->length == RC_LINE_MAX)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s%s line %ld: longer than %d bytes, the most a line may hold",
                           kind, path, number, RC_LINE_MAX);
        if (!grow(line)) return rc_fail(RC_STATUS_NO_MEMORY, "%s%s line %ld: out of memory", kind, path, number);
        if (c == '\0')
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s%s line %ld: a NUL byte; it is not a text file", kind, path,
                           number);
        line->text[line->length++] = (char)c;
        if (c == '\n') break;
    }
    line->text[line->length] = '\0';
    if (ferror(file))
        return rc_fail(RC_STATUS_IO_ERROR, "%s%s line %ld: cannot read (%s)", kind, path, number,
                       strerror(errno ? errno : EIO));
    *got = line->length > 0;
    return RC_STATUS_OK;
}

int rc_line_numbers(const char *text, double *v, int most)
{
    int n = 0;
    char *end = (char *)text;
    for (const char *p = text; n < most; p = end) {
        double x = strtod(p, &end);
        if (end == p) break;
        v[n++] = x;
    }
    while (*end == ' ' || *end == '\t') end++;
    return *end ? -1 : n;
}
