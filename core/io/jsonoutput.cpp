#include "io/jsonoutput.h"

namespace spanforge::io {

JsonOutput::Json JsonOutput::meta(const DocumentCheck& check) {
  const std::string& text = check.doc().metaJson;
  if (text.empty()) return Json::object();
  Json meta;
  try {
    meta = Json::parse(text);
  } catch (const Json::parse_error& e) {
    check.fail("meta", std::string("metadata is not valid JSON: ") + e.what());
  }
  if (!meta.is_object()) check.fail("meta", "metadata must be a JSON object");
  return meta;
}

std::string JsonOutput::dump(const Json& value, const DocumentCheck& check) {
  try {
    return value.dump(-1, ' ', false, Json::error_handler_t::strict);
  } catch (const Json::type_error&) {
    check.fail("", "a label, token or metadata string is not valid UTF-8");
  }
}

}  // namespace spanforge::io
