/* Output files that appear only when complete (src/io/output_file.h): PATH.partial while writing, renamed to PATH
 * at a clean close; reopened, cut back to a mark and appended to when a run resumes; and the directories they go
 * into (rc_directory_make, mkdir -p). A PATH that exists and is not a regular file (a device such as /dev/null, a
 * pipe) is written directly: it is neither removed nor replaced. */
#include "io/output_file.h"

#include <errno.h>
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
    return rc_fail(RC_IO_ERROR, "%s output %s: cannot %s (%s)", file->kind, file->path, what,
                   strerror(error ? error : EIO));
}

/* Copies the path and derives the name written meanwhile (PATH.partial, or PATH itself for a device or a pipe). */
static rc_status name(rc_output_file *file, const char *kind, const char *path)
{
    memset(file, 0, sizeof *file);
    file->kind = kind;
    if (!path) return rc_fail(RC_INVALID_ARGUMENT, "%s output path: NULL", kind);
    size_t size = strlen(path) + sizeof suffix;
    file->path = strdup(path);
    file->partial = malloc(size);
    if (!file->path || !file->partial) {
        rc_output_file_end(file, false);
        return rc_fail(RC_NO_MEMORY, "%s output %s: out of memory", kind, path);
    }
    struct stat info;
    file->direct = stat(path, &info) == 0 && !S_ISREG(info.st_mode);
    snprintf(file->partial, size, "%s%s", path, file->direct ? "" : suffix);
    return RC_OK;
}

rc_status rc_output_file_begin(rc_output_file *file, const char *kind, const char *path)
{
    rc_status s = name(file, kind, path);
    if (s) return s;
    if (!file->direct && unlink(path) != 0 && errno != ENOENT) {
        s = rc_output_file_failed(file, "remove the older file", errno);
        rc_output_file_end(file, false);
    }
    return s;
}

rc_status rc_output_file_end(rc_output_file *file, bool complete)
{
    rc_status s = RC_OK;
    if (complete && !file->direct && rename(file->partial, file->path) != 0)
        s = rc_output_file_failed(file, "rename the finished file", errno);
    free(file->path);
    free(file->partial);
    file->path = file->partial = NULL;
    return s;
}

rc_status rc_output_file_open(rc_output_file *file, const char *kind, const char *path, FILE **stream)
{
    rc_status s = rc_output_file_begin(file, kind, path);
    if (s) return s;
    *stream = fopen(file->partial, "w");
    if (*stream) return RC_OK;
    s = rc_output_file_failed(file, "open for writing", errno);
    rc_output_file_end(file, false);
    return s;
}

rc_status rc_output_file_close(rc_output_file *file, FILE *stream, bool failed)
{
    errno = 0;
    bool flushed = fflush(stream) == 0 && !ferror(stream);
    bool closed = fclose(stream) == 0;
    rc_status s = flushed && closed ? RC_OK : rc_output_file_failed(file, "finish writing", errno);
    rc_status renamed = rc_output_file_end(file, !s && !failed);
    return s ? s : renamed;
}

rc_status rc_output_file_check_mark(const char *kind, const char *path, const rc_output_mark *mark)
{
    if (!mark) return rc_fail(RC_INVALID_ARGUMENT, "%s output %s: NULL mark", kind, path ? path : "(NULL)");
    if (mark->frames < 0 || mark->rows < 0)
        return rc_fail(RC_INVALID_ARGUMENT, "%s output %s: a mark of %" PRId64 " frames and %" PRId64 " rows", kind,
                       path ? path : "(NULL)", mark->frames, mark->rows);
    return RC_OK;
}

rc_status rc_output_file_find(rc_output_file *file, const char *kind, const char *path)
{
    rc_status s = name(file, kind, path);
    if (s || file->direct || access(file->partial, F_OK) == 0) return s;
    file->finished = access(path, F_OK) == 0;
    if (file->finished) return RC_OK;
    s = rc_fail(RC_IO_ERROR, "%s output %s: cannot resume: neither it nor %s exists", kind, path, file->partial);
    rc_output_file_end(file, false);
    return s;
}

const char *rc_output_file_found(const rc_output_file *file)
{
    return file->finished ? file->path : file->partial;
}

rc_status rc_output_file_adopt(rc_output_file *file)
{
    if (!file->finished) return RC_OK;
    if (rename(file->path, file->partial) != 0) return rc_output_file_failed(file, "rename it to .partial", errno);
    file->finished = false;
    return RC_OK;
}

/* The checks of a resume, then the cut: the found file's length against the mark, check, truncation, the rename. */
static rc_status cut(rc_output_file *file, FILE *stream, uint64_t bytes, rc_output_check check, const void *context)
{
    struct stat info;
    if (fstat(fileno(stream), &info) != 0) return rc_output_file_failed(file, "read its length", errno);
    if ((uint64_t)info.st_size < bytes)
        return rc_fail(RC_INVALID_ARGUMENT, "%s output %s: %" PRIu64 " bytes, fewer than the %" PRIu64
                       " bytes of the mark to resume from", file->kind, rc_output_file_found(file),
                       (uint64_t)info.st_size, bytes);
    rc_status s = check ? check(file, stream, context) : RC_OK;
    if (s) return s;
    if (ftruncate(fileno(stream), (off_t)bytes) != 0)
        return rc_output_file_failed(file, "truncate it to the mark", errno);
    s = rc_output_file_adopt(file);
    if (!s && fseeko(stream, 0, SEEK_END) != 0) s = rc_output_file_failed(file, "seek to its end", errno);
    return s;
}

rc_status rc_output_file_reopen(rc_output_file *file, const char *kind, const char *path, uint64_t bytes,
                                rc_output_check check, const void *context, FILE **stream)
{
    rc_status s = rc_output_file_find(file, kind, path);
    if (s) return s;
    *stream = fopen(rc_output_file_found(file), file->direct ? "a" : "r+");
    if (!*stream) {
        s = rc_output_file_failed(file, "open it to resume", errno);
    } else if (!file->direct) {
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
    if (fflush(stream) != 0 || ferror(stream)) return rc_output_file_failed(file, "flush", errno);
    if (file->direct) return RC_OK;
    off_t end = ftello(stream);
    if (end < 0 || fsync(fileno(stream)) != 0) return rc_output_file_failed(file, "sync it to the disk", errno);
    *bytes = (uint64_t)end;
    return RC_OK;
}

rc_status rc_directory_make(const char *path)
{
    if (!path || !path[0]) return rc_fail(RC_INVALID_ARGUMENT, "output directory: the name is empty");
    char *partial = strdup(path);
    if (!partial) return rc_fail(RC_NO_MEMORY, "out of memory");
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
    if (error) return rc_fail(RC_IO_ERROR, "cannot create the output directory %s: %s", path, strerror(error));
    return RC_OK;
}
