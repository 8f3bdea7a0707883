/* SPDX-License-Identifier: MIT */
/* HDF5 (H5MD trajectories and sweep.h5), loaded when first used (src/core/library.h): the symbols the code uses,
 * their table, and the defines that send the code's calls and reads of globals through it. Include this instead
 * of the library's header; call rc_library_open(&rc_hdf5_library) before the first use. */
#ifndef RC_IO_HDF5_SYMBOLS_H
#define RC_IO_HDF5_SYMBOLS_H

#include <hdf5.h>

#include "core/library.h"

/* one symbol list, laid out by hand */
/* clang-format off */
#define RC_HDF5_SYMBOLS(X) \
    X(H5Aclose) X(H5Acreate2) X(H5Aget_space) X(H5Aget_type) X(H5Aopen) X(H5Aread) X(H5Awrite) X(H5Dclose) \
    X(H5Dcreate2) X(H5Dget_chunk_storage_size) X(H5Dget_create_plist) X(H5Dget_space) X(H5Dget_space_status) \
    X(H5Dget_type) X(H5Dopen2) X(H5Dread) X(H5Dset_extent) X(H5Dvlen_reclaim) X(H5Dwrite) X(H5Eset_auto2) \
    X(H5Fclose) X(H5Fcreate) X(H5Fflush) X(H5Fget_create_plist) X(H5Fget_filesize) X(H5Fget_name) X(H5Fincrement_filesize) X(H5Fopen) \
    X(H5Fstart_swmr_write) X(H5Gclose) X(H5Gcreate2) X(H5Gget_info) X(H5Gopen2) X(H5Iget_file_id) X(H5Lcreate_soft) X(H5Ldelete) X(H5Lexists) \
    X(H5Lget_name_by_idx) X(H5Olink) X(H5Rcreate) X(H5T_STD_REF_OBJ_g) X(H5P_CLS_DATASET_CREATE_ID_g) X(H5P_CLS_FILE_ACCESS_ID_g) \
    X(H5P_CLS_GROUP_CREATE_ID_g) X(H5P_CLS_LINK_CREATE_ID_g) X(H5Pclose) X(H5Pcreate) X(H5Pexist) X(H5Pget_chunk) \
    X(H5Pget_layout) X(H5Pget_sizes) X(H5Pset) X(H5Pset_chunk) X(H5Pset_create_intermediate_group) X(H5Pset_deflate) \
    X(H5Pset_libver_bounds) X(H5Pset_link_creation_order) X(H5Pset_metadata_read_attempts) X(H5Pset_shuffle) \
    X(H5Sclose) X(H5Screate) X(H5Screate_simple) X(H5Sget_simple_extent_dims) X(H5Sget_simple_extent_ndims) \
    X(H5Sget_simple_extent_npoints) X(H5Sselect_hyperslab) X(H5T_C_S1_g) X(H5T_IEEE_F32BE_g) X(H5T_IEEE_F32LE_g) \
    X(H5T_IEEE_F64BE_g) X(H5T_IEEE_F64LE_g) X(H5T_NATIVE_DOUBLE_g) X(H5T_NATIVE_INT32_g) X(H5T_NATIVE_INT64_g) \
    X(H5T_NATIVE_INT_g) X(H5T_STD_I32LE_g) X(H5T_STD_I64LE_g) X(H5Tclose) X(H5Tcopy) X(H5Tequal) X(H5Tget_class) \
    X(H5Tget_cset) X(H5Tget_offset) X(H5Tget_precision) X(H5Tget_size) X(H5Tis_variable_str) X(H5Tset_cset) \
    X(H5Tset_size) X(H5check_version) X(H5open)
/* clang-format on */

struct rc_hdf5_table {
    RC_HDF5_SYMBOLS(RC_LIBRARY_FIELD)
};
extern struct rc_hdf5_table rc_hdf5;
extern rc_library rc_hdf5_library;

