/* SPDX-License-Identifier: MIT */
/* The run folder and its files (files.c): opened fresh or after a checkpoint's marks, written, marked and closed;
 * files written atomically; the folder's lock (lock.c). */
#ifndef RC_RUN_FILES_H
#define RC_RUN_FILES_H

#include "run/run.h"

/* mkdir -p. */
rc_status rc_run_make_directory(const char *path);
/* "directory/name", malloc'd; NULL when out of memory (rc_error_get says so). */
char *rc_run_join(const char *directory, const char *name);
/* Opens the files fresh (resume false) or reopens them after the checkpoint's marks (resume true). */
rc_status rc_run_files_open(rc_run *run, const char *h5md_path, bool resume);
/* Writes the present state as a frame and a row. */
rc_status rc_run_files_write(rc_run *run);
/* Flushes the files and records how far each goes in run->at. */
rc_status rc_run_files_mark(rc_run *run);
/* Writes DIRECTORY/separation_histogram.csv when the event-driven engine collected the histogram. */
rc_status rc_run_files_histogram(rc_run *run);
/* Closes the files under their own names (complete; a writer whose write failed cut back to its last whole frame or
 * row) or leaves them NAME.partial (a run that failed otherwise). */
rc_status rc_run_files_close(rc_run *run, bool complete);
/* Closes the files of a run that failed on a write, as after an interrupt: what each holds whole stays under its own
 * name (the file that failed cut back to its last whole frame or row); one with no whole frame or row stays
 * NAME.partial. */
rc_status rc_run_files_keep(rc_run *run);
/* Lets go of the run folder's lock (lock.c): the run has written its last file (finished, or failed). */
void rc_run_files_unlock(rc_run *run);
void rc_run_files_free(rc_run *run);
/* Writes a file atomically: fill writes path.partial (never through a link), which is flushed to disk and renamed
 * over path; on failure the message names the errno's meaning, `what` and the path, the older file stays and nothing
 * else is left. */
rc_status rc_run_write_file(const char *path, const char *what, bool (*fill)(FILE *file, const void *context),
                            const void *context);
/* The same for text. */
rc_status rc_run_write_text(const char *path, const char *text);

/* Takes the lock of DIRECTORY (DIRECTORY/.lock, which it creates and into which it writes the process id): *lock is its
 * descriptor, held until rc_run_lock_release, which removes the file. RC_STATUS_IO_ERROR when another run holds it (the message names `what`, "run
 * folder" or "sweep folder", the directory and the holder's process id) or it cannot be taken. */
rc_status rc_run_lock_take(const char *directory, const char *what, int *lock);
/* Releases a lock taken on DIRECTORY, removing DIRECTORY/.lock (and sets *lock to -1); nothing for -1. */
void rc_run_lock_release(const char *directory, int *lock);

#endif
