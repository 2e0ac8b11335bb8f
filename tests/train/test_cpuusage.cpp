// CpuUsage: busy work shows as CPU use, sleeping does not. Checked against
// the CPU and wall time this test measures itself, so that a loaded machine
// (which only stretches the wall time) cannot make it fail.
#include "train/device/cpuusage.h"

#include "catchapi.h"

#include <chrono>
#include <ctime>
#include <thread>

using namespace spanforge::train;

namespace {

using Clock = std::chrono::steady_clock;

// Spins until this process has used `seconds` of CPU time; the wall time taken.
double spin(double seconds) {
  const auto wall = Clock::now();
  const std::clock_t start = std::clock();
  volatile double x = 1.0;
  while (static_cast<double>(std::clock() - start) < seconds * CLOCKS_PER_SEC)
    for (int i = 0; i < 10000; ++i) x = x * 1.0000001 + 1e-9;
  return std::chrono::duration<double>(Clock::now() - wall).count();
}

}  // namespace

TEST_CASE("CPU usage: the first sample counts from construction") {
  CpuUsage usage;
  spin(0.05);
  CHECK(usage.sample() > 0.0);
}

TEST_CASE("CPU usage: a busy loop is CPU use, a sleep is not") {
  CpuUsage usage;
  usage.sample();
  const double wall = spin(0.3);
  const double busy = usage.sample();
  // 0.3 s of CPU over the wall time the loop took (within the moments
  // between the clocks' reads).
  const double expected = 100.0 * 0.3 / wall;
  CHECK(busy == Approx(expected).epsilon(0.25));
  if (expected >= 20.0) CHECK(busy > 10.0);  // unless this process got under a fifth of a core

  usage.sample();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const double idle = usage.sample();
  CHECK(idle >= 0.0);
  CHECK(idle < 50.0);
}
