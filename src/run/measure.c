/* SPDX-License-Identifier: MIT */
/* A run's on-the-fly measurements (docs/formats.md, "Transport and structure"), the scene's "measure": samples at a
 * fixed interval of simulation time from the start of the measurement feed the multiple-tau correlators of the MSD
 * and VACF (through an analysis of frames, src/analysis) and of the engine's Helfand moments (src/edmd/transport.c):
 *   eta   = lim (1 / (2 V kT)) d/dt <[G_s(t) - G_s(0)]^2>, averaged over the five independent components s of the
 *           traceless symmetric part (xy, xz, yz, (xx - yy) / 2, (xx + yy - 2 zz) / (2 sqrt 3); xy and (xx - yy) / 2
 *           in 2D), which all correlate alike in an isotropic fluid (Daivis and Evans, J. Chem. Phys. 100, 541
 *           (1994)): five components instead of three cut the error by a quarter,
 *   eta_b = lim (1 / (2 V kT)) d/dt <[G_p(t) - G_p(0) - <dG_p>]^2>, G_p = (G_xx + G_yy + G_zz) / d,
 *   lambda = lim (1 / (2 V kT^2)) d/dt <[G_q,a(t) - G_q,a(0)]^2>, averaged over a
 * (Helfand, Phys. Rev. 119, 1 (1960); Alder, Gass and Wainwright, J. Chem. Phys. 53, 3813 (1970), Eqs. 3-5), the
 * slopes fitted over a window of lag times, their errors from blocks of time; g(r) and S(k) from frames at a longer
 * interval. The sums ride in checkpoints, so that a resumed run ends with the same numbers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "core/number_text.h"
#include "core/status.h"
#include "run/files.h"
#include "run/measure.h"
#include "run/run.h"
#include "run/summary.h"

enum { SHEAR, BULK, HEAT, MOMENTS };

static const char *const moment_names[MOMENTS] = {"shear_moment", "bulk_moment", "heat_moment"};

struct run_measure {
    rc_run_measure want;
    rc_analysis *motion;    /* MSD and VACF, every sample */
    rc_analysis *structure; /* g(r) and S(k), every structure sample */
    rc_correlator moments[MOMENTS];
    bool moment_on[MOMENTS];
    int items[MOMENTS]; /* the components averaged */
    rc_frame frame;
    bool finished;
    /* results */
    double temperature, free_time, span, fit[2], volume;
    double value[MOMENTS], error[MOMENTS];
    double diffusion, diffusion_error, yeh_hummer, contact, contact_error;
    rc_table tables[MOMENTS];
};

/* The Enskog mean free time of the particles in the frame (mean diameter and mass, kT from the velocities): the
 * collision rate per particle 4 n sigma^2 chi sqrt(pi kT / m) in 3D, 2 n sigma chi sqrt(pi kT / m) in 2D, chi the
 * Carnahan-Starling (3D) or Henderson (2D) contact value (Enskog's rate: Chapman and Cowling, "The Mathematical
 * Theory of Non-Uniform Gases", 3rd ed., chapter 16; the estimate of the engine's automatic shell). NaN when the
 * particles are at rest. */
static double enskog_free_time(const rc_frame *f)
{
    double volume = f->box[0] * f->box[1] * (f->dimension == 3 ? f->box[2] : 1), sigma = 0, mass = 0, twice = 0,
           filled = 0;
    for (int32_t i = 0; i < f->count; i++) {
        double r = f->radii[i];
        sigma += 2 * r, mass += f->masses[i];
        filled += f->dimension == 3 ? 4 * M_PI / 3 * r * r * r : M_PI * r * r;
        for (int a = 0; a < f->dimension; a++)
            twice += f->masses[i] * f->velocities[3 * i + a] * f->velocities[3 * i + a];
    }
    sigma /= f->count, mass /= f->count;
    double kT = twice / (f->dimension * (double)f->count), n = f->count / volume, phi = fmin(filled / volume, 0.95);
    double rate = f->dimension == 3 ? 4 * n * sigma * sigma * (1 - phi / 2) / pow(1 - phi, 3)
                                    : 2 * n * sigma * (1 - 7 * phi / 16) / ((1 - phi) * (1 - phi));
    rate *= sqrt(M_PI * kT / mass);
    return rate > 0 ? 1 / rate : NAN;
}

