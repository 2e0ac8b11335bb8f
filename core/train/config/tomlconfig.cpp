#include "train/config/tomlconfig.h"

#include "train/config/configerror.h"
#include "train/config/configschema.h"

#include <toml++/toml.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

namespace spanforge::train {
namespace {

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// The closest candidate when it is close enough to be a likely typo.
std::optional<std::string> closest(std::string_view word, const std::vector<std::string>& cands) {
  std::optional<std::string> best;
  size_t bestDist = std::max<size_t>(2, word.size() / 3) + 1;
  for (const std::string& c : cands) {
    const size_t dist = editDistance(word, c);
    if (dist < bestDist) {
      bestDist = dist;
      best = c;
    }
  }
  return best;
}

std::vector<std::string> keysOf(std::string_view section) {
  std::vector<std::string> keys;
  for (const ConfigField& f : configFields())
    if (f.section == section) keys.push_back(f.key);
  return keys;
}

// "[model]" when some other section has this key, for "it belongs in ...".
std::optional<std::string> sectionHolding(std::string_view key) {
  for (const ConfigField& f : configFields())
    if (f.key == key) return f.section;
  return std::nullopt;
}

const char* typeName(ValueType t) {
  switch (t) {
    case ValueType::Integer:
      return "an integer";
    case ValueType::Float:
      return "a number";
    case ValueType::Boolean:
      return "true or false";
    case ValueType::String:
      return "a string";
  }
  return "";
}

const char* nodeTypeName(toml::node_type t) {
  switch (t) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a floating-point number";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    case toml::node_type::none:
      break;
  }
  return "nothing";
}

// The node's value as the field's type; nullopt when the TOML type does not
// fit (an integer is accepted where a number is expected).
std::optional<ConfigValue> valueAs(const toml::node& node, ValueType type) {
  switch (type) {
    case ValueType::Integer:
      if (auto v = node.value_exact<int64_t>()) return ConfigValue(*v);
      break;
    case ValueType::Float:
      if (auto v = node.value_exact<double>()) return ConfigValue(*v);
      if (auto v = node.value_exact<int64_t>()) return ConfigValue(static_cast<double>(*v));
      break;
    case ValueType::Boolean:
      if (auto v = node.value_exact<bool>()) return ConfigValue(*v);
      break;
    case ValueType::String:
      if (auto v = node.value_exact<std::string>()) return ConfigValue(*v);
      break;
  }
  return std::nullopt;
}

int64_t lineOf(const toml::source_region& r) { return static_cast<int64_t>(r.begin.line); }

class Reader {
 public:
  Reader(const std::string& source, TrainConfig config)
      : source_(source), config_(std::move(config)) {}

  TrainConfig read(const toml::table& root) {
    for (auto&& [key, node] : root) readSection(key, node);
    if (issues_.empty()) {
      for (RuleViolation& r : checkConfigRules(config_)) {
        const auto at = lines_.find(r.key);
        fail(at == lines_.end() ? 0 : at->second, std::move(r.key), std::move(r.message));
      }
    }
    if (!issues_.empty()) {
      std::stable_sort(issues_.begin(), issues_.end(),
                       [](const ConfigIssue& a, const ConfigIssue& b) { return a.line < b.line; });
      throw ConfigError(std::move(issues_));
    }
    return std::move(config_);
  }

 private:
  void fail(int64_t line, std::string key, std::string message) {
    issues_.push_back({source_, line, std::move(key), std::move(message)});
  }

  void readSection(const toml::key& key, const toml::node& node) {
    const std::string name(key.str());
    const auto& sections = configSections();
    if (std::find(sections.begin(), sections.end(), name) == sections.end()) {
      std::string msg = node.is_table() ? "unknown section" : "unknown key";
      if (auto s = closest(name, sections)) {
        msg += " (did you mean " + *s + "?)";
      } else if (auto s = sectionHolding(name); s && !node.is_table()) {
        msg += " (settings belong in a section: did you mean " + *s + "." + name + "?)";
      } else {
        msg += " (sections are model, training, data, device)";
      }
      fail(lineOf(key.source()), name, msg);
      return;
    }
    const toml::table* table = node.as_table();
    if (!table) {
      fail(lineOf(key.source()), name,
           std::string("expected a table ([") + name + "]), got " + nodeTypeName(node.type()));
      return;
    }
    lines_[name] = lineOf(node.source());
    for (auto&& [k, value] : *table) readKey(name, k, value);
  }

