/* SPDX-License-Identifier: MIT */
/* The curves of a run's measurements in its H5MD file (docs/formats.md, "trajectory.h5md"; ricochet/output.h):
 * H5MD 1.1's time-independent data, a plain dataset per column, grouped per curve under `curves`, one of the
 * "non-specified groups" the specification allows at the root. Not under `observables`: readers take every member
 * there for a time series (MDAnalysis reads observables/NAME/value[frame] for each NAME at each frame). */
#include <stdio.h>
#include <string.h>

#include "io/h5md_series.h"

/* Writes column c of a rows x columns table as the float64 dataset NAME of group, with its unit. */
static bool write_column(hid_t group, const char *name, const char *unit, hsize_t rows, int columns, int c,
                         const double *values, double *column)
{
    for (hsize_t r = 0; r < rows; r++) column[r] = values[r * (hsize_t)columns + (hsize_t)c];
    hid_t space = H5Screate_simple(1, &rows, NULL);
    hid_t set = space >= 0 ? H5Dcreate2(group, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT) : -1;
    bool ok = set >= 0 && (rows == 0 || H5Dwrite(set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, column) >= 0) &&
              rc_h5md_set_string(set, "unit", unit);
    if (set >= 0) H5Dclose(set);
    if (space >= 0) H5Sclose(space);
    return ok;
}

bool rc_h5md_curve_write(hid_t file, const char *name, int rows, int columns, const char *const *names,
                         const char *const *units, const double *values, double *column)
{
    char path[256];
    if (snprintf(path, sizeof path, "curves/%s", name) >= (int)sizeof path) return false;
    if (rc_h5md_exists(file, path) && H5Ldelete(file, path, H5P_DEFAULT) < 0) return false;
    /* the columns in the order written (h5py lists a group's members in creation order when it is tracked) */
    hid_t links = H5Pcreate(H5P_LINK_CREATE), order = H5Pcreate(H5P_GROUP_CREATE);
    hid_t group = links >= 0 && order >= 0 && H5Pset_create_intermediate_group(links, 1) >= 0 &&
                          H5Pset_link_creation_order(order, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED) >= 0
                      ? H5Gcreate2(file, path, links, order, H5P_DEFAULT)
                      : -1;
    if (order >= 0) H5Pclose(order);
    if (links >= 0) H5Pclose(links);
    bool ok = group >= 0;
    for (int c = 0; c < columns && ok; c++)
        ok = write_column(group, names[c], units[c], (hsize_t)rows, columns, c, values, column);
    if (group >= 0) H5Gclose(group);
    return ok;
}
