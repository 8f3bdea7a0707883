/* SPDX-License-Identifier: MIT */
/* Reading a JSON document: the whole text of the file (rc_text_create_from_file, src/core/text.c), parsed with cJSON
 * after a small strict scanner has checked the text against RFC 8259 (numbers, escapes, surrogate pairs, UTF-8) and
 * named the first mistake (a trailing comma, a missing quote or comma, NaN, 01, a lone surrogate, ...) at its line and
 * column. */
#include "json/json_document.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "json/json_fields.h"

/* Stores result at out, the address of a pointer to the reader's own type: copied as bytes, since every object
 * pointer has the representation of void * on the platforms ricochet builds on. */
static void store(void *out, void *result) { memcpy(out, &result, sizeof result); }

rc_status rc_json_reader_parse(const rc_json_reader *reader, const char *text, void *out)
{
    store(out, NULL);
    cJSON *root;
    rc_status s = rc_json_parse(text, &root);
    if (s) return s;
    s = rc_json_reader_take(reader, root, out);
    cJSON_Delete(root);
    return s;
}

rc_status rc_json_reader_take(const rc_json_reader *reader, const cJSON *root, void *out)
{
    store(out, NULL);
    void *made = reader->create();
    rc_status s =
        made ? reader->read_root(root, made) : rc_fail(RC_STATUS_NO_MEMORY, "out of memory reading %s", reader->what);
    if (s) {
        if (made) reader->destroy(made);
        return s;
    }
    rc_clear_error();
    store(out, made);
    return RC_STATUS_OK;
}

rc_status rc_json_reader_read(const rc_json_reader *reader, const char *path, void *out)
{
    char *text;
    store(out, NULL);
    rc_status s = rc_text_create_from_file(path, &text);
    if (s) return s;
    s = rc_json_reader_parse(reader, text, out);
    free(text);
    return s;
}

/* ---- A strict reading of RFC 8259 --------------------------------------------------------------------------
 * cJSON is lenient: it takes 01, 1., any control character as a space, overlong and broken UTF-8 and lone UTF-16
 * surrogates (and with a lone surrogate it fails without saying where); it cuts a string at \u0000, and says only that
 * a text is malformed, not where the mistake is (a trailing comma in an object is reported at the end of the text).
 * So every text is first walked by the grammar of RFC 8259 by this small scanner, which names the first mistake at
 * its own line and column, and cJSON reads only texts the scanner took. The scanner also keeps the spelling of every
 * long whole number, which a double cannot hold exactly (a seed of 2^64 - 1), for rc_json_number_text. */

static bool starts_with(const char *text, const char *prefix) { return strncmp(text, prefix, strlen(prefix)) == 0; }

/* Where a number's spelling is kept: the ordinal of the number in the text (counting every number), and its digits. */
typedef struct literal {
    size_t ordinal;
    const char *start;
    size_t length;
} literal;

typedef struct scanner {
    const char *at;    /* the next character */
    const char *what;  /* the mistake, or NULL */
    const char *where; /* where it is */
    int depth;
    size_t numbers;    /* numbers met so far */
    literal *literals; /* the long whole numbers among them, in order */
    size_t literal_count, literal_capacity;
    bool out_of_memory;
} scanner;

/* Whole numbers with more digits than this are kept as spelled: a double holds every 15-digit number exactly. */
enum { EXACT_DIGITS = 15 };

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

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The code unit of the \uXXXX escape at p (which points at the backslash), or -1 when it is not one. */
static long escape_unit(const char *p)
{
    if (p[0] != '\\' || p[1] != 'u') return -1;
    long unit = 0;
    for (int k = 2; k < 6; k++) {
        int d = hex_digit(p[k]);
        if (d < 0) return -1;
        unit = 16 * unit + d;
    }
    return unit;
}

/* A \u escape at s->at (the backslash): four hexadecimal digits, not NUL, and a surrogate only in a high-low pair. */
static bool scan_unicode_escape(scanner *s)
{
    long unit = escape_unit(s->at);
    if (unit < 0) return mistake(s, s->at, "a \\u escape without four hexadecimal digits");
    if (unit == 0)
        return mistake(s, s->at, "\\u0000 in a string: a NUL character cannot be in the strings ricochet reads");
    if (unit >= 0xDC00 && unit <= 0xDFFF)
        return mistake(s, s->at,
                       "a lone UTF-16 low surrogate (\\uDC00 to \\uDFFF must follow a high one, \\uD800 to "
                       "\\uDBFF)");
    if (unit >= 0xD800 && unit <= 0xDBFF) {
        long low = escape_unit(s->at + 6);
        if (low < 0xDC00 || low > 0xDFFF)
            return mistake(s, s->at,
                           "a lone UTF-16 high surrogate (\\uD800 to \\uDBFF must be followed by a low one, "
                           "\\uDC00 to \\uDFFF)");
        s->at += 6;
    }
    s->at += 5; /* the loop of scan_string steps over the last digit */
    return true;
}

