/* SPDX-License-Identifier: MIT */
/* "Did you mean": the known name nearest to a misspelt one (ricochet/core.h), by the optimal string alignment
 * distance (Levenshtein's insertions, deletions and substitutions, and Damerau's swap of two neighbours, each used
 * once per place), with ASCII case ignored, computed by the usual dynamic programme over three rows. One function for
 * every reader that refuses a name: scene and problem-file keys, command-line options and commands, table columns. */
#include <ctype.h>
#include <string.h>

#include "ricochet/core.h"

enum { LONGEST = 64 };

int rc_name_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > LONGEST || m > LONGEST) return (int)(n + m);
    /* rows i - 2, i - 1 and i of the table d[i][j]: the distance between a's first i and b's first j characters */
    int rows[3][LONGEST + 1];
    for (size_t j = 0; j <= m; j++) rows[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        int *before = rows[(i + 1) % 3], *last = rows[(i - 1) % 3], *row = rows[i % 3];
        row[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            int best = last[j - 1] + (ca != cb);
            if (last[j] + 1 < best) best = last[j] + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) && tolower((unsigned char)a[i - 2]) == cb &&
                before[j - 2] + 1 < best)
                best = before[j - 2] + 1;
            row[j] = best;
        }
    }
    return rows[n % 3][m];
}

const char *rc_name_suggest(const char *typed, const char *const *names, int count)
{
    if (!typed || !typed[0] || !names) return NULL;
    const char *nearest = NULL;
    int least = 0;
    size_t length = strlen(typed);
    for (int k = 0; count < 0 ? names[k] != NULL : k < count; k++) {
        if (!names[k]) continue;
        size_t other = strlen(names[k]), shorter = other < length ? other : length;
        int limit = shorter / 3 > 1 ? (int)(shorter / 3) : 1, d = rc_name_distance(typed, names[k]);
        if (d <= limit && (!nearest || d < least)) nearest = names[k], least = d;
    }
    return nearest;
}
