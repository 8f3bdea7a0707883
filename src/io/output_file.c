/* SPDX-License-Identifier: MIT */
/* Output files that appear only when complete (src/io/output_file.h): PATH.partial while writing, renamed to PATH
 * at the close (after a failed write, cut back to its last whole unit first); reopened, cut back to a mark and
 * appended to when a run resumes; and the directories they go into (rc_directory_create, mkdir -p). A PATH that exists
 * and is not a regular file (a device such as /dev/null, a pipe) is written directly: it is neither removed nor
 * replaced. Links are never followed: a link at PATH or PATH.partial is refused, and files are created with O_EXCL |
 * O_NOFOLLOW. The stdio stream of a file is a cookie stream over the file's descriptor (fopencookie), whose writes are
 * write(2) calls of this library: the errno of a failed write is kept in the file (stdio may clobber errno before the
 * caller sees it), and a fault-injection test can fail them (tests/support/fault_inject.c). */
#include "io/output_file.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/status.h"

static const char suffix[] = ".partial";

rc_status rc_output_file_failed(const rc_output_file *file, const char *what, int error)
{
    return rc_fail(RC_STATUS_IO_ERROR, "%s output %s: cannot %s (%s)", file->kind, file->path, what,
                   strerror(error ? error : EIO));
}

rc_status rc_output_file_write_failed(const rc_output_file *file, const char *unit)
{
    int error = file->error ? file->error : errno ? errno : EIO;
    char reason[128];
    snprintf(reason, sizeof reason, "%s", strerror(error));
    reason[0] = (char)tolower((unsigned char)reason[0]); /* "No space left on device" inside a sentence */
    if (!unit) return rc_fail(RC_STATUS_IO_ERROR, "%s writing %s %s", reason, file->kind, file->path);
    if (file->units > 0)
        return rc_fail(RC_STATUS_IO_ERROR, "%s writing %s after %s %" PRId64, reason, file->path, unit, file->units);
    return rc_fail(RC_STATUS_IO_ERROR, "%s writing %s before its first %s", reason, file->path, unit);
}

/* RC_STATUS_IO_ERROR for a symbolic link where an output file goes. */
static rc_status refuse_link(const rc_output_file *file, const char *where)
{
    return rc_fail(RC_STATUS_IO_ERROR,
                   "%s output %s: %s is a symbolic link; output files are never written through links "
                   "(one planted in a run folder would overwrite its target): remove it",
                   file->kind, file->path, where);
}

/* Copies the path and derives the name written meanwhile (PATH.partial, or PATH itself for a device or a pipe);
 * refuses PATH or PATH.partial that is a symbolic link. */
static rc_status name(rc_output_file *file, const char *kind, const char *path)
{
    memset(file, 0, sizeof *file);
    file->kind = kind;
    file->fd = -1;
    if (!path) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s output path: NULL", kind);
    size_t size = strlen(path) + sizeof suffix;
    file->path = strdup(path);
    file->partial = malloc(size);
    if (!file->path || !file->partial) {
        rc_output_file_end(file, false);
        return rc_fail(RC_STATUS_NO_MEMORY, "%s output %s: out of memory", kind, path);
    }
    struct stat info;
    bool exists = lstat(path, &info) == 0;
    file->direct = exists && !S_ISREG(info.st_mode) && !S_ISLNK(info.st_mode);
    snprintf(file->partial, size, "%s%s", path, file->direct ? "" : suffix);
    const char *link = exists && S_ISLNK(info.st_mode)                                              ? path
                       : !file->direct && lstat(file->partial, &info) == 0 && S_ISLNK(info.st_mode) ? file->partial
                                                                                                    : NULL;
    if (!link) return RC_STATUS_OK;
    rc_status s = refuse_link(file, link);
    rc_output_file_end(file, false);
    return s;
}

/* Names the file and removes a stale PATH.partial (a run that failed or was killed), and the older PATH unless
 * `keep_older` (it is then replaced by the rename at the close). */
static rc_status prepare(rc_output_file *file, const char *kind, const char *path, bool keep_older)
{
    rc_status s = name(file, kind, path);
    if (s || file->direct) return s;
    if (unlink(file->partial) != 0 && errno != ENOENT)
        s = rc_output_file_failed(file, "remove the stale .partial file", errno);
    else if (!keep_older && unlink(path) != 0 && errno != ENOENT)
        s = rc_output_file_failed(file, "remove the older file", errno);
    if (s) rc_output_file_end(file, false);
    return s;
}

rc_status rc_output_file_begin(rc_output_file *file, const char *kind, const char *path)
{
    return prepare(file, kind, path, false);
}

rc_status rc_output_file_end(rc_output_file *file, bool complete)
{
    rc_status s = RC_STATUS_OK;
    if (complete && !file->direct && rename(file->partial, file->path) != 0)
        s = rc_output_file_failed(file, "rename the finished file", errno);
    if (file->fd >= 0) close(file->fd);
    file->fd = -1;
    free(file->path);
    free(file->partial);
    file->path = file->partial = NULL;
    return s;
}

