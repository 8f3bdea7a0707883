/* SPDX-License-Identifier: MIT */
/* ricochet/output.h: writers of trajectories and observables. They read plain frames (ricochet/frame.h) and rows of
 * numbers, never an engine, so both engines share them (docs/formats.md, "Outputs").
 *
 * Every writer names its path in rc_error_get() when it cannot open or write (a full disk, a missing directory:
 * "no space left on device writing out/trajectory.xyz after frame 412") and returns RC_STATUS_IO_ERROR. A writer writes
 * PATH.partial (never through a symbolic link: a link at PATH or PATH.partial is refused) and renames it to PATH when
 * it closes; after a failed write, the XYZ and CSV writers first cut the file back to its last whole frame or row
 * (PATH.partial stays when none is whole), so a truncated frame never stands under its own name; _abandon closes one
 * without finishing it (the run failed): the file stays PATH.partial.
 *
 * A checkpointed run resumes its files: _mark (at the checkpoint) tells how far a writer has written, and _resume
 * (in the resumed run) reopens the file, keeps exactly that much, drops what follows and appends after it, so an
 * interrupted and resumed run leaves the same frames and rows as an uninterrupted one. */
#ifndef RICOCHET_OUTPUT_H
#define RICOCHET_OUTPUT_H

#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/frame.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mkdir -p: creates the directory and its parents; fine when it exists. RC_STATUS_IO_ERROR names the path and the reason. */
RC_API rc_status rc_directory_create(const char *path);

/* How far a writer has written: what a checkpoint records so that a resumed run can go on from there. */
typedef struct rc_output_mark {
    uint64_t bytes; /* XYZ and CSV: the file's length in bytes once flushed (H5MD, a device or a pipe: 0) */
    int64_t frames; /* XYZ and H5MD: frames written */
    int64_t rows;   /* CSV and H5MD: rows (observable samples) written */
} rc_output_mark;

/* Extended XYZ frames, one after another in one file, that OVITO and ASE read: the comment line carries
 * Lattice="..." Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1 Time=... pbc="T T T" (plus orientation columns
 * when the frame has orientations). */
typedef struct rc_xyz_writer rc_xyz_writer;

RC_API rc_status rc_xyz_writer_open(const char *path, rc_xyz_writer **writer);
RC_API rc_status rc_xyz_writer_write(rc_xyz_writer *writer, const rc_frame *frame);
/* One frame of total particles in parts, so that a large system's frame need not be held whole: part holds particles
 * first to first + part->count - 1 (its count, time, box and the rest as rc_xyz_writer_write takes them; the first
 * part's are the header's). Give the parts in order, from first = 0; the frame is complete (flushed and counted) with
 * the part that ends at total. rc_xyz_writer_write(w, f) is rc_xyz_writer_write_part(w, f, 0, f->count). */
RC_API rc_status rc_xyz_writer_write_part(rc_xyz_writer *writer, const rc_frame *part, int32_t first, int32_t total);
/* Adds the column aspherical_shape:R:3 (OVITO's Aspherical Shape) to the frames written from now on, which must then
 * have count particles: particle k's half extents half_extents[3k .. 3k+2] (0 0 0 for shapes other than boxes). The
 * values are copied. */
RC_API rc_status rc_xyz_writer_set_shapes(rc_xyz_writer *writer, int32_t count, const double *half_extents);
/* Flushes and closes (after a failed write, cut back to the last whole frame); reports a failed flush. Always frees
 * the writer. */
RC_API rc_status rc_xyz_writer_close(rc_xyz_writer *writer);
/* Closes without finishing, for a run that failed elsewhere: the file stays PATH.partial. Frees the writer. */
RC_API void rc_xyz_writer_close_unfinished(rc_xyz_writer *writer);

/* A CSV table of numbers with a header row of column names. */
typedef struct rc_csv_writer rc_csv_writer;

RC_API rc_status rc_csv_writer_open(const char *path, int columns, const char *const *names, rc_csv_writer **writer);
/* Writes one row of `columns` values, each the shortest text that reads back to the same double (whole numbers
 * without a decimal point; NaN, a value not defined there, as an empty cell). */
