/* SPDX-License-Identifier: MIT */
/* An analysis of frames (ricochet/analysis.h): its options by key, the first frame that fixes what is measured and
 * the defaults that scale with the particles' mean diameter, each frame handed to g(r), S(k), Q6 / psi6 and the
 * correlators of the MSD (unwrapped positions, position + image x box) and the VACF, the frames of a trajectory file
 * or run folder, and the finish that turns sums into tables, contact values and D. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "analysis/analysis.h"
#include "core/status.h"
#include "ricochet/io.h"
#include "ricochet/trajectory.h"
#include "json/json_document.h"

const char *const rc_analysis_table_names[RC_ANALYSIS_TABLES] = {
    "rdf", "structure_factor", "msd", "vacf", "order_particles", "g6", "interdiffusion"};
const char *const rc_analysis_measure_names[4] = {"rdf", "structure_factor", "msd", "order"};

rc_status rc_analysis_create(rc_analysis **analysis)
{
    if (!analysis) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis: NULL result");
    rc_analysis *a = calloc(1, sizeof *a);
    if (!a) return rc_fail(RC_STATUS_NO_MEMORY, "analysis: out of memory");
    a->end_frame = -1;
    a->contact_width = 0.1;
    a->k_vectors = 64;
    a->msd_points = 32;
    a->groups = 16;
    a->run_compressibility = a->run_viscosity = NAN;
    a->equilibrated = -INFINITY;
    a->local.solid_bond = 0.7;
    a->local.solid_bonds = 7;
    a->diffusion = a->diffusion_error = NAN;
    a->interdiffusion_pair[0] = a->interdiffusion_pair[1] = -1;
    *analysis = a;
    return RC_STATUS_OK;
}

void rc_analysis_destroy(rc_analysis *a)
{
    if (!a) return;
    rc_cells_release(&a->cells);
    rc_rdf_release(&a->rdf);
    rc_structure_factor_release(&a->sf);
    rc_order_release(&a->order);
    rc_local_order_release(&a->local);
    rc_correlator_release(&a->msd);
    rc_correlator_release(&a->vacf);
    rc_mixture_release(&a->mixture);
    for (int k = 0; k < RC_ANALYSIS_TABLES; k++) rc_table_release(&a->tables[k]);
    for (int k = 0; k < 4; k++) free(a->reasons[k]);
    free(a->contact);
    free(a->contact_error);
    free(a->unwrapped);
    free(a->previous);
    free(a->source);
    free(a);
}

/* A whole number in [low, high], by the library's rule (rc_text_count). */
static rc_status count(const char *key, const char *value, long low, long high, int *out)
{
    uint64_t x;
    rc_status s = rc_text_count(key, value, (uint64_t)low, (uint64_t)high, &x);
    if (!s) *out = (int)x;
    return s;
}

static rc_status compute_list(rc_analysis *a, const char *value)
{
    const char *const *names = rc_analysis_measure_names;
    a->compute = 0;
    for (const char *p = value; *p;) {
        size_t n = strcspn(p, ",");
        int bit = 0;
        for (int k = 0; k < 4; k++)
            if (strlen(names[k]) == n && strncmp(p, names[k], n) == 0) bit = 1 << k;
        if (!bit)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "compute: \"%.*s\" is not rdf, structure_factor, msd or order",
                           (int)n, p);
        a->compute |= bit;
        p += n + (p[n] == ',');
    }
    if (!a->compute) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "compute: empty");
    return RC_STATUS_OK;
}

/* "A:B" with both parts optional: whole numbers (frames) or non-negative numbers (fit times). */
static rc_status range(const char *key, const char *value, bool frames, double *low, double *high)
{
    const char *colon = strchr(value, ':');
    if (!colon) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is not A:B", key, value);
    char *end;
    errno = 0;
    double x[2] = {*low, *high};
    const char *part[2] = {value, colon + 1};
    for (int k = 0; k < 2; k++) {
        if (*part[k] == (k ? '\0' : ':')) continue;
        x[k] = frames ? (double)strtoll(part[k], &end, 10) : strtod(part[k], &end);
        if (end == part[k] || *end != (k ? '\0' : ':') || errno || !isfinite(x[k]) || x[k] < 0)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is not A:B with %s A and B", key, value,
                           frames ? "whole" : "non-negative");
    }
    if (*part[1] && x[1] <= x[0])
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is empty (B <= A)", key, value);
    *low = x[0], *high = x[1];
    return RC_STATUS_OK;
}