  void readKey(const std::string& section, const toml::key& key, const toml::node& node) {
    const std::string name = section + "." + std::string(key.str());
    const int64_t line = lineOf(key.source());
    const ConfigField* field = findConfigField(section, key.str());
    if (!field) {
      std::string msg = "unknown key";
      if (auto k = closest(key.str(), keysOf(section))) {
        msg += " (did you mean " + *k + "?)";
      } else if (auto s = sectionHolding(key.str())) {
        msg += " (it belongs in [" + *s + "])";
      }
      fail(line, name, msg);
      return;
    }
    lines_[name] = line;
    const std::optional<ConfigValue> value = valueAs(node, field->type);
    if (!value) {
      fail(line, name,
           std::string("expected ") + typeName(field->type) + ", got " + nodeTypeName(node.type()));
      return;
    }
    if (!field->accepts(*value)) {
      fail(line, name, "must be " + field->constraint + " (got " + formatValue(*value) + ")");
      return;
    }
    field->set(config_, *value);
  }

  const std::string& source_;
  TrainConfig config_;
  std::vector<ConfigIssue> issues_;
  std::map<std::string, int64_t> lines_;  // "section" and "section.key" -> line
};

}  // namespace

std::string toToml(const TrainConfig& config) {
  std::string out =
      "# Spanforge training configuration.\n"
      "# Every setting is listed with a comment: what it does [allowed values].\n"
      "# A missing setting takes its default; an unknown one is an error.\n";
  for (const std::string& section : configSections()) {
    out += "\n# " + sectionComment(section) + "\n[" + section + "]\n";
    bool first = true;
    for (const ConfigField& f : configFields()) {
      if (f.section != section) continue;
      if (!first) out += '\n';
      first = false;
      out += "# " + f.comment + " [" + f.constraint + "]\n";
      out += f.key + " = " + formatValue(f.get(config)) + "\n";
    }
  }
  return out;
}

TrainConfig fromToml(std::string_view text, const std::string& sourceName,
                     const TrainConfig& defaults) {
  toml::table root;
  try {
    root = toml::parse(text, sourceName);
  } catch (const toml::parse_error& e) {
    throw ConfigError(sourceName, lineOf(e.source()), "", std::string(e.description()));
  }
  return Reader(sourceName, defaults).read(root);
}

TrainConfig loadConfigFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path, 0, "", std::string("cannot open: ") + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ConfigError(path, 0, "", "cannot read the file");
  TrainConfig config = fromToml(text.str(), path);
  checkFiles(config, text.str(), path);
  return config;
}

namespace {

// The problem with the path a config names, or "" when it can be used.
std::string pathProblem(const std::string& path, bool wantFolder) {
  std::error_code ec;
  if (::access(path.c_str(), R_OK) != 0) return std::strerror(errno);
  const bool folder = std::filesystem::is_directory(path, ec);
  if (folder && !wantFolder) return "it is a folder, not a file";
  if (!folder && wantFolder) return "it is a file, not a folder (pretrain writes a folder)";
  return {};
}

int64_t lineOfKey(std::string_view text, const std::string& sourceName, const char* key) {
  try {
    const toml::table root = toml::parse(text, sourceName);
    if (const toml::node* n = root.at_path(key).node()) return lineOf(n->source());
  } catch (const toml::parse_error&) {
  }
  return 0;
}

}  // namespace

void checkFiles(const TrainConfig& config, std::string_view text, const std::string& sourceName) {
  // Found now, before the data is loaded, with the line that names the file.
  const std::string& vectors = config.model.vectors;
  if (!vectors.empty()) {
    const std::string problem = pathProblem(vectors, false);
    if (!problem.empty())
      throw ConfigError(sourceName, lineOfKey(text, sourceName, "model.vectors"), "model.vectors",
                        "cannot open the vectors file \"" + vectors + "\": " + problem);
  }
  const std::string& pretrained = config.model.pretrained;
  if (!pretrained.empty()) {
    const std::string problem = pathProblem(pretrained, true);
    if (!problem.empty())
      throw ConfigError(sourceName, lineOfKey(text, sourceName, "model.pretrained"),
                        "model.pretrained",
                        "cannot open the pretrained weights \"" + pretrained + "\": " + problem);
  }
}

}  // namespace spanforge::train
