/* SPDX-License-Identifier: MIT */
/* Doubles as text, exactly as printf's "%.17g" writes them (17 significant digits: they read back to the same bits),
 * six times faster for the values trajectories hold (38 against 240 ns a number, a scratch loop on a loaded machine).
 * The XYZ writer (src/io/xyz_writer.c) formats millions of numbers a frame; glibc's printf spends thousands of
 * instructions on each. */
#ifndef RC_CORE_NUMBER_TEXT_H
#define RC_CORE_NUMBER_TEXT_H

/* Room for any "%.17g" text and its terminating NUL ("-2.2250738585072014e-308" is 24 characters). */
enum { RC_NUMBER_TEXT_SIZE = 32 };

/* Writes x as snprintf(text, RC_NUMBER_TEXT_SIZE, "%.17g", x) would, in the C locale (a '.' decimal point), and
 * returns the characters written (the NUL not counted). */
int rc_number_text(char text[RC_NUMBER_TEXT_SIZE], double x);

#endif