rc_status rc_analysis_set(rc_analysis *a, const char *key, const char *value)
{
    if (!a || !key || !value) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis set: NULL argument");
    if (a->frames) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: options are set before the first frame", key);
    if (strcmp(key, "compute") == 0) return compute_list(a, value);
    if (strcmp(key, "frames") == 0) {
        double low = 0, high = -1;
        rc_status s = range(key, value, true, &low, &high);
        a->first_frame = (int64_t)low, a->end_frame = (int64_t)high;
        a->frames_given = true;
        return s;
    }
    if (strcmp(key, "fit") == 0) return range(key, value, false, &a->fit_start, &a->fit_end);
    if (strcmp(key, "rdf_range") == 0) return rc_text_positive(key, value, &a->rdf_range);
    if (strcmp(key, "contact_width") == 0) return rc_text_positive(key, value, &a->contact_width);
    if (strcmp(key, "k_max") == 0) return rc_text_positive(key, value, &a->k_max);
    if (strcmp(key, "order_cutoff") == 0) return rc_text_positive(key, value, &a->order_cutoff);
    if (strcmp(key, "viscosity") == 0) return rc_text_positive(key, value, &a->viscosity);
    if (strcmp(key, "neighbours") == 0) {
        if (strcmp(value, "distance") && strcmp(value, "voronoi"))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "neighbours: \"%s\" is not distance or voronoi", value);
        a->local.voronoi = strcmp(value, "voronoi") == 0;
        return RC_STATUS_OK;
    }
    if (strcmp(key, "interdiffusion") == 0) return rc_mixture_pair_parse(key, value, a->interdiffusion_pair);
    if (strcmp(key, "g6_range") == 0) return rc_text_positive(key, value, &a->local.g6_range);
    if (strcmp(key, "solid_bond") == 0) {
        rc_status s = rc_text_positive(key, value, &a->local.solid_bond);
        if (!s && a->local.solid_bond >= 1)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "solid_bond: %s is not below 1 (a product of unit vectors)",
                           value);
        return s;
    }
    if (strcmp(key, "solid_bonds") == 0) return count(key, value, 1, 1000, &a->local.solid_bonds);
    if (strcmp(key, "rdf_bins") == 0) return count(key, value, 1, 10000000, &a->rdf_bins);
    if (strcmp(key, "k_vectors") == 0) return count(key, value, 1, 1000000, &a->k_vectors);
    if (strcmp(key, "groups") == 0) return count(key, value, 1, 1000, &a->groups);
    if (strcmp(key, "msd_points") == 0) {
        rc_status s = count(key, value, 4, 1000000, &a->msd_points);
        if (!s && a->msd_points % 2) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "msd_points: %s is odd", value);
        return s;
    }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis option \"%s\" is not known", key);
}

/* Half the smallest periodic edge (infinite without one): the reach of minimum images. */
static double half_edge(const rc_frame *f)
{
    double half = INFINITY;
    for (int k = 0; k < f->dimension; k++)
        if (f->periodic[k]) half = fmin(half, f->box[k] / 2);
    return half;
}

/* What every computation relies on: a box of finite positive edges and finite numbers (outside files can hold
 * anything). */
