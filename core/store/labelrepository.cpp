#include "store/labelrepository.h"

#include "store/database.h"
#include "store/labelname.h"
#include "store/storeerror.h"

#include <array>
#include <cctype>
#include <set>

namespace spanforge::store {
namespace {

// ColorBrewer "Set3": twelve light, clearly distinct colours that keep dark
// text readable when a span is highlighted with them.
constexpr std::array<const char*, 12> kPalette = {"#8dd3c7", "#ffffb3", "#bebada", "#fb8072",
                                                  "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
                                                  "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f"};
constexpr std::string_view kHotkeys = "123456789abcdefghijklmnopqrstuvwxyz";

Label readLabel(const Statement& st) {
  return Label{st.columnInt64(0), st.columnText(1), st.columnText(2), st.columnText(3)};
}

// Not "quoted": for a non-const std::string argument, ADL would prefer std::quoted
// wherever <iomanip> is visible (it is, through libstdc++ 14's headers in C++20).
std::string inQuotes(const std::string& s) { return LabelName::quoted(s); }

void checkName(const std::string& name) { LabelName::check(name); }

// The first palette colour no label uses; past twelve labels, the colours
// cycle. Linear in the labels only while a palette colour is unused: the scan
// stops as soon as every palette colour has been seen, so adding label after
// label (an import creating 40,000) reads a dozen rows each time, not all.
std::string nextColor(Database& db) {
  std::set<std::string> unused(kPalette.begin(), kPalette.end());
  Statement& st = db.cached("SELECT color FROM labels ORDER BY id");
  while (!unused.empty() && st.step()) unused.erase(st.columnText(0));
  st.reset();
  for (const char* c : kPalette) {
    if (unused.count(c)) return c;
  }
  // max(id) is an O(log n) look-up where count(*) reads every row; without
  // deletions the two are the same.
  Statement& maxId = db.cached("SELECT coalesce(max(id), 0) FROM labels");
  const auto n = static_cast<size_t>(maxId.step() ? maxId.columnInt64(0) : 0);
  maxId.reset();
  return kPalette[n % kPalette.size()];
}

// "#RRGGBB" or "#rrggbb" -> "#rrggbb".
std::string normalizeColor(const std::string& color) {
  bool ok = color.size() == 7 && color[0] == '#';
  std::string out = "#";
  for (size_t i = 1; ok && i < color.size(); ++i) {
    const auto c = static_cast<unsigned char>(color[i]);
    ok = std::isxdigit(c) != 0;
    out += static_cast<char>(std::tolower(c));
  }
  if (!ok) throw StoreError("The colour " + inQuotes(color) + " is not of the form #rrggbb.");
  return out;
}

std::string normalizeHotkey(const std::string& hotkey) {
  const std::string k =
      hotkey.size() == 1
          ? std::string(1, static_cast<char>(std::tolower(static_cast<unsigned char>(hotkey[0]))))
          : hotkey;
  if (k.size() != 1 || kHotkeys.find(k[0]) == std::string_view::npos) {
    throw StoreError("The hotkey " + inQuotes(hotkey) + " is not one of 1-9 or a-z.");
  }
  return k;
}

std::set<std::string> column(Database& db, const char* sql) {
  std::set<std::string> values;
  Statement& st = db.cached(sql);
  while (st.step()) values.insert(st.columnText(0));
  return values;
}

}  // namespace

std::vector<Label> LabelRepository::all() {
  std::vector<Label> labels;
  Statement& st = db_.cached("SELECT id, name, color, hotkey FROM labels ORDER BY id");
  while (st.step()) labels.push_back(readLabel(st));
  return labels;
}

std::optional<Label> LabelRepository::find(const std::string& name) {
  Statement& st = db_.cached("SELECT id, name, color, hotkey FROM labels WHERE name = ?");
  st.bind(1, name);
  std::optional<Label> label;
  if (st.step()) label = readLabel(st);
  st.reset();
  return label;
}

std::optional<Label> LabelRepository::get(int64_t id) {
  Statement& st = db_.cached("SELECT id, name, color, hotkey FROM labels WHERE id = ?");
  st.bind(1, id);
  std::optional<Label> label;
  if (st.step()) label = readLabel(st);
  st.reset();
  return label;
}

Label LabelRepository::add(const std::string& name, const std::string& color,
                           const std::string& hotkey) {
  checkName(name);
  Transaction tx(db_);
  if (find(name)) throw StoreError("A label named " + inQuotes(name) + " already exists.");
  Label label{0, name, {}, {}};
  if (color.empty()) {
    label.color = nextColor(db_);
  } else {
    label.color = normalizeColor(color);
  }
  // At most 35 rows, read through the partial index labels_hotkey.
  const auto usedKeys = column(db_, "SELECT hotkey FROM labels WHERE hotkey <> ''");
  if (hotkey.empty()) {
    for (char k : kHotkeys) {
      if (!usedKeys.count(std::string(1, k))) {
        label.hotkey = std::string(1, k);
        break;
      }
    }
  } else {
    label.hotkey = normalizeHotkey(hotkey);
    if (usedKeys.count(label.hotkey)) {
      throw StoreError("The hotkey " + inQuotes(label.hotkey) +
                       " is already used by another label.");
    }
  }
  Statement& st = db_.cached("INSERT INTO labels(name, color, hotkey) VALUES (?, ?, ?)");
  st.bind(1, label.name);
  st.bind(2, label.color);
  st.bind(3, label.hotkey);
  st.step();
  label.id = db_.lastInsertId();
  tx.commit();
  return label;
}

void LabelRepository::rename(int64_t id, const std::string& newName) {
  checkName(newName);
  Transaction tx(db_);
  const auto label = get(id);
  if (!label) throw StoreError("There is no label with id " + std::to_string(id) + ".");
  const auto other = find(newName);
  if (other && other->id != id) {
    throw StoreError("A label named " + inQuotes(newName) + " already exists.");
  }
  Statement& st = db_.cached("UPDATE labels SET name = ? WHERE id = ?");
  st.bind(1, newName);
  st.bind(2, id);
  st.step();
  tx.commit();
}

void LabelRepository::setColor(int64_t id, const std::string& color) {
  const std::string c = normalizeColor(color);
  Transaction tx(db_);
  Statement& st = db_.cached("UPDATE labels SET color = ? WHERE id = ?");
  st.bind(1, c);
  st.bind(2, id);
  st.step();
  if (db_.changes() == 0) {
    throw StoreError("There is no label with id " + std::to_string(id) + ".");
  }
  tx.commit();
}

void LabelRepository::setHotkey(int64_t id, const std::string& hotkey) {
  const std::string k = hotkey.empty() ? hotkey : normalizeHotkey(hotkey);
  Transaction tx(db_);
  if (!get(id)) throw StoreError("There is no label with id " + std::to_string(id) + ".");
  if (!k.empty()) {
    Statement& st = db_.cached("SELECT name FROM labels WHERE hotkey = ? AND id <> ?");
    st.bind(1, k);
    st.bind(2, id);
    if (st.step()) {
      throw StoreError("The hotkey " + inQuotes(k) + " is already used by label " +
                       inQuotes(st.columnText(0)) + ".");
    }
  }
  Statement& st = db_.cached("UPDATE labels SET hotkey = ? WHERE id = ?");
  st.bind(1, k);
  st.bind(2, id);
  st.step();
  tx.commit();
}

int64_t LabelRepository::spanCount(int64_t id) {
  Statement& st = db_.cached("SELECT count(*) FROM spans WHERE label_id = ?");
  st.bind(1, id);
  const int64_t n = st.step() ? st.columnInt64(0) : 0;
  st.reset();
  return n;
}

int64_t LabelRepository::remove(int64_t id) {
  Transaction tx(db_);
  const int64_t spans = spanCount(id);
  // Gold spans and predictions go with the label (ON DELETE CASCADE).
  Statement& st = db_.cached("DELETE FROM labels WHERE id = ?");
  st.bind(1, id);
  st.step();
  if (db_.changes() == 0) {
    throw StoreError("There is no label with id " + std::to_string(id) + ".");
  }
  tx.commit();
  return spans;
}

}  // namespace spanforge::store
