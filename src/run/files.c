/* SPDX-License-Identifier: MIT */
/* The files of a run (docs/formats.md, "Outputs"): the run folder (locked while the run writes it, lock.c),
 * DIRECTORY/trajectory.xyz (extended XYZ frames;
 * time-stepping runs with the bodies' half extents, shapes.c),
 * DIRECTORY/observables.csv (one row per output time: the table's row columns, the event-driven averages over the
 * interval since the previous row), DIRECTORY/trajectory.h5md (the same frames and rows in H5MD, when asked),
 * DIRECTORY/trajectory.gsd (the same in GSD) and trajectory.lammpstrj (the frames as a LAMMPS dump), when asked, and
 * DIRECTORY/separation_histogram.csv; opened fresh, or reopened after a checkpoint's marks so that a resumed run
 * appends after exactly what was written up to the checkpoint. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/status.h"
#include "io/cell.h"
#include "io/output_file.h"
#include "run/chains.h"
#include "run/files.h"
#include "run/observables.h"
#include "run/run.h"
#include "run/shapes.h"

/* An event-driven run whose frames go to the XYZ file only writes each frame in parts (rc_xyz_writer_write_part): a
 * whole frame is 80 bytes per particle held beside the engine for the run's length (H5MD takes frames whole). A part
 * holds FRAME_PART particles, or a PARTSth of them in larger systems, so that filling the parts reads every particle's
 * index at most PARTS times. */
enum { HISTOGRAM_RANGE = 100, MAX_COLUMNS = 64, FRAME_PART = 4096, PARTS = 64 };

char *rc_run_join(const char *directory, const char *name)
{
    size_t size = strlen(directory) + strlen(name) + 2;
    char *path = malloc(size);
    if (path) snprintf(path, size, "%s/%s", directory, name);
    else rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    return path;
}

/* *path = DIRECTORY/name when wanted; false when out of memory. */
static bool name_file(bool wanted, const char *directory, const char *name, char **path)
{
    *path = wanted ? rc_run_join(directory, name) : NULL;
    return !wanted || *path;
}

rc_status rc_run_files_open(rc_run *run, const char *h5md_path, bool resume)
{
    run_files *f = &run->files;
    const run_settings *o = &run->settings;
    int32_t count = rc_run_count(run);
    int32_t part = count / PARTS + 1 > FRAME_PART ? count / PARTS + 1 : FRAME_PART;
    f->in_parts = run->ops->fill_frame_part && !h5md_path && !o->h5md && !o->gsd && !o->lammps_dump && count > part;
    rc_status s = rc_frame_create(&f->frame, f->in_parts ? part : count, rc_run_has_orientations(run));
    f->part = f->frame.count;
    if (!s && rc_run_has_spins(run)) s = rc_frame_add_spins(&f->frame);
    if (!s && o->gsd && (rc_run_has_spins(run) || rc_run_has_orientations(run))) /* GSD's moment_inertia, angmom */
        s = rc_frame_add_inertia(&f->frame);
    if (s || !run->directory) return s;
    if ((s = rc_directory_create(run->directory))) return s;
    if (!f->locked && (s = rc_run_lock_take(run->directory, "run folder", &f->lock))) return s;
    f->locked = true;
    if (!name_file(o->xyz, run->directory, "trajectory.xyz", &f->trajectory) ||
        !name_file(o->csv, run->directory, "observables.csv", &f->observables) ||
        (h5md_path ? !(f->h5md_path = strdup(h5md_path))
                   : !name_file(o->h5md, run->directory, "trajectory.h5md", &f->h5md_path)) ||
        !name_file(run->ops->shapes != NULL, run->directory, "shapes.json", &f->shapes) ||
        !name_file(o->gsd, run->directory, "trajectory.gsd", &f->gsd_path) ||
        !name_file(o->lammps_dump, run->directory, "trajectory.lammpstrj", &f->lammps_path))
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    const char *names[MAX_COLUMNS];
    int columns = rc_run_row_columns(run, names, NULL);
    const char *author = getenv("USER");
    if (resume) {
        if (f->trajectory) s = rc_xyz_writer_open_at_mark(f->trajectory, &run->at.xyz, &f->xyz);
        if (!s && f->xyz) s = rc_run_shapes_to_xyz(run);
        if (!s && f->observables) s = rc_csv_writer_open_at_mark(f->observables, columns, names, &run->at.csv, &f->csv);
        if (!s && f->h5md_path) s = rc_h5md_writer_open_at_mark(f->h5md_path, author, &run->at.h5md, &f->h5md);
        rc_output_mark frames = {.frames = run->at.frames}; /* GSD and the dump are cut back by their frames */
        if (!s && f->gsd_path) s = rc_gsd_writer_open_at_mark(f->gsd_path, &frames, &f->gsd);
        if (!s && f->lammps_path) s = rc_lammps_dump_writer_open_at_mark(f->lammps_path, &frames, &f->lammps);
        return s;
    }
    if (f->trajectory) s = rc_xyz_writer_open(f->trajectory, &f->xyz);
    if (!s && f->xyz) s = rc_run_shapes_to_xyz(run);
    if (!s && f->observables) s = rc_csv_writer_open(f->observables, columns, names, &f->csv);
    if (!s && f->h5md_path) s = rc_h5md_writer_open(f->h5md_path, author, &f->h5md);
    if (!s && f->gsd_path) s = rc_gsd_writer_open(f->gsd_path, &f->gsd);
    if (!s && f->lammps_path) s = rc_lammps_dump_writer_open(f->lammps_path, &f->lammps);
    return s;
}