static rc_status set_number(rc_analysis *a, const char *key, double value, bool whole)
{
    char text[64];
    if (whole) snprintf(text, sizeof text, "%.0f", value);
    else rc_number_text(text, value);
    return rc_analysis_set(a, key, text);
}

/* The analyses of frames: the MSD and VACF; g(r) and S(k). */
static rc_status make_analyses(run_measure *m, double half_edge)
{
    const rc_run_measure *w = &m->want;
    rc_status s = RC_STATUS_OK;
    if (w->diffusion) {
        s = rc_analysis_create(&m->motion);
        if (!s) s = rc_analysis_set(m->motion, "compute", "msd");
        if (!s) s = set_number(m->motion, "msd_points", w->points, true);
    }
    if (!s && (w->rdf || w->structure_factor)) {
        if (w->rdf_range > half_edge)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "measure.rdf.range: %g is more than half the smallest periodic box "
                           "edge (%g)",
                           w->rdf_range, half_edge);
        s = rc_analysis_create(&m->structure);
        if (!s)
            s = rc_analysis_set(m->structure, "compute",
                                w->rdf && w->structure_factor ? "rdf,structure_factor"
                                : w->rdf                      ? "rdf"
                                                              : "structure_factor");
        if (!s && w->rdf_bins) s = set_number(m->structure, "rdf_bins", w->rdf_bins, true);
        if (!s && w->rdf_range > 0) s = set_number(m->structure, "rdf_range", w->rdf_range, false);
        /* 16 wave vectors per shell, not the analysis's 64: S(k) of a frame costs vectors x N */
        if (!s) s = rc_analysis_set(m->structure, "k_vectors", "16");
    }
    return s;
}

/* The sampling intervals: the scene's, else the mean free time and a hundred times it for S(k) and g(r). */
static void intervals(const rc_run_measure *want, double free_time, double *interval, double *structure)
{
    *interval = want->interval > 0 ? want->interval : free_time;
    *structure = want->structure_interval > 0 ? want->structure_interval : 100 * *interval;
}

/* A new run's plan: the interval (the Enskog mean free time by default), the structure's (100 intervals) and
 * the samples per block, from the run's expected end (its stop time, or its collisions at the Enskog rate). */
static rc_status plan(rc_run *run, run_measure *m)
{
    measure_position *p = &run->at.measure;
    const run_settings *s = &run->settings;
    double free_time = enskog_free_time(&m->frame);
    p->estimated_free_time = free_time;
    intervals(&m->want, free_time, &p->interval, &p->structure_interval);
    if (!(p->interval > 0))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure.interval: the particles are at rest, so no default can be "
                                                   "chosen; give measure.interval");
    double begin = m->want.from, end = s->stop.time;
    if (s->equilibrate && isfinite(s->equilibration.time)) begin = fmax(begin, s->equilibration.time);
    uint64_t count = s->stop.collisions ? s->stop.collisions : s->stop.events;
    if (!isfinite(end) && count) end = (double)count * 2 * free_time / m->frame.count;
    if (!(end > begin))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure.from: %g is not before the end of the run (%g)", begin,
                       end);
    p->block_frames = (int64_t)ceil((end - begin) / p->interval / m->want.blocks);
    if (p->block_frames < 1) p->block_frames = 1;
    return RC_STATUS_OK;
}

static double next_sample(const measure_position *p) { return p->origin + (double)p->samples * p->interval; }

static double next_structure(const run_measure *m, const measure_position *p)
{
    return m->structure ? p->origin + (double)p->structure_samples * p->structure_interval : INFINITY;
}

