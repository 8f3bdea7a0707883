/* SPDX-License-Identifier: MIT */
/* Third-party libraries opened with dlopen when first used, and their tables of symbols (see library.h). */
#include "core/library.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <string.h>

#include "core/status.h"

static pthread_mutex_t opening = PTHREAD_MUTEX_INITIALIZER;

/* The address of a symbol as the library's own code sees it. A program linked against the library that reads one of
 * its global variables (HDF5's H5T_NATIVE_DOUBLE_g through H5T_NATIVE_DOUBLE: tests/unit/test_h5md.c, or a user's
 * program) holds its own copy of it (a copy relocation), which the library then uses too while its original stays
 * stale: take the program's copy when there is one (the program's own link map has the empty name). */
static void *symbol(void *handle, const char *name)
{
    void *own = dlsym(handle, name), *global = dlsym(RTLD_DEFAULT, name);
    Dl_info info;
    struct link_map *object = NULL;
    if (own && global && global != own && dladdr1(global, &info, (void **)&object, RTLD_DL_LINKMAP) && object &&
        object->l_name[0] == '\0')
        return global;
    return own;
}

/* Opens and fills under the lock; the handle is kept for the life of the process (the library's own state, such as
 * HDF5's open files and atexit handler, lives as long). */
static rc_status open_locked(rc_library *library)
{
    if (atomic_load_explicit(&library->open, memory_order_relaxed)) return RC_STATUS_OK;
    if (library->prepare) library->prepare();
    void *handle = dlopen(library->soname, RTLD_LAZY | RTLD_LOCAL);
    if (!handle)
        return rc_fail(RC_STATUS_INTERNAL, "%s need %s, which cannot be loaded: %s", library->purpose, library->soname,
                       dlerror());
    for (size_t k = 0; k < library->count; k++) {
        void *address = symbol(handle, library->names[k]);
        if (!address) {
            rc_status s = rc_fail(RC_STATUS_INTERNAL, "%s need %s, which lacks %s", library->purpose, library->soname,
                                  library->names[k]);
            dlclose(handle);
            return s;
        }
        /* POSIX makes a function's address from dlsym usable through a function pointer; the table is count
         * pointers in a row (checked where it is defined) */
        memcpy((char *)library->table + k * sizeof address, &address, sizeof address);
    }
    atomic_store_explicit(&library->open, true, memory_order_release);
    return RC_STATUS_OK;
}

rc_status rc_library_open(rc_library *library)
{
    if (atomic_load_explicit(&library->open, memory_order_acquire)) return RC_STATUS_OK;
    pthread_mutex_lock(&opening);
    rc_status s = open_locked(library);
    pthread_mutex_unlock(&opening);
    return s;
}
