/* SPDX-License-Identifier: MIT */
/* Species names of the extended XYZ format (src/io/elements.c): species k is the chemical element of atomic number
 * k + 1 (H, He, Li, ... Og), because ASE reads the species column as chemical symbols and OVITO shows them as type
 * names. */
#ifndef RC_IO_ELEMENTS_H
#define RC_IO_ELEMENTS_H

#include <stdint.h>

enum { RC_ELEMENT_COUNT = 118 };

/* The symbol of species k, 0 <= k < RC_ELEMENT_COUNT. */
const char *rc_element_symbol(int32_t species);
/* The species of a symbol (exact spelling), or -1. */
int32_t rc_element_species(const char *symbol);

#endif
