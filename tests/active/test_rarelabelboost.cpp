// Class balance for the rare strategy: rarity from labelled counts, the
// boost from the labels a prediction holds.
#include "active/rarelabelboost.h"
#include "model/prediction.h"

#include "catchapi.h"

using spanforge::active::RareLabelBoost;
using spanforge::model::Prediction;

namespace {

Prediction withLabels(std::initializer_list<const char*> labels) {
  Prediction p;
  int64_t at = 0;
  for (const char* l : labels) {
    p.spans.push_back({{at, at + 1, l}, 0.5});
    at += 2;
  }
  return p;
}

}  // namespace

TEST_CASE("rare label boost: rarity against the most labelled type") {
  const RareLabelBoost boost({{"person", 100}, {"location", 50}, {"product", 10}});
  CHECK(boost.rarity("person") == 0.0);
  CHECK(boost.rarity("location") == Approx(0.5));
  CHECK(boost.rarity("product") == Approx(0.9));
  CHECK(boost.rarity("creative-work") == 1.0);  // never labelled
}

TEST_CASE("rare label boost: the rarest predicted label counts, no spans no boost") {
  const RareLabelBoost boost({{"person", 100}, {"location", 50}, {"product", 10}});
  CHECK(boost.factor(withLabels({})) == 1.0);
  CHECK(boost.factor(withLabels({"person"})) == 1.0);
  CHECK(boost.factor(withLabels({"person", "location"})) == Approx(1.5));
  CHECK(boost.factor(withLabels({"product", "location"})) == Approx(1.9));
  CHECK(boost.factor(withLabels({"group"})) == 2.0);
}

TEST_CASE("rare label boost: before anything is labelled, nothing is rare") {
  const RareLabelBoost none({});
  CHECK(none.rarity("person") == 0.0);
  CHECK(none.factor(withLabels({"person"})) == 1.0);
  const RareLabelBoost zeros({{"person", 0}});
  CHECK(zeros.factor(withLabels({"person", "group"})) == 1.0);
}
