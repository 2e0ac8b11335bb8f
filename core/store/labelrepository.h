#pragma once

#include "store/records.h"

#include <optional>
#include <string>
#include <vector>

namespace spanforge::store {

class Database;

class LabelRepository {
 public:
  explicit LabelRepository(Database& db) : db_(db) {}

  std::vector<Label> all();  // ordered by id
  std::optional<Label> find(const std::string& name);
  std::optional<Label> get(int64_t id);
  // Adds a label; an empty colour or hotkey gets the next free one from a
  // fixed palette / "1".."9","a".."z". Throws StoreError on a duplicate name,
  // an empty name, or a hotkey in use.
  Label add(const std::string& name, const std::string& color = {},
            const std::string& hotkey = {});
  void rename(int64_t id, const std::string& newName);
  void setColor(int64_t id, const std::string& color);
  void setHotkey(int64_t id, const std::string& hotkey);
  int64_t spanCount(int64_t id);
  // Deletes the label and its gold spans and predictions; returns the number of
  // gold spans removed.
  int64_t remove(int64_t id);

 private:
  Database& db_;
};

}  // namespace spanforge::store
