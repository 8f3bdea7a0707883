/* SPDX-License-Identifier: MIT */
/* ricochet/io.h: reading an impact problem from a JSON file (docs/formats.md) and the textual names of the impact
 * options shared by problem files and the command line.
 *
 * A problem file has one of two forms. The physical form lists balls, rigid bodies (disks, spheres, boxes) and
 * walls; the reader detects their contacts from the geometry. The generic form lists bare degrees of freedom with
 * diagonal masses and constraint gradients. Either way the reader builds an rc_impact_problem, the options the file
 * sets, and a description (rc_problem_info) good enough to report a result body by body. */
#ifndef RICOCHET_IO_H
#define RICOCHET_IO_H

#include "ricochet/core.h"
#include "ricochet/frame.h"
#include "ricochet/impact.h"
#include "ricochet/rigid.h" /* rc_item_kind, rc_contact_info */

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rc_problem_form {
    RC_PROBLEM_FORM_PHYSICAL, /* "dimension", "balls", "rigid_bodies", "walls" */
    RC_PROBLEM_FORM_GENERIC   /* "masses", "velocity", "constraints" */
} rc_problem_form;

/* The description of a problem file. Problem bodies are numbered balls first (0 .. ball_count-1), then rigid bodies
 * (ball_count .. ball_count+rigid_count-1), each in file order. */
typedef struct rc_problem_info {
    rc_problem_form form;
    int dimension; /* 1, 2 or 3; 0 for the generic form */
    int ball_count;
    int rigid_count;
    int wall_count;
    int contact_count;               /* detected contacts (physical) or constraints (generic) */
    const rc_contact_info *contacts; /* physical form: contact_count entries; NULL for the generic form */
} rc_problem_info;

typedef struct rc_problem_file rc_problem_file;

/* A problem file read and checked, from a file or from text (ricochet/core.h, "Definition files"). */
RC_API rc_status rc_problem_file_create_from_file(const char *path, rc_problem_file **file);
RC_API rc_status rc_problem_file_create_from_text(const char *text, rc_problem_file **file);
RC_API void rc_problem_file_destroy(rc_problem_file *file);

RC_API const rc_impact_problem *rc_problem_file_problem(const rc_problem_file *file);
/* The default options with the values the file sets applied. */
RC_API const rc_impact_options *rc_problem_file_options(const rc_problem_file *file);
RC_API const rc_problem_info *rc_problem_file_info(const rc_problem_file *file);

/* The balls of a physical problem as a frame (rigid bodies and walls are left out), for pictures and trajectory
 * files: radii and positions from the file, velocities from velocity (the problem's degrees of freedom, such as
 * rc_impact_result.velocity; NULL: the file's). The frame starts zeroed ({0}) or holds an earlier frame; it is
 * (re)allocated for the balls. Positions are shifted so that the balls' bounding box is the frame's box (closed,
 * from 0); a 1D problem becomes a 2D frame on the x axis. RC_STATUS_INVALID_ARGUMENT for the generic form. */
RC_API rc_status rc_problem_file_frame(const rc_problem_file *file, const double *velocity, rc_frame *frame);
/* That frame written to path as an extended XYZ file of one frame (what `ricochet resolve --frame` writes, for
 * `ricochet render`). */
RC_API rc_status rc_problem_file_write_frame(const rc_problem_file *file, const double *velocity, const char *path);

/* The report of one resolve of the file's problem as JSON text (what `ricochet resolve` prints; docs/formats.md,
 * "The output of resolve"): the status ("resolved" when result->status is RC_STATUS_OK, else "not_terminated"), the form,
 * operator (and order), the solver's counters, the velocities (body by body with the contacts in the physical form,
 * one vector in the generic form), the normal impulses, kinetic energy (and momentum) before and after, the
 * lineality and the options used. result comes from rc_impact_solver_resolve with options on
 * rc_problem_file_problem(file). Indented, or on one line when compact. Free it with rc_text_destroy; NULL when out of
 * memory or when an argument is NULL. */
RC_API char *rc_problem_file_report_json(const rc_problem_file *file, const rc_impact_options *options,
                                         const rc_impact_result *result, bool compact);

/* Sets one option from its text. Names and values are those of the problem file's keys: "operator" (gr, gs),
 * "order" (lexicographic, sweep, random, most-violated), "seed" (integer >= 0), "restitution" ([0, 1]),
 * "friction" (>= 0), "tolerance" ([0, 1)), "lineality" (true, false), "max_iterations" (integer >= 0, 0 for no
 * budget), "lcp" (auto, lemke, pgs). On failure the options are unchanged and rc_error_get() names the
 * option and the value. */
RC_API rc_status rc_impact_options_set(rc_impact_options *options, const char *name, const char *value);

/* A whole number from text, as the impact options and the tool's counts read one: decimal digits exactly, or a
 * number written another way ("1e6", "1e+06") when it is whole; from low to high. On failure rc_error_get() says
 * 'NAME: "TEXT" is not a whole number from LOW to HIGH' and *out is unchanged. */
RC_API rc_status rc_text_count(const char *name, const char *text, uint64_t low, uint64_t high, uint64_t *out);
/* A positive finite number from text, as the tool's and the analysis's options read one (strtod's forms, whole text).
 * On failure rc_error_get() says 'NAME: "TEXT" is not a positive number' and *out is unchanged. */
RC_API rc_status rc_text_positive(const char *name, const char *text, double *out);
/* A picture size "WIDTHxHEIGHT" in pixels (both positive, digits and one x only), as render and plot read --size.
 * On failure rc_error_get() says 'NAME: "TEXT" is not WIDTHxHEIGHT in pixels' and the sizes are unchanged. */
RC_API rc_status rc_text_size(const char *name, const char *text, int *width, int *height);

#ifdef __cplusplus
}
#endif
#endif
