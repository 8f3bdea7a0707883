/* SPDX-License-Identifier: MIT */
/* The options of a picture set from text (ricochet/render.h, rc_render_options_set), as `ricochet render` and
 * Python's render_run take them: the colour column, the colour bar's range, the frames, and the camera (view axis,
 * zoom, slab). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "ricochet/io.h"
#include "ricochet/render.h"

/* "A:B" of finite numbers, either part optional (left as it was); B > A when both are given. */
static rc_status number_range(const char *key, const char *value, double *low, double *high)
{
    const char *colon = strchr(value, ':');
    if (!colon) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is not MIN:MAX", key, value);
    const char *part[2] = {value, colon + 1};
    double x[2] = {*low, *high};
    for (int k = 0; k < 2; k++) {
        if (*part[k] == (k ? '\0' : ':')) continue;
        char *end;
        errno = 0;
        x[k] = strtod(part[k], &end);
        if (end == part[k] || *end != (k ? '\0' : ':') || errno || !isfinite(x[k]))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is not MIN:MAX of finite numbers", key, value);
    }
    if (!(x[1] > x[0])) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is empty (MAX <= MIN)", key, value);
    *low = x[0], *high = x[1];
    return RC_STATUS_OK;
}

/* "A:B" or "K" of frames: whole numbers from 0, B > A. */
static rc_status frame_range(const char *value, int64_t *first, int64_t *end)
{
    const char *colon = strchr(value, ':');
    uint64_t x[2] = {0, 0};
    char part[2][32] = {"", ""};
    size_t n = colon ? (size_t)(colon - value) : strlen(value);
    if (n >= sizeof part[0] || (colon && strlen(colon + 1) >= sizeof part[1]))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frames: \"%s\" is not A:B or K", value);
    memcpy(part[0], value, n);
    if (colon) strcpy(part[1], colon + 1);
    for (int k = 0; k < 2; k++) {
        if (!part[k][0]) continue;
        rc_status s = rc_text_count("frames", part[k], 0, (uint64_t)INT64_MAX - 1, &x[k]);
        if (s) return s;
    }
    if (!colon && !part[0][0]) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frames: empty");
    if (!colon) x[1] = x[0] + 1;
    if (part[1][0] && x[1] <= x[0])
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frames: \"%s\" is empty (B <= A)", value);
    *first = (int64_t)x[0], *end = colon && !part[1][0] ? 0 : (int64_t)x[1];
    return RC_STATUS_OK;
}

rc_status rc_render_options_set(rc_render_options *o, const char *key, const char *value)
{
    if (!o || !key || !value) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "render options: NULL argument");
    if (strcmp(key, "color") == 0) {
        o->color = NULL;
        if (strcmp(value, "species") == 0 || strcmp(value, "speed") == 0) return rc_color_by_parse(value, &o->color_by);
        if (!value[0]) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "color: the column's name is empty");
        o->color = value; /* checked against the frames' columns when they are read (rc_frame_column) */
        return RC_STATUS_OK;
    }
    if (strcmp(key, "color-range") == 0) return number_range(key, value, &o->color_min, &o->color_max);
    if (strcmp(key, "slab") == 0) return number_range(key, value, &o->slab_min, &o->slab_max);
    if (strcmp(key, "frames") == 0) return frame_range(value, &o->first_frame, &o->end_frame);
    if (strcmp(key, "zoom") == 0) return rc_text_positive(key, value, &o->zoom);
    if (strcmp(key, "view") == 0) {
        if (strlen(value) != 1 || !strchr("xyz", value[0]))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "view: \"%s\" is not x, y or z", value);
        o->view = value[0];
        return RC_STATUS_OK;
    }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "render option \"%s\" is not color, color-range, frames, view, zoom or slab", key);
}