#ifndef RC_LIBRARY_DEFINING
#define H5Aclose (*rc_hdf5.H5Aclose)
#define H5Acreate2 (*rc_hdf5.H5Acreate2)
#define H5Aget_space (*rc_hdf5.H5Aget_space)
#define H5Aget_type (*rc_hdf5.H5Aget_type)
#define H5Aopen (*rc_hdf5.H5Aopen)
#define H5Aread (*rc_hdf5.H5Aread)
#define H5Awrite (*rc_hdf5.H5Awrite)
#define H5Dclose (*rc_hdf5.H5Dclose)
#define H5Dcreate2 (*rc_hdf5.H5Dcreate2)
#define H5Dget_chunk_storage_size (*rc_hdf5.H5Dget_chunk_storage_size)
#define H5Dget_create_plist (*rc_hdf5.H5Dget_create_plist)
#define H5Dget_space (*rc_hdf5.H5Dget_space)
#define H5Dget_space_status (*rc_hdf5.H5Dget_space_status)
#define H5Dget_type (*rc_hdf5.H5Dget_type)
#define H5Dopen2 (*rc_hdf5.H5Dopen2)
#define H5Dread (*rc_hdf5.H5Dread)
#define H5Dset_extent (*rc_hdf5.H5Dset_extent)
#define H5Dvlen_reclaim (*rc_hdf5.H5Dvlen_reclaim)
#define H5Dwrite (*rc_hdf5.H5Dwrite)
#define H5Eset_auto2 (*rc_hdf5.H5Eset_auto2)
#define H5Fclose (*rc_hdf5.H5Fclose)
#define H5Fcreate (*rc_hdf5.H5Fcreate)
#define H5Fflush (*rc_hdf5.H5Fflush)
#define H5Fget_create_plist (*rc_hdf5.H5Fget_create_plist)
#define H5Fget_filesize (*rc_hdf5.H5Fget_filesize)
#define H5Fget_name (*rc_hdf5.H5Fget_name)
#define H5Fincrement_filesize (*rc_hdf5.H5Fincrement_filesize)
#define H5Fopen (*rc_hdf5.H5Fopen)
#define H5Fstart_swmr_write (*rc_hdf5.H5Fstart_swmr_write)
#define H5Gclose (*rc_hdf5.H5Gclose)
#define H5Gcreate2 (*rc_hdf5.H5Gcreate2)
#define H5Gget_info (*rc_hdf5.H5Gget_info)
#define H5Gopen2 (*rc_hdf5.H5Gopen2)
#define H5Iget_file_id (*rc_hdf5.H5Iget_file_id)
#define H5Ldelete (*rc_hdf5.H5Ldelete)
#define H5Lcreate_soft (*rc_hdf5.H5Lcreate_soft)
#define H5Lexists (*rc_hdf5.H5Lexists)
#define H5Lget_name_by_idx (*rc_hdf5.H5Lget_name_by_idx)
#define H5Olink (*rc_hdf5.H5Olink)
#define H5P_CLS_DATASET_CREATE_ID_g (*rc_hdf5.H5P_CLS_DATASET_CREATE_ID_g)
#define H5P_CLS_GROUP_CREATE_ID_g (*rc_hdf5.H5P_CLS_GROUP_CREATE_ID_g)
#define H5P_CLS_FILE_ACCESS_ID_g (*rc_hdf5.H5P_CLS_FILE_ACCESS_ID_g)
#define H5P_CLS_LINK_CREATE_ID_g (*rc_hdf5.H5P_CLS_LINK_CREATE_ID_g)
#define H5Pclose (*rc_hdf5.H5Pclose)
#define H5Pcreate (*rc_hdf5.H5Pcreate)
#define H5Pexist (*rc_hdf5.H5Pexist)
#define H5Pget_chunk (*rc_hdf5.H5Pget_chunk)
#define H5Pget_layout (*rc_hdf5.H5Pget_layout)
#define H5Pget_sizes (*rc_hdf5.H5Pget_sizes)
#define H5Pset (*rc_hdf5.H5Pset)
#define H5Pset_chunk (*rc_hdf5.H5Pset_chunk)
#define H5Pset_create_intermediate_group (*rc_hdf5.H5Pset_create_intermediate_group)
#define H5Pset_deflate (*rc_hdf5.H5Pset_deflate)
#define H5Pset_libver_bounds (*rc_hdf5.H5Pset_libver_bounds)
#define H5Pset_link_creation_order (*rc_hdf5.H5Pset_link_creation_order)
#define H5Pset_metadata_read_attempts (*rc_hdf5.H5Pset_metadata_read_attempts)
#define H5Pset_shuffle (*rc_hdf5.H5Pset_shuffle)
#define H5Sclose (*rc_hdf5.H5Sclose)
#define H5Screate (*rc_hdf5.H5Screate)
#define H5Screate_simple (*rc_hdf5.H5Screate_simple)
#define H5Sget_simple_extent_dims (*rc_hdf5.H5Sget_simple_extent_dims)
#define H5Sget_simple_extent_ndims (*rc_hdf5.H5Sget_simple_extent_ndims)
#define H5Sget_simple_extent_npoints (*rc_hdf5.H5Sget_simple_extent_npoints)
#define H5Sselect_hyperslab (*rc_hdf5.H5Sselect_hyperslab)
#define H5T_C_S1_g (*rc_hdf5.H5T_C_S1_g)
#define H5T_IEEE_F32BE_g (*rc_hdf5.H5T_IEEE_F32BE_g)
#define H5T_IEEE_F32LE_g (*rc_hdf5.H5T_IEEE_F32LE_g)
#define H5T_IEEE_F64BE_g (*rc_hdf5.H5T_IEEE_F64BE_g)
#define H5T_IEEE_F64LE_g (*rc_hdf5.H5T_IEEE_F64LE_g)
#define H5T_NATIVE_DOUBLE_g (*rc_hdf5.H5T_NATIVE_DOUBLE_g)
#define H5T_NATIVE_INT32_g (*rc_hdf5.H5T_NATIVE_INT32_g)
#define H5T_NATIVE_INT64_g (*rc_hdf5.H5T_NATIVE_INT64_g)
#define H5T_NATIVE_INT_g (*rc_hdf5.H5T_NATIVE_INT_g)
#define H5T_STD_I32LE_g (*rc_hdf5.H5T_STD_I32LE_g)
#define H5T_STD_REF_OBJ_g (*rc_hdf5.H5T_STD_REF_OBJ_g)
#define H5Rcreate (*rc_hdf5.H5Rcreate)
#define H5T_STD_I64LE_g (*rc_hdf5.H5T_STD_I64LE_g)
#define H5Tclose (*rc_hdf5.H5Tclose)
#define H5Tcopy (*rc_hdf5.H5Tcopy)
#define H5Tequal (*rc_hdf5.H5Tequal)
#define H5Tget_class (*rc_hdf5.H5Tget_class)
#define H5Tget_cset (*rc_hdf5.H5Tget_cset)
#define H5Tget_offset (*rc_hdf5.H5Tget_offset)
#define H5Tget_precision (*rc_hdf5.H5Tget_precision)
#define H5Tget_size (*rc_hdf5.H5Tget_size)
#define H5Tis_variable_str (*rc_hdf5.H5Tis_variable_str)
#define H5Tset_cset (*rc_hdf5.H5Tset_cset)
#define H5Tset_size (*rc_hdf5.H5Tset_size)
#define H5check_version (*rc_hdf5.H5check_version)
#define H5open (*rc_hdf5.H5open)
#endif

#endif
