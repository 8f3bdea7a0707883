/* SPDX-License-Identifier: MIT */
/* Internal helpers to record a failure with its sentence (see rc_error_get) and the warnings of a read (see
 * rc_warnings_get). */
#ifndef RC_CORE_STATUS_H
#define RC_CORE_STATUS_H

#include "ricochet/core.h"

/* Records the formatted sentence as the last error and returns status. */
rc_status rc_fail(rc_status status, const char *format, ...) __attribute__((format(printf, 2, 3)));
void rc_clear_error(void);

/* Appends the formatted sentence to the last warnings. With `once` (a string that outlives the read, such as a
 * key's name) a second warning with the same `once` is dropped until rc_warnings_clear. */
void rc_warn(const char *once, const char *format, ...) __attribute__((format(printf, 2, 3)));

#endif
