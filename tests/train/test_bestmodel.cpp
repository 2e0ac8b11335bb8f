// BestModel: keeps the weights of the best dev F1, counts patience, and
// says when a run should stop.
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "model/nermodel.h"
#include "train/bestmodel.h"
#include "traintestdata.h"

#include <torch/torch.h>

using namespace spanforge;
using namespace spanforge::train;
using namespace spanforge::train::testing;

namespace {

EvaluationReport scored(double f1) {
  EvaluationReport r;
  r.overall.f1 = f1;
  return r;
}

}  // namespace

TEST_CASE("best model: keeps the best weights and counts patience from them") {
  const TrainConfig config = tinyConfig();
  model::NerModel model(config.model, demoTrain().labels());
  BestModel best(2);
  CHECK(best.empty());
  CHECK(best.f1() == -1.0);
  CHECK(best.patienceLeft() == 2);

  CHECK(best.offer(scored(0.5), 10, model));
  const auto kept = model.module().parameters().front().detach().clone();
  torch::NoGradGuard noGrad;
  model.module().parameters().front().add_(1.0);  // training moves on
  CHECK_FALSE(best.offer(scored(0.4), 20, model));
  CHECK_FALSE(best.offer(scored(0.5), 30, model));  // equal is not better
  CHECK(best.step() == 10);
  CHECK(best.f1() == 0.5);
  CHECK(best.patienceLeft() == 0);
  CHECK(best.shouldStop());
  CHECK_FALSE(best.converged());
  best.restore(model);
  CHECK(torch::equal(model.module().parameters().front(), kept));

  CHECK(best.offer(scored(1.0), 40, model));
  CHECK(best.patienceLeft() == 2);
  CHECK(best.converged());
  CHECK(best.shouldStop());
}

TEST_CASE("best model: without patience only convergence stops") {
  const TrainConfig config = tinyConfig();
  model::NerModel model(config.model, demoTrain().labels());
  BestModel best(0);
  CHECK(best.offer(scored(0.3), 1, model));
  for (int i = 0; i < 50; ++i) CHECK_FALSE(best.offer(scored(0.2), 2 + i, model));
  CHECK(best.patienceLeft() == -1);
  CHECK_FALSE(best.shouldStop());
  CHECK(best.report().overall.f1 == 0.3);
}
