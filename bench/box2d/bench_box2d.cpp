/* SPDX-License-Identifier: MIT */
// Box2D 2.4 on the scenes of bench_rigid and tests/physics/test_rigid_impact.c, for bench/RESULTS.md (issues 5, 24): the step
// rate of the same 2D pile of 10,000 balls over 2,000 steps (radius 0.5, hexagonal rows of 100 between walls with
// half a diameter of play, gravity 9.81, h = 1e-3, 8 velocity and 3 position iterations, sleeping off; --sleep turns
// it on, --pile runs the pile alone; the deepest ball-ball and ball-wall overlap, checked from the bodies' positions
// after every step outside the timed CPU seconds, as bench_rigid reports ricochet's), Newton's cradle (3 unit balls touching, the first at speed 10, restitution 1,
// no gravity: the right answer is (0, 0, 10)), and the mirror symmetry of a pool break (the distance between each
// ball and the mirror image of its partner after 1 s).
// Benchmark-only: C++ because Box2D 2.4 is; CMake builds it only when Debian's libbox2d-dev is installed.
#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

static double cpu_now()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

static b2Body *ball(b2World &world, double x, double y, double r, double vx, double restitution)
{
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.position.Set(float(x), float(y));
    def.linearVelocity.Set(float(vx), 0.0f);
    def.bullet = false;
    b2Body *body = world.CreateBody(&def);
    b2CircleShape circle;
    circle.m_radius = float(r);
    b2FixtureDef fixture;
    fixture.shape = &circle;
    fixture.density = 1.0f;
    fixture.friction = 0.0f;
    fixture.restitution = float(restitution);
    fixture.restitutionThreshold = 0.0f;
    body->CreateFixture(&fixture);
    return body;
}

static void wall(b2World &world, b2Vec2 a, b2Vec2 b)
{
    b2BodyDef def;
    b2Body *ground = world.CreateBody(&def);
    b2EdgeShape edge;
    edge.SetTwoSided(a, b);
    ground->CreateFixture(&edge, 0.0f);
}

// The deepest overlap of the pile's balls (radius r) with each other and with the floor y = 0 and the walls x = 0 and
// x = right, from their positions: the balls are sorted into square cells of one diameter, and each ball is tested
// against the balls of its own and the neighbouring cells.
struct overlap {
    double ball = 0, wall = 0;
};

static overlap pile_overlap(const std::vector<b2Body *> &balls, double r, double right)
{
    overlap o;
    size_t n = balls.size();
    std::vector<double> x(n), y(n);
    double low[2] = {INFINITY, INFINITY}, high[2] = {-INFINITY, -INFINITY};
    for (size_t i = 0; i < n; i++) {
        b2Vec2 p = balls[i]->GetPosition();
        x[i] = p.x, y[i] = p.y;
        low[0] = std::fmin(low[0], x[i]), high[0] = std::fmax(high[0], x[i]);
        low[1] = std::fmin(low[1], y[i]), high[1] = std::fmax(high[1], y[i]);
        o.wall = std::fmax(o.wall, std::fmax(r - y[i], std::fmax(r - x[i], x[i] + r - right)));
    }
    double cell = 2 * r;
    long columns = long((high[0] - low[0]) / cell) + 1, rows = long((high[1] - low[1]) / cell) + 1;
    std::vector<long> of(n), start(size_t(columns * rows) + 1, 0), sorted(n);
    for (size_t i = 0; i < n; i++) {
        of[i] = long((x[i] - low[0]) / cell) + columns * long((y[i] - low[1]) / cell);
        start[size_t(of[i]) + 1]++;
    }
    for (size_t c = 1; c < start.size(); c++) start[c] += start[c - 1];
    std::vector<long> fill(start.begin(), start.end() - 1);
    for (size_t i = 0; i < n; i++) sorted[size_t(fill[size_t(of[i])]++)] = long(i);
    for (size_t i = 0; i < n; i++) {
        long cx = of[i] % columns, cy = of[i] / columns;
        for (long ny = std::max(cy - 1, 0L); ny <= std::min(cy + 1, rows - 1); ny++)
            for (long nx = std::max(cx - 1, 0L); nx <= std::min(cx + 1, columns - 1); nx++)
                for (long t = start[size_t(nx + columns * ny)]; t < start[size_t(nx + columns * ny) + 1]; t++) {
                    size_t j = size_t(sorted[size_t(t)]);
                    if (j > i) o.ball = std::fmax(o.ball, 2 * r - std::hypot(x[i] - x[j], y[i] - y[j]));
                }
    }
    return o;
}

