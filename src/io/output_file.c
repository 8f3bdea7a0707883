/* Output files that appear only when complete (src/io/output_file.h): PATH.partial while writing, renamed to PATH
 * at a clean close. A PATH that exists and is not a regular file (a device such as /dev/null, a pipe) is written
 * directly: it is neither removed nor replaced. */
#include "io/output_file.h"

#include <errno.h>
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

rc_status rc_output_file_begin(rc_output_file *file, const char *kind, const char *path)
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
    if (!file->direct && unlink(path) != 0 && errno != ENOENT) {
        rc_status s = rc_output_file_failed(file, "remove the older file", errno);
        rc_output_file_end(file, false);
        return s;
    }
    return RC_OK;
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
