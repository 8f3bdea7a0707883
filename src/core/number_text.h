/* SPDX-License-Identifier: MIT */
/* Doubles as the shortest text that reads back to the same bits (the digits Python's repr and JavaScript choose:
 * 0.1 is "0.1", not "0.10000000000000001"), for every number ricochet writes into a file: JSON, CSV, extended XYZ,
 * the walk table; and whole numbers read from text by one rule. Written without printf for the values trajectories hold: the XYZ writer (src/io/xyz_writer.c) formats
 * millions of numbers a frame, and glibc's printf spends thousands of instructions on each; this takes about 500
 * (callgrind, the positions and velocities of hard spheres), where the 17 fixed digits written before took 460. */
#ifndef RC_CORE_NUMBER_TEXT_H
#define RC_CORE_NUMBER_TEXT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Room for any text and its terminating NUL ("-2.2250738585072014e-308" is 24 characters). */
enum { RC_NUMBER_TEXT_SIZE = 32 };

/* Writes the shortest decimal text that strtod reads back to x (of the shortest, the nearest to x), laid out as
 * printf's "%.17g" lays out digits (fixed from 1e-4 to below 1e17, else scientific with a signed exponent of at
 * least two digits; "-0" for minus zero; "inf", "-inf", "nan" as printf spells them), in the C locale, and returns
 * the characters written (the NUL not counted). */
int rc_number_text(char text[RC_NUMBER_TEXT_SIZE], double x);

/* The same text written to file: what fprintf returns (the characters written, negative on an error). */
int rc_number_write(FILE *file, double x);

/* Whether text is a whole number from low to high (digits, read exactly up to 2^64 - 1, or a number such as 1e6
 * that is whole and below 2^64), and its value. The one rule of every whole number the library reads from text or
 * JSON (rc_text_count, rc_json_count, seeds and counts of problem files). */
bool rc_text_whole(const char *text, uint64_t low, uint64_t high, uint64_t *out);

#endif