static void pile(bool sleeping)
{
    b2World world(b2Vec2(0.0f, -9.81f));
    world.SetAllowSleeping(sleeping);
    std::vector<b2Body *> balls;
    for (int row = 0; row < 100; row++)
        for (int k = 0; k < 100; k++)
            balls.push_back(ball(world, 0.5 + k + (row % 2) * 0.5, 0.5 + row * std::sqrt(3.0) / 2, 0.5, 0, 0));
    wall(world, b2Vec2(-1, 0), b2Vec2(102, 0));
    wall(world, b2Vec2(0, 0), b2Vec2(0, 200));
    wall(world, b2Vec2(101, 0), b2Vec2(101, 200));
    world.Step(1e-3f, 8, 3);
    overlap deepest = pile_overlap(balls, 0.5, 101), now = deepest;
    int steps = 0;
    double start = cpu_now(), checking = 0;
    while (steps < 2000 && cpu_now() - start - checking < 60) { // bench_rigid's 2,000 steps
        world.Step(1e-3f, 8, 3);
        steps++;
        double before = cpu_now();
        now = pile_overlap(balls, 0.5, 101);
        deepest.ball = std::fmax(deepest.ball, now.ball), deepest.wall = std::fmax(deepest.wall, now.wall);
        checking += cpu_now() - before;
    }
    double took = cpu_now() - start - checking;
    std::printf("pile of 10000 balls, sleeping %s: %d steps in %.2f s CPU: %.1f steps/s\n", sleeping ? "on" : "off",
                steps, took, steps / took);
    std::printf("overlap (deepest after any step, of radius 0.5): %.1e (balls %.1e, walls %.1e); at the end %.1e "
                "(balls %.1e, walls %.1e); checking took %.2f s CPU, not counted\n",
                std::fmax(deepest.ball, deepest.wall), deepest.ball, deepest.wall, std::fmax(now.ball, now.wall),
                now.ball, now.wall, checking);
}

static void cradle()
{
    b2World world(b2Vec2(0.0f, 0.0f));
    std::vector<b2Body *> b;
    for (int k = 0; k < 3; k++) b.push_back(ball(world, 2.0 * k, 0, 1, k == 0 ? 10 : 0, 1));
    for (int s = 0; s < 100; s++) world.Step(1e-3f, 8, 3);
    std::printf("cradle (right answer 0 0 10): %.6f %.6f %.6f\n", b[0]->GetLinearVelocity().x,
                b[1]->GetLinearVelocity().x, b[2]->GetLinearVelocity().x);
}

static void pool_break()
{
    b2World world(b2Vec2(0.0f, 0.0f));
    std::vector<b2Body *> b;
    b.push_back(ball(world, -2, 0, 1, 10, 1));
    for (int row = 0; row < 5; row++)
        for (int k = 0; k <= row; k++) b.push_back(ball(world, row * std::sqrt(3.0), 2 * k - row, 1, 0, 1));
    for (int s = 0; s < 1000; s++) world.Step(1e-3f, 8, 3);
    double worst = 0;
    int pairs = 0;
    for (int row = 0, first = 1; row < 5; first += row + 1, row++)
        for (int k = 0; k <= row; k++, pairs++) { // ball k of the row and its mirror image, ball row - k
            b2Vec2 p = b[first + k]->GetPosition(), q = b[first + row - k]->GetPosition();
            worst = std::fmax(worst, std::hypot(p.x - q.x, p.y + q.y));
        }
    std::printf("pool break: largest distance from mirror symmetry after 1 s over %d pairs: %.3g (cue ball y %.3g)\n",
                pairs, worst, b[0]->GetPosition().y);
}

int main(int argc, char **argv)
{
    bool sleeping = argc > 1 && std::string(argv[1]) == "--sleep", only_pile = argc > 1 && std::string(argv[argc - 1]) == "--pile";
    if (!only_pile) {
        cradle();
        pool_break();
    }
    pile(sleeping);
    return 0;
}
