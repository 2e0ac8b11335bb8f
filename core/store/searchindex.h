#pragma once

#include <string>
#include <string_view>

namespace spanforge::store {

class Database;

// The FTS5 trigram index over document texts. Triggers queue new and changed
// texts; flush() indexes the queue in one statement (ProjectStore runs it just
// before each outermost commit, so committed data is always searchable).
//
// Rows that another index already selects (a label's documents) and terms too
// short for trigrams are checked with the SQL function
// sf_contains(text, term) instead: a substring test that folds case per code
// point like the trigram tokenizer, so both paths agree beyond ASCII (LIKE
// folds ASCII only).
class SearchIndex {
 public:
  explicit SearchIndex(Database& db) : db_(db) {}

  // Registers sf_contains on the connection.
  void registerFunctions();
  bool hasPending();
  void flush();

  // Trigrams need at least three code points.
  static bool usesIndex(std::string_view term);
  // An FTS5 phrase matching the term as a case-insensitive substring.
  static std::string matchExpression(std::string_view term);

 private:
  Database& db_;
};

}  // namespace spanforge::store
