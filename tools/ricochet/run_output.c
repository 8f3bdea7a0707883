/* The files of ricochet run (docs/formats.md, "Outputs"): the output directory (created with its parents),
 * DIRECTORY/trajectory.xyz (extended XYZ frames), DIRECTORY/observables.csv (one row per output time, averages over
 * the interval since the previous row), DIRECTORY/trajectory.h5md (the same frames and rows in H5MD, when asked)
 * and DIRECTORY/separation_histogram.csv. */
#include <stdlib.h>
#include <string.h>

#include "run.h"

static const char *const columns[] = {
    "time", "collisions", "events", "temperature", "pressure", "compressibility", "mean_free_time", "energy_drift",
    "max_overlap", "stabilising_collisions", "negative_time_events", "kinetic_energy", "wall_collisions",
    "three_body_events"};
enum { COLUMNS = sizeof columns / sizeof *columns, HISTOGRAM_RANGE = 100 };

static int io_failure(rc_status status)
{
    return rc_cli_fail(status == RC_NO_MEMORY ? RC_EXIT_INTERNAL : RC_EXIT_BAD_INPUT, "%s", rc_last_error());
}

/* *path = DIRECTORY/name when wanted; false when out of memory. */
static bool name_file(bool wanted, const char *directory, const char *name, char **path)
{
    *path = wanted ? rc_cli_join(directory, name) : NULL;
    return !wanted || *path;
}

int rc_run_outputs_open(run_outputs *o, const rc_run_output *settings, const char *h5md_path, const rc_edmd *engine)
{
    memset(o, 0, sizeof *o);
    if (rc_frame_init(&o->frame, rc_edmd_count(engine), false))
        return rc_cli_fail(RC_EXIT_INTERNAL, "%s", rc_last_error());
    bool in_directory = settings->xyz || settings->csv || (settings->h5md && !h5md_path);
    int code = in_directory ? rc_cli_make_directory(settings->directory) : RC_RUN_GO_ON;
    if (code != RC_RUN_GO_ON) return code;
    if (!name_file(settings->xyz, settings->directory, "trajectory.xyz", &o->trajectory) ||
        !name_file(settings->csv, settings->directory, "observables.csv", &o->observables) ||
        (h5md_path ? !(o->h5md_path = strdup(h5md_path))
                   : !name_file(settings->h5md, settings->directory, "trajectory.h5md", &o->h5md_path)))
        return rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    rc_status s = o->trajectory ? rc_xyz_writer_open(o->trajectory, &o->xyz) : RC_OK;
    if (!s && o->observables) s = rc_csv_writer_open(o->observables, COLUMNS, columns, &o->csv);
    if (!s && o->h5md_path) s = rc_h5md_writer_open(o->h5md_path, getenv("USER"), &o->h5md);
    return s ? io_failure(s) : RC_RUN_GO_ON;
}

/* The row of the present state; averages over the interval since the previous row (NaN for the first, at time 0). */
static void row(const rc_edmd *engine, const run_outputs *o, double values[COLUMNS])
{
    rc_edmd_observables m;
    if (o->written) rc_edmd_measure_since(engine, &o->last, &m);
    else rc_edmd_measure(engine, &m);
    double out[COLUMNS] = {m.time, (double)m.collisions, (double)m.events, m.temperature, m.pressure,
                           m.compressibility, m.mean_free_time, m.energy_drift, m.max_overlap,
                           (double)m.stabilising_collisions, (double)m.negative_time_events, m.kinetic_energy,
                           (double)m.wall_collisions, (double)m.three_body_events};
    memcpy(values, out, sizeof out);
}

int rc_run_outputs_write(run_outputs *o, const rc_edmd *engine)
{
    rc_status s = o->xyz || o->h5md ? rc_edmd_fill_frame(engine, &o->frame) : RC_OK;
    if (!s && o->xyz) s = rc_xyz_writer_write(o->xyz, &o->frame);
    if (!s && o->h5md) s = rc_h5md_writer_write(o->h5md, &o->frame);
    o->frames += !s && (o->xyz || o->h5md);
    double values[COLUMNS];
    if (!s && (o->csv || o->h5md)) row(engine, o, values);
    if (!s && o->csv) s = rc_csv_writer_row(o->csv, values);
    if (!s && o->h5md) s = rc_h5md_writer_observe(o->h5md, values[0], COLUMNS - 1, columns + 1, values + 1);
    o->rows += !s && (o->csv || o->h5md);
    if (s) return io_failure(s);
    rc_edmd_measure(engine, &o->last);
    o->written = true;
    return RC_RUN_GO_ON;
}

int rc_run_outputs_histogram(run_outputs *o, const char *directory, const rc_edmd *engine)
{
    enum { BINS = 2 * HISTOGRAM_RANGE + 1 };
    uint64_t counts[BINS];
    if (rc_edmd_separation_histogram(engine, HISTOGRAM_RANGE, counts) != BINS) return RC_RUN_GO_ON;
    static const char *const names[] = {"offset", "count"};
    int code = rc_cli_make_directory(directory);
    if (code != RC_RUN_GO_ON) return code;
    if (!(o->histogram = rc_cli_join(directory, "separation_histogram.csv")))
        return rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    rc_csv_writer *csv = NULL;
    rc_status s = rc_csv_writer_open(o->histogram, 2, names, &csv);
    for (int b = 0; b < BINS && !s; b++)
        s = rc_csv_writer_row(csv, (double[2]){b - HISTOGRAM_RANGE, (double)counts[b]});
    if (csv) {
        rc_status closed = rc_csv_writer_close(csv);
        if (!s) s = closed;
    }
    return s ? io_failure(s) : RC_RUN_GO_ON;
}

int rc_run_outputs_close(run_outputs *o, int code)
{
    if (code != RC_RUN_GO_ON) { /* the run failed: no file of it may look complete */
        rc_xyz_writer_abandon(o->xyz);
        rc_csv_writer_abandon(o->csv);
        rc_h5md_writer_abandon(o->h5md);
        o->xyz = NULL, o->csv = NULL, o->h5md = NULL;
        return code;
    }
    rc_status s = o->xyz ? rc_xyz_writer_close(o->xyz) : RC_OK;
    rc_status t = o->csv ? rc_csv_writer_close(o->csv) : RC_OK;
    rc_status u = o->h5md ? rc_h5md_writer_close(o->h5md) : RC_OK;
    o->xyz = NULL;
    o->csv = NULL;
    o->h5md = NULL;
    rc_status first = s ? s : t ? t : u;
    if (code == RC_RUN_GO_ON && first) code = io_failure(first);
    return code;
}

void rc_run_outputs_free(run_outputs *o)
{
    rc_run_outputs_close(o, RC_EXIT_INTERNAL);
    rc_frame_release(&o->frame);
    free(o->trajectory);
    free(o->observables);
    free(o->histogram);
    free(o->h5md_path);
    memset(o, 0, sizeof *o);
}
