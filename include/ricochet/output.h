/* ricochet/output.h: writers of trajectories and observables. They read plain frames (ricochet/frame.h) and rows of
 * numbers, never an engine, so both engines share them (docs/formats.md, "Outputs").
 *
 * Every writer names its path in rc_last_error() when it cannot open or write (a full disk, a missing directory) and
 * returns RC_IO_ERROR. A writer writes PATH.partial and renames it to PATH when it closes after no failure, so a
 * truncated file never stands under its own name; _abandon closes one without finishing it (the run failed). */
#ifndef RICOCHET_OUTPUT_H
#define RICOCHET_OUTPUT_H

#include "ricochet/core.h"
#include "ricochet/frame.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Extended XYZ frames, one after another in one file, that OVITO and ASE read: the comment line carries
 * Lattice="..." Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1 Time=... pbc="T T T" (plus orientation columns
 * when the frame has orientations). */
typedef struct rc_xyz_writer rc_xyz_writer;

RC_API rc_status rc_xyz_writer_open(const char *path, rc_xyz_writer **writer);
RC_API rc_status rc_xyz_writer_write(rc_xyz_writer *writer, const rc_frame *frame);
/* Flushes and closes; reports a failed flush. Always frees the writer. */
RC_API rc_status rc_xyz_writer_close(rc_xyz_writer *writer);
/* Closes without finishing, for a run that failed elsewhere: the file stays PATH.partial. Frees the writer. */
RC_API void rc_xyz_writer_abandon(rc_xyz_writer *writer);

/* A CSV table of numbers with a header row of column names. */
typedef struct rc_csv_writer rc_csv_writer;

RC_API rc_status rc_csv_writer_open(const char *path, int columns, const char *const *names,
                                    rc_csv_writer **writer);
/* Writes one row of `columns` values (integers up to 2^53 print without a decimal point; others with 17 digits). */
RC_API rc_status rc_csv_writer_row(rc_csv_writer *writer, const double *values);
RC_API rc_status rc_csv_writer_close(rc_csv_writer *writer);
RC_API void rc_csv_writer_abandon(rc_csv_writer *writer);

/* H5MD 1.1 trajectories (HDF5) that h5py and MDAnalysis read: particles/all/{box/edges, position, velocity, species,
 * id, radius[, orientation]} and observables/NAME, each a step/time/value series, chunked and compressed
 * (docs/formats.md, "trajectory.h5md"). The first frame fixes the layout; later frames must have the same count,
 * dimension, periodic axes and orientations or none.
 * author names the h5md/author group (NULL or "": "unknown"). */
typedef struct rc_h5md_writer rc_h5md_writer;

RC_API rc_status rc_h5md_writer_open(const char *path, const char *author, rc_h5md_writer **writer);
RC_API rc_status rc_h5md_writer_write(rc_h5md_writer *writer, const rc_frame *frame);
/* Appends one value to each of the series observables/NAMES[c] at the given time; the first call fixes the names. */
RC_API rc_status rc_h5md_writer_observe(rc_h5md_writer *writer, double time, int columns, const char *const *names,
                                        const double *values);
RC_API rc_status rc_h5md_writer_close(rc_h5md_writer *writer);
RC_API void rc_h5md_writer_abandon(rc_h5md_writer *writer);

#ifdef __cplusplus
}
#endif
#endif
