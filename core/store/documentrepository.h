#pragma once

#include "store/records.h"
#include "text/document.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::store {

class Database;

class DocumentRepository {
 public:
  explicit DocumentRepository(Database& db) : db_(db) {}

  struct AddResult {
    int64_t id = 0;
    bool duplicate = false;  // same text already stored: nothing written
  };
  // Stores text, tokens, gold spans, status, source, metadata (predictions are
  // not stored here). Every span label must exist (StoreError naming it);
  // spans must lie inside the text and not overlap.
  AddResult add(const text::Document& doc, Split split = Split::None,
                const std::string& annotator = {});

  std::optional<StoredDocument> get(int64_t id);
  bool containsText(const std::string& text);

  // Keyset paging: documents with id > afterId matching the filter, by id.
  std::vector<DocumentSummary> page(const DocumentFilter& filter, int64_t afterId, int limit);
  int64_t count(const DocumentFilter& filter);
  std::map<text::DocStatus, int64_t> countByStatus();
  std::map<std::string, int64_t> spanCountByLabel();  // gold spans per label name
  // Keyset paging over whole documents (text, tokens, gold spans): for
  // background work that must stop between pages (ranking the pool).
  std::vector<StoredDocument> pageDocuments(const DocumentFilter& filter, int64_t afterId,
                                            int limit);
  // Streams every matching document in id order without holding them all.
  void forEach(const DocumentFilter& filter, const std::function<void(const StoredDocument&)>& fn);

  // Replaces the gold spans (one transaction); validates as add() does.
  void setSpans(int64_t id, const std::vector<text::Span>& spans);
  void setStatus(int64_t id, text::DocStatus status, const std::string& annotator = {});
  void setTokens(int64_t id, const std::vector<text::Token>& tokens);

 private:
  Database& db_;
};

}  // namespace spanforge::store
