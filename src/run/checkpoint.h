/* SPDX-License-Identifier: MIT */
/* The checkpoint file (checkpoint.c): what it holds, read back field by field, and written atomically. */
#ifndef RC_RUN_CHECKPOINT_H
#define RC_RUN_CHECKPOINT_H

#include "run/run.h"

/* What a checkpoint holds, read back (or to be written by rc_run_checkpoint_save). */
typedef struct run_checkpoint {
    char *scene_text;
    char *directory;       /* "" when the run wrote no files */
    char *h5md_path;       /* "" when none */
    run_settings settings; /* filled by rc_run_checkpoint_fields */
    run_position position;
    void *state; /* the engine's state (read: inside `file`) */
    size_t state_size;
    void *measured; /* the measurements' sums (measure.c; read: inside `file`) */
    size_t measured_size;
    void *changes; /* the changes of parameters (changes.c; read: inside `file`) */
    size_t changes_size;
    void *file;             /* read: the whole file */
    const void *records[2]; /* read: the tagged records of the settings and the position */
    uint64_t records_size[2];
} run_checkpoint;

/* Reads the file: its header, records and checksum, the texts and the state's bytes. */
rc_status rc_run_checkpoint_read(const char *path, run_checkpoint *out);
/* The settings and position from their records, over the defaults (the scene's settings of the run built from the
 * checkpoint's scene, a position at the start with the restored engine's observables): a field the checkpoint lacks
 * keeps its default, one this program does not know is skipped. */
rc_status rc_run_checkpoint_fields(run_checkpoint *checkpoint, const rc_run *run, const char *path);
/* Writes a checkpoint of these contents to path, atomically. */
rc_status rc_run_checkpoint_save(const char *path, const run_checkpoint *checkpoint, const run_engine_ops *ops);
void rc_run_checkpoint_free(run_checkpoint *checkpoint);

#endif
