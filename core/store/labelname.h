#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace spanforge::store {

// What a label name may be, checked wherever a label is created or renamed
// (the label manager, init --labels, import --add-labels): not empty, at most
// kMaxCodePoints code points, valid UTF-8, no control characters (C0 with TAB
// and newline, DEL, C1), no leading or trailing space. A label is shown in the
// editor's legend, the CLI's tables and model packages; a control character
// in it would reach a terminal, a 1 MB name every table.
class LabelName {
 public:
  static constexpr size_t kMaxCodePoints = 100;

  // Why name is not a valid label name (a sentence quoting it, escaped and cut
  // short), or nothing when it is.
  static std::optional<std::string> problem(std::string_view name);
  // Throws StoreError with problem() when there is one.
  static void check(std::string_view name);
  // The name for a message: escaped (text::printable) and cut after 60 code
  // points; quoted() puts it in double quotes.
  static std::string shown(std::string_view name);
  static std::string quoted(std::string_view name) { return "\"" + shown(name) + "\""; }
};

}  // namespace spanforge::store
