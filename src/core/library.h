/* SPDX-License-Identifier: MIT */
/* Third-party libraries loaded when first used: HDF5, cairo, Siconos numerics and GLPK are opened with dlopen by the
 * name the build linked against (their soname) the first time a file, a picture or an LP needs them, so that a run
 * that writes no H5MD, draws nothing and resolves no impact never maps them (the fixed memory of a run stays small).
 *
 * Each library has a header (src/io/hdf5_symbols.h and the like) with an X-macro list of the symbols the code uses,
 * a table of typed pointers made from it (RC_LIBRARY_TABLE), and one define per symbol that sends the code's calls
 * (and its reads of the library's globals) through the table. Its entry points call rc_library_open first. */
#ifndef RC_CORE_LIBRARY_H
#define RC_CORE_LIBRARY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "ricochet/core.h"

typedef struct rc_library {
    const char *soname;       /* the name the build linked against, e.g. libhdf5_serial.so.103 */
    const char *purpose;      /* what needs it, for the error: "H5MD and HDF5 files" */
    const char *const *names; /* the symbols, in the order of the table */
    void *table;              /* a struct of count pointers, filled from the names */
    size_t count;
    void (*prepare)(void); /* NULL, or called once under the lock just before the dlopen */
    atomic_bool open;
} rc_library;

/* Opens the library and fills its table, once per process (thread-safe); later calls cost one atomic load.
 * RC_STATUS_INTERNAL, with a sentence naming the library, what needs it and dlerror's reason, when it or a symbol is
 * missing. */
rc_status rc_library_open(rc_library *library);

/* The field of a table for symbol `name`: a pointer of its own type. */
#define RC_LIBRARY_FIELD(name) __typeof__(&name) name;
/* Its name, for the list of names. */
#define RC_LIBRARY_NAME(name) #name,
/* Defines `library` (an rc_library) and `table` (a struct `type` holding a pointer per symbol of `list`). Use it in
 * one .c file per library, which includes the symbols header with RC_LIBRARY_DEFINING set (the defines that send
 * calls through the table would rename the fields). RC_LIBRARY_DEFINE_PREPARED also names the library's prepare
 * function (what must hold before the library's own initialisers run, such as an environment variable). */
#define RC_LIBRARY_DEFINE_PREPARED(library, table, type, list, soname, purpose, prepare)                               \
    struct type table;                                                                                                 \
    static const char *const library##_names[] = {list(RC_LIBRARY_NAME)};                                              \
    _Static_assert(sizeof(struct type) == sizeof library##_names / sizeof *library##_names * sizeof(void *),           \
                   "one pointer per symbol");                                                                          \
    rc_library library = {soname,  purpose, library##_names, &table, sizeof library##_names / sizeof *library##_names, \
                          prepare, false}
#define RC_LIBRARY_DEFINE(library, table, type, list, soname, purpose)                                                 \
    RC_LIBRARY_DEFINE_PREPARED(library, table, type, list, soname, purpose, NULL)

#endif