/* Whether a restored position is one this scene's measurements could have saved (the engine restored first): the
 * intervals plan() gives from the scene and the initial state's free time, and the next samples within two
 * intervals of the clock (a forged interval of 1e-304 took a sample of S(k) for ever: fuzz/checkpoint.c). */
static bool position_valid(const rc_run *run, const run_measure *m)
{
    const measure_position *p = &run->at.measure;
    double interval, structure;
    intervals(&m->want, p->estimated_free_time, &interval, &structure);
    if (!(p->estimated_free_time >= 0 && p->estimated_free_time < INFINITY && interval > 0 && p->interval == interval &&
          p->structure_interval == structure && p->samples >= 0 && p->structure_samples >= 0 && p->block_frames > 0 &&
          isfinite(p->origin)))
        return false;
    if (!p->started) return p->samples == 0 && p->structure_samples == 0;
    double now = rc_run_time(run);
    return p->origin <= now && fabs(next_sample(p) - now) <= 2 * interval &&
           (!m->structure || fabs(next_structure(m, p) - now) <= 2 * structure);
}

rc_status rc_run_measure_create(rc_run *run, bool resume)
{
    const rc_run_measure *want = run->ops->measure_wanted ? run->ops->measure_wanted(run->engine) : NULL;
    if (!want || !want->on) return RC_STATUS_OK;
    run_measure *m = calloc(1, sizeof *m);
    if (!m) return rc_fail(RC_STATUS_NO_MEMORY, "measure: out of memory");
    run->measure = m;
    m->want = *want;
    int d = run->ops->dimension(run->engine);
    rc_status s = rc_frame_create(&m->frame, rc_run_count(run), false);
    if (!s) s = rc_run_fill_frame(run, &m->frame);
    if (s) return s;
    if (m->frame.count < 2) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure: a scene of fewer than 2 particles");
    double half = INFINITY;
    for (int a = 0; a < d; a++)
        if (m->frame.periodic[a]) half = fmin(half, m->frame.box[a] / 2);
    if (!resume && (s = plan(run, m))) return s;
    if ((s = make_analyses(m, half))) return s;
    if (resume && !position_valid(run, m))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "checkpoint: the measurements' position is damaged");
    m->moment_on[SHEAR] = m->moment_on[BULK] = want->viscosity;
    m->moment_on[HEAT] = want->thermal_conductivity;
    m->items[SHEAR] = d == 3 ? 5 : 2, m->items[BULK] = 1, m->items[HEAT] = d;
    for (int k = 0; k < MOMENTS && !s; k++)
        if (m->moment_on[k])
            s = rc_correlator_start_blocks(&m->moments[k], k != SHEAR, want->points, want->blocks,
                                           run->at.measure.block_frames, m->items[k]);
    return s;
}

void rc_run_measure_destroy(rc_run *run)
{
    run_measure *m = run->measure;
    if (!m) return;
    rc_analysis_destroy(m->motion);
    rc_analysis_destroy(m->structure);
    for (int k = 0; k < MOMENTS; k++) {
        rc_correlator_release(&m->moments[k]);
        rc_table_release(&m->tables[k]);
    }
    rc_frame_destroy(&m->frame);
    free(m);
    run->measure = NULL;
}

double rc_run_measure_next(const rc_run *run)
{
    const run_measure *m = run->measure;
    const measure_position *p = &run->at.measure;
    if (!m || m->finished) return INFINITY;
    if (!p->started) return run->at.equilibrated ? fmax(m->want.from, rc_run_time(run)) : INFINITY;
    return fmin(next_sample(p), next_structure(m, p));
}

