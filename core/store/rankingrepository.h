#pragma once

#include "store/records.h"
#include "text/document.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::store {

class Database;

// One document of a ranking, as the ranker hands it over (in rank order).
struct RankingEntry {
  int64_t documentId = 0;
  double score = 0.0;  // informativeness: higher = ask first
};

// A stored ranking: which model ranked the pool with which strategy, when,
// and how many documents it holds now.
struct RankingInfo {
  int64_t modelId = 0;
  std::string strategy;
  int64_t createdAt = 0;  // unix seconds
  int64_t documents = 0;
};

// A ranked document with what the browser shows of it.
struct RankedDocument {
  int64_t rank = 0;  // 1 = most informative
  double score = 0.0;
  DocumentSummary document;
};

// Rankings of the unlabelled pool by an active-learning strategy, stored
// per (model id, strategy). Strategy names are opaque here ("lc", "mnlp",
// ... are core/active's); the store only keeps them apart.
class RankingRepository {
 public:
  explicit RankingRepository(Database& db) : db_(db) {}

  // Replaces the ranking of (modelId, strategy) with `entries`, rank 1 first,
  // in one transaction. Throws StoreError (nothing changed) for an unknown
  // model or document, a document listed twice, a non-finite score or an
  // empty strategy.
  void replace(int64_t modelId, const std::string& strategy,
               const std::vector<RankingEntry>& entries);
  void remove(int64_t modelId, const std::string& strategy);

  // Every stored ranking, newest first.
  std::vector<RankingInfo> rankings();
  std::optional<RankingInfo> info(int64_t modelId, const std::string& strategy);

  // Keyset paging in rank order: entries ranked after `afterRank` (0 = from
  // the top), optionally only documents that now have `status`.
  std::vector<RankedDocument> page(int64_t modelId, const std::string& strategy, int64_t afterRank,
                                   int limit, std::optional<text::DocStatus> status = std::nullopt);
  int64_t count(int64_t modelId, const std::string& strategy,
                std::optional<text::DocStatus> status = std::nullopt);

  // "Next most informative": the first document ranked after
  // `afterDocumentId` that is still unlabelled; from the top when
  // afterDocumentId is 0 or not in the ranking. nullopt when none is left.
  std::optional<RankedDocument> next(int64_t modelId, const std::string& strategy,
                                     int64_t afterDocumentId = 0);
  // Where one document stands; nullopt when the ranking does not hold it.
  std::optional<RankedDocument> find(int64_t modelId, const std::string& strategy,
                                     int64_t documentId);

 private:
  Database& db_;
};

}  // namespace spanforge::store
