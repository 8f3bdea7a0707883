/* Reading a JSON document: a whole file into memory (pipes and /dev/stdin included; at most RC_TEXT_FILE_MAX bytes,
 * and a NUL byte refused as soon as it is read, so /dev/zero or an endless pipe cannot take all the memory there is),
 * and parsing with cJSON; a syntax error is named (a trailing comma, a missing quote or comma, NaN, ...) at its line
 * and column by a small validator that walks the text by the grammar of RFC 8259. */
#include "io/json_document.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"

rc_status rc_json_reader_parse(const rc_json_reader *reader, const char *text, void **result)
{
    *result = NULL;
    cJSON *root;
    rc_status s = rc_json_parse(text, &root);
    if (s) return s;
    void *made = reader->create();
    s = made ? reader->read_root(root, made) : rc_fail(RC_NO_MEMORY, "out of memory reading %s", reader->what);
    cJSON_Delete(root);
    if (s) {
        if (made) reader->destroy(made);
        return s;
    }
    rc_clear_error();
    *result = made;
    return RC_OK;
}

rc_status rc_json_reader_read(const rc_json_reader *reader, const char *path, void **result)
{
    char *text;
    *result = NULL;
    rc_status s = rc_text_read_file(path, &text);
    if (s) return s;
    s = rc_json_reader_parse(reader, text, result);
    free(text);
    return s;
}

rc_status rc_text_read_file(const char *path, char **text)
{
    bool standard = strcmp(path, "-") == 0;
    const char *name = standard ? "standard input" : path;
    *text = NULL;
    FILE *f = standard ? stdin : fopen(path, "rb");
    if (!f) return rc_fail(RC_IO_ERROR, "cannot open %s: %s", name, strerror(errno));
    size_t size = 0, capacity = 4096;
    char *buffer = malloc(capacity);
    rc_status s = buffer ? RC_OK : rc_fail(RC_NO_MEMORY, "out of memory reading %s", name);
    while (!s) {
        size_t got = fread(buffer + size, 1, capacity - 1 - size, f);
        bool nul = memchr(buffer + size, '\0', got) != NULL; /* /dev/zero is refused at its first bytes */
        size += got;
        if (ferror(f)) {
            s = rc_fail(RC_IO_ERROR, "cannot read %s: %s", name, strerror(errno));
        } else if (nul) {
            s = rc_fail(RC_INVALID_ARGUMENT, "%s holds a NUL byte; it is not a text file", name);
        } else if (feof(f)) {
            break;
        } else if (size > RC_TEXT_FILE_MAX) {
            s = rc_fail(RC_INVALID_ARGUMENT, "%s is larger than %d bytes (64 MiB), the most a scene, problem or other "
                        "JSON file may hold", name, RC_TEXT_FILE_MAX);
        } else if (size == capacity - 1) {
            size_t more = 2 * capacity < (size_t)RC_TEXT_FILE_MAX + 2 ? 2 * capacity : (size_t)RC_TEXT_FILE_MAX + 2;
            char *bigger = realloc(buffer, more);
            if (!bigger) {
                s = rc_fail(RC_NO_MEMORY, "out of memory reading %s (%zu bytes so far)", name, size);
            } else {
                buffer = bigger;
                capacity = more;
            }
        }
    }
    if (!standard) fclose(f);
    if (s) {
        free(buffer);
        return s;
    }
    buffer[size] = '\0';
    *text = buffer;
    return RC_OK;
}

/* ---- Diagnosis of a syntax error ------------------------------------------------------------------------------
 * cJSON says only that the text is malformed, and where it gave up is not always where the mistake is (a trailing
 * comma in an object is reported at the end of the text). When it fails, a small validator walks the text by the
 * grammar of RFC 8259 and names the first mistake at its own line and column. */

static bool starts_with(const char *text, const char *prefix) { return strncmp(text, prefix, strlen(prefix)) == 0; }

typedef struct scanner {
    const char *text, *at;
    const char *what;  /* the mistake, or NULL */
    const char *where; /* where it is */
    int depth;
} scanner;

static bool mistake(scanner *s, const char *where, const char *what)
{
    if (!s->what) s->what = what, s->where = where;
    return false;
}

static void skip_space(scanner *s)
{
    while (*s->at == ' ' || *s->at == '\t' || *s->at == '\n' || *s->at == '\r') s->at++;
}

static bool scan_value(scanner *s);

/* The value of four hexadecimal digits, or -1. */
static long hex4(const char *p)
{
    long code = 0;
    for (int k = 0; k < 4; k++) {
        if (!p[k] || !strchr("0123456789abcdefABCDEF", p[k])) return -1;
        code = 16 * code + (isdigit((unsigned char)p[k]) ? p[k] - '0' : (tolower((unsigned char)p[k]) - 'a' + 10));
    }
    return code;
}

