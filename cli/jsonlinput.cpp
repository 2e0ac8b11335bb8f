#include "cli/jsonlinput.h"

#include "io/inputerror.h"
#include "io/jsonrecord.h"
#include "io/recordreader.h"

namespace spanforge::cli {
namespace {

enum class LineResult { Line, TooLong, End };

// One line without its line break, like std::getline, but a line over
// maxBytes is read to its end without being kept (import's limit: one
// endless line must not fill the memory).
LineResult readLine(std::istream& in, std::string& line, size_t maxBytes) {
  line.clear();
  std::streambuf& buf = *in.rdbuf();
  bool any = false, tooLong = false;
  for (int c = buf.sbumpc(); c != std::char_traits<char>::eof(); c = buf.sbumpc()) {
    any = true;
    if (c == '\n') break;
    if (line.size() < maxBytes)
      line.push_back(static_cast<char>(c));
    else
      tooLong = true;
  }
  if (!any) return LineResult::End;
  if (tooLong) {
    line.clear();
    line.shrink_to_fit();
    return LineResult::TooLong;
  }
  return LineResult::Line;
}

}  // namespace

bool JsonlInput::next(nlohmann::ordered_json& record) {
  for (;;) {
    const LineResult got = readLine(in_, text_, static_cast<size_t>(io::kMaxRecordBytes));
    if (got == LineResult::End) {
      if (in_.bad()) throw io::InputError(name_, line_ + 1, "", "read error");
      return false;
    }
    ++line_;
    if (got == LineResult::TooLong)
      throw io::InputError(
          name_, line_, "",
          "the line is longer than the limit of " + std::to_string(io::kMaxRecordBytes) + " bytes");
    if (text_.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (io::JsonRecord::findTooDeep(text_) != std::string::npos) {
      throw io::InputError(
          name_, line_, "",
          "the JSON nests deeper than " + std::to_string(io::JsonRecord::kMaxDepth) + " levels");
    }
    try {
      record = nlohmann::ordered_json::parse(text_);
    } catch (const nlohmann::json::exception& e) {
      throw io::InputError(name_, line_, "", std::string("not valid JSON: ") + e.what());
    }
    if (!record.is_object()) throw io::InputError(name_, line_, "", "expected a JSON object");
    return true;
  }
}

}  // namespace spanforge::cli
