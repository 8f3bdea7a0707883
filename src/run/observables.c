/* SPDX-License-Identifier: MIT */
/* The table of observables (ricochet/run.h): for each, its name, unit and meaning, which engines have it, whether it is
 * a column of the rows (observables.csv, the H5MD observables) and a key of the summary, and where each engine keeps
 * it. The CSV header, the H5MD series, the summary's measured keys and the table in docs/formats.md (`ricochet help
 * observables`) all come from here: adding an observable is adding one line. The event-driven engine's averages
 * (pressure, compressibility, collision rate, mean free time) cover an interval: since the previous row in a row,
 * since the end of the equilibration in the summary (Bannerman et al. 2014, section 5; docs/edmd.md). */
#include <math.h>
#include <stddef.h>

#include "run/run.h"

/* WALL_WORK and WALL_HEAT: the engine's accessors (rc_edmd_wall_work, the thermal walls' heats summed), not fields of
 * the observables' record */
enum { NONE, F64, U64, I64, I32, WALL_WORK, WALL_HEAT };

typedef struct entry {
    rc_observable_info info;
    int edmd_type;
    size_t edmd_offset;
    int rigid_type;
    size_t rigid_offset;
} entry;

enum {
    E = RC_OBSERVABLE_EVENT_DRIVEN,
    T = RC_OBSERVABLE_TIME_STEPPING,
    ROW = RC_OBSERVABLE_ROW,
    SUM = RC_OBSERVABLE_SUMMARY,
    SH = RC_OBSERVABLE_SHEAR,
    BA = RC_OBSERVABLE_BAROSTAT,
    WA = RC_OBSERVABLE_WALLS
};

#define ED(field, type) type, offsetof(rc_edmd_observables, field)
#define TS(field, type) type, offsetof(rc_rigid_observables, field)
#define NO NONE, 0

