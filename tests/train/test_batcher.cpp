#include "train/data/batcher.h"

#include "catchapi.h"

#include <algorithm>
#include <numeric>
#include <random>

using namespace spanforge::train;

namespace {

std::vector<int64_t> randomLengths(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<int64_t> lengths(n);
  for (auto& l : lengths) l = 1 + static_cast<int64_t>(rng() % 60);
  return lengths;
}

int64_t wordsOf(const std::vector<size_t>& batch, const std::vector<int64_t>& lengths) {
  int64_t w = 0;
  for (size_t i : batch) w += lengths[i];
  return w;
}

int64_t padded(const std::vector<size_t>& batch, const std::vector<int64_t>& lengths) {
  int64_t longest = 0;
  for (size_t i : batch) longest = std::max(longest, lengths[i]);
  return longest * static_cast<int64_t>(batch.size());
}

}  // namespace

TEST_CASE("batcher: every non-empty sentence once per epoch, within the word budget") {
  auto lengths = randomLengths(2000, 1);
  lengths[5] = 0;     // empty: never batched
  lengths[7] = 1500;  // longer than the budget: a batch of its own
  TrainingSettings s;
  s.batchWords = 1000;
  const Batcher batcher(lengths, s);
  CHECK(batcher.sentences() == 1999);
  std::mt19937_64 rng(3);
  const auto batches = batcher.epoch(rng, 1);
  std::vector<int> seen(lengths.size(), 0);
  for (const auto& b : batches) {
    REQUIRE_FALSE(b.empty());
    for (size_t i : b) ++seen[i];
    if (b.size() > 1) CHECK(wordsOf(b, lengths) <= 1000);
  }
  for (size_t i = 0; i < lengths.size(); ++i) CHECK(seen[i] == (i == 5 ? 0 : 1));
  const bool alone = std::any_of(batches.begin(), batches.end(),
                                 [](const auto& b) { return b.size() == 1 && b[0] == 7; });
  CHECK(alone);
  // Batches are nearly full: the greedy cut wastes at most one sentence.
  int64_t total = 0;
  for (const auto& b : batches) total += wordsOf(b, lengths);
  CHECK(static_cast<double>(total) / static_cast<double>(batches.size()) > 900.0);
}

TEST_CASE("batcher: length bucketing cuts padding and keeps the order random") {
  const auto lengths = randomLengths(3000, 2);
  TrainingSettings s;
  s.batchWords = 1000;
  int64_t pad[2] = {0, 0};
  for (bool bucketing : {false, true}) {
    s.lengthBucketing = bucketing;
    std::mt19937_64 rng(4);
    for (const auto& b : Batcher(lengths, s).epoch(rng, 1)) pad[bucketing] += padded(b, lengths);
  }
  const int64_t words = std::accumulate(lengths.begin(), lengths.end(), int64_t{0});
  INFO("padded words without / with bucketing: " << pad[0] << " / " << pad[1] << " of " << words);
  CHECK(pad[1] < words * 115 / 100);
  CHECK(pad[0] > words * 150 / 100);
  // Not sorted over the whole epoch: batch lengths go up and down.
  std::mt19937_64 rng(4);
  const auto batches = Batcher(lengths, s).epoch(rng, 1);
  int64_t ups = 0, downs = 0;
  for (size_t i = 1; i < batches.size(); ++i) {
    const int64_t a = lengths[batches[i - 1][0]], b = lengths[batches[i][0]];
    ups += b > a;
    downs += b < a;
  }
  CHECK(ups > static_cast<int64_t>(batches.size()) / 5);
  CHECK(downs > static_cast<int64_t>(batches.size()) / 5);
}

TEST_CASE("batcher: the same seed gives the same batches, another seed others") {
  const auto lengths = randomLengths(500, 5);
  TrainingSettings s;
  s.batchWords = 300;
  const Batcher batcher(lengths, s);
  std::mt19937_64 a(11), b(11), c(12);
  const auto first = batcher.epoch(a, 1);
  CHECK(first == batcher.epoch(b, 1));
  CHECK(first != batcher.epoch(c, 1));
  CHECK(batcher.epoch(a, 1) != first);  // the next epoch is shuffled anew
}

TEST_CASE("batcher: compounding budgets grow with the step") {
  const std::vector<int64_t> lengths(4000, 10);
  TrainingSettings s;
  s.batchSize = "compounding";
  s.batchStart = 20;
  s.batchStop = 200;
  s.batchCompound = 1.1;
  s.lengthBucketing = false;  // batches in step order
  std::mt19937_64 rng(1);
  const auto batches = Batcher(lengths, s).epoch(rng, 1);
  // Early batches are small, late ones at the cap.
  CHECK(wordsOf(batches[0], lengths) == 20);
  CHECK(wordsOf(batches[1], lengths) == 20);  // 22 words: two 10-word sentences fit
  CHECK(wordsOf(batches[8], lengths) == 40);  // 20 * 1.1^8 = 42.9
  CHECK(wordsOf(batches[batches.size() - 2], lengths) == 200);  // the last one is the rest
  for (const auto& b : batches) CHECK(wordsOf(b, lengths) <= 200);
  // Starting later in training starts with bigger batches.
  std::mt19937_64 rng2(1);
  CHECK(wordsOf(Batcher(lengths, s).epoch(rng2, 1000).front(), lengths) == 200);
}
