/* SPDX-License-Identifier: MIT */
/* Doubles as text, exactly as printf's "%.17g" writes them (core/number_text.h). A normal double is m 2^e with an
 * integer m < 2^53; its 17 significant digits are m 2^e 10^p rounded to an integer (p = 16 - its decimal exponent),
 * to nearest with ties to even as glibc rounds. When that product and its remainder fit in 128 bits (|x| from about
 * 1e-6 to 1.7e38) they are computed exactly with integers; other values (tiny, huge, subnormal, infinite, NaN) go to
 * snprintf. tests/test_output.c compares the two on 4 million values from every binade. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/number_text.h"

typedef unsigned __int128 wide;

static const uint64_t POWERS[20] = {1ull,
                                    10ull,
                                    100ull,
                                    1000ull,
                                    10000ull,
                                    100000ull,
                                    1000000ull,
                                    10000000ull,
                                    100000000ull,
                                    1000000000ull,
                                    10000000000ull,
                                    100000000000ull,
                                    1000000000000ull,
                                    10000000000000ull,
                                    100000000000000ull,
                                    1000000000000000ull,
                                    10000000000000000ull,
                                    100000000000000000ull,
                                    1000000000000000000ull,
                                    10000000000000000000ull};

enum { LARGEST_POWER = 22 }; /* 10^22 < 2^74: times m < 2^53 it stays below 2^127 */

static wide power_of_ten(int p) { return p < 20 ? POWERS[p] : (wide)POWERS[19] * POWERS[p - 19]; }

/* The digits of m 2^e at decimal exponent *exponent (guessed, within one): 10^16 <= *digits < 10^17, rounded to
 * nearest, ties to even; the exponent corrected (also when rounding reaches 10^17). False when the exact arithmetic
 * would not fit in 128 bits. */
static bool seventeen_digits(uint64_t m, int e, int *exponent, uint64_t *digits)
{
    const uint64_t low = POWERS[16], high = POWERS[17];
    for (int tries = 0; tries < 3; tries++) {
        int p = 16 - *exponent;
        if (p > LARGEST_POWER || -p > LARGEST_POWER) return false;
        wide q;
        bool up;
        if (p >= 0) {
            wide n = (wide)m * power_of_ten(p);
            if (e >= 0) {
                if (e > 8) return false; /* cannot happen for p >= 0 (x < 10^17 < 2^57) */
                q = n << e;
                up = false;
            } else {
                int s = -e;
                if (s > 126) return false;
                q = n >> s;
                wide rest = n & (((wide)1 << s) - 1), half = (wide)1 << (s - 1);
                up = rest > half || (rest == half && (q & 1));
            }
        } else {
            if (e < 0 || e > 73) return false;
            wide a = (wide)m << e, d = power_of_ten(-p);
            q = a / d;
            wide twice = 2 * (a - q * d);
            up = twice > d || (twice == d && (q & 1));
        }
        if (q >= high) {
            (*exponent)++;
            continue;
        }
        if (q < low) {
            (*exponent)--;
            continue;
        }
        q += up;
        if (q == high) {
            q = low;
            (*exponent)++;
        }
        *digits = (uint64_t)q;
        return true;
    }
    return false;
}

/* "%.17g"'s layout of the digits: trailing zeros dropped; scientific below 1e-4 and from 1e17, with a signed
 * exponent of at least two digits. */
static int lay_out(char *text, bool negative, uint64_t digits, int exponent)
{
    char d[17];
    for (int k = 16; k >= 0; k--) {
        d[k] = (char)('0' + digits % 10);
        digits /= 10;
    }
    int kept = 17;
    while (kept > 1 && d[kept - 1] == '0') kept--;
    char *at = text;
    if (negative) *at++ = '-';
    if (exponent < -4 || exponent >= 17) {
        *at++ = d[0];
        if (kept > 1) {
            *at++ = '.';
            memcpy(at, d + 1, (size_t)kept - 1);
            at += kept - 1;
        }
        *at++ = 'e';
        *at++ = exponent < 0 ? '-' : '+';
        int magnitude = exponent < 0 ? -exponent : exponent;
        if (magnitude >= 100) *at++ = (char)('0' + magnitude / 100);
        *at++ = (char)('0' + magnitude / 10 % 10);
        *at++ = (char)('0' + magnitude % 10);
    } else if (exponent >= 0) {
        memcpy(at, d, (size_t)exponent + 1);
        at += exponent + 1;
        if (kept > exponent + 1) {
            *at++ = '.';
            memcpy(at, d + exponent + 1, (size_t)(kept - exponent - 1));
            at += kept - exponent - 1;
        }
    } else {
        *at++ = '0';
        *at++ = '.';
        for (int k = -1; k > exponent; k--) *at++ = '0';
        memcpy(at, d, (size_t)kept);
        at += kept;
    }
    *at = '\0';
    return (int)(at - text);
}

int rc_number_text(char text[RC_NUMBER_TEXT_SIZE], double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    bool negative = bits >> 63;
    int biased = (int)(bits >> 52 & 0x7ff);
    if (biased == 0 && (bits << 1) == 0) return lay_out(text, negative, 0, 0); /* "0" or "-0" */
    if (biased != 0 && biased != 0x7ff) {
        uint64_t m = (bits & ((1ull << 52) - 1)) | 1ull << 52;
        int e = biased - 1075;
        /* x lies in [2^(e+52), 2^(e+53)): its decimal exponent is floor((e + 52) log10 2), give or take one */
        int binary = e + 52, exponent = binary >= 0 ? binary * 78913 >> 18 : -((-binary * 78913 + 262143) >> 18);
        uint64_t digits;
        if (seventeen_digits(m, e, &exponent, &digits)) return lay_out(text, negative, digits, exponent);
    }
    return snprintf(text, RC_NUMBER_TEXT_SIZE, "%.17g", x);
}