/* The Helfand moments' samples: the shear's five (2D: two) components, the mean of the diagonal, G_q. */
static rc_status sample_moments(rc_run *run, run_measure *m, double time)
{
    double g[9], values[MOMENTS][15] = {{0}}; /* up to five components, three numbers each */
    rc_status s =
        run->ops->transport_moments
            ? run->ops->transport_moments(run->engine, g)
            : rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure: the %s engine has no Helfand moments", run->ops->dynamics);
    if (s) return s;
    int d = run->ops->dimension(run->engine);
    /* the traceless symmetric part's independent components, each correlating as P_xy does in an isotropic fluid */
    double w = sqrt(3) / 6; /* (G_xx + G_yy - 2 G_zz) / (2 sqrt 3) */
    double shear[5] = {g[3], (g[0] - g[1]) / 2, g[4], g[5], w * (g[0] + g[1] - 2 * g[2])};
    for (int k = 0; k < m->items[SHEAR]; k++) values[SHEAR][3 * k] = shear[k];
    values[BULK][0] = (g[0] + g[1] + g[2]) / d;
    for (int a = 0; a < d; a++) values[HEAT][3 * a] = g[6 + a];
    for (int k = 0; k < MOMENTS && !s; k++)
        if (m->moment_on[k]) s = rc_correlator_add(&m->moments[k], time, values[k]);
    return s;
}

rc_status rc_run_measure_step(rc_run *run)
{
    run_measure *m = run->measure;
    measure_position *p = &run->at.measure;
    if (!m || m->finished) return RC_STATUS_OK;
    double now = rc_run_time(run);
    if (!p->started) {
        if (!run->at.equilibrated || now < m->want.from) return RC_STATUS_OK;
        p->started = true;
        p->origin = now;
        run->ops->snapshot(run->engine, &p->start);
    }
    bool sample = now >= next_sample(p), structure = now >= next_structure(m, p);
    rc_status s = sample || structure ? rc_run_fill_frame(run, &m->frame) : RC_STATUS_OK;
    if (!s && sample) {
        if (m->motion) s = rc_analysis_add_frame(m->motion, &m->frame);
        if (!s && (m->moment_on[SHEAR] || m->moment_on[HEAT])) s = sample_moments(run, m, now);
        p->samples++;
    }
    if (!s && structure) {
        s = rc_analysis_add_frame(m->structure, &m->frame);
        p->structure_samples++;
    }
    return s;
}

/* The table time, then NAME and NAME_error of each moment from first to last that is on, then origins (the moments'
 * rows are the same lags: they are sampled together). */
static rc_status moments_table(run_measure *m, int first, int last, rc_table *out)
{
    rc_table parts[MOMENTS] = {{0}};
    const char *names[2 + 2 * MOMENTS] = {"time"};
    int columns = 1, rows = 0, shown = first;
    rc_status s = RC_STATUS_OK;
    for (int k = first; k <= last && !s; k++)
        if (m->moment_on[k]) {
            s = rc_correlator_finish(&m->moments[k], moment_names[k], &parts[k]);
            if (!s) names[columns] = parts[k].names[1], names[columns + 1] = parts[k].names[2];
            /* the same lags in every part, unless a damaged checkpoint made them differ: the rows all have */
            rows = columns > 1 && parts[k].rows > rows ? rows : parts[k].rows;
            columns += 2, shown = k;
        }
    names[columns++] = "origins";
    if (!s) s = rc_table_make(out, rows, columns);
    for (int r = 0; !s && r < rows; r++) {
        double *row = out->values + (size_t)r * columns;
        row[0] = parts[shown].values[4 * r];
        for (int k = first, c = 1; k <= last; k++)
            if (m->moment_on[k]) {
                row[c++] = parts[k].values[4 * r + 1];
                row[c++] = parts[k].values[4 * r + 2];
            }
        row[columns - 1] = parts[shown].values[4 * r + 3];
    }
    for (int c = 0; !s && c < columns; c++)
        if (!(out->names[c] = strdup(names[c]))) s = rc_fail(RC_STATUS_NO_MEMORY, "measure: out of memory");
    for (int k = 0; k < MOMENTS; k++) rc_table_release(&parts[k]);
    return s;
}

