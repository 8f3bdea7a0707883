/* SPDX-License-Identifier: MIT */
/* A table as an HDF5 file (src/io/h5_table.h): one 1-D dataset per column, float64 or variable-length UTF-8 strings,
 * written to PATH.partial and renamed when whole, so that a reader never sees half a table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "io/h5_table.h"
#include "io/hdf5_symbols.h"

static bool write_column(hid_t file, hid_t space, hid_t text, int64_t rows, const rc_h5_column *c)
{
    if (H5Lexists(file, c->name, H5P_DEFAULT) > 0) return true; /* a name given twice: the first column stays */
    hid_t type = c->numbers ? H5T_IEEE_F64LE : text;
    hid_t set = H5Dcreate2(file, c->name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    if (set < 0) return false;
    bool ok;
    if (c->numbers) {
        ok = rows == 0 || H5Dwrite(set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, c->numbers) >= 0;
    } else {
        const char **texts = malloc((size_t)(rows > 0 ? rows : 1) * sizeof *texts);
        ok = texts != NULL;
        for (int64_t k = 0; ok && k < rows; k++) texts[k] = c->texts[k] ? c->texts[k] : "";
        ok = ok && (rows == 0 || H5Dwrite(set, text, H5S_ALL, H5S_ALL, H5P_DEFAULT, texts) >= 0);
        free(texts);
    }
    return H5Dclose(set) >= 0 && ok;
}

rc_status rc_h5_table_write(const char *path, const char *what, int64_t rows, const rc_h5_column *columns, int count)
{
    rc_status s = rc_library_open(&rc_hdf5_library);
    if (s) return s;
    size_t size = strlen(path) + sizeof ".partial";
    char *partial = malloc(size);
    if (!partial) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    snprintf(partial, size, "%s.partial", path);
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    hid_t file = H5Fcreate(partial, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    hsize_t length = (hsize_t)rows;
    hid_t space = H5Screate_simple(1, &length, NULL), text = H5Tcopy(H5T_C_S1);
    bool ok = file >= 0 && space >= 0 && text >= 0 && H5Tset_size(text, H5T_VARIABLE) >= 0 &&
              H5Tset_cset(text, H5T_CSET_UTF8) >= 0;
    for (int c = 0; ok && c < count; c++) ok = write_column(file, space, text, rows, &columns[c]);
    if (text >= 0) H5Tclose(text);
    if (space >= 0) H5Sclose(space);
    if (file >= 0 && H5Fclose(file) < 0) ok = false;
    if (ok && rename(partial, path) != 0) ok = false;
    if (!ok) remove(partial);
    free(partial);
    return ok ? RC_STATUS_OK : rc_fail(RC_STATUS_IO_ERROR, "cannot write %s %s", what, path);
}
