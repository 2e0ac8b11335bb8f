#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <istream>
#include <string>

namespace spanforge::cli {

// JSONL records read one by one, as predict and patterns match take them: blank
// lines skipped; a line over io::kMaxRecordBytes, JSON too deep or invalid, or
// anything but an object is refused with io::InputError naming `name` and the line.
class JsonlInput {
 public:
  JsonlInput(std::istream& in, std::string name) : in_(in), name_(std::move(name)) {}

  // False at the end of the input (after checking it ended without a read error).
  bool next(nlohmann::ordered_json& record);
  int64_t line() const { return line_; }
  const std::string& name() const { return name_; }
  size_t lineBytes() const { return text_.size(); }

 private:
  std::istream& in_;
  std::string name_;
  std::string text_;
  int64_t line_ = 0;
};

}  // namespace spanforge::cli
