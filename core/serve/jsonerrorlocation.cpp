#include "serve/jsonerrorlocation.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace spanforge::serve {
namespace {

using Json = nlohmann::ordered_json;

// Follows the parser's position as a field path; parse_error() records it.
class PathTracker : public nlohmann::json_sax<Json> {
 public:
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    stack_.push_back({true, {}, 0, false});
    return true;
  }
  bool key(string_t& k) override {
    stack_.back().key = k;
    stack_.back().haveKey = true;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override {
    stack_.push_back({false, {}, 0, false});
    return true;
  }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& e) override {
    // The lexer's messages for faults inside a string; any other is syntax.
    const std::string what = e.what();
    const char* inString = nullptr;
    if (what.find("UTF-8") != std::string::npos)
      inString = "not valid UTF-8";
    else if (what.find("surrogate") != std::string::npos)
      inString = "a \\u escape that is not a valid UTF-16 surrogate pair";
    else if (what.find("control character") != std::string::npos)
      inString = "a control character that is not escaped";
    if (inString == nullptr) {
      result_.message = "not valid JSON (near byte " + std::to_string(position) + ")";
      return false;
    }
    result_.message = inString;
    const bool inKey = !stack_.empty() && stack_.back().object && !stack_.back().haveKey;
    if (inKey) result_.message += " (in a key)";
    result_.field = path();
    return false;
  }

  const JsonErrorLocation& result() const { return result_; }

 private:
  struct Frame {
    bool object;
    std::string key;
    size_t index;
    bool haveKey;
  };

  // A value ended: the next one is the next element, or comes after a key.
  bool value() {
    if (!stack_.empty()) {
      if (stack_.back().object)
        stack_.back().haveKey = false;
      else
        ++stack_.back().index;
    }
    return true;
  }
  bool close() {
    stack_.pop_back();
    return value();
  }

  std::string path() const {
    std::string out;
    for (const Frame& f : stack_) {
      if (!f.object)
        out += "[" + std::to_string(f.index) + "]";
      else if (f.haveKey)
        out += (out.empty() ? "" : ".") + f.key;
    }
    return out;
  }

  std::vector<Frame> stack_;
  JsonErrorLocation result_;
};

}  // namespace

JsonErrorLocation JsonErrorLocation::find(std::string_view text) {
  PathTracker tracker;
  const bool ok = Json::sax_parse(text.begin(), text.end(), &tracker);
  if (ok) return {{}, "not valid JSON"};  // parses after all: say no more than that
  return tracker.result();
}

}  // namespace spanforge::serve