static rc_status check_numbers(const rc_frame *f)
{
    for (int k = 0; k < f->dimension; k++)
        if (!(f->box[k] > 0 && f->box[k] < 1e300))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis: box edge %d is %g, not a positive finite number", k,
                           f->box[k]);
    for (int32_t i = 0; i < f->count; i++) {
        bool finite = isfinite(f->radii[i]) && f->radii[i] >= 0 && isfinite(f->masses[i]);
        for (int k = 0; k < 3; k++)
            finite &= isfinite(f->positions[3 * i + k]) && fabs(f->positions[3 * i + k]) < 1e300 &&
                      isfinite(f->velocities[3 * i + k]);
        if (!finite)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "analysis: particle %d has a position, velocity, radius or mass that is "
                           "not a finite number (or a negative radius)",
                           (int)i);
    }
    return RC_STATUS_OK;
}

/* The first frame: what is measured, the defaults, the accumulators. */
rc_status rc_analysis_begin(rc_analysis *a, const rc_frame *f)
{
    if (f->count < 2)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis: the frame has %d particles, fewer than 2", (int)f->count);
    a->dimension = f->dimension;
    a->count = f->count;
    a->first_time = f->time;
    double radius = 0, speed = 0;
    for (int32_t i = 0; i < f->count; i++) radius += f->radii[i];
    for (int32_t i = 0; i < 3 * f->count; i++) speed += fabs(f->velocities[i]);
    a->mean_diameter = 2 * radius / f->count;
    a->velocities = speed > 0;
    for (int k = 0; k < 3; k++) a->box[k] = f->box[k], a->periodic[k] = f->periodic[k];
    if (!(a->mean_diameter > 0))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis: the particles' radii are not positive");
    bool periodic = true;
    for (int k = 0; k < f->dimension; k++) periodic &= f->periodic[k];
    a->active = a->compute ? a->compute : RC_COMPUTE_ALL & ~(periodic ? 0 : RC_COMPUTE_SK);
    double half = half_edge(f), d = a->mean_diameter;
    if (a->rdf_range > half)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "rdf_range: %g is more than half the smallest periodic box edge (%g)", a->rdf_range, half);
    if (!a->rdf_range) a->rdf_range = fmin(5 * d, half);
    if (!a->rdf_bins) {
        double bins = ceil(a->rdf_range / (d / 100));
        if (!(bins <= 1e6))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "rdf_bins: 100 per mean diameter (%g) to %g would be %g; give rdf_bins", d, a->rdf_range,
                           bins);
        a->rdf_bins = (int)fmax(1, bins);
    }
    if (!a->order_cutoff) a->order_cutoff = fmin(1.4 * d, half);
    if (a->order_cutoff > half)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "order_cutoff: %g is more than half the smallest periodic box edge (%g)", a->order_cutoff, half);
    if (!a->k_max) a->k_max = 20 / d;
    if (a->local.g6_range > half)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "g6_range: %g is more than half the smallest periodic box edge (%g)",
                       a->local.g6_range, half);
    if (!a->local.g6_range) a->local.g6_range = fmin(25 * d, half);
    a->local.g6_width = d / 20;
    a->local.cutoff = a->order_cutoff;
    a->order.cutoff = a->order_cutoff;
    rc_status s = RC_STATUS_OK;
    if (a->active & RC_COMPUTE_RDF) s = rc_rdf_start(&a->rdf, f, a->rdf_range, a->rdf_bins, a->contact_width);
    if (!s && (a->active & RC_COMPUTE_SK)) s = rc_structure_factor_start(&a->sf, f, a->k_max, a->k_vectors);
    if (!s && (a->active & RC_COMPUTE_MSD)) {
        a->unwrapped = malloc(3 * (size_t)f->count * sizeof *a->unwrapped);
        a->previous = malloc(3 * (size_t)f->count * sizeof *a->previous);
        s = a->unwrapped && a->previous ? rc_correlator_start(&a->msd, false, a->msd_points, a->groups, f->count)
                                        : rc_fail(RC_STATUS_NO_MEMORY, "msd: out of memory");
        if (!s && a->velocities) s = rc_correlator_start(&a->vacf, true, a->msd_points, a->groups, f->count);
        if (!s) s = rc_mixture_start(&a->mixture, f, a->msd_points, a->groups, a->interdiffusion_pair);
    } else if (!s && a->interdiffusion_pair[0] >= 0)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "interdiffusion: needs the MSD (compute msd)");
    return s;
}

