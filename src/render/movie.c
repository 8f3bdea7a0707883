/* SPDX-License-Identifier: MIT */
/* MP4 films of numbered PNG pictures (src/render/movie.h): ffmpeg looked for on PATH, then started with posix_spawnp, its
 * standard input /dev/null and its error output read through a pipe (closed on exec in any other child), so that the library prints nothing and a failure
 * can quote ffmpeg's last line. */
#include "render/movie.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/number_text.h"
#include "core/status.h"

enum { KEPT = 512 }; /* the bytes of ffmpeg's error output kept for the message: its end */

/* Whether an executable named name is in a folder of PATH. */
static bool on_path(const char *name)
{
    const char *path = getenv("PATH");
    char candidate[4096];
    for (const char *p = path ? path : ""; *p;) {
        size_t n = strcspn(p, ":");
        snprintf(candidate, sizeof candidate, "%.*s/%s", (int)n, p, name);
        if (n && access(candidate, X_OK) == 0) return true;
        p += n + (p[n] == ':');
    }
    return false;
}

rc_status rc_movie_check(const char *mp4)
{
    if (on_path("ffmpeg")) return RC_STATUS_OK;
    return rc_fail(RC_STATUS_IO_ERROR,
                   "mp4 %s: ffmpeg is not installed (Debian package ffmpeg; it is looked for on PATH); "
                   "draw the PNG pictures without an MP4, or install it",
                   mp4);
}

/* Reads the pipe to its end, keeping the last KEPT - 1 bytes in tail (NUL-terminated), then its last non-empty line. */
static const char *last_line(int fd, char tail[KEPT])
{
    size_t used = 0;
    char chunk[4096];
    for (ssize_t n; (n = read(fd, chunk, sizeof chunk)) != 0;) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;
        size_t take = (size_t)n < KEPT - 1 ? (size_t)n : KEPT - 1,
               keep = used + take > KEPT - 1 ? KEPT - 1 - take : used;
        memmove(tail, tail + used - keep, keep);
        memcpy(tail + keep, chunk + (size_t)n - take, take);
        used = keep + take;
    }
    while (used && (tail[used - 1] == '\n' || tail[used - 1] == '\r')) used--;
    tail[used] = '\0';
    char *start = strrchr(tail, '\n');
    return start ? start + 1 : tail;
}

rc_status rc_movie_write(const char *pattern, double fps, const char *mp4)
{
    char rate[32], tail[KEPT];
    rc_number_text(rate, fps);
    char *args[] = {"ffmpeg",     "-nostdin", "-y",      "-loglevel",     "error",
                    "-framerate", rate,       "-i",      (char *)pattern, "-c:v",
                    "libx264",    "-pix_fmt", "yuv420p", "-vf",           "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                    (char *)mp4,  NULL};
    int pipe_fds[2];
    if (pipe2(pipe_fds, O_CLOEXEC) != 0)
        return rc_fail(RC_STATUS_IO_ERROR, "mp4 %s: cannot run ffmpeg (%s)", mp4, strerror(errno));
    posix_spawn_file_actions_t actions;
    int error = posix_spawn_file_actions_init(&actions);
    if (!error) error = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (!error) error = posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 2);
    pid_t pid = 0;
    if (!error) error = posix_spawnp(&pid, "ffmpeg", &actions, NULL, args, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(pipe_fds[1]);
    const char *said = error ? "" : last_line(pipe_fds[0], tail);
    close(pipe_fds[0]);
    if (error) return rc_fail(RC_STATUS_IO_ERROR, "mp4 %s: cannot run ffmpeg (%s)", mp4, strerror(error));
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return rc_fail(RC_STATUS_IO_ERROR, "mp4 %s: lost ffmpeg (%s)", mp4, strerror(errno));
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return RC_STATUS_OK;
    if (WIFSIGNALED(status))
        return rc_fail(RC_STATUS_IO_ERROR, "mp4 %s: ffmpeg was ended by signal %d", mp4, WTERMSIG(status));
    return rc_fail(RC_STATUS_IO_ERROR, "mp4 %s: ffmpeg failed (exit %d)%s%s", mp4, WEXITSTATUS(status),
                   said[0] ? ": " : "", said);
}
