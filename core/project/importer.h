#pragma once

#include "io/format.h"
#include "io/inputerror.h"
#include "store/records.h"
#include "text/document.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace spanforge::store {
class ProjectStore;
}
namespace spanforge::io {
class RecordReader;
}

namespace spanforge::project {

struct ImportOptions {
  io::Format format = io::Format::Auto;
  io::TagScheme scheme = io::TagScheme::Auto;
  bool skipInvalid = false;  // import the valid records, report the others
  // Create labels the project does not have. A project with no labels at all
  // always takes the labels of its first import.
  bool addLabels = false;
  store::Split split = store::Split::None;
  std::optional<text::DocStatus> status;  // override what the file says
  bool dropSpans = false;                 // import texts only (an unlabelled pool)
  std::string annotator;
  size_t maxErrors = 100;  // errors collected before giving up on a refused import
  // Checked documents kept in memory for the writing pass; a bigger import
  // is read a second time instead.
  size_t stageBytes = size_t{256} << 20;
};

struct ImportProgress {
  std::string file;
  int64_t bytesDone = 0;  // over all files
  int64_t bytesTotal = 0;
  int64_t documents = 0;  // records read so far
  bool writing = false;   // every record is checked; now storing them
};

struct ImportReport {
  int64_t imported = 0;
  int64_t duplicates = 0;  // texts already in the project (or twice in the input)
  int64_t skipped = 0;     // invalid records left out under skipInvalid
  std::vector<std::string> labelsAdded;
  std::vector<io::InputError> errors;
  // Labels records used that the project lacks (refused without addLabels).
  std::set<std::string> missingLabels;
  bool committed = false;  // false: the project is unchanged
  bool cancelled = false;
};

// Reads interchange files into a project in one transaction: all or nothing
// unless skipInvalid. Documents without tokens are tokenized on the way in.
// Every record is checked before the project's write lock is taken.
class Importer {
 public:
  using ProgressFn = std::function<void(const ImportProgress&)>;

  explicit Importer(store::ProjectStore& project) : project_(project) {}

  // Throws io::InputError only for files that cannot be opened at all, and
  // store::StorageError when the project cannot be written (read-only, busy,
  // disk full; nothing is changed); record errors are collected in the report.
  ImportReport run(const std::vector<std::string>& files, const ImportOptions& options,
                   const ProgressFn& progress = {}, const std::atomic<bool>* cancel = nullptr);

 private:
  struct Staged;
  static std::unique_ptr<io::RecordReader> openReader(const std::string& file,
                                                      const ImportOptions& options);

  store::ProjectStore& project_;
};

}  // namespace spanforge::project