/* The unwrapped positions of the frame: position + image x box along periodic axes. A frame without image counts
 * (images NULL: a file without an image column) is taken as unwrapped already, but only while no particle moves more
 * than half an edge from the previous frame's position: a longer step is a wrap the file does not record. With image
 * counts nothing is checked: between distant frames a particle may truly travel further than half the box. */
static rc_status unwrap(rc_analysis *a, const rc_frame *f)
{
    for (int32_t i = 0; i < f->count; i++)
        for (int k = 0; k < 3; k++) {
            double x = f->positions[3 * i + k];
            bool periodic = k < f->dimension && f->periodic[k];
            if (periodic && f->images) x += f->images[3 * i + k] * f->box[k];
            else if (periodic && a->frames && fabs(x - a->previous[3 * i + k]) > f->box[k] / 2)
                return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                               "msd: particle %d moves %g along axis %d between frames %lld and %lld, more than half "
                               "the box, and the frames have no image counts (trajectory image column) to unwrap it",
                               (int)i, x - a->previous[3 * i + k], k, (long long)(a->first_used + a->frames - 1),
                               (long long)(a->first_used + a->frames));
            a->unwrapped[3 * i + k] = x;
        }
    memcpy(a->previous, f->positions, 3 * (size_t)f->count * sizeof *a->previous);
    return RC_STATUS_OK;
}

/* A measure that failed: a fault of the frames (RC_STATUS_INVALID_ARGUMENT) stops that measure only, its reason kept for
 * the summary and left as a warning, while the others go on; RC_STATUS_OK while one is left. Any other failure (out of
 * memory) ends the analysis. */
static rc_status measure_failed(rc_analysis *a, int bit, rc_status s)
{
    if (s != RC_STATUS_INVALID_ARGUMENT) return s;
    int k = bit == RC_COMPUTE_RDF ? 0 : bit == RC_COMPUTE_SK ? 1 : bit == RC_COMPUTE_MSD ? 2 : 3;
    a->failed |= bit;
    free(a->reasons[k]);
    if (!(a->reasons[k] = strdup(rc_error_get()))) return rc_fail(RC_STATUS_NO_MEMORY, "analysis: out of memory");
    rc_warn(NULL, "%s (the other measures go on)", a->reasons[k]);
    return a->active & ~a->failed ? RC_STATUS_OK : s;
}

/* Measure `bit` of the frame, unless it is off or has failed. */
static rc_status measure(rc_analysis *a, int bit, const rc_frame *f)
{
    if (!(a->active & ~a->failed & bit)) return RC_STATUS_OK;
    rc_status s = RC_STATUS_OK;
    if (bit == RC_COMPUTE_RDF) s = rc_rdf_add(&a->rdf, &a->cells, f);
    else if (bit == RC_COMPUTE_SK) s = rc_structure_factor_add(&a->sf, f);
    else if (bit == RC_COMPUTE_ORDER) {
        s = rc_order_add(&a->order, &a->cells, f);
        if (!s && (a->compute & RC_COMPUTE_ORDER))
            s = rc_local_order_add(&a->local, &a->cells, f, a->first_used + a->frames);
    } else {
        s = unwrap(a, f);
        if (!s) s = rc_correlator_add(&a->msd, f->time, a->unwrapped);
        if (!s && a->velocities) s = rc_correlator_add(&a->vacf, f->time, f->velocities);
        if (!s) s = rc_mixture_add(&a->mixture, f, a->unwrapped, a->first_used + a->frames);
    }
    return s ? measure_failed(a, bit, s) : RC_STATUS_OK;
}

