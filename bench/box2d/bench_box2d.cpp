// Box2D 2.4 on the scenes of bench_rigid and tests/test_rigid_impact.c, for bench/RESULTS.md (issues 5, 24): the step
// rate of the same 2D pile of 10,000 balls over 2,000 steps (radius 0.5, hexagonal rows of 100 between walls with
// half a diameter of play, gravity 9.81, h = 1e-3, 8 velocity and 3 position iterations, sleeping off; --sleep turns
// it on, --pile runs the pile alone), Newton's cradle (3 unit balls touching, the first at speed 10, restitution 1,
// no gravity: the right answer is (0, 0, 10)), and the mirror symmetry of a pool break (the distance between each
// ball and the mirror image of its partner after 1 s).
// Benchmark-only: C++ because Box2D 2.4 is; CMake builds it only when Debian's libbox2d-dev is installed.
#include <box2d/box2d.h>

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

static void pile(bool sleeping)
{
    b2World world(b2Vec2(0.0f, -9.81f));
    world.SetAllowSleeping(sleeping);
    for (int row = 0; row < 100; row++)
        for (int k = 0; k < 100; k++) ball(world, 0.5 + k + (row % 2) * 0.5, 0.5 + row * std::sqrt(3.0) / 2, 0.5, 0, 0);
    wall(world, b2Vec2(-1, 0), b2Vec2(102, 0));
    wall(world, b2Vec2(0, 0), b2Vec2(0, 200));
    wall(world, b2Vec2(101, 0), b2Vec2(101, 200));
    world.Step(1e-3f, 8, 3);
    int steps = 0;
    double start = cpu_now();
    while (steps < 2000 && cpu_now() - start < 60) { // bench_rigid's 2,000 steps
        world.Step(1e-3f, 8, 3);
        steps++;
    }
    std::printf("pile of 10000 balls, sleeping %s: %d steps in %.2f s CPU: %.1f steps/s\n", sleeping ? "on" : "off",
                steps, cpu_now() - start, steps / (cpu_now() - start));
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
