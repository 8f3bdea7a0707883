/* SPDX-License-Identifier: MIT */
/* Doubles as the shortest text that reads back to the same bits (core/number_text.h), as Python's repr and
 * JavaScript choose their digits.
 *
 * The algorithm (the digit loop of Ryu, Adams 2018, with exact integer arithmetic in place of its tables):
 * a positive double x = m 2^e (integer m < 2^53) is what strtod returns for every real number in its rounding
 * interval, from the midpoint with the double below, (4m - 2) 2^(e-2) (or (4m - 1) 2^(e-2) when m is a power of two
 * and the gap below is half as wide), to the midpoint with the double above, (4m + 2) 2^(e-2); the ends belong to
 * the interval when m is even (ties to even). Scaled by 10^-q, with q chosen so that x has 18 or 19 digits before
 * the point, the three numbers' integer parts vm <= vr <= vp are computed exactly (with 128-bit integers: a
 * multiplication by 5^-q and a shift, or a division by 5^q), and whether each division left a remainder. Then
 * digits are dropped from all three while vp / 10 > vm / 10, that is while a number with one digit fewer still lies
 * in the interval; vr, rounded to nearest by the last digit dropped (ties to even when all dropped digits were exact),
 * is the shortest text, and of the shortest the nearest to x. An end of the interval that is excluded (odd m) and
 * exactly representable is stepped over: vp by one below, vr rounded up when it would land on vm.
 *
 * Doubles whose scaled interval does not fit the 128-bit arithmetic (|x| below about 1e-14 or above 1e47, and the
 * subnormals) take a slow exact road: the nearest p-digit decimal from snprintf's "%.*e" (correctly rounded by
 * glibc) and its neighbour on the other side of x, for p = 1, 2, ...: the first that strtod reads back to x. These
 * are rare in trajectories (a position or a speed is neither), so their speed does not matter.
 *
 * The layout is printf's "%g" with 17 significant digits allowed: fixed notation for decimal exponents from -4 to
 * 16 ("0.0001", "12345.5", "10000000000000000"), scientific outside ("1e-05", "1.5e+17"), no trailing zeros, no
 * decimal point for whole numbers ("3", not "3.0"). tests/unit/number_text.py checks every text against Python's repr. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number_text.h"

typedef unsigned __int128 wide;

static const uint64_t TENS[20] = {1ull,
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

static const char PAIRS[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                            "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                            "8081828384858687888990919293949596979899";

enum {
    FIVES_64 = 27,              /* 5^27 is the largest power of five below 2^64 */
    MOST_FIVES = 31,            /* 2^55 5^31 < 2^128: the largest multiplier of the three ends */
    MOST_DIVIDER = 2 * FIVES_64 /* 5^54, a product of two entries of FIVES, < 2^128 */
};

static const uint64_t FIVES[FIVES_64 + 1] = {1ull,
                                             5ull,
                                             25ull,
                                             125ull,
                                             625ull,
                                             3125ull,
                                             15625ull,
                                             78125ull,
                                             390625ull,
                                             1953125ull,
                                             9765625ull,
                                             48828125ull,
                                             244140625ull,
                                             1220703125ull,
                                             6103515625ull,
                                             30517578125ull,
                                             152587890625ull,
                                             762939453125ull,
                                             3814697265625ull,
                                             19073486328125ull,
                                             95367431640625ull,
                                             476837158203125ull,
                                             2384185791015625ull,
                                             11920928955078125ull,
                                             59604644775390625ull,
                                             298023223876953125ull,
                                             1490116119384765625ull,
                                             7450580596923828125ull};

static wide wide_five_to(int k) { return k <= FIVES_64 ? FIVES[k] : (wide)FIVES[FIVES_64] * FIVES[k - FIVES_64]; }

/* The integer part of n 2^e2 / 10^q into *out, and whether it is exact; false when the arithmetic would not fit in
 * 128 bits or the result in 64. n 2^e2 / 10^q = n 2^(e2 - q) 5^-q. */
static bool scaled(uint64_t n, int e2, int q, uint64_t *out, bool *exact)
{
    int twos = e2 - q;
    wide v;
    bool whole = true;
    if (q <= 0) {
        if (-q > MOST_FIVES) return false;
        v = (wide)n * wide_five_to(-q);
        if (twos > 0) {
            if (twos >= 64 || (v >> (128 - twos)) != 0) return false; /* the result would not fit in 64 bits */
            v <<= twos;
        } else if (twos < -127) {
            whole = false; /* v > 0 */
            v = 0;
        } else if (twos < 0) {
            whole = (v & (((wide)1 << -twos) - 1)) == 0;
            v >>= -twos;
        }
    } else {
        if (q > MOST_DIVIDER) return false;
        wide d = wide_five_to(q);
        if (twos >= 0) {
            if (twos > 72) return false; /* n < 2^55 */
            wide a = (wide)n << twos;
            v = a / d;
            whole = v * d == a;
        } else {
            v = n / d;
            whole = v * d == n;
            if (-twos >= 128) {
                whole = whole && v == 0;
                v = 0;
            } else {
                whole = whole && (v & (((wide)1 << -twos) - 1)) == 0;
                v >>= -twos;
            }
        }
    }
    if (v >> 64) return false;
    *out = (uint64_t)v;
    *exact = whole;
    return true;
}

