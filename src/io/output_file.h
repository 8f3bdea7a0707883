/* Output files that appear only when complete (src/io/output_file.c): a writer writes PATH.partial and renames it to
 * PATH when it closes without an error, so a full disk, a crash or a kill never leaves a truncated PATH that looks
 * complete. An older PATH is removed when the new one starts. A device or a pipe (/dev/null, /dev/full) is written in
 * place. Failures name PATH in rc_last_error(). */
#ifndef RC_IO_OUTPUT_FILE_H
#define RC_IO_OUTPUT_FILE_H

#include <stdbool.h>
#include <stdio.h>

#include "ricochet/core.h"

typedef struct rc_output_file {
    const char *kind; /* "xyz", "csv", "h5md": the first word of messages */
    char *path;       /* where the finished file goes */
    char *partial;    /* PATH.partial, written meanwhile (PATH itself when direct) */
    bool direct;      /* PATH exists and is not a regular file (a device, a pipe): written in place */
} rc_output_file;

/* Copies the path, derives the partial name and removes an older PATH. RC_INVALID_ARGUMENT for a NULL path,
 * RC_IO_ERROR when the older file cannot be removed, RC_NO_MEMORY. */
rc_status rc_output_file_begin(rc_output_file *file, const char *kind, const char *path);
/* RC_IO_ERROR: "KIND output PATH: cannot WHAT (strerror(error))"; error 0 reads as EIO. */
rc_status rc_output_file_failed(const rc_output_file *file, const char *what, int error);
/* When complete, renames the partial file to PATH (a failed rename is reported); otherwise leaves PATH.partial.
 * Frees the names either way. */
rc_status rc_output_file_end(rc_output_file *file, bool complete);

/* Begins the file and opens PATH.partial for writing with stdio. On failure nothing is left to end. */
rc_status rc_output_file_open(rc_output_file *file, const char *kind, const char *path, FILE **stream);
/* Flushes and closes the stream (a failure is reported), then ends the file, complete when neither this nor an
 * earlier write failed. */
rc_status rc_output_file_close(rc_output_file *file, FILE *stream, bool failed);

#endif
