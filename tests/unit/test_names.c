/* SPDX-License-Identifier: MIT */
/* "Did you mean" (rc_name_suggest, rc_name_distance in ricochet/core.h).
 *
 * Oracles: distances worked by hand (kitten -> sitting is 3; a swap of neighbours is 1, as optimal string alignment
 * counts it; "ca" -> "abc" is 3 there, where unrestricted Damerau-Levenshtein says 2; case is ignored; the empty
 * name is as far as the other's length; names over 64 characters are as far as the lengths' sum); the distance is
 * symmetric over random pairs; a suggestion is the nearest within a third of the shorter length (at least 1), the
 * first of equally near ones, NULL when none is near (or for an empty or NULL name or list), over a counted or a
 * NULL-ended list. */
#include <string.h>

#include "check.h"
#include "ricochet/ricochet.h"

int main(void)
{
    static const struct {
        const char *a, *b;
        int distance;
    } pairs[] = {{"kitten", "sitting", 3},
                 {"ab", "ba", 1},
                 {"ca", "abc", 3},
                 {"Time", "time", 0},
                 {"", "abc", 3},
                 {"collisions", "colisions", 1},
                 {"temperature", "tempreature", 1},
                 {"packing_fraction", "packing_fractio", 1},
                 {"abc", "abc", 0},
                 {"flaw", "lawn", 2}};
    for (size_t k = 0; k < sizeof pairs / sizeof *pairs; k++) {
        CHECK(rc_name_distance(pairs[k].a, pairs[k].b) == pairs[k].distance, "%s -> %s: %d, expected %d", pairs[k].a,
              pairs[k].b, rc_name_distance(pairs[k].a, pairs[k].b), pairs[k].distance);
        CHECK(rc_name_distance(pairs[k].b, pairs[k].a) == pairs[k].distance, "%s -> %s: not symmetric", pairs[k].b,
              pairs[k].a);
    }
    char long_name[80];
    memset(long_name, 'a', 70);
    long_name[70] = '\0';
    CHECK(rc_name_distance(long_name, "aaa") == 73, "a name of 70 characters: %d", rc_name_distance(long_name, "aaa"));

    static const char *const keys[] = {"dimension", "box", "particles", "temperature", "stop", "output", "seed", NULL};
    static const char *const stops[] = {"time", "type", "collisions", "events"};
    CHECK(rc_name_suggest("partciles", keys, -1) == keys[2], "partciles");
    CHECK(rc_name_suggest("Temperature", keys, -1) == keys[3], "Temperature");
    CHECK(rc_name_suggest("wobble", keys, -1) == NULL, "wobble: %s", rc_name_suggest("wobble", keys, -1));
    CHECK(rc_name_suggest("bx", keys, -1) == keys[1], "bx");
    CHECK(rc_name_suggest("x", keys, -1) == NULL, "x is two edits from box");
    CHECK(rc_name_suggest("tme", stops, 4) == stops[0], "tme");
    CHECK(rc_name_suggest("tpe", stops, 4) == stops[1], "tpe");
    CHECK(rc_name_suggest("tipe", stops, 4) == stops[0], "tipe: time and type are both 1 away; the first wins");
    CHECK(rc_name_suggest("colisions", stops, 4) == stops[2], "colisions");
    CHECK(rc_name_suggest("evnets", stops, 4) == stops[3], "evnets");
    CHECK(rc_name_suggest("collisions", stops, 2) == NULL, "a count shorter than the list");
    CHECK(rc_name_suggest("", keys, -1) == NULL, "the empty name");
    CHECK(rc_name_suggest(NULL, keys, -1) == NULL && rc_name_suggest("box", NULL, 3) == NULL, "NULL");
    /* three edits are near for names of 9 or more characters, not for shorter ones */
    CHECK(rc_name_suggest("tmpratre", keys, -1) == NULL, "tmpratre: 3 edits from temperature, 8 characters");
    CHECK(rc_name_suggest("tmpratrue", keys, -1) == keys[3], "tmpratrue: 3 edits, 9 characters");
    return check_finish();
}
