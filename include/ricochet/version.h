/* SPDX-License-Identifier: MIT */
/* ricochet/version.h: the one source of the library's version. CMake reads these lines (project(... VERSION)), the
 * library returns RC_VERSION_STRING from rc_version_get(), and a C user can test the macros at compile time:
 *     #if RC_VERSION_MAJOR == 0 && RC_VERSION_MINOR < 2 ... #endif
 * The version follows semantic versioning; while the major is 0, a minor release may rename the public API (every
 * rename is listed in CHANGELOG.md). */
#ifndef RICOCHET_VERSION_H
#define RICOCHET_VERSION_H

#define RC_VERSION_MAJOR 0
#define RC_VERSION_MINOR 1
#define RC_VERSION_PATCH 0

#define RC_VERSION_TEXT_(x) #x
#define RC_VERSION_TEXT(x) RC_VERSION_TEXT_(x)
/* "MAJOR.MINOR.PATCH", as rc_version_get() returns it. */
#define RC_VERSION_STRING                                                                                              \
    RC_VERSION_TEXT(RC_VERSION_MAJOR) "." RC_VERSION_TEXT(RC_VERSION_MINOR) "." RC_VERSION_TEXT(RC_VERSION_PATCH)

#endif
