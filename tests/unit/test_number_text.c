/* SPDX-License-Identifier: MIT */
/* The shortest round-trip text of a double (core/number_text.h).
 *
 * Oracles:
 * - Round trip: every text strtod reads back to the same bits (the sign of zero included), for edge cases (±0, the
 *   subnormals 5e-324 and the largest, DBL_MIN and its neighbours, DBL_MAX, powers of two and ten, 1e23 whose
 *   nearest double is below it, exact ties, the ends of the fast integer arithmetic and of its tables) and 600,000 others: random
 *   bit patterns, random mantissas over exponents 2^-120 to 2^140 (the values trajectories hold), integers, and
 *   short mantissas whose digits end in exact ties.
 * - Shortness, by an independent road: with k significant digits written, neither (k-1)-digit decimal next to x
 *   (snprintf's correctly rounded "%.*e" and its neighbour across x) reads back to x. tests/unit/number_text.py compares
 *   every text with Python's repr, which is the shortest and of those the nearest.
 * - Layout: "%.17g"'s (fixed from 1e-4 to below 1e17, then a signed two-digit exponent), no trailing zeros.
 * With an argument COUNT it prints "hexadecimal text" lines for COUNT values of the same mixture instead (for
 * tests/unit/number_text.py). */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/number_text.h"

static const double edges[] = {0.0,
                               -0.0,
                               5e-324,
                               -5e-324,
                               0x0.fffffffffffffp-1022,
                               0x0.0000000000002p-1022,
                               DBL_MIN,
                               0x1.0000000000001p-1022,
                               0x1.fffffffffffffp-1023,
                               DBL_MAX,
                               -DBL_MAX,
                               1e23,
                               9.999999999999999e22,
                               1e22,
                               1.0,
                               2.0,
                               0.5,
                               0x1p-25,
                               0x1p-24,
                               0x1p53,
                               0x1p54,
                               0x1p63,
                               0x1p64,
                               0x1p-1022,
                               0x1p1023,
                               0x1p-1074,
                               0x1p127,
                               0x1p-50,
                               0x1.8p-26,
                               1e16,
                               1e17,
                               99999999999999999.0,
                               1e-4,
                               1e-5,
                               9.9999999999999995e-05,
                               1e-6,
                               1e-7,
                               1e-14,
                               1e-15,
                               1e47,
                               1e48,
                               0.1,
                               0.2,
                               0.3,
                               0.1 + 0.2,
                               1.0 / 3,
                               -2.0 / 3,
                               16.696112662853508,
                               4503599627370496.5,
                               9007199254740993.0,
                               2.2250738585072014e-308,
                               1e308,
                               1.7e38,
                               123456789012345678.0,
                               5e-310,
                               1.5,
                               0.80000000000000004,
                               2.9999999999999996,
                               1e60,
                               1e72,
                               0x1.fffffffffffffp+239,
                               1e80,
                               1e-11,
                               1e-10,
                               1e-30};

/* The i-th value of the mixture, from a xorshift state. */
static double mixture(long i, uint64_t *state)
{
    uint64_t r = *state ^= *state << 13, other = (*state ^= *state >> 7, *state ^= *state << 17);
    double x;
    switch (i % 4) {
    case 0: memcpy(&x, &r, sizeof x); break;
    case 1: x = (r & 1 ? -1 : 1) * ldexp((double)(r >> 11), (int)(other % 260) - 173); break;
    case 2: x = (double)(int64_t)(r >> (other % 64)); break;
    default: x = ldexp((double)(r % 100000), (int)(other % 200) - 100); /* exact ties among these */
    }
    return x;
}

static bool same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static bool reads_back(const char *text, double x) { return same_bits(strtod(text, NULL), x); }

/* The significant digits of a text written by rc_number_text (no leading zeros, no trailing ones). */
static int significant_digits(const char *text)
{
    int count = 0, zeros = 0;
    bool started = false;
    for (const char *c = text; *c && *c != 'e'; c++) {
        if (*c < '0' || *c > '9') continue;
        if (*c == '0' && !started) continue;
        started = true;
        if (*c == '0') zeros++;
        else count += zeros + 1, zeros = 0;
    }
    return count;
}

