/* SPDX-License-Identifier: MIT */
/* Reading text files one line at a time with a bound (src/io/text_lines.c): the lines of trajectories and tables. */
#ifndef RC_IO_TEXT_LINES_H
#define RC_IO_TEXT_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ricochet/core.h"

/* The longest line a trajectory or table may hold, its newline included (docs/formats.md, "Limits"): 1 MiB. */
enum { RC_LINE_MAX = 1 << 20 };

/* A line buffer, grown as needed up to RC_LINE_MAX + 1 bytes; start it zeroed and free text when done. */
typedef struct rc_line {
    char *text;      /* the line with its newline (if any), NUL-terminated */
    size_t length;   /* bytes of the line */
    size_t capacity; /* bytes allocated */
} rc_line;

/* Reads line `number` of the file at path into line (messages say "KIND PATH line N: ...", kind "xyz input " or "");
 * *got is false at the end of the file. A line longer than RC_LINE_MAX or holding a NUL byte is RC_STATUS_INVALID_ARGUMENT,
 * memory that runs out RC_STATUS_NO_MEMORY and a failed read RC_STATUS_IO_ERROR, never the end of the file: each message names the
 * file and the line. */
rc_status rc_line_read(FILE *file, const char *kind, const char *path, long number, rc_line *line, bool *got);

/* Reads up to `most` numbers (strtod's spelling) from text into v: their count, or -1 when anything but spaces and
 * tabs follows the last number read. */
int rc_line_numbers(const char *text, double *v, int most);

#endif
