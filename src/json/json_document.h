/* SPDX-License-Identifier: MIT */
/* Reading a JSON document: a whole file into memory, and parsing with cJSON that reports where a syntax error is;
 * and the text of one the library built. */
#ifndef RC_JSON_DOCUMENT_H
#define RC_JSON_DOCUMENT_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "ricochet/core.h"

/* Parses text, which must be JSON by RFC 8259 (UTF-8, no lone surrogate, no \u0000, numbers as the RFC spells them);
 * on a mistake returns RC_STATUS_INVALID_ARGUMENT naming it at its line and column. A whole number written with more than
 * 15 digits keeps its spelling as the item's valuestring (rc_json_number_text reads it). */
rc_status rc_json_parse(const char *text, cJSON **root);

/* The text of item as cJSON_Print (or, compact, cJSON_PrintUnformatted) writes it, but every number the shortest text
 * that reads back to the same double (cJSON writes 15 digits when they come within DBL_EPSILON: 0.1 + 2^-56 as
 * 0.1), or the spelling it was read with (a long whole number); free it with cJSON_free. NULL when item is NULL or
 * out of memory. */
char *rc_json_print(const cJSON *item, bool compact);

/* The text of object (indented, or on one line when compact; free it with rc_text_destroy), which is deleted; NULL when
 * object is NULL or out of memory. What the library's *_json functions return. */
char *rc_json_text(cJSON *object, bool compact);

/* A reader of one kind of JSON document (a problem file, a scene of either engine) into a result of its own type. */
typedef struct rc_json_reader {
    const char *what;                                        /* the document, for a message: "the scene" */
    void *(*create)(void);                                   /* an empty result, its defaults set; NULL: no memory */
    rc_status (*read_root)(const cJSON *root, void *result); /* the document read into it */
    void (*destroy)(void *result);
} rc_json_reader;

/* Parses text and reads its root into a new result, stored at out, the address of the caller's typed pointer
 * (rc_edmd_scene **, ...), so that a public entry point is one call: NULL is stored when it fails (the error stays,
 * the result is destroyed); on success the last error is cleared. */
rc_status rc_json_reader_parse(const rc_json_reader *reader, const char *text, void *out);
/* The same from a document already parsed (rc_json_parse), which stays the caller's. */
rc_status rc_json_reader_take(const rc_json_reader *reader, const cJSON *root, void *out);
/* The same from the file at path (RC_STATUS_IO_ERROR naming it when it cannot be read). */
rc_status rc_json_reader_read(const rc_json_reader *reader, const char *path, void *out);

/* The file kinds the readers take, to tell a user who gave a file to the wrong reader which one reads it. */
typedef enum rc_file_kind { RC_FILE_PROBLEM, RC_FILE_SCENE } rc_file_kind;

/* RC_STATUS_INVALID_ARGUMENT naming the command that reads root when it is plainly a file of the other kind (a scene has
 * "stop", "particles" or "bodies"; a problem file "balls", "rigid_bodies" or "masses" and no "stop"), else RC_STATUS_OK. */
rc_status rc_json_check_kind(const cJSON *root, rc_file_kind expected);

#endif