RC_API rc_status rc_csv_writer_write(rc_csv_writer *writer, const double *values);
RC_API rc_status rc_csv_writer_close(rc_csv_writer *writer);
RC_API void rc_csv_writer_close_unfinished(rc_csv_writer *writer);

/* H5MD 1.1 trajectories (HDF5) that h5py and MDAnalysis read: particles/all/{box/edges, position, velocity, species,
 * id, radius[, orientation]} and observables/NAME, each a step/time/value series, chunked and compressed
 * (docs/formats.md, "trajectory.h5md"). The first frame fixes the layout; later frames must have the same count,
 * dimension, periodic axes and orientations or none.
 * author names the h5md/author group (NULL or "": "unknown"). */
typedef struct rc_h5md_writer rc_h5md_writer;

RC_API rc_status rc_h5md_writer_open(const char *path, const char *author, rc_h5md_writer **writer);
RC_API rc_status rc_h5md_writer_write(rc_h5md_writer *writer, const rc_frame *frame);
/* Appends one value to each of the series observables/NAMES[c] at the given time; the first call fixes the names (a
 * resumed writer has the file's), later calls give the same names, in any order, else RC_STATUS_INVALID_ARGUMENT. */
RC_API rc_status rc_h5md_writer_observe(rc_h5md_writer *writer, double time, int columns, const char *const *names,
                                        const double *values);
/* Writes a curve (a function of lag, r or k, not of the run's time; docs/formats.md, "trajectory.h5md"): the group
 * curves/NAME with one float64 dataset of `rows` values per column, named names[c], with the string attribute unit =
 * units[c], listed in the order of names; values holds rows x columns numbers, one row after another. A curve of
 * that name written before is replaced; a resumed writer removes every curve (the run writes them when it ends). */
RC_API rc_status rc_h5md_writer_curve(rc_h5md_writer *writer, const char *name, int rows, int columns,
                                      const char *const *names, const char *const *units, const double *values);
RC_API rc_status rc_h5md_writer_close(rc_h5md_writer *writer);
RC_API void rc_h5md_writer_close_unfinished(rc_h5md_writer *writer);

/* GSD trajectories in HOOMD-blue's schema, which HOOMD, OVITO, freud, MDAnalysis and gsd.hoomd read
 * (docs/formats.md, "trajectory.gsd"): one GSD frame per frame, the particles' numbers in float32 as the schema has
 * them, the box centred on 0 as HOOMD's is (positions shifted by half an edge), a shear's tilt as the tilt factor xy,
 * xz or yz (flow along a lower axis than the gradient; others are refused), log/ricochet/time and collisions in full
 * precision. _observe adds log/ricochet/NAMES[c] = values[c] (float64) to the frame written last, which must be open:
 * a frame ends at the next _write, _observe, _mark or _close. A device or a pipe is refused (GSD is read back). */
typedef struct rc_gsd_writer rc_gsd_writer;

RC_API rc_status rc_gsd_writer_open(const char *path, rc_gsd_writer **writer);
RC_API rc_status rc_gsd_writer_write(rc_gsd_writer *writer, const rc_frame *frame);
RC_API rc_status rc_gsd_writer_observe(rc_gsd_writer *writer, int columns, const char *const *names,
                                       const double *values);
RC_API rc_status rc_gsd_writer_close(rc_gsd_writer *writer);
RC_API void rc_gsd_writer_close_unfinished(rc_gsd_writer *writer);

/* LAMMPS dumps in the `dump custom` layout that read_dump, OVITO and MDAnalysis read (docs/formats.md, "LAMMPS files"):
 * ITEM: TIME (the frame's time), TIMESTEP (the frame's number), NUMBER OF ATOMS, BOX BOUNDS (with xy xz yz under shear:
 * flow along a lower axis than the gradient, others refused) and ATOMS id type x y z vx vy vz radius mass ix iy iz,
 * atom k + 1 being particle k and type its species + 1. Written and cut as the XYZ file; a resume keeps the mark's
 * `frames` frames (found by their ITEM: TIME lines; the mark's bytes are not used) and appends after them. */
