/* SPDX-License-Identifier: MIT */
/* Tests of the JSON layer's strict reading (src/json/json_document.c): a table of texts RFC 8259 allows, which parse,
 * and of texts it does not, which are refused with the mistake named (numbers such as 01, 1., .5, +1, 1e and -;
 * \u0000; lone and reversed UTF-16 surrogates; broken, overlong and surrogate UTF-8), without a crash; and the
 * whole numbers read exactly from their spelling: a seed of 2^64 - 1 is taken and 2^64 refused, alike in a scene
 * (rc_json_count) and in a problem file (the impact options), as the command line takes them (rc_text_count); and
 * the text of a document (rc_json_print): every number the shortest that reads back (0.1 + 2^-56, which cJSON's
 * printer wrote as 0.1, keeps its 17 digits; 0.1 stays 0.1), a long whole number as it was spelt, a number changed
 * since by its value, and not finite numbers as null, the document itself unchanged. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ricochet/ricochet.h"
#include "json/json_document.h"
#include "json/json_fields.h"

/* Texts RFC 8259 allows. */
static const char *const good[] = {
    "{}",
    "[]",
    "0",
    "-0",
    "0.5",
    "-1.25e-3",
    "1E+2",
    "1e007", /* leading zeros in an exponent are allowed */
    "1e400", /* syntax is fine; the readers refuse the infinite value by field */
    "\"\"",
    "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"",
    "\"\\u00e9\\u20AC\"",
    "\"\\ud83d\\ude00\"",                                          /* a surrogate pair: U+1F600 */
    "\"\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf\"", /* UTF-8 of 2, 3 and 4 bytes, and U+10FFFF */
    " \t\r\n{\"a\": [1, 2, {\"b\": null}], \"c\": true, \"d\": false} \n",
    "18446744073709551615",
};

/* Texts RFC 8259 does not allow, and a piece of the message that names the mistake. */
static const struct {
    const char *text, *names;
} bad[] = {
    {"01", "leading zero"},
    {"-01", "leading zero"},
    {"1.", "after its decimal point"},
    {"1.e5", "after its decimal point"},
    {".5", "before its decimal point"},
    {"-.5", "before its decimal point"},
    {"+1", "plus sign"},
    {"1e", "exponent has no digits"},
    {"1e+", "exponent has no digits"},
    {"-", "minus sign without digits"},
    {"0x10", "more text after the end"},
    {"NaN", "NaN or Infinity"},
    {"[1,]", "trailing comma"},
    {"{\"a\": 1,}", "trailing comma"},
    {"\"\\u0000\"", "\\u0000"},
    {"\"a\\u0000b\"", "NUL character"},
    {"\"\\ud800\"", "lone UTF-16 high surrogate"},
    {"\"\\ud800x\"", "lone UTF-16 high surrogate"},
    {"\"\\ud800\\u0041\"", "lone UTF-16 high surrogate"},
    {"\"\\udbff\\ud800\"", "lone UTF-16 high surrogate"},
    {"\"\\udc00\"", "lone UTF-16 low surrogate"},
    {"\"\\ude00\\ud83d\"", "lone UTF-16 low surrogate"},
    {"\"\\u12\"", "four hexadecimal digits"},
    {"\"\\x41\"", "an escape that JSON does not have"},
    {"\"\xc0\xaf\"", "overlong"},
    {"\"\xc1\xbf\"", "overlong"},
    {"\"\xe0\x80\xaf\"", "overlong"},
    {"\"\xf0\x80\x80\xaf\"", "overlong"},
    {"\"\xed\xa0\x80\"", "surrogate encoded in UTF-8"},
    {"\"\xed\xbf\xbf\"", "surrogate encoded in UTF-8"},
    {"\"\xf4\x90\x80\x80\"", "not UTF-8"}, /* above U+10FFFF */
    {"\"\xf5\x80\x80\x80\"", "not UTF-8"},
    {"\"\xff\"", "not UTF-8"},
    {"\"\x80\"", "not UTF-8"}, /* a continuation byte alone */
    {"\"\xc3\"", "not UTF-8"}, /* cut at the end of the string */
    {"\"\xe2\x82\"", "not UTF-8"},
    {"\"\xe2\x82", "not UTF-8"}, /* cut at the end of the text */
    {"\xc3\xa9", "outside a string"},
    {"\"a\tb\"", "control character"},
    {"\x0c{}", "cannot start a value"}, /* a form feed is not JSON white space */
    {"{} \x0b", "more text after the end"},
    {"", "the text ends where a value should be"},
};

static void test_table(void)
{
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        cJSON *root = NULL;
        rc_status s = rc_json_parse(good[i], &root);
        CHECK(s == RC_STATUS_OK && root, "good text %zu \"%s\" is refused: %s", i, good[i], rc_error_get());
        cJSON_Delete(root);
    }
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cJSON *root = (cJSON *)&root;
        rc_status s = rc_json_parse(bad[i].text, &root);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && !root, "bad text %zu \"%s\" is taken", i, bad[i].text);
        CHECK(strstr(rc_error_get(), "malformed JSON at line 1") && strstr(rc_error_get(), bad[i].names),
              "bad text %zu \"%s\": the message names \"%s\": %s", i, bad[i].text, bad[i].names, rc_error_get());
    }
}

