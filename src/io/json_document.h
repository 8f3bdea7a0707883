/* Reading a JSON document: a whole file into memory, and parsing with cJSON that reports where a syntax error is. */
#ifndef RC_IO_JSON_DOCUMENT_H
#define RC_IO_JSON_DOCUMENT_H

#include <cjson/cJSON.h>

#include "ricochet/core.h"

/* Reads the whole file into a NUL-terminated buffer (free it). RC_IO_ERROR names the path and the reason. */
rc_status rc_json_read_file(const char *path, char **text);

/* Parses text; on a syntax error returns RC_INVALID_ARGUMENT with its line and column. */
rc_status rc_json_parse(const char *text, cJSON **root);

#endif