static const entry table[] = {
    {{"time", "time", "simulation time", E | T | ROW | SUM}, ED(time, F64), TS(time, F64)},
    {{"steps", "1", "time steps taken", T | ROW | SUM}, NO, TS(steps, I64)},
    {{"events", "1", "events processed: collisions, wall hits, list rebuilds, stale predictions, thermostat kicks",
      E | ROW | SUM}, ED(events, U64), NO},
    {{"collisions", "1", "pair collisions", E | ROW | SUM}, ED(collisions, U64), NO},
    {{"wall_collisions", "1", "collisions with walls and plates", E | ROW | SUM}, ED(wall_collisions, U64), NO},
    {{"impacts", "1", "simultaneous impacts handed to the impact resolver: collisions that touched other bodies "
      "(event-driven); islands with a contact approaching faster than g h that a step's collision resolve changed, "
      "settled ones (restitution 0 without friction) included, resting contact not (time-stepping)",
      E | T | ROW | SUM}, ED(clusters, U64), TS(impacts, I64)},
    {{"impact_iterations", "1", "impact-operator applications over all impacts (time-stepping: a settled collision "
      "is one, the inelastic impact, whatever its sweeps)", E | T | ROW | SUM},
     ED(impact_iterations, U64), TS(iterations, I64)},
    {{"max_impact_iterations", "1", "the most impact-operator applications one step's impacts needed",
      T | ROW | SUM}, NO, TS(max_iterations, I64)},
    {{"resting_resolves", "1", "islands of resting contact settled (resolved, with friction) after gravity, and "
      "islands the projections after a frictional resolve changed: each step's contact holding, not impacts",
      T | ROW | SUM}, NO, TS(resting_resolves, I64)},
    {{"largest_impact", "1", "bodies in the largest simultaneous impact so far", E | T | SUM},
     ED(largest_cluster, I32), TS(largest_island, I32)},
    {{"lineality_detections", "1", "impacts in which implicit equality constraints were found", E | SUM},
     ED(lineality_detections, U64), NO},
    {{"impact_fallbacks", "1", "impacts no LCP method could solve, where the binary rule acted", E | SUM},
     ED(impact_fallbacks, U64), NO},
    {{"collapses", "1", "impacts that ended a collapse in progress, resolved inelastically (docs/edmd.md)", E | SUM},
     ED(collapses, U64), NO},
    {{"contacts", "1", "contact points of the last step", T | ROW | SUM}, NO, TS(contacts, I64)},
    {{"max_contacts", "1", "the most contact points in one step", T | SUM}, NO, TS(max_contacts, I64)},
    {{"stabilising_collisions", "1", "collisions of a pair found overlapped and approaching (the stable rule acted)",
      E | ROW | SUM}, ED(stabilising_collisions, U64), NO},
    {{"negative_time_events", "1", "events predicted before the present: always 0 with the stable rule",
      E | ROW | SUM}, ED(negative_time_events, U64), NO},
    {{"three_body_events", "1", "collisions that left a particle overlapped with two others", E | ROW | SUM},
     ED(three_body_events, U64), NO},
    {{"step_events", "1", "events at the steps of stepped potentials (interactions): crossings and bounces",
      E | ROW | SUM}, ED(step_events, U64), NO},
    {{"step_bounces", "1", "step events where the pair lacked the normal kinetic energy to cross and bounced back",
      E | ROW | SUM}, ED(step_bounces, U64), NO},
    {{"invalid_states", "1", "pairs found beyond the step their history records by more than rounding, at their "
      "events and at renewals: always 0 with the stable rule", E | ROW | SUM}, ED(invalid_states, U64), NO},
    {{"thermostat_events", "1", "Andersen thermostat kicks", E | SUM}, ED(thermostat_events, U64), NO},
    {{"neighbour_rebuilds", "1", "neighbour-list renewals", E | SUM}, ED(neighbour_rebuilds, U64), NO},
    {{"sleeping", "1", "particles (bodies) asleep now", E | T | ROW | SUM}, ED(sleeping, I32), TS(sleeping, I32)},
    {{"sleeps", "1", "times a particle (body) fell asleep", E | T | SUM}, ED(sleeps, U64), TS(sleeps, I64)},
    {{"wakes", "1", "times a sleeping particle (body) was woken", E | T | SUM}, ED(wakes, U64), TS(wakes, I64)},
    {{"kicks", "1", "resting contacts pushed apart (collapse.kick_speed)", E | SUM}, ED(kicks, U64), NO},
    {{"temperature", "energy", "2K / (d N_f) now, N_f = N - 1 when momentum is conserved, else N (under shear: K "
      "of the peculiar velocities, the streaming velocity removed)", E | ROW | SUM},
     ED(temperature, F64), NO},
    {{"pressure", "energy/volume", "pressure averaged over the interval, kinetic plus collisional (the impulses at "
      "cores and steps; empty under gravity, where it varies with height)", E | ROW | SUM}, ED(pressure, F64), NO},
    {{"compressibility", "1", "Z = P V / (N kT) over the interval", E | ROW | SUM}, ED(compressibility, F64), NO},
    {{"packing_fraction", "1", "the particles' volume (area in 2D) over the box's now; it grows during a compression",
      E | ROW | SUM}, ED(packing_fraction, F64), NO},
    {{"volume", "volume", "barostat: the box's volume (area in 2D) now", E | ROW | SUM | BA}, ED(volume, F64), NO},
    {{"volume_moves", "1", "barostat: volume moves tried so far", E | ROW | SUM | BA}, ED(volume_moves, U64), NO},
    {{"volume_acceptance", "1", "barostat: the fraction of the volume moves accepted so far", E | ROW | SUM | BA},
     ED(volume_acceptance, F64), NO},
    {{"max_log_volume_step", "1", "barostat: the largest step of ln V now (it adapts before barostat.adapt_until)",
      E | SUM | BA}, ED(max_log_volume_step, F64), NO},
    {{"reduced_pressure", "1", "compression: Z = P V / (N kT) over its last window of collisions, the value "
      "compression.until compares (empty without a compression)", E | ROW | SUM}, ED(reduced_pressure, F64), NO},
    {{"collision_rate", "1/time", "pair collisions per particle per unit time over the interval", E | ROW | SUM},
     ED(collision_rate, F64), NO},
    {{"mean_free_time", "time", "1 / collision_rate", E | ROW | SUM}, ED(mean_free_time, F64), NO},
    {{"shear_stress", "energy/volume", "under shear: -P_xy (x the flow axis, y the gradient axis) averaged over the "
      "interval, kinetic (peculiar velocities) plus collisional", E | ROW | SUM | SH}, ED(shear_stress, F64), NO},
    {{"shear_viscosity", "mass/(length time)", "under shear: shear_stress / rate over the interval",
      E | ROW | SUM | SH}, ED(shear_viscosity, F64), NO},
    {{"shear_work", "energy", "under shear: the viscous heating so far, rate V times the integral of shear_stress dt",
      E | ROW | SUM | SH}, ED(shear_work, F64), NO},
    {{"kinetic_energy", "energy", "translational (and rotational) kinetic energy now (under shear: of the peculiar "
      "velocities)", E | T | ROW | SUM},
     ED(kinetic_energy, F64), TS(kinetic_energy, F64)},
    {{"potential_energy", "energy", "-m g.x summed (the energy in the gravity field) plus the stepped potentials' energy", E | T | ROW | SUM},
     ED(potential_energy, F64), TS(potential_energy, F64)},
    {{"energy", "energy", "kinetic + potential", E | T | ROW | SUM}, ED(energy, F64), TS(energy, F64)},
    {{"dissipated_energy", "energy", "energy taken out by inelastic collisions (and friction) so far",
      E | T | ROW | SUM}, ED(dissipated_energy, F64), TS(dissipated_energy, F64)},
    {{"thermostat_energy", "energy", "energy added by the thermostat and collapse kicks so far", E | SUM},
     ED(thermostat_energy, F64), NO},
    {{"wall_work", "energy", "the energy moving and thermal walls have put into the particles so far (collisions "
      "and the grains riding plates)", E | ROW | SUM | WA}, WALL_WORK, 0, NO},
    {{"wall_heat", "energy", "the heat the thermal walls have given the particles so far, all together (the summary's "
      "wall_heats lists each wall's: the scene's walls, then the box's, null where not thermal)",
      E | ROW | SUM | WA}, WALL_HEAT, 0, NO},
    {{"energy_drift", "1", "(E + dissipated - added - wall_work - E0) / abs(E0): what the energy balance misses; rounding "
      "(event-driven), rounding and the time stepping's error (time-stepping)", E | T | ROW | SUM},
     ED(energy_drift, F64), TS(energy_drift, F64)},
    {{"max_overlap", "length", "the largest overlap seen at a pair collision", E | ROW | SUM}, ED(max_overlap, F64),
     NO},
    {{"max_penetration", "length", "the deepest overlap seen at the start of a step", T | ROW | SUM}, NO,
     TS(max_penetration, F64)},
    {{"detection_seconds", "s", "wall time in contact detection", T | SUM}, NO, TS(detection_seconds, F64)},
    {{"resolution_seconds", "s", "wall time in the impact resolver", T | SUM}, NO, TS(resolution_seconds, F64)},
};