/* The mistake is placed at its line and column, and the text near it shows only printable ASCII. */
static void test_place(void)
{
    cJSON *root;
    CHECK(rc_json_parse("{\n  \"comment\": \"\\ud800\"\n}", &root) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "line 2, column 15"),
          "a lone surrogate at its line and column: %s", rc_error_get());
    CHECK(rc_json_parse("{\"a\": \"\xc0\xaf\"}", &root) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "near \"??\"}\""),
          "broken bytes shown as '?': %s", rc_error_get());
}

/* A whole number read from its spelling through the scene reader's rule; returns the status, *value the number. */
static rc_status scene_count(const char *text, uint64_t *value)
{
    cJSON *root;
    rc_status s = rc_json_parse(text, &root);
    CHECK(s == RC_STATUS_OK, "parse \"%s\": %s", text, rc_error_get());
    if (s) return s;
    s = rc_json_count(root, "", "seed", true, UINT64_MAX, value, NULL);
    cJSON_Delete(root);
    return s;
}

static void test_seeds(void)
{
    static const struct {
        const char *seed;
        bool ok;
        uint64_t value;
    } seeds[] = {
        {"0", true, 0},
        {"18446744073709551615", true, UINT64_MAX},
        {"18446744073709551614", true, UINT64_MAX - 1},
        {"9007199254740993", true, 9007199254740993u}, /* 2^53 + 1, which a double rounds to 2^53 */
        {"1e19", true, 10000000000000000000u},
        {"18446744073709551616", false, 0},
        {"18446744073709551615.0", false, 0}, /* not spelled as digits: the double, 2^64 */
        {"99999999999999999999", false, 0},
        {"-1", false, 0},
        {"2.5", false, 0},
    };
    for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
        char scene[128], problem[256];
        snprintf(scene, sizeof scene, "{\"seed\": %s}", seeds[i].seed);
        uint64_t value = 77;
        rc_status s = scene_count(scene, &value);
        CHECK((s == RC_STATUS_OK) == seeds[i].ok && (!seeds[i].ok || value == seeds[i].value),
              "scene seed %s: status %d, value %llu", seeds[i].seed, (int)s, (unsigned long long)value);
        if (!seeds[i].ok) CHECK(strstr(rc_error_get(), "seed: ") == rc_error_get(), "named: %s", rc_error_get());
        snprintf(problem, sizeof problem,
                 "{\"dimension\": 1, \"seed\": %s, \"balls\": [{\"position\": [0], \"velocity\": [1], \"radius\": 1}]}",
                 seeds[i].seed);
        rc_problem_file *file = NULL;
        s = rc_problem_file_create_from_text(problem, &file);
        CHECK((s == RC_STATUS_OK) == seeds[i].ok &&
                  (!seeds[i].ok || rc_problem_file_options(file)->seed == seeds[i].value),
              "problem seed %s: status %d (%s)", seeds[i].seed, (int)s, s ? rc_error_get() : "");
        if (!seeds[i].ok) CHECK(strstr(rc_error_get(), "seed: ") == rc_error_get(), "named: %s", rc_error_get());
        rc_problem_file_destroy(file);
        value = 77;
        s = rc_text_count("--seed", seeds[i].seed, 0, UINT64_MAX, &value);
        CHECK((s == RC_STATUS_OK) == seeds[i].ok || strcmp(seeds[i].seed, "18446744073709551615.0") == 0,
              "command-line seed %s: status %d", seeds[i].seed, (int)s);
    }
    /* a spelling kept is not used once the number is changed: the changed value is read */
    cJSON *root;
    uint64_t value = 0;
    CHECK(rc_json_parse("{\"seed\": 18446744073709551615}", &root) == RC_STATUS_OK, "parse");
    cJSON_SetNumberValue(cJSON_GetObjectItem(root, "seed"), 12);
    CHECK(rc_json_count(root, "", "seed", true, UINT64_MAX, &value, NULL) == RC_STATUS_OK && value == 12,
          "a changed number is read by its value: %llu", (unsigned long long)value);
    cJSON_Delete(root);
}

static void test_print(void)
{
    cJSON *root;
    CHECK(rc_json_parse("{\"a\": [0.1, 0.30000000000000004, 1e23, -0.0, 5e-324, 3],"
                        " \"seed\": 18446744073709551615, \"b\": {\"c\": 0.5}, \"d\": 18446744073709551615}",
                        &root) == RC_STATUS_OK,
          "parse");
    cJSON_AddNumberToObject(root, "near", 0.1 + 0x1p-56);
    cJSON_AddNumberToObject(root, "infinite", INFINITY);
    cJSON_SetNumberValue(cJSON_GetObjectItem(root, "d"), 12);
    char *text = rc_json_print(root, true);
    const char *expected = "{\"a\":[0.1,0.30000000000000004,1e+23,-0,5e-324,3],\"seed\":18446744073709551615,"
                           "\"b\":{\"c\":0.5},\"d\":12,\"near\":0.10000000000000002,\"infinite\":null}";
    CHECK(text && strcmp(text, expected) == 0, "printed %s\nexpected %s", text ? text : "NULL", expected);
    cJSON_free(text);
    CHECK(cJSON_IsNumber(cJSON_GetObjectItem(root, "near")), "the document is unchanged by printing");
    cJSON_Delete(root);
}

int main(void)
{
    test_table();
    test_place();
    test_seeds();
    test_print();
    return check_finish();
}