/* kT and the mean free time over the measurement, and the fit window. */
static void measured_span(rc_run *run, run_measure *m)
{
    const measure_position *p = &run->at.measure;
    run_snapshot record;
    run->ops->measure(run->engine, &p->start, &record);
    run_field f[5];
    const char *names[5] = {"time", "kinetic_integral", "kinetic_energy", "temperature", "mean_free_time"};
    for (int k = 0; k < 5; k++) run->ops->field(names[k], &f[k]);
    double time = rc_run_field_value(&record, f[0]), integral = rc_run_field_value(&record, f[1]);
    double kinetic = rc_run_field_value(&record, f[2]), temperature = rc_run_field_value(&record, f[3]);
    int d = run->ops->dimension(run->engine);
    m->volume = m->frame.box[0] * m->frame.box[1] * (d == 3 ? m->frame.box[2] : 1);
    m->span = time - p->origin;
    /* the temperature now scaled by the mean kinetic energy over the span (2K dt integrated) to the present one */
    double mean = (integral - rc_run_field_value(&p->start, f[1])) / m->span;
    m->temperature = m->span > 0 && kinetic > 0 ? temperature * mean / (2 * kinetic) : temperature;
    m->free_time = rc_run_field_value(&record, f[4]);
    double t1 = fmin(40 * m->free_time, 0.5 * m->span), t0 = fmin(10 * m->free_time, 0.25 * t1);
    if (m->want.fit[1] > 0) t0 = m->want.fit[0], t1 = m->want.fit[1];
    m->fit[0] = t0, m->fit[1] = t1;
}

/* The unit of a curve's column (the vocabulary of the table of observables, `ricochet help observables`): a value
 * and its NAME_error share one. */
static const char *column_unit(const char *column)
{
    static const struct {
        const char *name, *unit;
    } units[] = {{"time", "time"},
                 {"origins", "1"},
                 {"msd", "length^2"},
                 {"msd_interdiffusion", "length^2"},
                 {"vacf", "length^2/time^2"},
                 {"r", "length"},
                 {"k", "1/length"},
                 {"S", "1"},
                 {"vectors", "1"},
                 {"shear_moment", "(mass length^2/time)^2"},
                 {"bulk_moment", "(mass length^2/time)^2"},
                 {"heat_moment", "(energy length)^2"}};
    if (strncmp(column, "g_", 2) == 0) return "1"; /* g(r) of a species pair */
    size_t length = strlen(column), error = sizeof "_error" - 1;
    if (length > error && strcmp(column + length - error, "_error") == 0) length -= error;
    for (size_t k = 0; k < sizeof units / sizeof units[0]; k++)
        if (strlen(units[k].name) == length && strncmp(column, units[k].name, length) == 0) return units[k].unit;
    return "";
}

/* One curve as NAME.csv in the run folder and, when the run writes H5MD, as curves/NAME there. */
static rc_status write_curve(const rc_run *run, const rc_table *table, const char *name)
{
    char file[64];
    snprintf(file, sizeof file, "%s.csv", name);
    char *path = rc_run_join(run->directory, file);
    rc_status s = path ? rc_table_write(table, path) : RC_STATUS_NO_MEMORY;
    free(path);
    rc_h5md_writer *h5md = run->files.h5md;
    if (s || !h5md) return s;
    const char **units = malloc((size_t)table->columns * sizeof *units);
    if (!units) return rc_fail(RC_STATUS_NO_MEMORY, "measure: out of memory");
    for (int c = 0; c < table->columns; c++) units[c] = column_unit(table->names[c]);
    s = rc_h5md_writer_curve(h5md, name, table->rows, table->columns, (const char *const *)table->names, units,
                             table->values);
    free(units);
    return s;
}

typedef struct curve {
    const rc_table *table;
    const char *name;
} curve;

enum { CURVES = 7 };

