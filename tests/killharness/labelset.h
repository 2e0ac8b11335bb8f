#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::killharness {

// The project's labels as the label manager edits them (name, colour, hotkey),
// sorted by name; ids are left out because undoing a deletion makes a new one.
struct LabelSet {
  struct Entry {
    std::string name, color, hotkey;
    friend bool operator==(const Entry& a, const Entry& b) {
      return a.name == b.name && a.color == b.color && a.hotkey == b.hotkey;
    }
  };
  std::vector<Entry> labels;

  static LabelSet read(store::ProjectStore& project);
  static LabelSet fromJson(const nlohmann::json& j);
  nlohmann::json toJson() const;
  std::string describe() const;
  void sort();
  const Entry* find(const std::string& name) const;

  friend bool operator==(const LabelSet& a, const LabelSet& b) { return a.labels == b.labels; }
  friend bool operator!=(const LabelSet& a, const LabelSet& b) { return !(a == b); }
};

}  // namespace spanforge::killharness
