/* SPDX-License-Identifier: MIT */
// Bullet 3.24 (Debian libbullet-dev, double precision) on bench_rigid's 3D pile, for bench/RESULTS.md: 1,000
// unit cubes in 100 towers of 10 on a floor plane, the towers 0.05 apart, gravity 9.81, h = 1e-3 (one fixed step per
// stepSimulation call), restitution 0, no friction, Bullet's default solver (sequential impulses, 10 iterations);
// sleeping (deactivation) off unless --sleep. One warm-up step, then 2,000 steps (or 60 s of CPU); prints steps per
// CPU second and the lowest and highest box centre at the end (a tower that sinks or topples shows there).
// Benchmark-only: C++ because Bullet is; CMake builds it only when libbullet-dev is installed.
#include <btBulletDynamicsCommon.h>

#include <cstdio>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

static double cpu_now()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

int main(int argc, char **argv)
{
    bool sleeping = argc > 1 && std::string(argv[1]) == "--sleep";
    btDefaultCollisionConfiguration configuration;
    btCollisionDispatcher dispatcher(&configuration);
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world(&dispatcher, &broadphase, &solver, &configuration);
    world.setGravity(btVector3(0, 0, -9.81));
    btStaticPlaneShape plane(btVector3(0, 0, 1), 0);
    btRigidBody::btRigidBodyConstructionInfo floor_info(0, nullptr, &plane);
    floor_info.m_friction = 0;
    floor_info.m_restitution = 0;
    btRigidBody floor(floor_info);
    world.addRigidBody(&floor);
    btBoxShape cube(btVector3(0.5, 0.5, 0.5));
    btVector3 inertia;
    cube.calculateLocalInertia(1, inertia);
    std::vector<std::unique_ptr<btDefaultMotionState>> states;
    std::vector<std::unique_ptr<btRigidBody>> bodies;
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++)
            for (int k = 0; k < 10; k++) {
                btTransform place;
                place.setIdentity();
                place.setOrigin(btVector3(1.05 * i, 1.05 * j, 0.5 + k));
                states.emplace_back(new btDefaultMotionState(place));
                btRigidBody::btRigidBodyConstructionInfo info(1, states.back().get(), &cube, inertia);
                info.m_friction = 0;
                info.m_restitution = 0;
                bodies.emplace_back(new btRigidBody(info));
                if (!sleeping) bodies.back()->setActivationState(DISABLE_DEACTIVATION);
                world.addRigidBody(bodies.back().get());
            }
    world.stepSimulation(1e-3, 0, 1e-3);
    int steps = 0;
    double start = cpu_now();
    while (steps < 2000 && cpu_now() - start < 60) {
        world.stepSimulation(1e-3, 0, 1e-3);
        steps++;
    }
    double took = cpu_now() - start, low = 1e300, high = -1e300;
    for (auto &b : bodies) {
        double z = b->getCenterOfMassPosition().z();
        low = z < low ? z : low;
        high = z > high ? z : high;
    }
    std::printf("pile of 1000 boxes, sleeping %s: %d steps in %.2f s CPU: %.1f steps/s; box centres from %.6f to %.6f "
                "(at rest: 0.5 to 9.5)\n", sleeping ? "on" : "off", steps, took, steps / took, low, high);
    for (auto &b : bodies) world.removeRigidBody(b.get());
    world.removeRigidBody(&floor);
    return 0;
}