/* The frame to the XYZ file in parts (the frame holds one part). */
static rc_status write_parts(rc_run *run)
{
    run_files *f = &run->files;
    int32_t total = rc_run_count(run);
    rc_status s = RC_STATUS_OK;
    for (int32_t first = 0; first < total && !s; first += f->frame.count) {
        f->frame.count = total - first < f->part ? total - first : f->part;
        s = run->ops->fill_frame_part(run->engine, &f->frame, first);
        if (!s) s = rc_xyz_writer_write_part(f->xyz, &f->frame, first, total);
    }
    f->frame.count = f->part;
    return s;
}

rc_status rc_run_files_write(rc_run *run)
{
    run_files *f = &run->files;
    run_position *at = &run->at;
    bool frames = f->xyz || f->h5md || f->gsd || f->lammps;
    rc_status s = f->xyz && f->in_parts ? write_parts(run) : frames ? rc_run_fill_frame(run, &f->frame) : RC_STATUS_OK;
    if (!s && f->xyz && !f->in_parts) s = rc_xyz_writer_write(f->xyz, &f->frame);
    if (!s && frames && !f->in_parts) s = rc_run_chains_sample(run, &f->frame);
    if (!s && f->h5md) s = rc_h5md_writer_write(f->h5md, &f->frame);
    if (!s && f->gsd) s = rc_gsd_writer_write(f->gsd, &f->frame);
    if (!s && f->lammps) s = rc_lammps_dump_writer_write(f->lammps, &f->frame);
    if (!s && (f->csv || f->h5md || f->gsd)) {
        double values[MAX_COLUMNS], row[MAX_COLUMNS];
        const char *names[MAX_COLUMNS];
        int indices[MAX_COLUMNS], columns = rc_run_row_columns(run, names, indices);
        rc_run_observe(run, at->written ? &at->last : NULL, values);
        for (int c = 0; c < columns; c++) row[c] = values[indices[c]];
        if (f->csv) s = rc_csv_writer_write(f->csv, row);
        if (!s && f->h5md) s = rc_h5md_writer_observe(f->h5md, row[0], columns - 1, names + 1, row + 1);
        if (!s && f->gsd) s = rc_gsd_writer_observe(f->gsd, columns - 1, names + 1, row + 1);
    }
    if (s) return s;
    at->frames += frames;
    at->rows += f->csv || f->h5md || f->gsd;
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    run->ops->snapshot(run->engine, &at->last);
    at->last_count = run->ops->position(&now);
    at->last_time = now.time;
    at->written = true;
    return RC_STATUS_OK;
}

rc_status rc_run_files_mark(rc_run *run)
{
    run_files *f = &run->files;
    rc_status s = f->xyz ? rc_xyz_writer_mark(f->xyz, &run->at.xyz) : RC_STATUS_OK;
    if (!s && f->csv) s = rc_csv_writer_mark(f->csv, &run->at.csv);
    if (!s && f->h5md) s = rc_h5md_writer_mark(f->h5md, &run->at.h5md);
    rc_output_mark synced; /* flushed and synced; a resume finds their place by the frame count */
    if (!s && f->gsd) s = rc_gsd_writer_mark(f->gsd, &synced);
    if (!s && f->lammps) s = rc_lammps_dump_writer_mark(f->lammps, &synced);
    return s;
}

