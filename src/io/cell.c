/* SPDX-License-Identifier: MIT */
/* Leaning cells for the GSD and LAMMPS writers (src/io/cell.h): which shear such a cell holds and where a particle
 * lies in it. ricochet keeps positions in the rectangle [0, L) of each axis; HOOMD's and LAMMPS's readers want them
 * inside the leaning cell (LAMMPS's read_data drops atoms outside it), which a move by whole flow edges gives. */
#include <math.h>

#include "core/status.h"
#include "io/cell.h"

rc_status rc_cell_check_axes(int flow, int gradient, const char *kind, const char *path)
{
    if (flow < gradient) return RC_STATUS_OK;
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "%s output %s: the box is sheared with flow along axis %d over gradient axis "
                   "%d, which the format's triclinic box cannot hold (it leans an edge only along a lower axis: flow x "
                   "with gradient y or z, flow y with gradient z)",
                   kind, path, flow, gradient);
}

rc_status rc_cell_tilt(const rc_frame *f, const char *kind, const char *path, double *tilt)
{
    *tilt = 0;
    if (f->tilt == 0) return RC_STATUS_OK;
    int flow = f->tilt_flow, gradient = f->tilt_gradient;
    rc_status s = rc_cell_check_axes(flow, gradient, kind, path);
    if (s) return s;
    double edge = f->box[flow];
    *tilt = f->tilt > edge / 2 ? f->tilt - edge : f->tilt;
    return RC_STATUS_OK;
}

void rc_cell_place(const rc_frame *f, double tilt, bool centred, int32_t i, double x[3], int32_t image[3])
{
    for (int k = 0; k < 3; k++) {
        x[k] = k < f->dimension ? f->positions[3 * i + k] - (centred ? f->box[k] / 2 : 0) : 0;
        image[k] = f->images && k < f->dimension ? f->images[3 * i + k] : 0;
    }
    if (tilt == 0) return;
    int flow = f->tilt_flow, gradient = f->tilt_gradient;
    double lean = tilt * x[gradient] / f->box[gradient];
    double shift = floor((x[flow] - lean) / f->box[flow] + (centred ? 0.5 : 0));
    x[flow] -= shift * f->box[flow];
    image[flow] += (int32_t)shift;
}
