// Long records are predicted in windows of bounded length (issue #31).
#include "model/prediction.h"
#include "serve/predictionwindows.h"
#include "text/token.h"

#include "catchapi.h"

#include <string>
#include <vector>

using spanforge::model::Prediction;
using spanforge::serve::PredictionWindows;
using spanforge::text::Token;

namespace {

std::vector<Token> windowTokens(size_t n, size_t sentenceEnd = SIZE_MAX) {
  std::vector<Token> out(n);
  for (size_t i = 0; i < n; ++i) out[i].text = i == sentenceEnd ? "." : "w";
  return out;
}

}  // namespace

TEST_CASE("prediction windows: a record within the limit is one window") {
  const auto one = PredictionWindows::split(windowTokens(3));
  REQUIRE(one.size() == 1);
  CHECK(one[0].begin == 0);
  CHECK(one[0].end == 3);
  const auto none = PredictionWindows::split({});
  REQUIRE(none.size() == 1);
  CHECK(none[0].end == 0);
  CHECK(PredictionWindows::split(windowTokens(PredictionWindows::kMaxTokens)).size() == 1);
}

TEST_CASE("prediction windows: cut at the limit, or after a sentence end in the second half") {
  const auto w = PredictionWindows::split(windowTokens(10000));
  REQUIRE(w.size() == 3);
  CHECK(w[0].end == 4096);
  CHECK(w[1].begin == 4096);
  CHECK(w[1].end == 8192);
  CHECK(w[2].end == 10000);
  const auto s = PredictionWindows::split(windowTokens(10000, 3000));
  CHECK(s[0].end == 3001);
  CHECK(s[1].begin == 3001);
  // A sentence end in the first half would make windows too short: ignored.
  CHECK(PredictionWindows::split(windowTokens(10000, 1000))[0].end == 4096);
}

TEST_CASE("prediction windows: predictions merge as of independent windows") {
  const std::vector<PredictionWindows::Window> windows = {{0, 4}, {4, 6}};
  Prediction a, b;
  a.tags = {0, 1, 2, 0};
  a.spans = {{{1, 3, "PER"}, 0.9}};
  a.bestPathProbability = 0.5;
  a.margin = 0.2;  // second best 0.3
  a.meanTokenEntropy = 0.1;
  a.bestPathLogProbPerToken = -0.2;
  b.tags = {1, 0};
  b.spans = {{{0, 1, "LOC"}, 0.7}};
  b.bestPathProbability = 0.8;
  b.margin = 0.7;  // second best 0.1
  b.meanTokenEntropy = 0.4;
  b.bestPathLogProbPerToken = -0.5;
  const Prediction m = PredictionWindows::merge(windows, {a, b});
  CHECK(m.tags == std::vector<int64_t>{0, 1, 2, 0, 1, 0});
  REQUIRE(m.spans.size() == 2);
  CHECK(m.spans[0].span.first == 1);
  CHECK(m.spans[1].span.first == 4);
  CHECK(m.spans[1].span.last == 5);
  CHECK(m.spans[1].span.label == "LOC");
  CHECK(m.bestPathProbability == Approx(0.4));
  CHECK(m.margin == Approx(0.4 - 0.3 * 0.8));
  CHECK(m.meanTokenEntropy == Approx((0.1 * 4 + 0.4 * 2) / 6));
  CHECK(m.bestPathLogProbPerToken == Approx((-0.2 * 4 - 0.5 * 2) / 6));
  const Prediction alone = PredictionWindows::merge({{0, 4}}, {a});
  CHECK(alone.margin == a.margin);
}
