/* SPDX-License-Identifier: MIT */
/* The leaning (triclinic) cells of the formats that keep a box as HOOMD and LAMMPS do (src/io/cell.c): edges a = (Lx,
 * 0, 0), b = (xy, Ly, 0), c = (xz, yz, Lz), so an edge leans only along a lower axis. A frame's Lees-Edwards cell
 * (ricochet/frame.h) fits when its flow axis is below its gradient axis. */
#ifndef RC_IO_CELL_H
#define RC_IO_CELL_H

#include <stdint.h>

#include "ricochet/frame.h"

/* RC_STATUS_INVALID_ARGUMENT ("KIND output PATH: the box is sheared with flow along axis ...") when a shear of these axes
 * cannot be held by such a cell (the flow axis is not below the gradient axis). */
rc_status rc_cell_check_axes(int flow, int gradient, const char *kind, const char *path);
/* The frame's tilt as such a cell leans, taken in (-L/2, L/2] of the flow edge (0 when not sheared), or
 * RC_STATUS_INVALID_ARGUMENT ("KIND output PATH: the box is sheared with flow along axis ...") when the cell cannot lean
 * that way. */
rc_status rc_cell_tilt(const rc_frame *frame, const char *kind, const char *path, double *tilt);
/* Particle i's position, from the cell's origin (minus half of each edge when centred), moved along the flow axis
 * by whole flow edges into the leaning cell, its image counting the move (the frame's images, else 0); 2D frames
 * get z 0. */
void rc_cell_place(const rc_frame *frame, double tilt, bool centred, int32_t i, double x[3], int32_t image[3]);

#endif
