// GradScaler: dynamic loss scaling for fp16, checked on CPU tensors (the
// fallback that does what the CUDA AMP kernels do).
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "train/device/gradscaler.h"

#include <cmath>
#include <limits>
#include <stdexcept>

using spanforge::train::GradScaler;

namespace {

// A parameter whose gradient is `grad` (as if back-propagated).
torch::Tensor withGrad(std::vector<float> grad) {
  auto p = torch::zeros({static_cast<int64_t>(grad.size())}, torch::requires_grad());
  p.mutable_grad() = torch::tensor(grad);
  return p;
}

// One step: unscale the parameter's gradient and update; whether it was finite.
bool step(GradScaler& scaler, float grad) {
  const torch::Tensor p = withGrad({grad});
  const bool finite = scaler.unscale({p});
  scaler.update();
  return finite;
}

GradScaler::Options interval(int64_t steps) {
  GradScaler::Options o;
  o.growthInterval = steps;
  return o;
}

}  // namespace

TEST_CASE("GradScaler: scales the loss, unscales the gradients back") {
  GradScaler scaler(true);
  CHECK(scaler.currentScale() == 65536.0);
  const torch::Tensor w = torch::tensor({0.5F, -2.0F, 1e-3F}, torch::requires_grad());
  const torch::Tensor loss = (w * w).sum();
  const torch::Tensor scaled = scaler.scale(loss);
  CHECK(scaled.dim() == 0);  // still a scalar, for backward()
  CHECK(scaled.item<double>() == Approx(loss.item<double>() * 65536.0));
  scaled.backward();
  CHECK(w.grad()[1].item<double>() == Approx(-4.0 * 65536.0));
  const torch::Tensor frozen = torch::ones({2});  // no gradient: left alone
  REQUIRE(scaler.unscale({w, frozen}));
  CHECK(torch::allclose(w.grad(), 2 * w.detach()));
  scaler.update();
  CHECK(scaler.currentScale() == 65536.0);
  CHECK(scaler.cleanSteps() == 1);
}

TEST_CASE("GradScaler: an inf or NaN gradient skips the step and halves the scale") {
  GradScaler scaler(true);
  CHECK(step(scaler, 1.0F));
  CHECK(step(scaler, 1.0F));
  CHECK(scaler.cleanSteps() == 2);
  CHECK_FALSE(step(scaler, std::numeric_limits<float>::infinity()));
  CHECK(scaler.currentScale() == 32768.0);
  CHECK(scaler.cleanSteps() == 0);
  CHECK_FALSE(step(scaler, std::numeric_limits<float>::quiet_NaN()));
  CHECK(scaler.currentScale() == 16384.0);
  // One bad gradient among good ones is enough.
  const torch::Tensor good = withGrad({1.0F, 2.0F});
  const torch::Tensor bad = withGrad({3.0F, -std::numeric_limits<float>::infinity()});
  CHECK_FALSE(scaler.unscale({good, bad}));
  scaler.update();
  CHECK(scaler.currentScale() == 8192.0);
}

TEST_CASE("GradScaler: doubles the scale after growth_interval clean steps in a row") {
  GradScaler scaler(true, interval(3));
  CHECK(step(scaler, 1.0F));
  CHECK(step(scaler, 1.0F));
  CHECK(scaler.currentScale() == 65536.0);
  CHECK(step(scaler, 1.0F));
  CHECK(scaler.currentScale() == 131072.0);
  CHECK(scaler.cleanSteps() == 0);
  // An overflow restarts the count.
  CHECK(step(scaler, 1.0F));
  CHECK_FALSE(step(scaler, std::numeric_limits<float>::infinity()));
  CHECK(scaler.currentScale() == 65536.0);
  CHECK(step(scaler, 1.0F));
  CHECK(step(scaler, 1.0F));
  CHECK(scaler.currentScale() == 65536.0);
  CHECK(step(scaler, 1.0F));
  CHECK(scaler.currentScale() == 131072.0);
}

TEST_CASE("GradScaler: the default interval is 2000 steps, and the scale never grows to inf") {
  GradScaler scaler(true);
  for (int i = 0; i < 1999; ++i) step(scaler, 1.0F);
  CHECK(scaler.currentScale() == 65536.0);
  step(scaler, 1.0F);
  CHECK(scaler.currentScale() == 131072.0);

  GradScaler::Options huge = interval(1);
  huge.initScale = 3e38;  // doubling would pass float32's largest value
  GradScaler top(true, huge);
  CHECK(step(top, 1.0F));
  CHECK(top.currentScale() == Approx(3e38));
  CHECK(std::isfinite(top.currentScale()));
}

TEST_CASE("GradScaler: disabled, it changes nothing") {
  GradScaler scaler(false);
  const torch::Tensor loss = torch::tensor(2.5F);
  CHECK(scaler.scale(loss).item<float>() == 2.5F);
  const torch::Tensor p = withGrad({std::numeric_limits<float>::infinity()});
  CHECK(scaler.unscale({p}));  // a disabled scaler never skips
  scaler.update();
  CHECK(std::isinf(p.grad()[0].item<float>()));
}

TEST_CASE("GradScaler: unscale once per update") {
  GradScaler scaler(true);
  CHECK_THROWS_AS(scaler.update(), std::logic_error);
  const torch::Tensor p = withGrad({1.0F});
  scaler.unscale({p});
  CHECK_THROWS_AS(scaler.unscale({p}), std::logic_error);
  scaler.update();
  CHECK_NOTHROW(scaler.unscale({p}));
}
