/* SPDX-License-Identifier: MIT */
/* The lock of a run folder (docs/cli.md, "The run folder"): two runs writing into one folder would mix their frames
 * and rename each other's files away, so a run (new or resumed) and a sweep hold an advisory lock on DIRECTORY/.lock
 * while they write there. It is an open-file-description lock (fcntl F_OFD_SETLK): the kernel releases it when the
 * process ends however it ends (a crash, SIGKILL), it is not lost when another descriptor of the file closes, and a
 * second run in the same process (a Python session) conflicts as one in another process does. The holder writes its
 * process id into the file, which a refused run names. A lock still held after two seconds is in use (a holder just
 * killed releases it as its processes finish dying). The holder removes the file when it lets go; so that a run that
 * locked the file just as it was removed holds nothing, a lock counts only when the name still leads to the locked
 * file, else it is taken again on the new one. A crash leaves the file, unlocked, to be taken by the next run. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/status.h"
#include "run/files.h"
#include "run/run.h"

enum { GRACE_MS = 2000, POLL_MS = 20 };

/* The process id the holder wrote into the lock file, or 0 when it cannot be read (the holder is writing it). */
static long holder(int fd)
{
    char text[32] = "";
    ssize_t n = pread(fd, text, sizeof text - 1, 0);
    text[n > 0 ? n : 0] = '\0';
    return strtol(text, NULL, 10);
}

/* One attempt: opens (creating) DIRECTORY/.lock and locks it, within the grace time; *fd is its descriptor, *retry
 * when the file was removed by its last holder meanwhile (the lock is then on a file that no longer has the name). */
static rc_status attempt(const char *directory, const char *what, const char *path, int *fd, bool *retry)
{
    *retry = false;
    *fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
    struct flock whole = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    int locked = -1, error = errno;
    /* a holder that was just killed may still be exiting (its processes close their descriptors as they die): a lock
     * that stays held for GRACE_MS is in use */
    for (int waited = 0; *fd >= 0; waited += POLL_MS) {
        locked = fcntl(*fd, F_OFD_SETLK, &whole);
        error = errno;
        if (locked == 0 || (error != EAGAIN && error != EACCES) || waited >= GRACE_MS) break;
        nanosleep(&(struct timespec){0, POLL_MS * 1000000L}, NULL);
    }
    struct stat held, named;
    rc_status s = RC_STATUS_OK;
    if (*fd < 0 && error == ELOOP) {
        s = rc_fail(RC_STATUS_IO_ERROR,
                    "cannot lock the %s %s: %s is a symbolic link; a run folder's files are never "
                    "links: remove it",
                    what, directory, path);
    } else if (*fd < 0) {
        s = rc_fail(RC_STATUS_IO_ERROR, "cannot lock the %s %s: cannot create %s (%s)", what, directory, path,
                    strerror(error));
    } else if (locked != 0 && (error == EAGAIN || error == EACCES)) {
        char who[48] = "another process";
        long pid = holder(*fd);
        if (pid > 0) snprintf(who, sizeof who, "process %ld", pid);
        s = rc_fail(RC_STATUS_IO_ERROR,
                    "the %s %s is in use by another run (%s holds its lock %s): two runs into one "
                    "folder would mix their files; wait for it to end or choose another folder",
                    what, directory, who, path);
    } else if (locked != 0) {
        s = rc_fail(RC_STATUS_IO_ERROR, "cannot lock the %s %s: %s (%s)", what, directory, path, strerror(error));
    } else {
        *retry = fstat(*fd, &held) != 0 || lstat(path, &named) != 0 || held.st_ino != named.st_ino ||
                 held.st_dev != named.st_dev;
    }
    if ((s || *retry) && *fd >= 0) {
        close(*fd);
        *fd = -1;
    }
    return s;
}

rc_status rc_run_lock_take(const char *directory, const char *what, int *lock)
{
    *lock = -1;
    char *path = rc_run_join(directory, ".lock");
    if (!path) return RC_STATUS_NO_MEMORY;
    int fd = -1;
    bool retry = true;
    rc_status s = RC_STATUS_OK;
    for (int tries = 0; retry && !s; tries++)
        s = tries < 100
                ? attempt(directory, what, path, &fd, &retry)
                : rc_fail(RC_STATUS_IO_ERROR, "cannot lock the %s %s: %s keeps being removed", what, directory, path);
    char text[32];
    int length = snprintf(text, sizeof text, "%ld\n", (long)getpid());
    if (!s && (ftruncate(fd, 0) != 0 || pwrite(fd, text, (size_t)length, 0) != length))
        s = rc_fail(RC_STATUS_IO_ERROR, "cannot lock the %s %s: cannot write %s (%s)", what, directory, path,
                    strerror(errno ? errno : EIO));
    free(path);
    if (s) {
        if (fd >= 0) close(fd);
        return s;
    }
    *lock = fd;
    return RC_STATUS_OK;
}

void rc_run_lock_release(const char *directory, int *lock)
{
    if (*lock < 0) return;
    char *path = rc_run_join(directory, ".lock");
    if (path) unlink(path); /* while still held: a run that locks the removed file sees it gone and takes a new one */
    free(path);
    close(*lock);
    *lock = -1;
}
