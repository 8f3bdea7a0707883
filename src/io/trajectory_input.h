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

/* Extended XYZ: the next frame of the stream; *line counts the lines read, for messages; text is the reader's line
 * buffer (src/io/text_lines.h). */
rc_status rc_xyz_read_frame(FILE *file, const char *path, long *line, rc_line *text, rc_frame *frame, bool *got);

/* H5MD: an open file and the number of frames read from it. */
typedef struct rc_h5md_input rc_h5md_input;
rc_status rc_h5md_input_open(const char *path, rc_h5md_input **input);
rc_status rc_h5md_input_next(rc_h5md_input *input, rc_frame *frame, bool *got);
void rc_h5md_input_close(rc_h5md_input *input);

#endif
