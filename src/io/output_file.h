/* SPDX-License-Identifier: MIT */
/* Output files that appear only when complete (src/io/output_file.c): a writer writes PATH.partial and renames it to
 * PATH when it closes, so a crash or a kill never leaves a truncated PATH that looks complete. A write that fails (a
 * full disk, a quota, a read-only or unwritable file system, an I/O error) cuts the file back to its last whole unit
 * (a frame, a row) and it is still renamed to PATH at the close, so that what was written before stays readable under
 * its own name, as after an interrupt; the message names the failure as the system does ("no space left on device
 * writing out/trajectory.xyz after frame 412"). An older PATH is removed when the new one starts (or replaced by the
 * rename, for files rewritten whole). A device or a pipe (/dev/null, /dev/full) is written in place. Files are never
 * written through links: PATH or PATH.partial that is a symbolic link is refused, PATH.partial is created with
 * O_EXCL | O_NOFOLLOW, and a resume opens with O_NOFOLLOW. The stream writes through write(2) on the file's own
 * descriptor, so that a failure is seen with its errno (and a test can inject one, tests/support/fault_inject.c). A resumed
 * run finds the file again (PATH.partial, else PATH), keeps what a mark recorded and writes on as PATH.partial.
 * Failures name PATH in rc_error_get(). */
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
    int fd;           /* the descriptor the stream writes through, or -1 */
    int error;        /* the errno of the first failed write, read, seek or sync (0: none) */
    uint64_t whole;   /* bytes of whole units written (rc_output_file_commit): where a failed file is cut */
    int64_t units;    /* whole units written */
    FILE *stream;     /* the stream of a writer that keeps it here (rc_output_file_start), else NULL */
    bool failed;      /* a writer's write failed (or a unit is in part): its close cuts back to the last whole unit */
} rc_output_file;

/* How a file ends: everything written (renamed to PATH), a write failed (cut back to the last whole unit, then
 * renamed to PATH; left PATH.partial when no unit was whole), or abandoned (left PATH.partial: a run that failed
 * otherwise). */
typedef enum rc_output_ending { RC_OUTPUT_WHOLE, RC_OUTPUT_CUT, RC_OUTPUT_ABANDON } rc_output_ending;

/* Copies the path, derives the partial name, refuses links (PATH or PATH.partial a symbolic link), removes a stale
 * PATH.partial and an older PATH. RC_STATUS_INVALID_ARGUMENT for a NULL path, RC_STATUS_IO_ERROR for a link or when the older file
 * cannot be removed, RC_STATUS_NO_MEMORY. */
rc_status rc_output_file_begin(rc_output_file *file, const char *kind, const char *path);
/* RC_STATUS_IO_ERROR: "KIND output PATH: cannot WHAT (strerror(error))"; error 0 reads as EIO. */
rc_status rc_output_file_failed(const rc_output_file *file, const char *what, int error);
/* RC_STATUS_IO_ERROR for a failed write: "no space left on device writing PATH after frame N" (UNIT N: the last whole unit;
 * "before its first UNIT" when none; unit NULL: "... writing KIND PATH" for a file written whole), with the errno the
 * write saw (file->error, else errno, else EIO). */
rc_status rc_output_file_write_failed(const rc_output_file *file, const char *unit);
/* When complete, renames the partial file to PATH (a failed rename is reported); otherwise leaves PATH.partial.
 * Frees the names either way. */
rc_status rc_output_file_end(rc_output_file *file, bool complete);

/* Begins the file and creates PATH.partial (O_EXCL | O_NOFOLLOW) for writing with stdio. On failure nothing is left
 * to end. */
rc_status rc_output_file_open(rc_output_file *file, const char *kind, const char *path, FILE **stream);
/* The same for a file rewritten whole (a checkpoint, summary.json): the older PATH stays until the close renames the
 * new one over it. */
rc_status rc_output_file_replace(rc_output_file *file, const char *kind, const char *path, FILE **stream);
/* After a whole unit was written and flushed (units of them so far): records the length to keep should a later write
 * fail. */
void rc_output_file_commit(rc_output_file *file, int64_t units);
/* Flushes and closes the stream, then ends the file as `ending` says (a failed flush ends it cut). The first failure
 * is reported: a failed flush as rc_output_file_write_failed with `unit`, a failed cut or rename. */
rc_status rc_output_file_close(rc_output_file *file, FILE *stream, rc_output_ending ending, const char *unit);

/* The XYZ and CSV writers (ricochet/output.h) closed as `ending` says, for the run driver: RC_OUTPUT_CUT keeps what
 * is whole of a run that failed on a write (cut back to the last whole frame or row; PATH.partial when none is).
 * _close is _end(WHOLE), or CUT after one of its own writes failed; _abandon is _end(ABANDON). Frees the writer. */
rc_status rc_xyz_writer_end(rc_xyz_writer *writer, rc_output_ending ending);
rc_status rc_csv_writer_end(rc_csv_writer *writer, rc_output_ending ending);
rc_status rc_lammps_dump_writer_end(rc_lammps_dump_writer *writer, rc_output_ending ending);

/* RC_STATUS_INVALID_ARGUMENT for a NULL mark or negative counts, naming KIND output PATH. */
rc_status rc_output_file_check_mark(const char *kind, const char *path, const rc_output_mark *mark);
/* Finds the file a run left at PATH: PATH.partial, else the finished PATH (file->finished); a device or a pipe is
 * direct. Refuses links as rc_output_file_begin. Changes nothing on disk. RC_STATUS_IO_ERROR when neither exists, naming
 * both. */
rc_status rc_output_file_find(rc_output_file *file, const char *kind, const char *path);
/* The file found: PATH when finished or direct, else PATH.partial. */
const char *rc_output_file_found(const rc_output_file *file);
/* Makes a finished PATH PATH.partial again, so that it is renamed back only by a clean close. */
rc_status rc_output_file_adopt(rc_output_file *file);

/* Tells whether the file found for a resume, read from its start, is what the writer expects (RC_STATUS_INVALID_ARGUMENT
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

/* The verbs the stream writers (XYZ, CSV, LAMMPS dump) share, on the stream and counts kept in the file itself. */
/* Opens PATH.partial (resume NULL), or reopens the file a run left cut back to *resume bytes (checked by check, as
 * rc_output_file_reopen), into file->stream, with `units` whole units written. On failure nothing is left to end. */
rc_status rc_output_file_start(rc_output_file *file, const char *kind, const char *path, const uint64_t *resume,
                               rc_output_check check, const void *context, int64_t units);
/* After a unit was written (ok: no write failed): flushes it and counts it whole, else marks the file failed and
 * reports rc_output_file_write_failed with `unit`. */
rc_status rc_output_file_unit_written(rc_output_file *file, bool ok, const char *unit);
/* rc_output_file_mark on the file's stream; a failure marks the file failed. */
rc_status rc_output_file_take_mark(rc_output_file *file, uint64_t *bytes);
/* rc_output_file_close on the file's stream. */
rc_status rc_output_file_finish(rc_output_file *file, rc_output_ending ending, const char *unit);
/* How a writer's clean close ends its file: cut after a failed write, else whole (NULL: whole). */
rc_output_ending rc_output_file_ending(const rc_output_file *file);

#endif
