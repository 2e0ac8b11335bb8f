#include "train/eval/proportioninterval.h"

#include "catchapi.h"

using spanforge::train::ProportionInterval;

TEST_CASE("Wilson interval: wide on a few spans, narrow on many, inside [0, 1]") {
  // One right span of one: 20.7% to 100%, not a promise of 100%.
  auto one = ProportionInterval::wilson(1, 1);
  CHECK(one.low == Approx(0.2065).margin(0.001));
  CHECK(one.high == Approx(1.0));
  // 2 of 3 (the textbook value: 20.8% to 93.9%).
  auto two = ProportionInterval::wilson(2, 3);
  CHECK(two.low == Approx(0.2077).margin(0.001));
  CHECK(two.high == Approx(0.9385).margin(0.001));
  // 900 of 1,000: about 88.0% to 91.7%.
  auto many = ProportionInterval::wilson(900, 1000);
  CHECK(many.low == Approx(0.8798).margin(0.001));
  CHECK(many.high == Approx(0.9170).margin(0.001));
  auto none = ProportionInterval::wilson(0, 0);
  CHECK(none.low == 0.0);
  CHECK(none.high == 1.0);
  CHECK(ProportionInterval::wilson(0, 5).low == 0.0);
}
