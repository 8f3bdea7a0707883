/* SPDX-License-Identifier: MIT */
/* A fault injector for the run folder's writes (tests/cli/write_faults.sh): a shared library loaded with LD_PRELOAD that
 * makes the Nth call of one kind on a file under a folder fail with a chosen errno, as a full disk, a quota, an I/O
 * error or a lost permission would, so that every write, rename, open and sync of a run can be made to fail in turn.
 * The library's output streams write through write(2) (src/io/output_file.c), which is why a preload sees them.
 *
 *   RC_FAULT_DIR    the folder (absolute, without links): only calls on files under it count
 *   RC_FAULT_CALL   write, rename, open or fsync: the kind of call that fails (open counts opens for writing;
 *                   fsync counts fdatasync too)
 *   RC_FAULT_N      the call of that kind that fails, from 1 (0 or unset: none fails)
 *   RC_FAULT_ERRNO  ENOSPC, EIO, EACCES, EDQUOT or EROFS (default ENOSPC)
 *   RC_FAULT_COUNT  a file to which, at exit, the counts of the four kinds are written ("write 12\nrename 5\n...")
 *
 * It exports the C library's names (write, rename, open, ...), which is its job; it is a test tool, never part of
 * the library, whose symbols all start with rc_. */
#undef _FORTIFY_SOURCE /* open is defined here: not fortify's inline wrapper */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

enum { WRITE, RENAME, OPEN, FSYNC, KINDS };
static const char *const kinds[KINDS] = {"write", "rename", "open", "fsync"};
static long counts[KINDS];

/* The folder, the kind and the call to fail, read once. */
static const char *folder;
static size_t folder_length;
static int failing_kind = -1;
static long failing_call;
static int failing_errno = ENOSPC;

static void report(void)
{
    const char *path = getenv("RC_FAULT_COUNT");
    FILE *f = path ? fopen(path, "w") : NULL;
    if (!f) return;
    for (int k = 0; k < KINDS; k++) fprintf(f, "%s %ld\n", kinds[k], counts[k]);
    fclose(f);
}

static void configure(void)
{
    static int done;
    if (done) return;
    done = 1;
    folder = getenv("RC_FAULT_DIR");
    folder_length = folder ? strlen(folder) : 0;
    const char *call = getenv("RC_FAULT_CALL"), *n = getenv("RC_FAULT_N"), *e = getenv("RC_FAULT_ERRNO");
    for (int k = 0; call && k < KINDS; k++)
        if (strcmp(call, kinds[k]) == 0) failing_kind = k;
    failing_call = n ? atol(n) : 0;
    static const struct {
        const char *name;
        int value;
    } errnos[] = {{"ENOSPC", ENOSPC}, {"EIO", EIO}, {"EACCES", EACCES}, {"EDQUOT", EDQUOT}, {"EROFS", EROFS}};
    for (size_t i = 0; e && i < sizeof errnos / sizeof *errnos; i++)
        if (strcmp(e, errnos[i].name) == 0) failing_errno = errnos[i].value;
    if (getenv("RC_FAULT_COUNT")) atexit(report);
}

/* Whether the path lies under the folder. */
static int under(const char *path)
{
    return folder && path && strncmp(path, folder, folder_length) == 0 &&
           (path[folder_length] == '/' || path[folder_length] == '\0');
}

/* Whether the descriptor is a file under the folder. */
static int fd_under(int fd)
{
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n < 0) return 0;
    path[n] = '\0';
    return under(path);
}

/* Counts a call of this kind on the folder; true when it is the one to fail (errno set). */
static int fails(int kind, int on_folder)
{
    configure();
    if (!on_folder) return 0;
    if (++counts[kind] != failing_call || kind != failing_kind) return 0;
    errno = failing_errno;
    return 1;
}

/* The C library's own function of that name (dlsym returns an object pointer, copied into the function pointer). */
#define NEXT(name)                                                                                                     \
    static __typeof__(&name) next_##name;                                                                              \
    if (!next_##name) {                                                                                                \
        void *found = dlsym(RTLD_NEXT, #name);                                                                         \
        memcpy(&next_##name, &found, sizeof found);                                                                    \
    }

ssize_t write(int fd, const void *buffer, size_t size)
{
    NEXT(write);
    if (fails(WRITE, folder_length && fd_under(fd))) return -1;
    return next_write(fd, buffer, size);
}

int rename(const char *from, const char *to)
{
    NEXT(rename);
    if (fails(RENAME, under(from) || under(to))) return -1;
    return next_rename(from, to);
}

int fsync(int fd)
{
    NEXT(fsync);
    if (fails(FSYNC, folder_length && fd_under(fd))) return -1;
    return next_fsync(fd);
}

int fdatasync(int fd)
{
    NEXT(fdatasync);
    if (fails(FSYNC, folder_length && fd_under(fd))) return -1;
    return next_fdatasync(fd);
}

/* The opens: only those for writing count. */
static int writing(int flags) { return (flags & O_ACCMODE) != O_RDONLY || (flags & O_CREAT); }

/* open and open64 alike: the mode is there only with O_CREAT; a failure is injected before the real call. */
#define OPEN_SHIM(name)                                                                                                \
    int name(const char *path, int flags, ...)                                                                         \
    {                                                                                                                  \
        NEXT(name);                                                                                                    \
        va_list args;                                                                                                  \
        va_start(args, flags);                                                                                         \
        mode_t mode = flags & O_CREAT ? (mode_t)va_arg(args, int) : 0;                                                 \
        va_end(args);                                                                                                  \
        if (fails(OPEN, writing(flags) && under(path))) return -1;                                                     \
        return next_##name(path, flags, mode);                                                                         \
    }
OPEN_SHIM(open)
OPEN_SHIM(open64)