static bool scan_string(scanner *s)
{
    const char *start = s->at++;
    for (;; s->at++) {
        unsigned char c = (unsigned char)*s->at;
        if (c == '"') {
            s->at++;
            return true;
        }
        if (c == '\0') return mistake(s, start, "a string that never ends: its closing double quote is missing");
        if (c == '\n' || c == '\r')
            return mistake(s, start, "a string that runs to the end of its line: its closing double quote is missing");
        if (c < 0x20) return mistake(s, s->at, "a control character inside a string (write it as an escape)");
        if (c == '\\') {
            s->at++;
            if (*s->at == 'u') {
                long code = hex4(s->at + 1);
                if (code < 0) return mistake(s, s->at - 1, "a \\u escape without four hexadecimal digits");
                if (code >= 0xDC00 && code <= 0xDFFF)
                    return mistake(s, s->at - 1, "a \\u escape of a lone low surrogate (\\uDC00 to \\uDFFF only follow "
                                                 "a high one)");
                if (code >= 0xD800 && code <= 0xDBFF) {
                    long low = s->at[5] == '\\' && s->at[6] == 'u' ? hex4(s->at + 7) : -1;
                    if (low < 0xDC00 || low > 0xDFFF)
                        return mistake(s, s->at - 1, "a \\u escape of a high surrogate (\\uD800 to \\uDBFF) without "
                                                     "its low half (\\uDC00 to \\uDFFF) right after it");
                    s->at += 6;
                }
                s->at += 4;
            } else if (!*s->at || !strchr("\"\\/bfnrt", *s->at)) {
                return mistake(s, s->at - 1, "an escape that JSON does not have (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, "
                                             "\\t or \\uXXXX)");
            }
        }
    }
}

static bool digits(scanner *s)
{
    if (*s->at < '0' || *s->at > '9') return false;
    while (*s->at >= '0' && *s->at <= '9') s->at++;
    return true;
}

static bool scan_number(scanner *s)
{
    const char *start = s->at;
    if (*s->at == '-') s->at++;
    if (*s->at == '0' && s->at[1] >= '0' && s->at[1] <= '9')
        return mistake(s, start, "a number with a leading zero (JSON has no octal)");
    if (!digits(s)) return mistake(s, start, "a number without digits before its decimal point");
    if (*s->at == '.' && (s->at++, !digits(s))) return mistake(s, start, "a number without digits after its decimal point");
    if (*s->at == 'e' || *s->at == 'E') {
        s->at++;
        if (*s->at == '+' || *s->at == '-') s->at++;
        if (!digits(s)) return mistake(s, start, "a number whose exponent has no digits");
    }
    return true;
}

/* A bare word where a value should be: true, false, null, or a hint for the usual mistakes. */
static bool scan_word(scanner *s)
{
    static const char *const words[] = {"true", "false", "null"};
    for (int k = 0; k < 3; k++) {
        size_t n = strlen(words[k]);
        if (strncmp(s->at, words[k], n) == 0 && !isalnum((unsigned char)s->at[n])) {
            s->at += n;
            return true;
        }
    }
    if (starts_with(s->at, "NaN") || starts_with(s->at, "nan") || starts_with(s->at, "Infinity") ||
        starts_with(s->at, "inf"))
        return mistake(s, s->at, "NaN or Infinity: JSON has neither, every number must be finite");
    if (*s->at == '\'') return mistake(s, s->at, "a single quote: JSON strings are in double quotes");
    if (*s->at == '+') return mistake(s, s->at, "a number with a plus sign (JSON allows only a minus)");
    if (*s->at == '.') return mistake(s, s->at, "a number without digits before its decimal point");
    if (isalpha((unsigned char)*s->at)) return mistake(s, s->at, "a word that is not a value: strings need double "
                                                                  "quotes, and the literals are true, false and null");
    return mistake(s, s->at, *s->at ? "a character that cannot start a value" : "the text ends where a value should be");
}