/* The curves the measurements made (their tables finished); returns how many. */
static int made_curves(const run_measure *m, curve out[CURVES])
{
    const curve all[CURVES] = {
        {m->motion ? &m->motion->tables[2] : NULL, "msd"},
        {m->motion && m->motion->velocities ? &m->motion->tables[3] : NULL, "vacf"},
        {m->structure && m->want.rdf ? &m->structure->tables[0] : NULL, "rdf"},
        {m->structure && m->want.structure_factor ? &m->structure->tables[1] : NULL, "structure_factor"},
        {m->moment_on[SHEAR] ? &m->tables[SHEAR] : NULL, "viscosity"},
        {m->moment_on[HEAT] ? &m->tables[HEAT] : NULL, "thermal_conductivity"},
        {m->motion ? &m->motion->tables[6] : NULL, "interdiffusion"}};
    int n = 0;
    for (int k = 0; k < CURVES; k++)
        if (all[k].table && all[k].table->names) out[n++] = all[k];
    return n;
}

static rc_status write_results(const rc_run *run, const run_measure *m)
{
    if (!run->directory) return RC_STATUS_OK;
    curve curves[CURVES];
    int n = made_curves(m, curves);
    rc_status s = RC_STATUS_OK;
    for (int k = 0; k < n && !s; k++) s = write_curve(run, curves[k].table, curves[k].name);
    return s;
}

rc_status rc_run_measure_finish(rc_run *run)
{
    run_measure *m = run->measure;
    if (!m || m->finished) return RC_STATUS_OK;
    m->finished = true;
    for (int k = 0; k < MOMENTS; k++) m->value[k] = m->error[k] = NAN;
    m->diffusion = m->diffusion_error = m->yeh_hummer = m->contact = m->contact_error = NAN;
    if (!run->at.measure.started) return RC_STATUS_OK;
    measured_span(run, m);
    rc_status s = RC_STATUS_OK;
    for (int k = 0; k < MOMENTS && !s; k++) {
        if (!m->moment_on[k] || !m->moments[k].frames) continue;
        int rows;
        rc_correlator_slope(&m->moments[k], m->fit[0], m->fit[1], &m->value[k], &m->error[k], &rows);
        double scale = 2 * m->volume * m->temperature * (k == HEAT ? m->temperature : 1);
        m->value[k] /= scale, m->error[k] /= scale;
    }
    if (!s && m->moment_on[SHEAR]) s = moments_table(m, SHEAR, BULK, &m->tables[SHEAR]);
    if (!s && m->moment_on[HEAT]) s = moments_table(m, HEAT, HEAT, &m->tables[HEAT]);
    if (!s && m->motion && m->motion->frames) {
        m->motion->fit_start = m->fit[0], m->motion->fit_end = m->fit[1];
        s = rc_analysis_finish(m->motion);
        m->diffusion = m->motion->diffusion, m->diffusion_error = m->motion->diffusion_error;
        m->yeh_hummer = rc_analysis_yeh_hummer(m->motion, m->temperature, m->value[SHEAR]);
    }
    if (!s && m->structure && m->structure->frames) {
        s = rc_analysis_finish(m->structure);
        if (!s && m->want.rdf && m->structure->rdf.pairs == 1)
            m->contact = m->structure->contact[0], m->contact_error = m->structure->contact_error[0];
    }
    return s ? s : write_results(run, m);
}

/* Sets key to value (null when not finite), replacing what the table of observables put there. */
static void put(cJSON *object, const char *key, double value)
{
    cJSON *item = isfinite(value) ? cJSON_CreateNumber(value) : cJSON_CreateNull();
    if (cJSON_HasObjectItem(object, key)) cJSON_ReplaceItemInObjectCaseSensitive(object, key, item);
    else cJSON_AddItemToObject(object, key, item);
}

