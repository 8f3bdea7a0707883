#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The shortest round-trip text of a double (src/core/number_text.c) against Python's repr, which is the shortest
text that reads back and, of the shortest, the nearest (David Gay's dtoa, mode 0).

Usage: number_text.py TEST_NUMBER_TEXT [COUNT]. The test program prints "hexadecimal text" for its edge cases
(subnormals, +-0, powers of two, 1e23, DBL_MAX, DBL_MIN, 5e-324, ...) and COUNT values of a mixture (random bit
patterns, random mantissas over many binades, integers, exact ties). Each text must read back to the same bits and
have the same digits and decimal exponent as repr; only the layout may differ (repr writes "1e+16" and "1.0", ricochet
"10000000000000000" and "1", as "%.17g" lays out digits)."""
import math
import struct
import subprocess
import sys


def bits(x):
    return struct.pack("<d", x)


def digits_and_exponent(text):
    """(significant digits without leading or trailing zeros, decimal exponent of the last one)."""
    text = text.lstrip("-")
    mantissa, _, exponent = text.lower().partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    power = (int(exponent) if exponent else 0) - len(fraction)
    stripped = digits.rstrip("0")
    return stripped, power + len(digits) - len(stripped)


def main():
    program = sys.argv[1]
    count = sys.argv[2] if len(sys.argv) > 2 else "400000"
    lines = subprocess.run([program, count], check=True, capture_output=True, text=True).stdout.splitlines()
    failures, checked = [], 0
    for line in lines:
        hexadecimal, text = line.split()
        x = float.fromhex(hexadecimal)
        checked += 1
        if bits(float(text)) != bits(x):
            failures.append(f"{hexadecimal}: {text!r} reads back as {float(text)!r}")
        elif math.isfinite(x) and x != 0 and digits_and_exponent(text) != digits_and_exponent(repr(x)):
            failures.append(f"{hexadecimal}: {text!r}, repr writes {repr(x)!r}")
    for failure in failures[:10]:
        print("FAIL", failure)
    print(f"{checked} numbers, {len(failures)} written otherwise than repr's digits")
    if checked < 400 or failures:
        sys.exit(1)


main()
