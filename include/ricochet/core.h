/* SPDX-License-Identifier: MIT */
/* ricochet/core.h: status codes, the last-error text, the warnings of the last read and the version of the library.
 * Every function of the library that can fail returns an rc_status; on failure rc_error_get() holds one
 * sentence that names the offending field and value. The library never prints: what a front end should tell the
 * user besides a failure (a deprecated key in a file) it leaves in rc_warnings_get(). */
#ifndef RICOCHET_CORE_H
#define RICOCHET_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "ricochet/version.h"

#if defined(RC_BUILDING_LIBRARY) && defined(__GNUC__)
#define RC_API __attribute__((visibility("default")))
#else
#define RC_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rc_status {
    RC_STATUS_OK = 0,
    RC_STATUS_INVALID_ARGUMENT = 1, /* bad input: a field out of range, a NaN, a malformed file */
    RC_STATUS_NOT_TERMINATED = 2,   /* an iteration budget set by the caller ran out; the physics was not altered */
    RC_STATUS_NO_MEMORY = 3,
    RC_STATUS_IO_ERROR = 4, /* a file could not be read or written */
    RC_STATUS_INTERNAL = 5  /* a third-party solver failed in a way the input did not cause */
} rc_status;

/* Definition files (problem files, event-driven and time-stepping scenes) are read by one triplet of verbs each:
 * X_create_from_file(path, &x) reads and checks the file and returns RC_STATUS_IO_ERROR when it cannot be read,
 * RC_STATUS_INVALID_ARGUMENT when its contents are wrong (rc_error_get() names the field, or the line and column of a
 * JSON syntax error) or RC_STATUS_NO_MEMORY; X_create_from_text(text, &x) does the same from NUL-terminated JSON text
 * in memory; X_destroy(x) frees what either made. */

/* The sentence describing the most recent failure on this thread ("" when none). */
RC_API const char *rc_error_get(void);

/* The warnings given on this thread since the latest rc_warnings_clear, one sentence per line, each ending in '\n'
 * ("" when none). A read clears them first (rc_problem_file_create_from_file or _parse, rc_rigid_scene_create_from_file or _parse, and so
 * rc_run_create of a time-stepping scene), so after a read that succeeded they are the read's, plus those of what
 * was created since. Two things warn: a deprecated key in a file, once per read, naming its first use
 * ("bodies[0].half: \"half\" is deprecated; write \"half_extents\""), and impact options that may never finish (lineality
 * off with no max_iterations budget), when a solver, engine or run is made with them, and a run that finishes
 * before its equilibration ended (rc_run_finish: its averages then cover the whole run). The command-line tool prints
 * each line as "ricochet: warning: ..." on stderr; Python raises each as a ricochet.RicochetWarning. */
RC_API const char *rc_warnings_get(void);

/* Forgets this thread's warnings, so that rc_warnings_get then holds only those of the calls that follow. */
RC_API void rc_warnings_clear(void);

/* "Did you mean": the name among names (count of them, or up to a NULL when count is negative) nearest to typed by
 * edit distance (rc_name_distance), when it is near enough to be a likely misspelling: at most a third of the
 * shorter one's length, and at least 1 ("tme" -> "time", "tempreature" -> "temperature", "colisions" ->
 * "collisions"); NULL when none is (or names is NULL). The first of equally near names wins. The scene and problem
 * file readers, the command-line tool's options and commands and the column lookups use it in their messages. */
RC_API const char *rc_name_suggest(const char *typed, const char *const *names, int count);

/* The optimal string alignment distance between a and b, ignoring ASCII case: the fewest insertions, deletions,
 * substitutions and swaps of two neighbouring characters that turn one into the other. Names longer than 64
 * characters are as far as their lengths' sum. */
RC_API int rc_name_distance(const char *a, const char *b);

/* A short name for a status ("ok", "invalid_argument", "not_terminated", ...). */
RC_API const char *rc_status_name(rc_status status);

/* The library version as "MAJOR.MINOR.PATCH": RC_VERSION_STRING of the library's build (ricochet/version.h).
 * Checkpoints record it; compare it with RC_VERSION_STRING to see whether the library you load is the one you
 * compiled against. */
RC_API const char *rc_version_get(void);

/* sizeof of a public struct named without its "rc_" ("frame", "edmd_limits", "run_settings", "impact_options",
 * "impact_result", ...), or 0 for a name the library does not know. Bindings that mirror the structs (python/) compare
 * their layouts with it when they load, so a header that changed fails loudly instead of corrupting memory. */
RC_API size_t rc_struct_size(const char *name);

/* Frees text the library returned (rc_run_summary_json, rc_plot_summary.png, rc_text_create_from_file, ...). */
RC_API void rc_text_destroy(char *text);

/* The most bytes rc_text_create_from_file reads: 64 MiB, far more than a scene or problem file needs (a large state is read
 * from a saved trajectory instead, "particles": {"file": ...}). */
#define RC_TEXT_FILE_MAX (64 * 1024 * 1024)

/* The whole text of a file ("-": standard input; pipes too) as one NUL-terminated string, what every reader of the
 * library starts from: free it with rc_text_destroy. RC_STATUS_IO_ERROR names the path and the reason; a NUL byte inside
 * (refused as soon as it is read: /dev/zero) or more than RC_TEXT_FILE_MAX bytes is RC_STATUS_INVALID_ARGUMENT, and memory
 * that runs out RC_STATUS_NO_MEMORY. */
RC_API rc_status rc_text_create_from_file(const char *path, char **text);

#ifdef __cplusplus
}
#endif
#endif