/* An object or an array: members (or elements) separated by commas, no comma after the last. */
static bool scan_container(scanner *s)
{
    bool object = *s->at == '{';
    char close = object ? '}' : ']';
    const char *open = s->at++;
    if (++s->depth > 512) return mistake(s, open, "objects and arrays nested more than 512 deep");
    skip_space(s);
    if (*s->at == close) {
        s->at++, s->depth--;
        return true;
    }
    for (;;) {
        skip_space(s);
        if (object) {
            if (*s->at == '\'') return mistake(s, s->at, "a key in single quotes: keys are strings in double quotes");
            if (*s->at != '"')
                return mistake(s, s->at, *s->at == close ? "a trailing comma: JSON allows no comma after the last member"
                                         : *s->at ? "a key that is not a string in double quotes"
                                                  : "the text ends inside an object: a closing } is missing");
            if (!scan_string(s)) return false;
            skip_space(s);
            if (*s->at != ':') return mistake(s, s->at, "a key without a colon after it");
            s->at++;
            skip_space(s);
        } else if (*s->at == close) {
            return mistake(s, s->at, "a trailing comma: JSON allows no comma after the last element");
        }
        if (!scan_value(s)) return false;
        skip_space(s);
        if (*s->at == ',') {
            s->at++;
            continue;
        }
        if (*s->at == close) {
            s->at++, s->depth--;
            return true;
        }
        if (!*s->at) return mistake(s, open, object ? "an object that is never closed: its } is missing"
                                                     : "an array that is never closed: its ] is missing");
        return mistake(s, s->at, *s->at == '"' || *s->at == '{' || *s->at == '[' || isalnum((unsigned char)*s->at)
                                     ? "a comma is missing before this"
                                     : object ? "a character where a comma or } should be"
                                              : "a character where a comma or ] should be");
    }
}

static bool scan_value(scanner *s)
{
    skip_space(s);
    if (*s->at == '{' || *s->at == '[') return scan_container(s);
    if (*s->at == '"') return scan_string(s);
    if (*s->at == '-' || (*s->at >= '0' && *s->at <= '9')) return scan_number(s);
    return scan_word(s);
}

/* The first mistake of a text cJSON refused, and where it is; NULL when the validator finds none. */
static const char *diagnose(const char *text, const char **where)
{
    scanner s = {text, text, NULL, NULL, 0};
    if (scan_value(&s)) {
        skip_space(&s);
        if (*s.at) mistake(&s, s.at, "more text after the end of the JSON value");
    }
    *where = s.where;
    return s.what;
}

rc_status rc_json_parse(const char *text, cJSON **root)
{
    const char *end = NULL;
    *root = cJSON_ParseWithOpts(text, &end, 1);
    if (*root) return RC_OK;
    const char *where = end, *what = diagnose(text, &where);
    /* the validator accepts what cJSON does, so a failure it finds no mistake for is cJSON's memory running out (its
     * error position is set then too) */
    if (!end || !what) return rc_fail(RC_NO_MEMORY, "out of memory parsing JSON (%zu bytes)", strlen(text));
    int line = 1;
    const char *line_start = text;
    for (const char *p = text; p < where; p++)
        if (*p == '\n') line++, line_start = p + 1;
    int column = (int)(where - line_start) + 1;
    char near[24];
    size_t n = strcspn(where, "\r\n");
    snprintf(near, sizeof near, "%.*s", (int)(n < 20 ? n : 20), where);
    if (!*where) return rc_fail(RC_INVALID_ARGUMENT, "malformed JSON at line %d, column %d: %s", line, column, what);
    return rc_fail(RC_INVALID_ARGUMENT, "malformed JSON at line %d, column %d, near \"%s\": %s", line, column, near,
                   what);
}

/* The first of keys that root has, or NULL. */
static const char *first_key(const cJSON *root, const char *const *keys)
{
    for (; *keys; keys++)
        if (cJSON_HasObjectItem(root, *keys)) return *keys;
    return NULL;
}

rc_status rc_json_check_kind(const cJSON *root, rc_file_kind expected)
{
    static const char *const scene_keys[] = {"stop", "particles", "bodies", "dynamics", NULL};
    static const char *const problem_keys[] = {"balls", "rigid_bodies", "masses", "constraints", NULL};
    const char *scene = first_key(root, scene_keys), *problem = first_key(root, problem_keys);
    if (expected == RC_FILE_PROBLEM && scene && !problem)
        return rc_fail(RC_INVALID_ARGUMENT, "this is a scene file (it has \"%s\"), not an impact problem: "
                                            "`ricochet run` reads it", scene);
    if (expected == RC_FILE_SCENE && problem && !cJSON_HasObjectItem(root, "stop"))
        return rc_fail(RC_INVALID_ARGUMENT, "this is an impact problem file (it has \"%s\"), not a scene: "
                                            "`ricochet resolve` reads it", problem);
    return RC_OK;
}

char *rc_json_text(cJSON *object, bool compact)
{
    char *text = !object ? NULL : compact ? cJSON_PrintUnformatted(object) : cJSON_Print(object);
    cJSON_Delete(object);
    return text;
}