enum { ENTRIES = sizeof table / sizeof *table };

int rc_observable_count(void) { return ENTRIES; }

const rc_observable_info *rc_observable(int k) { return k >= 0 && k < ENTRIES ? &table[k].info : NULL; }

static double read_field(const void *record, int type, size_t offset)
{
    const char *field = (const char *)record + offset;
    switch (type) {
    case F64: return *(const double *)field;
    case U64: return (double)*(const uint64_t *)field;
    case I64: return (double)*(const int64_t *)field;
    case I32: return (double)*(const int32_t *)field;
    default: return NAN;
    }
}

/* The thermal walls' heats summed (0 without). */
static double wall_heat(const rc_edmd *engine)
{
    double sum = 0;
    for (int32_t w = 0; w < rc_edmd_wall_count(engine); w++)
        if (!isnan(rc_edmd_wall_heat(engine, w))) sum += rc_edmd_wall_heat(engine, w);
    return sum;
}

static int engine_flag(rc_dynamics dynamics) { return dynamics == RC_DYNAMICS_EVENT_DRIVEN ? E : T; }

void rc_run_observe(const rc_run *run, const rc_edmd_observables *since, double *values)
{
    rc_edmd_observables e;
    rc_rigid_observables t;
    if (run->edmd) rc_run_engine_measure(run, since, &e);
    else rc_rigid_measure(run->rigid, &t);
    for (int k = 0; k < ENTRIES; k++)
        values[k] = run->edmd ? (table[k].edmd_type == WALL_WORK   ? rc_edmd_wall_work(run->edmd)
                                 : table[k].edmd_type == WALL_HEAT ? wall_heat(run->edmd)
                                                                   : read_field(&e, table[k].edmd_type, table[k].edmd_offset))
                              : read_field(&t, table[k].rigid_type, table[k].rigid_offset);
}

/* Whether entry k belongs to the run: its engine has it, a shear observable only under shear, a barostat one only
 * with a barostat, a moving wall's only with moving walls. */
static bool belongs(const rc_run *run, int k, int wanted)
{
    wanted |= engine_flag(run->dynamics);
    return (table[k].info.flags & wanted) == wanted &&
           (!(table[k].info.flags & SH) || (run->edmd && rc_edmd_sheared(run->edmd))) &&
           (!(table[k].info.flags & BA) || (run->edmd && rc_edmd_isobaric(run->edmd))) &&
           (!(table[k].info.flags & WA) || (run->edmd && rc_edmd_walls_work(run->edmd)));
}

int rc_run_row_columns(const rc_run *run, const char **names, int *indices)
{
    int columns = 0;
    for (int k = 0; k < ENTRIES; k++)
        if (belongs(run, k, ROW)) {
            if (names) names[columns] = table[k].info.name;
            if (indices) indices[columns] = k;
            columns++;
        }
    return columns;
}

void rc_run_add_observables(const rc_run *run, const rc_edmd_observables *since, cJSON *summary)
{
    double values[ENTRIES];
    rc_run_observe(run, since, values);
    for (int k = 0; k < ENTRIES; k++)
        if (belongs(run, k, SUM))
            cJSON_AddNumberToObject(summary, table[k].info.name, values[k]); /* cJSON writes NaN as null */
    if (!run->edmd || !rc_edmd_walls_work(run->edmd)) return;
    cJSON *heats = cJSON_AddArrayToObject(summary, "wall_heats"); /* the scene's walls, then the box's: null where
                                                                   * not thermal */
    for (int32_t w = 0; heats && w < rc_edmd_wall_count(run->edmd); w++)
        cJSON_AddItemToArray(heats, cJSON_CreateNumber(rc_edmd_wall_heat(run->edmd, w)));
}