/* The UTF-8 sequence at s->at (its first byte is 0x80 or above), by RFC 3629: no overlong encodings, no UTF-16
 * surrogates, nothing above U+10FFFF. Leaves s->at at its last byte. */
static bool scan_utf8(scanner *s)
{
    const unsigned char *p = (const unsigned char *)s->at;
    unsigned char c = p[0];
    int more = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : 0;
    /* the bounds of the second byte, which is where overlong forms, surrogates and code points above U+10FFFF show */
    unsigned char low = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80, high = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    bool overlong = c == 0xC0 || c == 0xC1 || (c == 0xE0 && p[1] >= 0x80 && p[1] < 0xA0) ||
                    (c == 0xF0 && p[1] >= 0x80 && p[1] < 0x90);
    if (overlong) return mistake(s, s->at, "an overlong UTF-8 encoding (a character in more bytes than it needs)");
    if (c == 0xED && p[1] >= 0xA0 && p[1] <= 0xBF)
        return mistake(s, s->at, "a UTF-16 surrogate encoded in UTF-8 (not a character)");
    if (!more || p[1] < low || p[1] > high)
        return mistake(s, s->at, "bytes that are not UTF-8 (the text must be UTF-8)");
    for (int k = 2; k <= more; k++)
        if (p[k] < 0x80 || p[k] > 0xBF) return mistake(s, s->at, "bytes that are not UTF-8 (the text must be UTF-8)");
    s->at += more;
    return true;
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
        if (c >= 0x80 && !scan_utf8(s)) return false;
        if (c == '\\') {
            if (s->at[1] == 'u') {
                if (!scan_unicode_escape(s)) return false;
            } else if (!s->at[1] || !strchr("\"\\/bfnrt", s->at[1])) {
                return mistake(s, s->at,
                               "an escape that JSON does not have (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, "
                               "\\t or \\uXXXX)");
            } else {
                s->at++;
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

/* Keeps the spelling of the number from start to s->at when it is a whole number of more than EXACT_DIGITS digits. */
static void keep_literal(scanner *s, const char *start)
{
    size_t length = (size_t)(s->at - start), ordinal = s->numbers++;
    if (length <= EXACT_DIGITS || strspn(start, "0123456789") < length) return;
    if (s->literal_count == s->literal_capacity) {
        size_t capacity = s->literal_capacity ? 2 * s->literal_capacity : 8;
        literal *bigger = realloc(s->literals, capacity * sizeof *bigger);
        if (!bigger) {
            s->out_of_memory = true;
            return;
        }
        s->literals = bigger, s->literal_capacity = capacity;
    }
    s->literals[s->literal_count++] = (literal){ordinal, start, length};
}

static bool scan_number(scanner *s)
{
    const char *start = s->at;
    if (*s->at == '-') s->at++;
    if (*s->at == '0' && s->at[1] >= '0' && s->at[1] <= '9')
        return mistake(s, start, "a number with a leading zero (JSON has no octal)");
    if (!digits(s))
        return mistake(s, start,
                       *s->at == '.' ? "a number without digits before its decimal point"
                                     : "a minus sign without digits after it");
    if (*s->at == '.' && (s->at++, !digits(s)))
        return mistake(s, start, "a number without digits after its decimal point");
    if (*s->at == 'e' || *s->at == 'E') {
        s->at++;
        if (*s->at == '+' || *s->at == '-') s->at++;
        if (!digits(s)) return mistake(s, start, "a number whose exponent has no digits");
    }
    keep_literal(s, start);
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
    if ((unsigned char)*s->at >= 0x80)
        return mistake(s, s->at, "a character outside a string (only spaces, tabs and line breaks go between values)");
    if (isalpha((unsigned char)*s->at))
        return mistake(s, s->at,
                       "a word that is not a value: strings need double "
                       "quotes, and the literals are true, false and null");
    return mistake(s, s->at,
                   *s->at ? "a character that cannot start a value" : "the text ends where a value should be");
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
                return mistake(s, s->at,
                               *s->at == close ? "a trailing comma: JSON allows no comma after the last member"
                               : *s->at        ? "a key that is not a string in double quotes"
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
        if (!*s->at)
            return mistake(s, open,
                           object ? "an object that is never closed: its } is missing"
                                  : "an array that is never closed: its ] is missing");
        return mistake(s, s->at,
                       *s->at == '"' || *s->at == '{' || *s->at == '[' || isalnum((unsigned char)*s->at)
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

/* The whole text: one value with only white space around it. */
static bool scan_text(scanner *s)
{
    if (!scan_value(s)) return false;
    skip_space(s);
    return *s->at ? mistake(s, s->at, "more text after the end of the JSON value") : true;
}

/* The mistake `what` at `where` in text, as one sentence with its line and column and the text near it. */
static rc_status refuse(const char *text, const char *where, const char *what)
{
    int line = 1;
    const char *line_start = text;
    for (const char *p = text; p < where; p++)
        if (*p == '\n') line++, line_start = p + 1;
    int column = (int)(where - line_start) + 1;
    char near[24];
    size_t n = strcspn(where, "\r\n");
    snprintf(near, sizeof near, "%.*s", (int)(n < 20 ? n : 20), where);
    /* bytes outside printable ASCII (broken UTF-8, a cut character, a tab) are shown as '?' */
    for (char *p = near; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7F) *p = '?';
    if (!*where)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "malformed JSON at line %d, column %d: %s", line, column, what);
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "malformed JSON at line %d, column %d, near \"%s\": %s", line, column,
                   near, what);
}

/* Gives each number item of the tree under item (and its siblings) whose ordinal has a kept spelling that spelling,
 * as its valuestring (cJSON_Delete frees it). False when out of memory. */
static bool attach_literals(cJSON *item, const scanner *s, size_t *ordinal, size_t *next)
{
    for (; item; item = item->next) {
        if (cJSON_IsNumber(item)) {
            if (*next < s->literal_count && s->literals[*next].ordinal == *ordinal) {
                const literal *l = &s->literals[(*next)++];
                item->valuestring = malloc(l->length + 1);
                if (!item->valuestring) return false;
                memcpy(item->valuestring, l->start, l->length);
                item->valuestring[l->length] = '\0';
            }
            (*ordinal)++;
        }
        if (item->child && !attach_literals(item->child, s, ordinal, next)) return false;
    }
    return true;
}

rc_status rc_json_parse(const char *text, cJSON **root)
{
    *root = NULL;
    scanner s = {.at = text};
    rc_status status = RC_STATUS_OK;
    if (!scan_text(&s)) {
        status = refuse(text, s.where, s.what);
    } else if (s.out_of_memory) {
        status = rc_fail(RC_STATUS_NO_MEMORY, "out of memory parsing JSON");
    } else if (!(*root = cJSON_ParseWithOpts(text, NULL, 1))) {
        /* the scanner took it, so cJSON fails only for want of memory (its error position is set then too) */
        status = rc_fail(RC_STATUS_NO_MEMORY, "out of memory parsing JSON (%zu bytes)", strlen(text));
    } else {
        size_t ordinal = 0, next = 0;
        if (!attach_literals(*root, &s, &ordinal, &next)) {
            cJSON_Delete(*root);
            *root = NULL;
            status = rc_fail(RC_STATUS_NO_MEMORY, "out of memory parsing JSON");
        }
    }
    free(s.literals);
    return status;
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
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "this is a scene file (it has \"%s\"), not an impact problem: "
                       "`ricochet run` reads it",
                       scene);
    if (expected == RC_FILE_SCENE && problem && !cJSON_HasObjectItem(root, "stop"))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "this is an impact problem file (it has \"%s\"), not a scene: "
                       "`ricochet resolve` reads it",
                       problem);
    return RC_STATUS_OK;
}

/* Every finite number of the list from item on (and of their children) turned into raw text: its shortest spelling
 * that reads back (core/number_text.h), or the spelling it was read with. False when out of memory. */
static bool numbers_as_text(cJSON *item)
{
    for (; item; item = item->next) {
        if (cJSON_IsNumber(item) && isfinite(item->valuedouble)) {
            char number[RC_NUMBER_TEXT_SIZE];
            cJSON *raw = cJSON_CreateRaw(rc_json_number_text(item, number));
            if (!raw) return false;
            cJSON_free(item->valuestring);
            item->valuestring = raw->valuestring;
            raw->valuestring = NULL;
            cJSON_Delete(raw);
            item->type = (item->type & ~0xff) | cJSON_Raw;
        }
        if (item->child && !numbers_as_text(item->child)) return false;
    }
    return true;
}

char *rc_json_print(const cJSON *item, bool compact)
{
    cJSON *copy = item ? cJSON_Duplicate(item, true) : NULL;
    char *text = NULL;
    if (copy && numbers_as_text(copy)) text = compact ? cJSON_PrintUnformatted(copy) : cJSON_Print(copy);
    cJSON_Delete(copy);
    return text;
}

char *rc_json_text(cJSON *object, bool compact)
{
    char *text = rc_json_print(object, compact);
    cJSON_Delete(object);
    return text;
}
