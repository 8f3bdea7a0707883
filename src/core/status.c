/* SPDX-License-Identifier: MIT */
/* The last-error text and the warnings of the last read (both thread-local), and the names of status codes. */
#include "core/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local char last_error[512];

const char *rc_error_get(void) { return last_error; }

/* Formats into a copy first, so that the last error may itself be an argument (a prefix added to a cause). */
rc_status rc_fail(rc_status status, const char *format, ...)
{
    char text[sizeof last_error];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    memcpy(last_error, text, sizeof text);
    return status;
}

void rc_clear_error(void) { last_error[0] = '\0'; }

enum { WARNING_KEYS = 16 };
static _Thread_local char last_warnings[2048];
static _Thread_local const char *warned[WARNING_KEYS]; /* the keys of the warnings given once since the last clear */

const char *rc_warnings_get(void) { return last_warnings; }

void rc_warnings_clear(void)
{
    last_warnings[0] = '\0';
    memset(warned, 0, sizeof warned);
}

void rc_warn(const char *once, const char *format, ...)
{
    int k = 0;
    while (once && k < WARNING_KEYS && warned[k] && strcmp(warned[k], once) != 0) k++;
    if (once && k < WARNING_KEYS && warned[k]) return;
    if (once && k < WARNING_KEYS) warned[k] = once;
    size_t used = strlen(last_warnings);
    if (used + 2 >= sizeof last_warnings) return; /* full: later warnings are dropped */
    va_list args;
    va_start(args, format);
    vsnprintf(last_warnings + used, sizeof last_warnings - used - 1, format, args);
    va_end(args);
    strcat(last_warnings, "\n");
}

const char *rc_status_name(rc_status status)
{
    switch (status) {
    case RC_STATUS_OK: return "ok";
    case RC_STATUS_INVALID_ARGUMENT: return "invalid_argument";
    case RC_STATUS_NOT_TERMINATED: return "not_terminated";
    case RC_STATUS_NO_MEMORY: return "no_memory";
    case RC_STATUS_IO_ERROR: return "io_error";
    case RC_STATUS_INTERNAL: return "internal";
    }
    return "unknown";
}

const char *rc_version_get(void) { return RC_VERSION_STRING; }
