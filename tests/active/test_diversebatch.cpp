// Batch diversity: uncertainty-weighted farthest-first over sentence vectors.
#include "active/diversebatch.h"

#include "catchapi.h"

#include <algorithm>
#include <numeric>

using spanforge::active::DiverseBatch;

TEST_CASE("diverse batch: the top document first, then the farthest, the rest in order") {
  // Ranked 0..3; 1 is nearly a copy of 0, 2 is orthogonal to it.
  const std::vector<std::vector<float>> vectors{{1, 0}, {1, 0.01f}, {0, 1}, {0.7f, 0.7f}};
  const std::vector<double> scores{0.9, 0.9, 0.9, 0.9};
  const std::vector<size_t> order{0, 1, 2, 3};
  CHECK(DiverseBatch::reorder(order, scores, vectors, 2, 1) == std::vector<size_t>{0, 2, 1, 3});
  // Third pick: 3 is 0.29 from both picks, 1 almost nothing from 0.
  CHECK(DiverseBatch::reorder(order, scores, vectors, 3, 1) == std::vector<size_t>{0, 2, 3, 1});
  // Two batches of two: the second starts from the best left (1).
  CHECK(DiverseBatch::reorder(order, scores, vectors, 2, 2) == std::vector<size_t>{0, 2, 1, 3});
}

TEST_CASE("diverse batch: distance is weighted by uncertainty") {
  const std::vector<std::vector<float>> vectors{{1, 0}, {1, 0.3f}, {0, 1}};
  // 2 is far but nearly certain; 1 is nearer but uncertain.
  const std::vector<double> scores{0.9, 0.9, 0.01};
  CHECK(DiverseBatch::reorder({0, 1, 2}, scores, vectors, 2, 1) == std::vector<size_t>{0, 1, 2});
}

TEST_CASE("diverse batch: candidates come from the top of the ranking only") {
  const size_t batch = 2;
  const size_t n = batch * DiverseBatch::kCandidatesPerPick + 1;
  std::vector<std::vector<float>> vectors(n, {1, 0});
  vectors.back() = {0, 1};  // the only different one, ranked just out of reach
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  const std::vector<double> scores(n, 0.5);
  const auto out = DiverseBatch::reorder(order, scores, vectors, batch, 1);
  CHECK(out == order);      // all candidates alike: rank order
  vectors[n - 2] = {0, 1};  // now within reach
  CHECK(DiverseBatch::reorder(order, scores, vectors, batch, 1)[1] == n - 2);
}

TEST_CASE("diverse batch: a permutation of the ranking whatever the sizes") {
  std::vector<std::vector<float>> vectors;
  std::vector<double> scores;
  for (int i = 0; i < 23; ++i) {
    vectors.push_back({static_cast<float>(i % 5), static_cast<float>(i % 3), 1.0f});
    scores.push_back(1.0 / (1 + i));
  }
  vectors[7].clear();  // an empty document
  std::vector<size_t> order(23);
  std::iota(order.rbegin(), order.rend(), 0);
  for (size_t b : {0, 1, 4, 30})
    for (size_t batches : {0, 1, 3, 100}) {
      auto out = DiverseBatch::reorder(order, scores, vectors, b, batches);
      REQUIRE(out.size() == order.size());
      CHECK(out.front() == order.front());
      std::sort(out.begin(), out.end());
      auto sorted = order;
      std::sort(sorted.begin(), sorted.end());
      CHECK(out == sorted);
    }
}