/* The cookie stream's functions: read, write and seek on the file's descriptor, the first errno kept. */
static ssize_t stream_read(void *cookie, char *buffer, size_t size)
{
    rc_output_file *file = cookie;
    ssize_t n;
    while ((n = read(file->fd, buffer, size)) < 0 && errno == EINTR) continue;
    if (n < 0 && !file->error) file->error = errno;
    return n;
}

static ssize_t stream_write(void *cookie, const char *buffer, size_t size)
{
    rc_output_file *file = cookie;
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(file->fd, buffer + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (!file->error) file->error = n < 0 ? errno : ENOSPC;
            break;
        }
        done += (size_t)n;
    }
    return (ssize_t)done; /* fewer than asked: stdio marks the stream failed */
}

static int stream_seek(void *cookie, off64_t *offset, int whence)
{
    rc_output_file *file = cookie;
    off_t at = lseek(file->fd, (off_t)*offset, whence);
    if (at < 0) {
        if (!file->error) file->error = errno;
        return -1;
    }
    *offset = at;
    return 0;
}

static int stream_close(void *cookie)
{
    (void)cookie; /* the descriptor is the file's: closed when it ends, after a cut */
    return 0;
}

/* A stdio stream over file->fd. */
static rc_status make_stream(rc_output_file *file, const char *mode, FILE **stream)
{
    *stream = fopencookie(file, mode, (cookie_io_functions_t){stream_read, stream_write, stream_seek, stream_close});
    return *stream ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "%s output %s: out of memory", file->kind, file->path);
}

/* Creates PATH.partial afresh (a device or a pipe: opens PATH) and its stream. On failure nothing is left to end. */
static rc_status create(rc_output_file *file, FILE **stream)
{
    int flags = O_WRONLY | O_CLOEXEC | O_NOFOLLOW | (file->direct ? 0 : O_CREAT | O_EXCL);
    file->fd = open(file->partial, flags, 0666);
    rc_status s = file->fd >= 0                       ? make_stream(file, "w", stream)
                  : errno == EEXIST || errno == ELOOP ? refuse_link(file, file->partial)
                                                      : rc_output_file_failed(file, "open for writing", errno);
    if (s) rc_output_file_end(file, false);
    return s;
}

rc_status rc_output_file_open(rc_output_file *file, const char *kind, const char *path, FILE **stream)
{
    rc_status s = prepare(file, kind, path, false);
    return s ? s : create(file, stream);
}

rc_status rc_output_file_replace(rc_output_file *file, const char *kind, const char *path, FILE **stream)
{
    rc_status s = prepare(file, kind, path, true);
    return s ? s : create(file, stream);
}

void rc_output_file_commit(rc_output_file *file, int64_t units)
{
    off_t at = file->direct ? -1 : lseek(file->fd, 0, SEEK_CUR);
    if (at >= 0) file->whole = (uint64_t)at;
    file->units = units;
}

rc_status rc_output_file_close(rc_output_file *file, FILE *stream, rc_output_ending ending, const char *unit)
{
    errno = 0;
    bool flushed = fflush(stream) == 0 && !ferror(stream) && !file->error;
    fclose(stream); /* the cookie's close leaves the descriptor open, to be cut */
    rc_status s = flushed || ending == RC_OUTPUT_ABANDON ? RC_STATUS_OK : rc_output_file_write_failed(file, unit);
    if (!flushed && ending == RC_OUTPUT_WHOLE) ending = RC_OUTPUT_CUT;
    if (ending == RC_OUTPUT_CUT && !file->direct && ftruncate(file->fd, (off_t)file->whole) != 0 && !s)
        s = rc_output_file_failed(file, "cut it back to its last whole unit", errno);
    /* cut back to no whole unit (at most a header), a file holds nothing to read: it stays PATH.partial */
    rc_status renamed = rc_output_file_end(file, ending == RC_OUTPUT_WHOLE || (ending == RC_OUTPUT_CUT && file->units));
    return s ? s : renamed;
}

rc_status rc_output_file_check_mark(const char *kind, const char *path, const rc_output_mark *mark)
{
    if (!mark) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s output %s: NULL mark", kind, path ? path : "(NULL)");
    if (mark->frames < 0 || mark->rows < 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s output %s: a mark of %" PRId64 " frames and %" PRId64 " rows",
                       kind, path ? path : "(NULL)", mark->frames, mark->rows);
    return RC_STATUS_OK;
}

rc_status rc_output_file_find(rc_output_file *file, const char *kind, const char *path)
{
    rc_status s = name(file, kind, path);
    if (s || file->direct || access(file->partial, F_OK) == 0) return s;
    file->finished = access(path, F_OK) == 0;
    if (file->finished) return RC_STATUS_OK;
    s = rc_fail(RC_STATUS_IO_ERROR, "%s output %s: cannot resume: neither it nor %s exists", kind, path, file->partial);
    rc_output_file_end(file, false);
    return s;
}

const char *rc_output_file_found(const rc_output_file *file) { return file->finished ? file->path : file->partial; }

