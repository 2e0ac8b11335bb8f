#pragma once

#include "io/jsonarrayscanner.h"
#include "io/jsonrecord.h"
#include "io/recordreader.h"

#include <string>

namespace spanforge::io {

// Label Studio JSON export: an array of tasks
//   {"id"?, "data": {"text"}, "meta"?: {...},
//    "annotations"?: [{"result": [{"value": {"start","end","text"?,"labels":["X"]},
//                                  "type": "labels", ...}], "was_cancelled"?}],
//    "predictions"?: [{"model_version"?, "score"?, "result": [... "score"? ...]}]}
// Offsets count UTF-16 code units and are converted to code points. The last
// annotation not cancelled is the gold one (accepted); a task without one is
// unlabelled. Results of other types than "labels" are ignored. The array is
// scanned element by element, never loaded whole.
class LabelStudioReader : public RecordReader {
 public:
  LabelStudioReader(const std::string& path, const ReaderOptions& options);

  bool next(text::Document& out) override;
  int64_t line() const override { return scanner_.elementLine(); }
  int64_t bytesRead() const override { return scanner_.bytesRead(); }

 private:
  JsonArrayScanner scanner_;
  std::string source_;
  std::string buffer_;
};

}  // namespace spanforge::io