static void check_value(double x, long *failures)
{
    if (isnan(x)) return;
    char text[RC_NUMBER_TEXT_SIZE];
    int length = rc_number_text(text, x);
    bool ok = length == (int)strlen(text) && reads_back(text, x);
    const char *why = "does not read back";
    int k = significant_digits(text);
    if (ok && k > 1 && isfinite(x)) {
        char shorter[48];
        snprintf(shorter, sizeof shorter, "%.*e", k - 2, x);
        double nearest = strtod(shorter, NULL);
        ok = !same_bits(nearest, x);
        /* the neighbour across x: one unit in the last of the k - 1 digits, added or taken away */
        char *e = strchr(shorter, 'e');
        int exponent = atoi(e + 1) - (k - 2);
        uint64_t digits = 0;
        for (char *c = shorter; c < e; c++)
            if (*c >= '0' && *c <= '9') digits = 10 * digits + (uint64_t)(*c - '0');
        digits = fabs(nearest) < fabs(x) ? digits + 1 : digits - 1;
        snprintf(shorter, sizeof shorter, "%s%" PRIu64 "e%d", x < 0 ? "-" : "", digits, exponent);
        ok = ok && !reads_back(shorter, x);
        why = "has a shorter text that reads back";
    }
    /* layout: a digit or '-' first, no trailing zero in a fraction, an exponent only outside [1e-4, 1e17) */
    if (ok && isfinite(x) && x != 0) {
        const char *e = strchr(text, 'e'), *point = strchr(text, '.');
        double magnitude = fabs(x);
        bool scientific = magnitude < 1e-4 || magnitude >= 1e17;
        ok = (e != NULL) == scientific && (!point || (e ? e[-1] : text[length - 1]) != '0') &&
             (!e || (strlen(e) >= 4 && (e[1] == '+' || e[1] == '-')));
        why = "is not laid out as %.17g lays out digits";
    }
    if (!ok && (*failures)++ < 10) CHECK(false, "%a: \"%s\" %s", x, text, why);
}

int main(int argc, char **argv)
{
    uint64_t state = 88172645463325252ull;
    if (argc > 1) { /* the list for tests/unit/number_text.py */
        long count = atol(argv[1]);
        char text[RC_NUMBER_TEXT_SIZE];
        for (size_t i = 0; i < sizeof edges / sizeof *edges; i++) {
            rc_number_text(text, edges[i]);
            printf("%a %s\n", edges[i], text);
        }
        for (long i = 0; i < count; i++) {
            double x = mixture(i, &state);
            if (isnan(x)) continue;
            rc_number_text(text, x);
            printf("%a %s\n", x, text);
        }
        return ferror(stdout) ? 1 : 0;
    }
    long failures = 0;
    for (size_t i = 0; i < sizeof edges / sizeof *edges; i++) check_value(edges[i], &failures);
    for (long i = 0; i < 600000; i++) check_value(mixture(i, &state), &failures);
    CHECK(failures == 0, "%ld values written wrongly", failures);
    /* spot checks of the spelling */
    static const struct {
        double x;
        const char *text;
    } spelt[] = {{0.1, "0.1"},
                 {-0.0, "-0"},
                 {1e23, "1e+23"},
                 {5e-324, "5e-324"},
                 {DBL_MAX, "1.7976931348623157e+308"},
                 {DBL_MIN, "2.2250738585072014e-308"},
                 {1e16, "10000000000000000"},
                 {1e17, "1e+17"},
                 {1e-4, "0.0001"},
                 {1.5e-5, "1.5e-05"},
                 {0.1 + 0.2, "0.30000000000000004"},
                 {100, "100"},
                 {INFINITY, "inf"},
                 {-INFINITY, "-inf"},
                 {0x1p-1074 * 3, "1.5e-323"}};
    for (size_t i = 0; i < sizeof spelt / sizeof *spelt; i++) {
        char text[RC_NUMBER_TEXT_SIZE];
        rc_number_text(text, spelt[i].x);
        CHECK(strcmp(text, spelt[i].text) == 0, "%a: \"%s\", expected \"%s\"", spelt[i].x, text, spelt[i].text);
    }
    return check_finish();
}