rc_status rc_run_files_histogram(rc_run *run)
{
    enum { BINS = 2 * HISTOGRAM_RANGE + 1 };
    uint64_t counts[BINS];
    if (!run->ops->histogram || !run->directory || run->ops->histogram(run->engine, HISTOGRAM_RANGE, counts) != BINS)
        return RC_STATUS_OK;
    static const char *const names[] = {"offset", "count"};
    run_files *f = &run->files;
    if (!f->histogram && !(f->histogram = rc_run_join(run->directory, "separation_histogram.csv")))
        return RC_STATUS_NO_MEMORY;
    rc_csv_writer *csv = NULL;
    rc_status s = rc_csv_writer_open(f->histogram, 2, names, &csv);
    for (int b = 0; b < BINS && !s; b++)
        s = rc_csv_writer_write(csv, (double[2]){b - HISTOGRAM_RANGE, (double)counts[b]});
    if (csv) {
        rc_status closed = rc_csv_writer_close(csv);
        if (!s) s = closed;
    }
    return s;
}

/* Ends every writer as `ending` says (H5MD: closed whole unless abandoned). */
static rc_status end_files(rc_run *run, rc_output_ending ending)
{
    run_files *f = &run->files;
    rc_status s = RC_STATUS_OK;
    if (ending == RC_OUTPUT_ABANDON) { /* the run failed: no file of it may look complete */
        rc_xyz_writer_close_unfinished(f->xyz);
        rc_csv_writer_close_unfinished(f->csv);
        rc_h5md_writer_close_unfinished(f->h5md);
        rc_gsd_writer_close_unfinished(f->gsd);
        rc_lammps_dump_writer_close_unfinished(f->lammps);
    } else {
        rc_status x = f->xyz ? rc_xyz_writer_end(f->xyz, ending) : RC_STATUS_OK;
        rc_status c = f->csv ? rc_csv_writer_end(f->csv, ending) : RC_STATUS_OK;
        rc_status h = f->h5md ? rc_h5md_writer_close(f->h5md) : RC_STATUS_OK;
        rc_status g = f->gsd ? rc_gsd_writer_close(f->gsd) : RC_STATUS_OK;
        rc_status l = f->lammps ? rc_lammps_dump_writer_end(f->lammps, ending) : RC_STATUS_OK;
        s = x ? x : c ? c : h ? h : g ? g : l;
    }
    f->xyz = NULL, f->csv = NULL, f->h5md = NULL, f->gsd = NULL, f->lammps = NULL;
    return s;
}

rc_status rc_run_files_close(rc_run *run, bool complete)
{
    return end_files(run, complete ? RC_OUTPUT_WHOLE : RC_OUTPUT_ABANDON);
}

rc_status rc_run_files_keep(rc_run *run) { return end_files(run, RC_OUTPUT_CUT); }

void rc_run_files_unlock(rc_run *run)
{
    run_files *f = &run->files;
    if (f->locked) rc_run_lock_release(run->directory, &f->lock);
    f->locked = false;
}

void rc_run_files_free(rc_run *run)
{
    run_files *f = &run->files;
    rc_run_files_close(run, false);
    rc_frame_destroy(&f->frame);
    free(f->trajectory);
    free(f->observables);
    free(f->h5md_path);
    free(f->gsd_path);
    free(f->lammps_path);
    free(f->histogram);
    free(f->shapes);
    rc_run_files_unlock(run);
    memset(f, 0, sizeof *f);
}

rc_status rc_run_write_file(const char *path, const char *what, bool (*fill)(FILE *file, const void *context),
                            const void *context)
{
    rc_output_file out;
    FILE *file = NULL;
    rc_status s = rc_output_file_replace(&out, what, path, &file);
    if (s) return s;
    errno = 0;
    bool ok = fill(file, context) && fflush(file) == 0 && !out.error && fsync(out.fd) == 0;
    if (!ok && !out.error) out.error = errno;
    if (ok) rc_output_file_commit(&out, 1);
    /* a file that failed (written or renamed) is of no use, and the older one stays: PATH.partial is removed */
    char *partial = out.direct ? NULL : strdup(out.partial);
    s = ok ? RC_STATUS_OK : rc_output_file_write_failed(&out, NULL);
    rc_status closed = rc_output_file_close(&out, file, ok ? RC_OUTPUT_WHOLE : RC_OUTPUT_ABANDON, NULL);
    if ((s || closed) && partial) remove(partial);
    free(partial);
    return s ? s : closed;
}

static bool put_text(FILE *file, const void *text) { return fputs(text, file) >= 0; }

rc_status rc_run_write_text(const char *path, const char *text)
{
    return rc_run_write_file(path, "the file", put_text, text);
}