void rc_run_measure_summary(const rc_run *run, cJSON *summary)
{
    const run_measure *m = run->measure;
    if (!m) return;
    bool done = m->finished;
    static const char *const keys[MOMENTS] = {"shear_viscosity", "bulk_viscosity", "thermal_conductivity"};
    put(summary, "diffusion_coefficient", done ? m->diffusion : NAN);
    put(summary, "diffusion_coefficient_error", done ? m->diffusion_error : NAN);
    put(summary, "yeh_hummer_correction", done ? m->yeh_hummer : NAN);
    put(summary, "diffusion_coefficient_infinite", done ? m->diffusion + m->yeh_hummer : NAN);
    if (m->motion) rc_mixture_summary(&m->motion->mixture, summary); /* NaN (null) until the finish */
    for (int k = 0; k < MOMENTS; k++) {
        char error[64];
        snprintf(error, sizeof error, "%s_error", keys[k]);
        put(summary, keys[k], done ? m->value[k] : NAN);
        put(summary, error, done ? m->error[k] : NAN);
    }
    put(summary, "rdf_contact", done ? m->contact : NAN);
    put(summary, "rdf_contact_error", done ? m->contact_error : NAN);
    const measure_position *p = &run->at.measure;
    cJSON *info = cJSON_AddObjectToObject(summary, "measure");
    put(info, "from", p->started ? p->origin : NAN);
    put(info, "interval", p->interval);
    put(info, "samples", (double)p->samples);
    put(info, "structure_samples", (double)p->structure_samples);
    put(info, "block_samples", (double)p->block_frames);
    put(info, "span", done ? m->span : NAN);
    put(info, "temperature", done ? m->temperature : NAN);
    put(info, "mean_free_time", done ? m->free_time : NAN);
    cJSON_AddItemToObject(info, "fit", rc_run_json_numbers(m->fit, 2));
    curve curves[CURVES];
    int n = run->directory ? made_curves(m, curves) : 0;
    cJSON *names = cJSON_AddArrayToObject(info, "curves");
    for (int k = 0; k < n; k++) cJSON_AddItemToArray(names, cJSON_CreateString(curves[k].name));
}

/* Walks every sum of the measurements. */
static rc_status walk(rc_run *run, rc_bytes *b)
{
    run_measure *m = run->measure;
    rc_status s = RC_STATUS_OK;
    if (b->mode == RC_BYTES_READ) s = rc_run_fill_frame(run, &m->frame);
    if (!s && m->motion) s = rc_analysis_walk(b, m->motion, &m->frame);
    if (!s && m->structure) s = rc_analysis_walk(b, m->structure, &m->frame);
    for (int k = 0; k < MOMENTS && !s; k++)
        if (m->moment_on[k]) s = rc_correlator_walk(b, &m->moments[k]);
    return s;
}

size_t rc_run_measure_state_size(rc_run *run)
{
    if (!run->measure) return 0;
    rc_bytes b = {RC_BYTES_COUNT, NULL, 0, 0, false};
    walk(run, &b);
    return b.used;
}

rc_status rc_run_measure_state_save(rc_run *run, void *buffer, size_t size)
{
    if (!run->measure) return RC_STATUS_OK;
    rc_bytes b = {RC_BYTES_WRITE, buffer, size, 0, false};
    rc_status s = walk(run, &b);
    return s                 ? s
           : b.short_of_room ? rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure: the state outgrew its buffer")
                             : RC_STATUS_OK;
}

rc_status rc_run_measure_state_restore(rc_run *run, const void *buffer, size_t size)
{
    if (!run->measure)
        return size ? rc_fail(RC_STATUS_INVALID_ARGUMENT, "checkpoint: measurements saved for a scene "
                                                          "without \"measure\"")
                    : RC_STATUS_OK;
    rc_bytes b = {RC_BYTES_READ, (void *)buffer, size, 0, false};
    rc_status s = walk(run, &b);
    if (!s && (b.short_of_room || b.left != 0))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "checkpoint: the measurements' state does not fit the scene's measure");
    return s;
}
