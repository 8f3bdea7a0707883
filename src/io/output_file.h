/* Output files that appear only when complete (src/io/output_file.c): a writer writes PATH.partial and renames it to
 * PATH when it closes without an error, so a full disk, a crash or a kill never leaves a truncated PATH that looks
 * complete. An older PATH is removed when the new one starts. A device or a pipe (/dev/null, /dev/full) is written in
 * place. A resumed run finds the file again (PATH.partial, else PATH), keeps what a mark recorded and writes on as
 * PATH.partial. Failures name PATH in rc_last_error(). */
#ifndef RC_IO_OUTPUT_FILE_H
#define RC_IO_OUTPUT_FILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ricochet/core.h"
#include "ricochet/output.h"

typedef struct rc_output_file {
    const char *kind; /* "xyz", "csv", "h5md": the first word of messages */
    char *path;       /* where the finished file goes */
    char *partial;    /* PATH.partial, written meanwhile (PATH itself when direct) */
    bool direct;      /* PATH exists and is not a regular file (a device, a pipe): written in place */
    bool finished;    /* found for a resume as the finished PATH, not yet renamed back to PATH.partial */
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

/* RC_INVALID_ARGUMENT for a NULL mark or negative counts, naming KIND output PATH. */
rc_status rc_output_file_check_mark(const char *kind, const char *path, const rc_output_mark *mark);
/* Finds the file a run left at PATH: PATH.partial, else the finished PATH (file->finished); a device or a pipe is
 * direct. Changes nothing on disk. RC_IO_ERROR when neither exists, naming both. */
rc_status rc_output_file_find(rc_output_file *file, const char *kind, const char *path);
/* The file found: PATH when finished or direct, else PATH.partial. */
const char *rc_output_file_found(const rc_output_file *file);
/* Makes a finished PATH PATH.partial again, so that it is renamed back only by a clean close. */
rc_status rc_output_file_adopt(rc_output_file *file);

/* Tells whether the file found for a resume, read from its start, is what the writer expects (RC_INVALID_ARGUMENT
 * naming the found file when not); context is the writer's. */
typedef rc_status (*rc_output_check)(const rc_output_file *file, FILE *stream, const void *context);
/* Finds the file (as rc_output_file_find), checks that it holds at least `bytes` bytes and passes check (when not
 * NULL), truncates it to `bytes`, makes it PATH.partial and leaves the stream at its end, to append. A device or a
 * pipe is opened to append in place, nothing checked. The checks come before anything on disk changes; on failure
 * nothing is left to end. */
rc_status rc_output_file_reopen(rc_output_file *file, const char *kind, const char *path, uint64_t bytes,
                                rc_output_check check, const void *context, FILE **stream);
/* Flushes the stream and, for a regular file, syncs it to the disk and tells its length (0 for a device or pipe). */
rc_status rc_output_file_mark(const rc_output_file *file, FILE *stream, uint64_t *bytes);

#endif
