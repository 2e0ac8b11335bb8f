#include "docstate.h"

#include "store/projectstore.h"

#include <algorithm>

namespace spanforge::killharness {

std::optional<DocState> DocState::read(store::ProjectStore& project, int64_t id) {
  const auto stored = project.documents().get(id);
  if (!stored) return std::nullopt;
  DocState s;
  s.status = stored->doc.status;
  s.spans = stored->doc.spans;
  s.sortSpans();
  return s;
}

DocState DocState::fromJson(const nlohmann::json& j) {
  DocState s;
  s.status = static_cast<text::DocStatus>(j.at("status").get<int>());
  for (const auto& span : j.at("spans"))
    s.spans.push_back(
        {span.at(0).get<int64_t>(), span.at(1).get<int64_t>(), span.at(2).get<std::string>()});
  s.sortSpans();
  return s;
}

nlohmann::json DocState::toJson() const {
  nlohmann::json spans = nlohmann::json::array();
  for (const auto& sp : this->spans) spans.push_back({sp.start, sp.end, sp.label});
  return {{"status", static_cast<int>(status)}, {"spans", spans}};
}

std::string DocState::describe() const {
  std::string s = text::toString(status);
  for (size_t i = 0; i < spans.size(); ++i) {
    s += (i ? ", [" : " [") + std::to_string(spans[i].start) + "," + std::to_string(spans[i].end) +
         ") " + spans[i].label;
  }
  return s;
}

void DocState::sortSpans() { std::sort(spans.begin(), spans.end()); }

}  // namespace spanforge::killharness