rc_status rc_output_file_adopt(rc_output_file *file)
{
    if (!file->finished) return RC_STATUS_OK;
    if (rename(file->path, file->partial) != 0) return rc_output_file_failed(file, "rename it to .partial", errno);
    file->finished = false;
    return RC_STATUS_OK;
}

/* The checks of a resume, then the cut: the found file's length against the mark, check, truncation, the rename. */
static rc_status cut(rc_output_file *file, FILE *stream, uint64_t bytes, rc_output_check check, const void *context)
{
    struct stat info;
    if (fstat(file->fd, &info) != 0) return rc_output_file_failed(file, "read its length", errno);
    if ((uint64_t)info.st_size < bytes)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "%s output %s: %" PRIu64 " bytes, fewer than the %" PRIu64 " bytes of the mark to resume from",
                       file->kind, rc_output_file_found(file), (uint64_t)info.st_size, bytes);
    rc_status s = check ? check(file, stream, context) : RC_STATUS_OK;
    if (s) return s;
    if (ftruncate(file->fd, (off_t)bytes) != 0) return rc_output_file_failed(file, "truncate it to the mark", errno);
    s = rc_output_file_adopt(file);
    if (!s && fseeko(stream, 0, SEEK_END) != 0) s = rc_output_file_failed(file, "seek to its end", errno);
    file->whole = bytes;
    return s;
}

rc_status rc_output_file_reopen(rc_output_file *file, const char *kind, const char *path, uint64_t bytes,
                                rc_output_check check, const void *context, FILE **stream)
{
    rc_status s = rc_output_file_find(file, kind, path);
    if (s) return s;
    file->fd = open(rc_output_file_found(file), (file->direct ? O_WRONLY | O_APPEND : O_RDWR) | O_CLOEXEC | O_NOFOLLOW);
    if (file->fd < 0) {
        s = errno == ELOOP ? refuse_link(file, rc_output_file_found(file))
                           : rc_output_file_failed(file, "open it to resume", errno);
    } else if (!(s = make_stream(file, file->direct ? "w" : "r+", stream)) && !file->direct) {
        s = cut(file, *stream, bytes, check, context);
        if (s) fclose(*stream);
    }
    if (s) {
        *stream = NULL;
        rc_output_file_end(file, false);
    }
    return s;
}

rc_status rc_output_file_mark(const rc_output_file *file, FILE *stream, uint64_t *bytes)
{
    *bytes = 0;
    errno = 0;
    if (fflush(stream) != 0 || ferror(stream) || file->error)
        return rc_output_file_failed(file, "flush", file->error ? file->error : errno);
    if (file->direct) return RC_STATUS_OK;
    off_t end = ftello(stream);
    if (end < 0 || fsync(file->fd) != 0) return rc_output_file_failed(file, "sync it to the disk", errno);
    *bytes = (uint64_t)end;
    return RC_STATUS_OK;
}

rc_status rc_directory_create(const char *path)
{
    if (!path || !path[0]) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "output directory: the name is empty");
    char *partial = strdup(path);
    if (!partial) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    int error = 0;
    for (char *p = partial + 1; *p && !error; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(partial, 0777) != 0 && errno != EEXIST) error = errno;
        *p = '/';
    }
    if (!error && mkdir(partial, 0777) != 0 && errno != EEXIST) error = errno;
    struct stat info;
    if (!error && (stat(path, &info) != 0 || !S_ISDIR(info.st_mode))) error = ENOTDIR;
    free(partial);
    if (error) return rc_fail(RC_STATUS_IO_ERROR, "cannot create the output directory %s: %s", path, strerror(error));
    return RC_STATUS_OK;
}

rc_status rc_output_file_start(rc_output_file *file, const char *kind, const char *path, const uint64_t *resume,
                               rc_output_check check, const void *context, int64_t units)
{
    rc_status s = resume ? rc_output_file_reopen(file, kind, path, *resume, check, context, &file->stream)
                         : rc_output_file_open(file, kind, path, &file->stream);
    if (!s) rc_output_file_commit(file, units);
    return s;
}

rc_status rc_output_file_unit_written(rc_output_file *file, bool ok, const char *unit)
{
    if (ok && fflush(file->stream) == 0 && !ferror(file->stream)) {
        rc_output_file_commit(file, file->units + 1);
        return RC_STATUS_OK;
    }
    file->failed = true;
    return rc_output_file_write_failed(file, unit);
}

rc_status rc_output_file_take_mark(rc_output_file *file, uint64_t *bytes)
{
    rc_status s = rc_output_file_mark(file, file->stream, bytes);
    file->failed |= s != RC_STATUS_OK;
    return s;
}

rc_status rc_output_file_finish(rc_output_file *file, rc_output_ending ending, const char *unit)
{
    return rc_output_file_close(file, file->stream, ending, unit);
}

rc_output_ending rc_output_file_ending(const rc_output_file *file)
{
    return file && file->failed ? RC_OUTPUT_CUT : RC_OUTPUT_WHOLE;
}
