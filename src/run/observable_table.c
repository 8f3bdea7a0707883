/* SPDX-License-Identifier: MIT */
/* The table of observables (ricochet/run.h) as the Markdown table `ricochet help observables` prints and
 * docs/formats.md ("Observables") shows: one row per observable, its unit, the engines that have it, whether it is a
 * column of the rows (and when only under shear or with a barostat) and its meaning. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "ricochet/run.h"

char *rc_observable_table_markdown(void)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out) return NULL;
    fputs("| name | unit | event-driven | time-stepping | in rows | meaning |\n|---|---|---|---|---|---|\n", out);
    for (int k = 0; k < rc_observable_count(); k++) {
        const rc_observable_info *o = rc_observable_get(k);
        const char *rows = !(o->flags & RC_OBSERVABLE_ROW)     ? ""
                           : o->flags & RC_OBSERVABLE_SHEAR    ? "under shear"
                           : o->flags & RC_OBSERVABLE_BAROSTAT ? "with a barostat"
                           : o->flags & RC_OBSERVABLE_ROUGH    ? "rough particles"
                           : o->flags & RC_OBSERVABLE_WALLS    ? "with moving or thermal walls"
                                                               : "yes";
        fprintf(out, "| `%s` | %s | %s | %s | %s | %s |\n", o->name, o->unit,
                o->flags & RC_OBSERVABLE_EVENT_DRIVEN ? "yes" : "", o->flags & RC_OBSERVABLE_TIME_STEPPING ? "yes" : "",
                rows, o->meaning);
    }
    bool failed = ferror(out);
    if (fclose(out) != 0 || failed) {
        free(text);
        return NULL;
    }
    return text;
}
