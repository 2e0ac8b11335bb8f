#include "serve/labelstudioconfig.h"

#include <pugixml.hpp>

#include <algorithm>
#include <cctype>

namespace spanforge::serve {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

LabelStudioConfig LabelStudioConfig::parse(const std::string& xml,
                                           const std::vector<std::string>& modelLabels) {
  pugi::xml_document doc;
  const pugi::xml_parse_result parsed = doc.load_buffer(xml.data(), xml.size());
  if (!parsed)
    throw LabelStudioConfigError(std::string("not valid XML at byte ") +
                                 std::to_string(parsed.offset) + ": " + parsed.description());
  // Text tags by name, with the task field their value="$key" reads.
  std::map<std::string, std::string> texts;
  for (const pugi::xpath_node& n : doc.select_nodes("//Text | //HyperText")) {
    const std::string value = n.node().attribute("value").value();
    if (value.size() > 1 && value[0] == '$')
      texts[n.node().attribute("name").value()] = value.substr(1);
  }
  for (const pugi::xpath_node& n : doc.select_nodes("//Labels")) {
    const pugi::xml_node labels = n.node();
    const auto text = texts.find(labels.attribute("toName").value());
    if (text == texts.end()) continue;
    LabelStudioConfig c;
    c.fromName = labels.attribute("name").value();
    c.toName = text->first;
    c.dataKey = text->second;
    for (const pugi::xml_node& l : labels.children("Label"))
      c.labels.push_back(l.attribute("value").value());
    for (const auto& m : modelLabels)
      for (const auto& l : c.labels)
        if (lower(l) == lower(m)) c.toConfig.emplace(m, l);
    if (c.toConfig.empty())
      throw LabelStudioConfigError("none of the labels of <Labels name=\"" + c.fromName + "\"> (" +
                                   joined(c.labels) + ") is one of the model's (" +
                                   joined(modelLabels) + ")");
    return c;
  }
  throw LabelStudioConfigError(
      "no <Labels> labelling a <Text> (with value=\"$field\"): not a span labelling config");
}

}  // namespace spanforge::serve