/* The shortest digits of a normal double m 2^e (m the 53-bit significand with its leading bit) by the loop above:
 * x = *digits 10^*exponent. False when the scaled ends do not fit the arithmetic. */
static bool shortest_fast(uint64_t m, int e, bool lower_gap_halved, uint64_t *digits, int *exponent)
{
    /* x lies in [2^(e+52), 2^(e+53)): its decimal exponent is floor((e + 52) log10 2) or one more
     * (78913 / 2^18 is log10 2 to 6 digits, exact in the floor for |e + 52| < 1650) */
    int binary = e + 52;
    int decimal = binary >= 0 ? binary * 78913 >> 18 : -((-binary * 78913 + 262143) >> 18);
    int q = decimal - 17, e2 = e - 2; /* at least 18 digits: one is always dropped, and rounds */
    bool accept = (m & 1) == 0;
    uint64_t vr, vp, vm;
    bool vr_exact, vp_exact, vm_exact;
    int shift = q - e2;
    if (q <= 0 && -q <= FIVES_64 && shift > 0 && shift < 128) {
        /* the common case (about 1e-10 <= x < 1e17): the three ends times 5^-q, then 2^-shift, from one product */
        wide five = FIVES[-q], r = (wide)(4 * m) * five;
        wide up = r + 2 * five, down = r - (lower_gap_halved ? 1 : 2) * five;
        wide mask = ((wide)1 << shift) - 1;
        if ((up >> shift) >> 64) return false;
        vr = (uint64_t)(r >> shift), vp = (uint64_t)(up >> shift), vm = (uint64_t)(down >> shift);
        vr_exact = (r & mask) == 0, vp_exact = (up & mask) == 0, vm_exact = (down & mask) == 0;
    } else if (!scaled(4 * m, e2, q, &vr, &vr_exact) || !scaled(4 * m + 2, e2, q, &vp, &vp_exact) ||
               !scaled(4 * m - (lower_gap_halved ? 1 : 2), e2, q, &vm, &vm_exact))
        return false;
    bool vm_trailing_zeros = accept && vm_exact, vr_trailing_zeros = vr_exact;
    if (!accept && vp_exact) vp--;
    int removed = 0;
    unsigned last = 0;
    if (!vm_trailing_zeros && !vr_trailing_zeros) {
        /* the usual case: no end is exact, so only the last digit dropped rounds */
        while (vp / 10 > vm / 10) {
            last = (unsigned)(vr % 10);
            vr /= 10, vp /= 10, vm /= 10;
            removed++;
        }
        *digits = vr + (vr == vm || last >= 5);
        *exponent = q + removed;
        return true;
    }
    while (vp / 10 > vm / 10) {
        vm_trailing_zeros &= vm % 10 == 0;
        vr_trailing_zeros &= last == 0;
        last = (unsigned)(vr % 10);
        vr /= 10, vp /= 10, vm /= 10;
        removed++;
    }
    if (vm_trailing_zeros) {
        while (vm % 10 == 0) {
            vr_trailing_zeros &= last == 0;
            last = (unsigned)(vr % 10);
            vr /= 10, vp /= 10, vm /= 10;
            removed++;
        }
    }
    if (vr_trailing_zeros && last == 5 && vr % 2 == 0) last = 4; /* an exact tie: to even */
    *digits = vr + ((vr == vm && (!accept || !vm_trailing_zeros)) || last >= 5);
    *exponent = q + removed;
    return true;
}

/* "d e k" read by strtod is x. */
static bool reads_back(uint64_t d, int k, double x)
{
    char text[48];
    snprintf(text, sizeof text, "%" PRIu64 "e%d", d, k);
    return strtod(text, NULL) == x;
}

/* The same for any finite positive x, slowly: the nearest p-digit decimal (snprintf rounds correctly) or its
 * neighbour on the other side of x, for the least p at which one reads back (at most 17). */
