/* SPDX-License-Identifier: MIT */
/* The formats behind rc_trajectory_reader (src/io/trajectory_reader.c): extended XYZ (src/io/xyz_reader.c) and H5MD
 * (src/io/h5md_reader.c), each reading one frame at a time into a frame sized by rc_trajectory_frame_size. */
#ifndef RC_IO_TRAJECTORY_INPUT_H
#define RC_IO_TRAJECTORY_INPUT_H

#include <stdbool.h>
#include <stdio.h>

#include "io/text_lines.h"
#include "ricochet/trajectory.h"

/* Gives frame count particles (with orientations or not, with images or not: a file without them leaves images
 * NULL), keeping its arrays when they already fit. */
rc_status rc_trajectory_frame_size(rc_frame *frame, int32_t count, bool orientations, bool images);

/* The box and the Lees-Edwards tilt of a frame (its dimension and periodic axes set) from its cell: cell[j * stride
 * + k] is component k of the edge along axis j. The diagonal is the box; at most one other entry, (gradient, flow)
 * with both axes periodic, is the tilt, taken modulo the flow edge. NULL, or what is wrong with the cell. */
const char *rc_trajectory_take_cell(rc_frame *frame, const double *cell, int stride);

/* Wraps particle i's position into [0, L) on the frame's periodic axes: the gradient axis first (under shear its
 * crossing moves the flow axis by the tilt), counting the crossings in the images when the frame has them. false
 * for a particle more than a billion boxes away. */
bool rc_trajectory_wrap(rc_frame *frame, int32_t i);

/* Extended XYZ: the next frame of the stream; *line counts the lines read, for messages; text is the reader's line
 * buffer (src/io/text_lines.h). */
rc_status rc_xyz_read_frame(FILE *file, const char *path, long *line, rc_line *text, rc_frame *frame, bool *got);

/* H5MD: an open file and the number of frames read from it. */
typedef struct rc_h5md_input rc_h5md_input;
rc_status rc_h5md_input_open(const char *path, rc_h5md_input **input);
rc_status rc_h5md_input_next(rc_h5md_input *input, rc_frame *frame, bool *got);
void rc_h5md_input_close(rc_h5md_input *input);

/* The formats read, told by rc_trajectory_format_of from the file's first bytes, a LAMMPS data file also by its name
 * (.data, .lmp); file is open at its start and left there. */
typedef enum rc_trajectory_format {
    RC_FORMAT_UNKNOWN,
    RC_FORMAT_XYZ,
    RC_FORMAT_H5MD,
    RC_FORMAT_GSD,
    RC_FORMAT_LAMMPS_DATA,
    RC_FORMAT_LAMMPS_DUMP
} rc_trajectory_format;
rc_trajectory_format rc_trajectory_format_of(const char *path, FILE *file);
/* RC_STATUS_INVALID_ARGUMENT: PATH is of no format ricochet reads; the message names the formats it reads. */
rc_status rc_trajectory_unknown(const char *path);

/* A LAMMPS data file (atom_style sphere) read whole as one frame (src/io/lammps_data_reader.c). */
rc_status rc_lammps_data_read(const char *path, rc_frame *frame);

/* A LAMMPS dump, text (src/io/lammps_dump_reader.c): the input takes over the open file. */
typedef struct rc_lammps_dump_input rc_lammps_dump_input;
rc_status rc_lammps_dump_input_open(const char *path, FILE *file, rc_lammps_dump_input **input);
rc_status rc_lammps_dump_input_next(rc_lammps_dump_input *input, rc_frame *frame, bool *got);
void rc_lammps_dump_input_close(rc_lammps_dump_input *input);

/* GSD in HOOMD-blue's schema (src/io/gsd_reader.c). */
typedef struct rc_gsd_input rc_gsd_input;
rc_status rc_gsd_input_open(const char *path, rc_gsd_input **input);
rc_status rc_gsd_input_next(rc_gsd_input *input, rc_frame *frame, bool *got);
void rc_gsd_input_close(rc_gsd_input *input);

#endif
