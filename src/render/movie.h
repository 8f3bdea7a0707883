/* SPDX-License-Identifier: MIT */
/* MP4 films of numbered PNG pictures, made by ffmpeg as a child process (src/render/movie.c), for
 * rc_render_trajectories (ricochet/render.h). */
#ifndef RC_RENDER_MOVIE_H
#define RC_RENDER_MOVIE_H

#include "ricochet/core.h"

/* Whether ffmpeg is on PATH: RC_STATUS_OK, or RC_STATUS_IO_ERROR saying that it is not installed, naming mp4 (the film that would
 * have been made). */
rc_status rc_movie_check(const char *mp4);

/* Joins the pictures named by pattern (a printf pattern of one integer, "DIR/frame_%05d.png", numbered from 0) into
 * an H.264 MP4 at mp4, fps pictures a second. ffmpeg's own messages are kept: RC_STATUS_IO_ERROR names mp4 and quotes the
 * last line ffmpeg wrote when it fails, or says why it could not be started. */
rc_status rc_movie_write(const char *pattern, double fps, const char *mp4);

#endif