static void shortest_slow(double x, uint64_t *digits, int *exponent)
{
    for (int p = 1; p <= 17; p++) {
        char text[48];
        snprintf(text, sizeof text, "%.*e", p - 1, x);
        uint64_t d = 0;
        const char *c = text;
        for (; *c && *c != 'e'; c++)
            if (*c >= '0' && *c <= '9') d = 10 * d + (uint64_t)(*c - '0');
        int k = atoi(c + 1) - (p - 1);
        if (reads_back(d, k, x)) {
            *digits = d, *exponent = k;
            return;
        }
        uint64_t other = strtod(text, NULL) < x ? d + 1 : d - 1;
        if (reads_back(other, k, x)) {
            *digits = other, *exponent = k;
            return;
        }
    }
    /* not reached: 17 digits always read back; keep them */
    char text[48];
    snprintf(text, sizeof text, "%.16e", x);
    uint64_t d = 0;
    const char *c = text;
    for (; *c && *c != 'e'; c++)
        if (*c >= '0' && *c <= '9') d = 10 * d + (uint64_t)(*c - '0');
    *digits = d, *exponent = atoi(c + 1) - 16;
}

/* Writes the count digits of digits so that they end just before end: two at a time from the right, in 32-bit
 * pieces of eight digits (cheaper than 64-bit division). */
static void put_digits(char *end, uint64_t digits)
{
    while (digits >= 100000000) {
        uint32_t low = (uint32_t)(digits % 100000000);
        digits /= 100000000;
        for (int k = 0; k < 4; k++, low /= 100) end -= 2, memcpy(end, PAIRS + 2 * (low % 100), 2);
    }
    uint32_t high = (uint32_t)digits;
    for (; high >= 100; high /= 100) end -= 2, memcpy(end, PAIRS + 2 * (high % 100), 2);
    if (high >= 10) memcpy(end - 2, PAIRS + 2 * high, 2);
    else end[-1] = (char)('0' + high);
}

/* Lays out digits 10^exponent (digits > 0, at most 20 of them) as described at the top. The digits are written in
 * place; where a point goes after the leading ones, those are written one place to the right and moved back. */
static int lay_out(char *text, bool negative, uint64_t digits, int exponent)
{
    while (digits % 10 == 0) digits /= 10, exponent++;
    /* the digit count from the bit length (log10 2 ~ 1233 / 4096), then one comparison */
    int count = ((64 - __builtin_clzll(digits)) * 1233 >> 12) + 1;
    count += count < 20 && digits >= TENS[count];
    count -= digits < TENS[count - 1];
    int point = exponent + count - 1; /* the decimal exponent of the leading digit */
    char *at = text;
    if (negative) *at++ = '-';
    if (point < -4 || point >= 17) {
        put_digits(at + 1 + count, digits);
        at[0] = at[1];
        if (count > 1) at[1] = '.', at += count + 1;
        else at++;
        *at++ = 'e';
        *at++ = point < 0 ? '-' : '+';
        int magnitude = point < 0 ? -point : point;
        if (magnitude >= 100) *at++ = (char)('0' + magnitude / 100);
        *at++ = (char)('0' + magnitude / 10 % 10);
        *at++ = (char)('0' + magnitude % 10);
    } else if (point < 0) {
        *at++ = '0';
        *at++ = '.';
        for (int k = -1; k > point; k--) *at++ = '0';
        put_digits(at + count, digits);
        at += count;
    } else if (count > point + 1) {
        put_digits(at + 1 + count, digits);
        for (int k = 0; k <= point; k++) at[k] = at[k + 1];
        at[point + 1] = '.';
        at += count + 1;
    } else {
        put_digits(at + count, digits);
        at += count;
        for (int k = count; k <= point; k++) *at++ = '0';
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
    uint64_t fraction = bits & ((1ull << 52) - 1);
    if (biased == 0x7ff) return snprintf(text, RC_NUMBER_TEXT_SIZE, "%g", x); /* inf, -inf, nan as printf spells them */
    if (biased == 0 && fraction == 0) {                                       /* "0" or "-0" */
        static const char zero[] = "-0";
        memcpy(text, zero + !negative, 3 - !negative);
        return 2 - !negative;
    }
    uint64_t digits;
    int exponent;
    if (biased == 0 ||
        !shortest_fast(fraction | 1ull << 52, biased - 1075, fraction == 0 && biased > 1, &digits, &exponent))
        shortest_slow(negative ? -x : x, &digits, &exponent);
    return lay_out(text, negative, digits, exponent);
}

int rc_number_write(FILE *file, double x)
{
    char text[RC_NUMBER_TEXT_SIZE];
    int length = rc_number_text(text, x);
    return fputs(text, file) < 0 ? -1 : length;
}

bool rc_text_whole(const char *text, uint64_t low, uint64_t high, uint64_t *out)
{
    uint64_t value = 0;
    bool ok;
    if (text[0] && strspn(text, "0123456789") == strlen(text)) {
        errno = 0;
        value = strtoull(text, NULL, 10);
        ok = errno == 0;
    } else {
        char *end;
        double x = strtod(text, &end);
        ok = end != text && *end == '\0' && strspn(text, "0123456789.eE+-") == strlen(text) && x >= 0 &&
             x == floor(x) && x < ldexp(1.0, 64);
        if (ok) value = (uint64_t)x;
    }
    if (!ok || value < low || value > high) return false;
    *out = value;
    return true;
}
