#include "train/data/devdraw.h"

#include "catchapi.h"

#include <algorithm>

using spanforge::train::DataSettings;
using spanforge::train::drawDev;

TEST_CASE("dev draw: seeded share, at least one, never all") {
  DataSettings s;
  s.devFraction = 0.2;
  s.devSeed = 7;
  const auto a = drawDev(100, s);
  CHECK(std::count(a.begin(), a.end(), true) == 20);
  CHECK(drawDev(100, s) == a);  // the same seed, the same draw
  s.devSeed = 8;
  CHECK(drawDev(100, s) != a);
  s.devFraction = 0.0;
  const auto one = drawDev(5, s);
  CHECK(std::count(one.begin(), one.end(), true) == 1);
  s.devFraction = 0.99;
  const auto most = drawDev(5, s);
  CHECK(std::count(most.begin(), most.end(), true) == 4);
  CHECK(drawDev(1, s) == std::vector<bool>{false});
  CHECK(drawDev(0, s).empty());
}