rc_status rc_analysis_add_frame(rc_analysis *a, const rc_frame *f)
{
    if (!a) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis: NULL");
    if (a->finished) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis: finished, it takes no more frames");
    rc_status s = rc_frame_check(f);
    if (!s) s = check_numbers(f);
    if (s) return s;
    if (!a->frames) s = rc_analysis_begin(a, f);
    else if (f->count != a->count || f->dimension != a->dimension)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis: frame %lld has %d particles in %dD, the first %d in %dD",
                    (long long)(a->first_used + a->frames), (int)f->count, f->dimension, (int)a->count, a->dimension);
    for (int bit = 1; bit < RC_COMPUTE_ALL && !s; bit <<= 1) s = measure(a, bit, f);
    if (s) return s;
    double kinetic = 0;
    for (int32_t i = 0; i < f->count; i++)
        for (int k = 0; k < f->dimension; k++)
            kinetic += f->masses[i] * f->velocities[3 * i + k] * f->velocities[3 * i + k];
    a->kinetic_sum += kinetic / (f->dimension * (double)f->count);
    a->last_time = f->time;
    a->frames++;
    return RC_STATUS_OK;
}

/* A run folder's summary.json: its compressibility and shear viscosity, when it has them, and the end of its
 * equilibration. */
static rc_status read_summary(rc_analysis *a, const char *directory)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/summary.json", directory);
    struct stat info;
    if (stat(path, &info) != 0) return RC_STATUS_OK;
    char *text = NULL;
    cJSON *root = NULL;
    rc_status s = rc_text_create_from_file(path, &text);
    if (!s) s = rc_json_parse(text, &root);
    if (!s) {
        const cJSON *z = cJSON_GetObjectItemCaseSensitive(root, "compressibility");
        const cJSON *eta = cJSON_GetObjectItemCaseSensitive(root, "shear_viscosity");
        if (cJSON_IsNumber(z)) a->run_compressibility = z->valuedouble;
        if (cJSON_IsNumber(eta)) a->run_viscosity = eta->valuedouble;
        const cJSON *from =
            cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "averages_from"), "time");
        if (cJSON_IsNumber(from) && !a->frames_given) a->equilibrated = from->valuedouble;
    }
    cJSON_Delete(root);
    free(text);
    return s;
}

/* The trajectory of path: the file itself, or a run folder's trajectory.h5md, else its trajectory.xyz, else its
 * trajectory.gsd or trajectory.lammpstrj (in single precision, or in the dump's text: the double formats first). */
static rc_status trajectory_of(rc_analysis *a, const char *path, char *out, size_t size)
{
    struct stat info;
    if (stat(path, &info) != 0) return rc_fail(RC_STATUS_IO_ERROR, "cannot open %s: %s", path, strerror(errno));
    if (!S_ISDIR(info.st_mode)) {
        snprintf(out, size, "%s", path);
        return RC_STATUS_OK;
    }
    static const char *const names[4] = {"trajectory.h5md", "trajectory.xyz", "trajectory.gsd", "trajectory.lammpstrj"};
    for (int k = 0; k < 4; k++) {
        snprintf(out, size, "%s/%s", path, names[k]);
        if (stat(out, &info) == 0) return read_summary(a, path);
    }
    return rc_fail(RC_STATUS_IO_ERROR,
                   "%s: a run folder without trajectory.h5md, trajectory.xyz, trajectory.gsd or "
                   "trajectory.lammpstrj",
                   path);
}

rc_status rc_analysis_read(rc_analysis *a, const char *path)
{
    if (!a || !path) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis read: NULL argument");
    char file[4096];
    rc_status s = trajectory_of(a, path, file, sizeof file);
    if (s) return s;
    free(a->source);
    a->source = strdup(file);
    rc_trajectory_reader *reader = NULL;
    if (!a->source) return rc_fail(RC_STATUS_NO_MEMORY, "analysis: out of memory");
    s = rc_trajectory_reader_open(file, &reader);
    rc_frame frame = {0};
    int64_t index = 0;
    bool got = true;
    while (!s && (a->end_frame < 0 || index < a->end_frame)) {
        s = rc_trajectory_reader_next(reader, &frame, &got);
        if (s || !got) break;
        if (index++ < a->first_frame || frame.time < a->equilibrated) continue;
        if (!a->frames) a->first_used = index - 1;
        s = rc_analysis_add_frame(a, &frame);
    }
    rc_frame_destroy(&frame);
    rc_trajectory_reader_close(reader);
    if (!s && !a->frames && index > a->first_frame && isfinite(a->equilibrated))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "frames: none of the %lld of %s is after the equilibration (time %g); choose "
                       "them with frames",
                       (long long)index, file, a->equilibrated);
    if (!s && (index <= a->first_frame || (a->end_frame >= 0 && index < a->end_frame) || !a->frames)) {
        char upto[32] = "";
        if (a->end_frame >= 0) snprintf(upto, sizeof upto, "%lld", (long long)a->end_frame);
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frames: %lld:%s is out of range: %s has %lld frames",
                       (long long)a->first_frame, upto, file, (long long)index);
    }
    return s;
}

