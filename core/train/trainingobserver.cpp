#include "train/trainingobserver.h"

namespace spanforge::train {
namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

void TrainingObserver::dispatch(const TrainingEvent& event) {
  std::visit(Overloaded{[this](const StepEvent& e) { onStep(e); },
                        [this](const EvaluationEvent& e) { onEvaluation(e); },
                        [this](const FinishedEvent& e) { onFinished(e); }},
             event);
}

}  // namespace spanforge::train
