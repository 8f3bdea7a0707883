/* Reading a JSON document: a whole file into memory, and parsing with cJSON that reports where a syntax error is. */
#ifndef RC_IO_JSON_DOCUMENT_H
#define RC_IO_JSON_DOCUMENT_H

#include <cjson/cJSON.h>

#include "ricochet/core.h"

/* Reads the whole file into a NUL-terminated buffer (free it). RC_IO_ERROR names the path and the reason. */
rc_status rc_json_read_file(const char *path, char **text);

/* Parses text; on a syntax error returns RC_INVALID_ARGUMENT with its line and column. */
rc_status rc_json_parse(const char *text, cJSON **root);

/* The file kinds the readers take, to tell a user who gave a file to the wrong reader which one reads it. */
typedef enum rc_file_kind { RC_FILE_PROBLEM, RC_FILE_SCENE } rc_file_kind;

/* RC_INVALID_ARGUMENT naming the command that reads root when it is plainly a file of the other kind (a scene has
 * "stop", "particles" or "bodies"; a problem file "balls", "rigid_bodies" or "masses" and no "stop"), else RC_OK. */
rc_status rc_json_check_kind(const cJSON *root, rc_file_kind expected);

#endif
