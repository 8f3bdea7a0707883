/* SPDX-License-Identifier: MIT */
/* ricochet/trajectory.h: reading trajectories back as frames (ricochet/frame.h): the extended XYZ and H5MD files that
 * ricochet writes (docs/formats.md), GSD in HOOMD's schema, LAMMPS dumps and data files (atom_style sphere), for the
 * renderer, the Python interface and programs of one's own.
 *
 * The reader tells the format by the file's first bytes (HDF5's and GSD's signatures; extended XYZ starts with a count;
 * a LAMMPS data file has a header line "N atoms", or is named .data or .lmp); a file of none of them is refused with a
 * message naming the formats read (docs/formats.md, "trajectory.gsd" and "LAMMPS files"). Extended XYZ needs pos in
 * Properties; velo, radius, species, orientation and image are read when present (else 0, 0.5, 0, none and none:
 * orientations and images NULL). A file whose z coordinates and velocities are all 0 and whose pbc is F on z is 2D.
 * Errors name the file and the line (or the dataset). Extended XYZ is read a line at a time, a line of at most 1 MiB;
 * memory that runs out is RC_STATUS_NO_MEMORY, never the end of the file (docs/formats.md, "Limits of what is read"). */
#ifndef RICOCHET_TRAJECTORY_H
#define RICOCHET_TRAJECTORY_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/frame.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rc_trajectory_reader rc_trajectory_reader;

RC_API rc_status rc_trajectory_reader_open(const char *path, rc_trajectory_reader **reader);
/* Reads the next frame into frame, which starts zeroed ({0}) or holds an earlier frame of this or another reader:
 * its arrays are reallocated when the count changes (free them with rc_frame_destroy). *got is false, and the frame
 * unchanged, at the end of the file. */
RC_API rc_status rc_trajectory_reader_next(rc_trajectory_reader *reader, rc_frame *frame, bool *got);
RC_API void rc_trajectory_reader_close(rc_trajectory_reader *reader);

/* Converts the trajectory at input (any format rc_trajectory_reader_open reads: extended XYZ, H5MD, GSD, a LAMMPS data file)
 * into output, in the format its extension names: .xyz, .h5md, .gsd, .lammpstrj (a LAMMPS dump) or .data (a LAMMPS
 * data file, one frame). Every frame, or with one_frame only frame_index (from 0; negative: from the end; a .data
 * output takes the last frame when one_frame is false). *written (may be NULL) counts the frames written.
 * RC_STATUS_INVALID_ARGUMENT names the path: an unknown extension, a frame past the end, a file with no frames. */
RC_API rc_status rc_trajectory_convert(const char *input, const char *output, bool one_frame, int64_t frame_index,
                                       int64_t *written);

#ifdef __cplusplus
}
#endif
#endif
