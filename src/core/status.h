/* Internal helpers to record a failure with its sentence (see rc_last_error). */
#ifndef RC_CORE_STATUS_H
#define RC_CORE_STATUS_H

#include "ricochet/core.h"

/* Records the formatted sentence as the last error and returns status. */
rc_status rc_fail(rc_status status, const char *format, ...) __attribute__((format(printf, 2, 3)));
void rc_clear_error(void);

#endif