typedef struct rc_lammps_dump_writer rc_lammps_dump_writer;

RC_API rc_status rc_lammps_dump_writer_open(const char *path, rc_lammps_dump_writer **writer);
RC_API rc_status rc_lammps_dump_writer_write(rc_lammps_dump_writer *writer, const rc_frame *frame);
RC_API rc_status rc_lammps_dump_writer_close(rc_lammps_dump_writer *writer);
RC_API void rc_lammps_dump_writer_close_unfinished(rc_lammps_dump_writer *writer);

/* A LAMMPS data file of one frame for read_data with atom_style sphere: Atoms (id type diameter density x y z ix iy
 * iz) and Velocities (id vx vy vz and the spins, 0), types from 1, the box [0, L) (zlo = -0.5 < 0 < zhi = 0.5 in
 * 2D), the tilt as for the dump. Written as PATH.partial and renamed over PATH when whole. */
RC_API rc_status rc_lammps_data_write(const char *path, const rc_frame *frame);

/* Flushes what was written (fflush + fsync for XYZ/CSV, H5Fflush for H5MD) and tells how far the file goes. A
 * failed flush is an RC_STATUS_IO_ERROR like a failed write (the file then stays PATH.partial). */
RC_API rc_status rc_xyz_writer_mark(rc_xyz_writer *writer, rc_output_mark *mark);
RC_API rc_status rc_csv_writer_mark(rc_csv_writer *writer, rc_output_mark *mark);
RC_API rc_status rc_h5md_writer_mark(rc_h5md_writer *writer, rc_output_mark *mark);
RC_API rc_status rc_gsd_writer_mark(rc_gsd_writer *writer, rc_output_mark *mark);
RC_API rc_status rc_lammps_dump_writer_mark(rc_lammps_dump_writer *writer, rc_output_mark *mark);

/* Reopens the file a run left at PATH (PATH.partial when the run was killed or interrupted, else the finished PATH;
 * the .partial one when both exist), keeps exactly what was written up to the mark, drops what follows, and appends
 * after it; the frame and row counts go on from the mark's. The file is PATH.partial again until a clean close.
 * RC_STATUS_INVALID_ARGUMENT (naming PATH and both lengths/counts) when the file is shorter than the mark or does not match
 * (the CSV's header is not `names`; the H5MD file lacks the series or has other dimensions, or is damaged beyond the
 * checkpoint, as a kill during a write can leave it); RC_STATUS_IO_ERROR when it is missing or cannot be opened/truncated. A
 * resume checks all this before it changes anything on disk.
 *
 * A device or a pipe as PATH (/dev/null) keeps nothing to go back to: XYZ and CSV are written on in place (no header
 * again), H5MD is refused (HDF5 must read the file back). The H5MD layout (count, dimension, boundary, orientations)
 * and the observables' names come from the file: later frames must match it, later rows have the same names (in any
 * order). author is not used: the file keeps its h5md group. */
RC_API rc_status rc_xyz_writer_open_at_mark(const char *path, const rc_output_mark *mark, rc_xyz_writer **writer);
RC_API rc_status rc_csv_writer_open_at_mark(const char *path, int columns, const char *const *names,
                                            const rc_output_mark *mark, rc_csv_writer **writer);
RC_API rc_status rc_h5md_writer_open_at_mark(const char *path, const char *author, const rc_output_mark *mark,
                                             rc_h5md_writer **writer);
/* GSD (the mark's `frames` only): the file's frames after the mark's count are dropped from its index (their bytes stay, unreferenced) and the
 * frames go on after them. */
RC_API rc_status rc_gsd_writer_open_at_mark(const char *path, const rc_output_mark *mark, rc_gsd_writer **writer);
RC_API rc_status rc_lammps_dump_writer_open_at_mark(const char *path, const rc_output_mark *mark,
                                                    rc_lammps_dump_writer **writer);

#ifdef __cplusplus
}
#endif
#endif
