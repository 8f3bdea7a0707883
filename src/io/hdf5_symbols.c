/* SPDX-License-Identifier: MIT */
/* HDF5 loaded when first used: its table of symbols (see hdf5_symbols.h and src/core/library.h). */
#define RC_LIBRARY_DEFINING
#include "io/hdf5_symbols.h"

RC_LIBRARY_DEFINE(rc_hdf5_library, rc_hdf5, rc_hdf5_table, RC_HDF5_SYMBOLS, RC_HDF5_SONAME,
                  "H5MD trajectories and HDF5 tables");
