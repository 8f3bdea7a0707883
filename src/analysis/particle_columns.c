/* SPDX-License-Identifier: MIT */
/* One value per particle of a frame by the column's name (ricochet/analysis.h, rc_frame_column), for pictures
 * coloured by any column (`ricochet render --color`): the frame's own fields, the speed, kinetic energy and height,
 * and the local bond order psi6 (2D) or q6 (3D) computed on the fly (local_order.c), each with its unit in the scene's
 * units as the table of observables writes them ("length", "time", "energy", "1"). */
#include <math.h>
#include <string.h>

#include "analysis/local_order.h"
#include "analysis/pairs.h"
#include "core/status.h"

typedef struct column {
    const char *name, *label;
} column;

static const column columns[] = {
    {"x", "x (length)"},
    {"y", "y (length)"},
    {"z", "z (length)"},
    {"vx", "vx (length/time)"},
    {"vy", "vy (length/time)"},
    {"vz", "vz (length/time)"},
    {"speed", "speed (length/time)"},
    {"kinetic_energy", "kinetic energy (energy)"},
    {"species", "species (1)"},
    {"radius", "radius (length)"},
    {"mass", "mass (mass)"},
    {"height", "height (length)"},
    {"psi6", "psi6 (1)"},
    {"q6", "q6 (1)"},
};
enum { COLUMNS = sizeof columns / sizeof *columns, PSI6 = COLUMNS - 2, Q6 = COLUMNS - 1 };

/* psi6 or q6 of every particle, from the order per particle of the frame alone. */
static rc_status bond_order(const rc_frame *f, bool voronoi, double *values)
{
    rc_local_order o = {.voronoi = voronoi, .solid_bond = 0.7, .solid_bonds = 7, .g6_range = 0, .g6_width = 1};
    rc_cells cells = {0};
    double diameter = 0;
    for (int32_t i = 0; i < f->count; i++) diameter += 2 * f->radii[i] / f->count;
    o.cutoff = 1.4 * diameter;
    for (int k = 0; k < f->dimension; k++)
        if (f->periodic[k]) o.cutoff = fmin(o.cutoff, f->box[k] / 2);
    rc_status s = o.cutoff > 0
                      ? rc_local_order_add(&o, &cells, f, 0)
                      : rc_fail(RC_STATUS_INVALID_ARGUMENT, "color: psi6 and q6 need particles of positive radii");
    const char *const *names;
    int width = rc_local_order_columns(f->dimension, &names);
    for (int32_t i = 0; !s && i < f->count; i++) values[i] = o.rows[(size_t)i * width + (f->dimension == 2 ? 2 : 3)];
    rc_local_order_release(&o);
    rc_cells_release(&cells);
    return s;
}

rc_status rc_frame_column(const rc_frame *f, const char *name, bool voronoi, double *values, const char **label)
{
    if (!f || !name || !values) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "color: NULL argument");
    int c = 0;
    while (c < COLUMNS && strcmp(columns[c].name, name) != 0) c++;
    if (c == COLUMNS)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "color: \"%s\" is not a column (x, y, z, vx, vy, vz, speed, "
                       "kinetic_energy, species, radius, mass, height, psi6 in 2D, q6 in 3D)",
                       name);
    if ((c == PSI6 && f->dimension != 2) || (c == Q6 && f->dimension != 3))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "color: %s is for %s frames, this one is %dD", name,
                       c == PSI6 ? "2D" : "3D", f->dimension);
    if (label) *label = columns[c].label;
    if (c >= PSI6) return bond_order(f, voronoi, values);
    for (int32_t i = 0; i < f->count; i++) {
        const double *x = f->positions + 3 * i, *v = f->velocities + 3 * i;
        double v2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
        double all[] = {x[0],          x[1],        x[2],         v[0],
                        v[1],          v[2],        sqrt(v2),     0.5 * f->masses[i] * v2,
                        f->species[i], f->radii[i], f->masses[i], x[f->dimension - 1]};
        values[i] = all[c];
    }
    return RC_STATUS_OK;
}
