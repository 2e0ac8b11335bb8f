#pragma once

#include "project/importer.h"
#include "project/unknownlabelerror.h"
#include "text/tokenizer.h"

#include <cstdint>
#include <set>
#include <string>

namespace spanforge::project {

// The checks an import runs on every record before it takes the project's
// write lock, so that a refused import never blocks another writer: applies
// the import options, tokenizes, and checks labels, text, tokens and spans
// as the store would, without writing.
class RecordChecker {
 public:
  RecordChecker(store::ProjectStore& p, const ImportOptions& o);

  // Applies the options (texts only, status) and tokenizes if needed.
  void prepare(text::Document& doc) const;
  // Throws InputError naming file, line and field for what the store would refuse.
  void check(const text::Document& doc, const std::string& file, int64_t line) const;

  // Refuses span `span`'s label `name`; `missing`: every label of the record
  // the project lacks.
  static UnknownLabelError unknownLabel(size_t span, const std::string& name,
                                        const std::set<std::string>& missing,
                                        const std::set<std::string>& known, const std::string& file,
                                        int64_t line);

 private:
  const ImportOptions& options_;
  text::Tokenizer tokenizer_;
  std::set<std::string> known_;
  bool allowNewLabels_ = false;
};

}  // namespace spanforge::project