/* The tables and results of measure `bit` from its sums. */
static rc_status finish_measure(rc_analysis *a, int bit)
{
    if (bit == RC_COMPUTE_RDF) {
        a->contact = malloc((size_t)a->rdf.pairs * sizeof *a->contact);
        a->contact_error = malloc((size_t)a->rdf.pairs * sizeof *a->contact_error);
        return a->contact && a->contact_error ? rc_rdf_finish(&a->rdf, &a->tables[0], a->contact, a->contact_error)
                                              : rc_fail(RC_STATUS_NO_MEMORY, "rdf: out of memory");
    }
    if (bit == RC_COMPUTE_SK) return rc_structure_factor_finish(&a->sf, &a->tables[1]);
    if (bit == RC_COMPUTE_ORDER)
        return a->local.frames ? rc_local_order_tables(&a->local, &a->tables[4], &a->tables[5]) : RC_STATUS_OK;
    if (bit != RC_COMPUTE_MSD) return RC_STATUS_OK;
    rc_status s = rc_correlator_finish(&a->msd, "msd", &a->tables[2]);
    double span = a->last_time - a->first_time;
    double t0 = a->fit_start || a->fit_end ? a->fit_start : 0.1 * span;
    double t1 = a->fit_end ? a->fit_end : 0.5 * span;
    a->fit_start = t0, a->fit_end = t1;
    rc_correlator_diffusion(&a->msd, a->dimension, t0, t1, &a->diffusion, &a->diffusion_error);
    if (!s)
        s = rc_mixture_finish(&a->mixture, a->dimension, a->msd_points, a->groups, t0, t1, a->diffusion,
                              a->diffusion_error, &a->tables[6]);
    if (!s && a->velocities) s = rc_correlator_finish(&a->vacf, "vacf", &a->tables[3]);
    return s;
}

rc_status rc_analysis_finish(rc_analysis *a)
{
    if (!a) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis: NULL");
    if (a->finished) return RC_STATUS_OK;
    if (!a->frames) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis: no frames");
    a->finished = true;
    rc_status s = RC_STATUS_OK;
    for (int bit = 1; bit < RC_COMPUTE_ALL && !s; bit <<= 1) {
        if (!(a->active & ~a->failed & bit)) continue;
        s = finish_measure(a, bit);
        if (s) s = measure_failed(a, bit, s);
    }
    return s;
}

rc_status rc_analysis_table(const rc_analysis *a, const char *name, int *rows, int *columns,
                            const char *const **column_names, const double **values)
{
    if (!a || !name || !rows || !columns || !column_names || !values)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis table: NULL argument");
    for (int k = 0; k < RC_ANALYSIS_TABLES; k++)
        if (strcmp(name, rc_analysis_table_names[k]) == 0) {
            const rc_table *t = &a->tables[k];
            if (!t->names) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "analysis table %s: not computed", name);
            *rows = t->rows, *columns = t->columns;
            *column_names = (const char *const *)t->names;
            *values = t->values;
            return RC_STATUS_OK;
        }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "analysis table \"%s\" is not rdf, structure_factor, msd, vacf, order_particles, g6 or "
                   "interdiffusion",
                   name);
}
