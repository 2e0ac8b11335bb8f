#include "store/schemarepair.h"

#include "store/database.h"
#include "store/migrations.h"
#include "store/storeerror.h"

#include <algorithm>
#include <filesystem>

namespace spanforge::store {
namespace {

using Problem = SchemaCheck::Problem;

std::string identifier(const std::string& name) {
  std::string out = "\"";
  for (const char c : name) {
    out += c;
    if (c == '"') out += '"';
  }
  return out + "\"";
}

std::string keyword(const std::string& type) {
  if (type == "trigger") return "TRIGGER";
  if (type == "view") return "VIEW";
  if (type == "index") return "INDEX";
  return "TABLE";
}

// Foreign triggers go first, tables last: dropping a table takes its triggers
// and indexes along.
int order(const SchemaCheck::Finding& f) {
  const std::string& type = f.problem == Problem::Missing ? f.expected.type : f.found.type;
  const int kind = type == "trigger" ? 0 : type == "view" ? 1 : type == "index" ? 2 : 3;
  return (f.problem == Problem::Foreign ? 0 : 4) + kind;
}

bool exists(Database& db, const std::string& type, const std::string& name) {
  Statement st = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = ? AND name = ?");
  st.bind(1, type);
  st.bind(2, name);
  return st.step();
}

}  // namespace

SchemaRepair::SchemaRepair(const std::string& path) : path_(path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw StoreError("Cannot repair \"" + path + "\": it is not a file.");
  }
  db_ = std::make_unique<Database>(path, Database::OpenMode::ExistingOnly);
  Migrations::checkCompatible(*db_, false);
  findings_ = SchemaCheck::findings(*db_);
}

SchemaRepair::~SchemaRepair() = default;

std::string SchemaRepair::backupName(const std::string& path, std::time_t now) {
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  const std::string base = path + ".bak-" + stamp;
  std::string name = base;
  std::error_code ec;
  // Any existing name counts, a dangling symbolic link too (exists() follows it).
  const auto taken = [&](const std::string& n) {
    return std::filesystem::symlink_status(n, ec).type() != std::filesystem::file_type::not_found;
  };
  for (int n = 2; taken(name); ++n) name = base + "-" + std::to_string(n);
  return name;
}

SchemaRepair::Result SchemaRepair::run(std::time_t now) {
  Result result;
  result.backupPath = backupName(path_, now);
  db_->backupTo(result.backupPath);

  std::vector<SchemaCheck::Finding> todo = findings_;
  std::stable_sort(todo.begin(), todo.end(),
                   [](const auto& a, const auto& b) { return order(a) < order(b); });
  Transaction tx(*db_);
  for (const auto& f : todo) {
    Action action{f, false, {}};
    const SchemaCheck::Object& found = f.found;
    const SchemaCheck::Object& ours = f.expected;
    const std::string& type = f.problem == Problem::Missing ? ours.type : found.type;
    try {
      if (f.problem == Problem::Foreign) {
        if (exists(*db_, found.type, found.name)) {
          db_->exec("DROP " + keyword(found.type) + " " + identifier(found.name));
        }
        action.done = true;
        action.what = "dropped";
      } else if (type == "table") {
        action.what =
            "cannot be put back without its data: restore the project from an earlier copy";
      } else if (ours.sql.empty()) {
        action.what = "cannot be put back: SQLite makes it with its table";
      } else {
        if (f.problem == Problem::Altered && exists(*db_, found.type, found.name)) {
          db_->exec("DROP " + keyword(found.type) + " " + identifier(found.name));
        }
        db_->exec(ours.sql);
        action.done = true;
        action.what = "restored to Spanforge's definition";
      }
    } catch (const StoreError& e) {
      action.done = false;
      action.what = std::string("cannot be changed: ") + e.what();
    }
    result.actions.push_back(std::move(action));
  }
  tx.commit();
  result.remaining = SchemaCheck::findings(*db_);
  findings_ = result.remaining;
  return result;
}

}  // namespace spanforge::store
