/* SPDX-License-Identifier: MIT */
/* Fuzz harness: the command line of the ricochet tool. The tool's sources (tools/ricochet/) are built into the
 * harness with their main renamed ricochet_main (fuzz/CMakeLists.txt); the input is its arguments, one a line, after
 * "ricochet". Each input runs in a fresh folder under /dev/shm holding a small problem file, an event-driven and a
 * time-stepping scene, an XYZ trajectory and a CSV table, so that every command reaches its files; afterwards the
 * folder is removed. Inputs the tool would honour by running long or leaving the folder are skipped, as they are not
 * bugs: an absolute path or "..", a stop override (--time, --collisions, --events, --steps: the scenes stop after a
 * few events or steps, the event-driven one by t = 5 too, so that a fine --checkpoint-every writes hundreds, not
 * tens of thousands; exchange's --rounds and --interval) and --mp4 (which starts ffmpeg). */
#include <sys/stat.h>

#include "harness.h"

int ricochet_main(int argc, char **argv);

enum { MOST_ARGUMENTS = 32 };

static const struct {
    const char *name, *text;
} files[] = {
    {"problem.json", "{\"dimension\": 1, \"balls\": [{\"position\": [0], \"velocity\": [1], \"radius\": 1},\n"
                     "  {\"position\": [2], \"radius\": 1}, {\"position\": [4], \"radius\": 1}]}\n"},
    {"scene.json", "{\"dimension\": 2, \"box\": {\"size\": [4, 4], \"periodic\": true},\n"
                   " \"particles\": [{\"position\": [1, 1], \"velocity\": [1, 0.5], \"radius\": 0.4},\n"
                   "   {\"position\": [3, 2], \"velocity\": [-1, 0], \"radius\": 0.4}],\n"
                   " \"stop\": {\"events\": 30, \"time\": 5}, \"output\": {\"directory\": \"out\", \"every\": 0.5}}\n"},
    {"rigid.json", "{\"dynamics\": \"time-stepping\", \"dimension\": 2, \"time_step\": 0.01, \"gravity\": [0, -1],\n"
                   " \"bodies\": [{\"shape\": \"box\", \"half\": [0.5, 0.5], \"position\": [0, 0.5]}],\n"
                   " \"static\": [{\"shape\": \"plane\", \"position\": [0, 0], \"normal\": [0, 1]}],\n"
                   " \"stop\": {\"steps\": 5}, \"output\": {\"directory\": \"rigid\"}}\n"},
    {"trajectory.xyz",
     "2\nLattice=\"4 0 0 0 4 0 0 0 1\" Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1 Time=0 Collisions=0 "
     "pbc=\"T T F\"\nH 1 1 0 1 0.5 0 0.4\nH 3 2 0 -1 0 0 0.4\n"
     "2\nLattice=\"4 0 0 0 4 0 0 0 1\" Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1 Time=0.5 Collisions=1 "
     "pbc=\"T T F\"\nH 1.5 1.25 0 -1 0.5 0 0.4\nHe 2.5 2 0 1 0 0 0.4\n"},
    {"observables.csv", "time,events,collisions,temperature,pressure,kinetic_energy\n0,0,0,1.125,,1.125\n"
                        "0.5,2,1,1.125,0.14,1.125\n"},
};

/* Arguments the harness does not pass on (see the header comment): the options named, written whole or abbreviated
 * (the tool takes any unambiguous abbreviation: "--ti" is --time). */
static bool skipped(const char *arg)
{
    static const char *const options[] = {"--time", "--collisions", "--events",  "--steps",
                                          "--mp4",  "--rounds",     "--interval"};
    size_t length = strlen(arg);
    for (size_t k = 0; k < sizeof options / sizeof *options; k++)
        if (strncmp(arg, options[k], strlen(options[k])) == 0 || (length > 2 && strncmp(arg, options[k], length) == 0))
            return true;
    return arg[0] == '/' || strstr(arg, "..") != NULL;
}

/* Makes the folder and its files and enters it; false when it cannot. */
static bool enter_folder(const char *folder)
{
    if (mkdir(folder, 0700) != 0 || chdir(folder) != 0) return false;
    for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
        FILE *f = fopen(files[k].name, "w");
        bool ok = f && fputs(files[k].text, f) >= 0;
        if (f && fclose(f) != 0) ok = false;
        if (!ok) return false;
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size), *argv[MOST_ARGUMENTS + 2] = {"ricochet"};
    if (!text) return 0;
    int argc = 1;
    bool fine = true;
    for (char *arg = text, *end; arg && fine; arg = end ? end + 1 : NULL) {
        if ((end = strchr(arg, '\n'))) *end = '\0';
        fine = argc <= MOST_ARGUMENTS && !skipped(arg);
        if (fine) argv[argc++] = arg;
    }
    argv[argc] = NULL;
    char folder[256], home[4096];
    snprintf(folder, sizeof folder, "/dev/shm/ricochet-fuzz-%ld-cli", (long)getpid());
    if (fine && getcwd(home, sizeof home)) {
        if (enter_folder(folder)) ricochet_main(argc, argv);
        if (chdir(home) != 0) abort(); /* every later input would run in a removed folder */
        fuzz_remove_tree(folder);
    }
    free(text);
    return 0;
}
