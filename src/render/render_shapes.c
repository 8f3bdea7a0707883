/* SPDX-License-Identifier: MIT */
/* Reading a run's side file DIRECTORY/shapes.json for the renderer (ricochet/render.h, rc_render_shapes_create_from_file;
 * docs/formats.md, "shapes.json"): every field checked and named on failure; a box becomes its corners, a 2D polygon
 * is put in counter-clockwise order around its centroid, and a 3D box or hull gets its faces: the supporting plane of
 * each distinct outward normal of its convex hull (src/rigid/hull.c) is a face, its corners ordered counter-clockwise
 * seen from outside. The faces are found once, when the file is read. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "render/render_shapes.h"
#include "rigid/hull.h"
#include "json/json_document.h"
#include "json/json_fields.h"

enum { MOST_CORNERS = 4096 };

static void cross(const double a[3], const double b[3], double out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1], out[1] = a[2] * b[0] - a[0] * b[2], out[2] = a[0] * b[1] - a[1] * b[0];
}

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

typedef struct angled {
    double angle;
    int corner;
} angled;

static int by_angle(const void *a, const void *b)
{
    const angled *p = a, *q = b;
    return p->angle < q->angle ? -1 : p->angle > q->angle;
}

/* Orders corners[0 .. n-1] (indices into points) counter-clockwise about the unit normal n around their centroid. */
static void order_around(const double *points, int *corners, int n, const double normal[3], angled *scratch)
{
    double c[3] = {0, 0, 0}, u[3], v[3];
    for (int k = 0; k < n; k++)
        for (int j = 0; j < 3; j++) c[j] += points[3 * corners[k] + j] / n;
    double any[3] = {fabs(normal[0]) < 0.9 ? 1 : 0, fabs(normal[0]) < 0.9 ? 0 : 1, 0};
    cross(normal, any, u);
    double length = sqrt(dot(u, u));
    for (int j = 0; j < 3; j++) u[j] /= length;
    cross(normal, u, v);
    for (int k = 0; k < n; k++) {
        const double *p = points + 3 * corners[k];
        double d[3] = {p[0] - c[0], p[1] - c[1], p[2] - c[2]};
        scratch[k] = (angled){atan2(dot(d, v), dot(d, u)), corners[k]};
    }
    qsort(scratch, (size_t)n, sizeof *scratch, by_angle);
    for (int k = 0; k < n; k++) corners[k] = scratch[k].corner;
}

/* The corners of s on the plane n.x = d (within tolerance), counted, or written to corners when it is not NULL. */
static int on_plane(const rc_render_solid *s, const double n[3], double d, double tolerance, int *corners)
{
    int count = 0;
    for (int k = 0; k < s->point_count; k++)
        if (fabs(dot(n, s->points + 3 * k) - d) <= tolerance) {
            if (corners) corners[count] = k;
            count++;
        }
    return count;
}

/* The faces of a 3D polytope: the outward normals of its convex hull (src/rigid/hull.c, incremental construction,
 * about n^2 work), nearly equal ones taken once, each face the corners on its supporting plane. */
