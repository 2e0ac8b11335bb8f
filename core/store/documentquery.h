#pragma once

#include "store/records.h"

#include <cstdint>
#include <optional>
#include <string>

namespace spanforge::store {

class Statement;

// The SQL for one DocumentFilter. One condition drives a keyset scan in id
// order through an index: the label's gold spans, else the trigram index
// (search of 3+ code points), else the status/split indexes or the table.
// The remaining conditions are checked per row (search with sf_contains, see
// SearchIndex). A label drives first because gold spans cover a small part of
// a large project, which bounds the rows a page has to look at.
class DocumentQuery {
 public:
  // labelId: the id of filter.label, already looked up (ignored when the
  // filter names no label).
  DocumentQuery(const DocumentFilter& filter, std::optional<int64_t> labelId);

  // SELECT <columns> (over alias d) of rows with id > :after, by id, at most
  // :limit rows.
  std::string selectSql(const std::string& columns) const;
  std::string countSql() const;
  // Binds the filter's values; :after and :limit when the SQL has them.
  void bind(Statement& st, int64_t afterId = 0, int limit = 0) const;

 private:
  enum class Driver { Label, Search, Documents };

  std::string conditions() const;  // per-row checks, each prefixed " AND "

  DocumentFilter filter_;
  std::optional<int64_t> labelId_;
  Driver driver_ = Driver::Documents;
  bool indexedSearch_ = false;
};

}  // namespace spanforge::store
