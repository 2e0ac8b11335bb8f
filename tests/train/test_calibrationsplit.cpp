// The dev set split for calibration: the last share fits the temperature.
#include "train/eval/calibrationsplit.h"

#include "catchapi.h"

using spanforge::train::CalibrationSplit;
using spanforge::train::Corpus;
using spanforge::train::Example;

namespace {

Corpus sentences(int n) {
  Corpus c;
  for (int i = 0; i < n; ++i) {
    Example e;
    e.tokens = {"s" + std::to_string(i)};
    c.add(e);
  }
  return c;
}

}  // namespace

TEST_CASE("calibration split: the last share calibrates, the rest selects, in order") {
  const auto s = CalibrationSplit::of(sentences(10), 0.35);
  REQUIRE(s.selection.size() == 7);
  REQUIRE(s.calibration.size() == 3);
  CHECK(s.selection[0].tokens[0] == "s0");
  CHECK(s.selection[6].tokens[0] == "s6");
  CHECK(s.calibration[0].tokens[0] == "s7");
  CHECK(s.calibration[2].tokens[0] == "s9");
}

TEST_CASE("calibration split: off, or too few sentences for two parts: all select") {
  for (const auto& [n, share] : {std::pair{10, 0.0}, {3, 0.2}, {1, 0.9}, {0, 0.5}}) {
    const auto s = CalibrationSplit::of(sentences(n), share);
    CHECK(s.selection.size() == static_cast<size_t>(n));
    CHECK(s.calibration.empty());
  }
  CHECK(CalibrationSplit::of(sentences(2), 0.5).calibration.size() == 1);
  CHECK(CalibrationSplit::held(10, 0.35) == 3);
  CHECK(CalibrationSplit::held(3, 0.2) == 0);
  CHECK(CalibrationSplit::held(1, 0.9) == 0);
  CHECK(CalibrationSplit::held(5, 0.0) == 0);
  CHECK(CalibrationSplit::firstCalibrating(10, 0.35) == 7);
  CHECK(CalibrationSplit::firstCalibrating(5, 0.0) == 0);
}