static rc_status find_faces(rc_render_solid *s, const char *where)
{
    char name[RC_FIELD_NAME_SIZE];
    rc_field_name(name, where, "points");
    rc_hull h;
    rc_status r = rc_hull_build(3, s->points, s->point_count, name, &h);
    if (r) return r;
    double size = 0;
    for (int k = 0; k < 3 * s->point_count; k++) size = fmax(size, fabs(s->points[k]));
    double tolerance = 1e-9 * size, *offset = malloc((size_t)h.normal_count * sizeof *offset);
    int *kept = malloc((size_t)h.normal_count * sizeof *kept), faces = 0, incidences = 0;
    for (int f = 0; offset && kept && f < h.normal_count; f++) {
        const double *n = h.normals + 3 * f;
        bool seen = false;
        for (int g = 0; g < faces && !seen; g++) seen = dot(h.normals + 3 * kept[g], n) > 1 - 1e-9;
        if (seen) continue;
        offset[f] = -INFINITY;
        for (int k = 0; k < s->point_count; k++) offset[f] = fmax(offset[f], dot(n, s->points + 3 * k));
        kept[faces++] = f;
        incidences += on_plane(s, n, offset[f], tolerance, NULL);
    }
    s->face_first = calloc((size_t)faces + 1, sizeof *s->face_first);
    s->face_corner = malloc((size_t)(incidences > 0 ? incidences : 1) * sizeof *s->face_corner);
    angled *scratch = malloc((size_t)s->point_count * sizeof *scratch);
    bool ok = offset && kept && s->face_first && s->face_corner && scratch;
    for (int g = 0; ok && g < faces; g++) {
        const double *n = h.normals + 3 * kept[g];
        int first = s->face_first[g], count = on_plane(s, n, offset[kept[g]], tolerance, s->face_corner + first);
        order_around(s->points, s->face_corner + first, count, n, scratch);
        s->face_first[g + 1] = first + count;
    }
    s->face_count = ok ? faces : 0;
    rc_hull_free(&h);
    free(offset);
    free(kept);
    free(scratch);
    return ok ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "shapes: out of memory for the faces of a hull");
}

/* A polygon's corners counter-clockwise (2D). */
static rc_status order_polygon(rc_render_solid *s)
{
    int *corners = malloc((size_t)s->point_count * sizeof *corners);
    angled *scratch = malloc((size_t)s->point_count * sizeof *scratch);
    double *sorted = malloc(3 * (size_t)s->point_count * sizeof *sorted);
    bool ok = corners && scratch && sorted;
    for (int k = 0; ok && k < s->point_count; k++) corners[k] = k;
    if (ok) order_around(s->points, corners, s->point_count, (double[3]){0, 0, 1}, scratch);
    for (int k = 0; ok && k < s->point_count; k++)
        memcpy(sorted + 3 * k, s->points + 3 * corners[k], 3 * sizeof *sorted);
    if (ok) memcpy(s->points, sorted, 3 * (size_t)s->point_count * sizeof *sorted);
    free(corners);
    free(scratch);
    free(sorted);
    return ok ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "shapes: out of memory");
}

static rc_status read_points(const cJSON *object, const char *where, int d, rc_render_solid *s)
{
    const cJSON *list;
    char name[RC_FIELD_NAME_SIZE], item[RC_FIELD_NAME_SIZE];
    rc_status r = rc_json_list(object, where, "points", true, &list);
    int n = r ? 0 : cJSON_GetArraySize(list);
    rc_field_name(name, where, "points");
    if (!r && (n < d + 1 || n > MOST_CORNERS))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %d points, not %d to %d", name, n, d + 1, MOST_CORNERS);
    if (!r && !(s->points = calloc(3 * (size_t)n, sizeof *s->points)))
        r = rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    for (int k = 0; !r && k < n; k++) {
        rc_field_index(item, name, k);
        r = rc_json_item_vector(cJSON_GetArrayItem(list, k), item, d, d == 2 ? "dimension is 2" : "dimension is 3",
                                s->points + 3 * k);
    }
    s->point_count = r ? 0 : n;
    return r;
}

static rc_status read_box(const cJSON *object, const char *where, int d, rc_render_solid *s)
{
    double half[3] = {0, 0, 0};
    rc_status r =
        rc_json_vector(object, where, "half_extents", d, d == 2 ? "dimension is 2" : "dimension is 3", true, half);
    int n = d == 2 ? 4 : 8;
    if (!r && !(s->points = calloc(3 * (size_t)n, sizeof *s->points)))
        r = rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    for (int c = 0; !r && c < n; c++)
        for (int k = 0; k < d; k++) s->points[3 * c + k] = (c >> k & 1) ? half[k] : -half[k];
    s->point_count = r ? 0 : n;
    return r;
}

