#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace spanforge::active {

// Keeps near-duplicate documents (retweets, boilerplate, the same sentence
// with another number) from crowding the top of a ranking: labelling the
// second copy teaches the model almost nothing the first did not.
//
// A document is its set of token n-gram shingles (tokens lower-cased,
// hashed with XXH3; a document shorter than n tokens is one shingle). Two
// documents are near-duplicates when the Jaccard similarity of their sets
// is at least `threshold`. Candidates are found with MinHash
// locality-sensitive hashing (kBands bands of kRows values: a pair at
// similarity 0.7 becomes a candidate with probability 0.99, at 0.3 with
// 0.12) and then confirmed with the exact Jaccard similarity, so nothing
// below the threshold is ever called a duplicate.
class NearDuplicateFilter {
 public:
  static constexpr int kBands = 16;
  static constexpr int kRows = 4;
  static constexpr double kDefaultThreshold = 0.7;
  static constexpr int kDefaultShingleSize = 3;

  // threshold in (0, 1], shingleSize >= 1; else std::invalid_argument.
  explicit NearDuplicateFilter(double threshold = kDefaultThreshold,
                               int shingleSize = kDefaultShingleSize);

  // Sorted, distinct shingle hashes of a token sequence.
  static std::vector<uint64_t> shingles(const std::vector<std::string>& tokens, int shingleSize);
  // |a & b| / |a | b| of two sorted, distinct lists; 0 when both are empty.
  static double jaccard(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b);

  // Admits the document unless it is a near-duplicate of one admitted
  // before; returns whether it was admitted. A document without tokens is
  // always admitted (it has nothing to compare).
  bool admit(const std::vector<std::string>& tokens);
  bool admitShingles(std::vector<uint64_t> shingles);

  // Ranks with near-duplicates moved down: the indexes 0..n-1 of documents
  // given in rank order, first every admitted document in its order, then
  // the near-duplicates in theirs. The ranking keeps every document; only
  // the top becomes diverse.
  std::vector<size_t> diversify(const std::vector<std::vector<uint64_t>>& shinglesInRankOrder);

  size_t admitted() const { return admitted_; }  // documents without tokens included
  double threshold() const { return threshold_; }
  int shingleSize() const { return shingleSize_; }

 private:
  std::vector<uint32_t> signature(const std::vector<uint64_t>& shingles) const;
  uint64_t bandKey(const std::vector<uint32_t>& signature, int band) const;

  double threshold_;
  int shingleSize_;
  std::vector<uint64_t> seeds_;              // one hash function per signature value
  std::vector<std::vector<uint64_t>> sets_;  // admitted documents' shingles
  std::unordered_map<uint64_t, std::vector<uint32_t>> buckets_;  // band key -> admitted
  size_t admitted_ = 0;
};

}  // namespace spanforge::active
