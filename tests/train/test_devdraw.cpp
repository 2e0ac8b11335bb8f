#include "train/data/devdraw.h"

#include "catchapi.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

using spanforge::train::DataSettings;
using spanforge::train::drawDev;

namespace {

std::vector<int64_t> idsUpTo(int64_t n) {
  std::vector<int64_t> ids(static_cast<size_t>(n));
  std::iota(ids.begin(), ids.end(), int64_t{1});
  return ids;
}

}  // namespace

TEST_CASE("dev draw: seeded share, at least one, never all") {
  DataSettings s;
  s.devFraction = 0.2;
  s.devSeed = 7;
  const auto a = drawDev(idsUpTo(100), s);
  CHECK(std::count(a.begin(), a.end(), true) == 20);
  CHECK(drawDev(idsUpTo(100), s) == a);  // the same seed, the same draw
  s.devSeed = 8;
  CHECK(drawDev(idsUpTo(100), s) != a);
  s.devFraction = 0.0;
  const auto one = drawDev(idsUpTo(5), s);
  CHECK(std::count(one.begin(), one.end(), true) == 1);
  s.devFraction = 0.99;
  const auto most = drawDev(idsUpTo(5), s);
  CHECK(std::count(most.begin(), most.end(), true) == 4);
  CHECK(drawDev(idsUpTo(1), s) == std::vector<bool>{false});
  CHECK(drawDev({}, s).empty());
}

TEST_CASE("dev draw: one more document moves at most one other, never reshuffles (issue #66)") {
  DataSettings s;
  s.devFraction = 0.2;
  s.devSeed = 0;
  for (int64_t n = 600; n < 700; ++n) {
    const auto before = drawDev(idsUpTo(n), s);
    const auto after = drawDev(idsUpTo(n + 1), s);
    int moved = 0;
    for (size_t i = 0; i < before.size(); ++i) moved += before[i] != after[i];
    INFO(n << " documents, then one more");
    CHECK(moved <= 1);
  }
  // The order documents come in does not matter, only their ids.
  auto ids = idsUpTo(50);
  const auto forward = drawDev(ids, s);
  std::reverse(ids.begin(), ids.end());
  auto backward = drawDev(ids, s);
  std::reverse(backward.begin(), backward.end());
  CHECK(forward == backward);
}