/* One entry of "bodies" or "static". */
static rc_status read_solid(const cJSON *object, const char *where, int d, bool fixed, rc_render_solid *s)
{
    const char *kind;
    rc_status r = rc_json_expect_object(object, where);
    if (!r) r = rc_json_string(object, where, "shape", true, &kind);
    if (r) return r;
    s->orientation[0] = 1;
    const char *why = d == 2 ? "dimension is 2" : "dimension is 3";
    if (fixed) r = rc_json_vector(object, where, "position", d, why, true, s->position);
    if (!r && fixed) r = rc_json_vector(object, where, "orientation", 4, "a quaternion w x y z", false, s->orientation);
    if (r) return r;
    if (strcmp(kind, "ball") == 0 || strcmp(kind, "sphere") == 0) {
        s->kind = RC_SOLID_SPHERE;
        return rc_json_positive(object, where, "radius", true, &s->radius);
    }
    if (strcmp(kind, "plane") == 0 && fixed) {
        s->kind = RC_SOLID_PLANE;
        r = rc_json_vector(object, where, "normal", d, why, true, s->normal);
        double length = sqrt(dot(s->normal, s->normal));
        for (int k = 0; k < 3; k++) s->normal[k] /= length;
        return r || length > 0 ? r : rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.normal: the zero vector", where);
    }
    s->kind = RC_SOLID_POLYTOPE;
    if (strcmp(kind, "box") == 0) r = read_box(object, where, d, s);
    else if (strcmp(kind, "hull") == 0) r = read_points(object, where, d, s);
    else
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.shape: \"%s\" is not ball, sphere, box, hull%s", where, kind,
                       fixed ? " or plane" : "");
    if (r) return r;
    return d == 2 ? order_polygon(s) : find_faces(s, where);
}

static rc_status read_list(const cJSON *root, const char *key, int d, bool fixed, int32_t *count,
                           rc_render_solid **solids)
{
    const cJSON *list;
    rc_status r = rc_json_list(root, "", key, true, &list);
    if (r) return r;
    *count = cJSON_GetArraySize(list);
    *solids = calloc(*count > 0 ? (size_t)*count : 1, sizeof **solids);
    if (!*solids) return rc_fail(RC_STATUS_NO_MEMORY, "shapes: out of memory for %d %s", (int)*count, key);
    char where[RC_FIELD_NAME_SIZE];
    for (int32_t i = 0; !r && i < *count; i++) {
        rc_field_index(where, key, (int)i);
        r = read_solid(cJSON_GetArrayItem(list, (int)i), where, d, fixed, *solids + i);
    }
    return r;
}

rc_status rc_render_shapes_create_from_file(const char *path, rc_render_shapes **out)
{
    if (!path || !out) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "shapes: NULL path or result");
    *out = NULL;
    char *text = NULL;
    cJSON *root = NULL;
    rc_render_shapes *shapes = calloc(1, sizeof *shapes);
    rc_status s =
        shapes ? rc_text_create_from_file(path, &text) : rc_fail(RC_STATUS_NO_MEMORY, "shapes: out of memory");
    if (!s) s = rc_json_parse(text, &root);
    double dimension = 0;
    if (!s) s = rc_json_number(root, "", "dimension", true, &dimension);
    if (!s && dimension != 2 && dimension != 3)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "dimension: %g is not 2 or 3", dimension);
    if (!s) shapes->dimension = (int)dimension;
    if (!s) s = read_list(root, "bodies", shapes->dimension, false, &shapes->body_count, &shapes->bodies);
    if (!s) s = read_list(root, "static", shapes->dimension, true, &shapes->static_count, &shapes->statics);
    cJSON_Delete(root);
    free(text);
    if (s) {
        rc_render_shapes_destroy(shapes);
        return rc_fail(s, "shapes %s: %s", path, rc_error_get());
    }
    *out = shapes;
    return RC_STATUS_OK;
}

static void free_solids(rc_render_solid *solids, int32_t count)
{
    for (int32_t i = 0; solids && i < count; i++) {
        free(solids[i].points);
        free(solids[i].face_first);
        free(solids[i].face_corner);
    }
    free(solids);
}

void rc_render_shapes_destroy(rc_render_shapes *shapes)
{
    if (!shapes) return;
    free_solids(shapes->bodies, shapes->body_count);
    free_solids(shapes->statics, shapes->static_count);
    free(shapes);
}
