// Issue #31: projects from other people are data, never code (planted SQL is
// refused, "repair" removes it after a backup), text from a file never reaches
// the terminal raw, labels are validated, and a path is always a file.
#include "clirunner.h"
#include "slurp.h"
#include "store/database.h"
#include "tempdir.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <vector>

using spanforge::testing::CliResult;
using spanforge::testing::TempDir;
namespace store = spanforge::store;
namespace fs = std::filesystem;

namespace {

CliResult safetyCli(std::vector<std::string> args) {
  return spanforge::testing::runCliArgs(std::move(args));
}

using spanforge::testing::write;

int64_t spans(const std::string& path) {
  store::Database db(path, store::Database::OpenMode::ReadOnly);
  auto st = db.prepare("SELECT count(*) FROM spans");
  return st.step() ? st.columnInt64(0) : -1;
}

// A project with gold spans, as a colleague might send it.
std::string project(const TempDir& dir) {
  const auto proj = dir.file("p.sfproj");
  REQUIRE(safetyCli({"init", proj, "--labels", "PER,LOC"}).code == 0);
  const auto data =
      write(dir, "d.jsonl",
            R"({"text":"Ada went to Paris.","answer":"accept","spans":[)"
            R"({"start":0,"end":3,"label":"PER"},{"start":12,"end":17,"label":"LOC"}]})"
            "\n");
  REQUIRE(safetyCli({"import", proj, data}).code == 0);
  REQUIRE(spans(proj) == 2);
  return proj;
}

// Changes the working folder for a test's relative paths, and back.
class InFolder {
 public:
  explicit InFolder(const fs::path& dir) : previous_(fs::current_path()) { fs::current_path(dir); }
  ~InFolder() { fs::current_path(previous_); }

 private:
  fs::path previous_;
};

}  // namespace

TEST_CASE("stats refuses a project with a planted trigger and no gold span is lost") {
  TempDir dir;
  const auto proj = project(dir);
  {
    store::Database db(proj);
    db.exec(
        "CREATE TRIGGER wipe AFTER UPDATE ON runs BEGIN DELETE FROM spans; END;"
        "CREATE TRIGGER wipe2 AFTER INSERT ON documents BEGIN DELETE FROM spans; END;"
        "INSERT INTO runs(config, device, state, started_at, pid) "
        "VALUES ('x', 'cpu', 0, 1, 999999999)");
  }
  const auto before = spanforge::testing::slurp(proj);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"stats", proj},
        {"debug-data", proj},
        {"import", proj, write(dir, "more.jsonl", "{\"text\":\"More.\"}\n")}}) {
    CAPTURE(args[0]);
    const auto r = safetyCli(args);
    CHECK(r.code == 1);
    CHECK_THAT(r.err, ContainsSubstring("trigger \"wipe\"") &&
                          ContainsSubstring("trigger \"wipe2\"") &&
                          ContainsSubstring("spanforge-cli repair"));
  }
  CHECK(spanforge::testing::slurp(proj) == before);
  CHECK(spans(proj) == 2);
}

TEST_CASE("repair lists, backs up and removes planted SQL, and the project then opens") {
  TempDir dir;
  const auto proj = project(dir);
  {
    store::Database db(proj);
    db.exec(
        "CREATE TRIGGER wipe AFTER UPDATE ON runs BEGIN SELECT RAISE(ABORT, "
        "'\x1b]0;owned\x07\x1b[2J\nfake prompt$ '); END;"
        "CREATE VIEW v AS SELECT * FROM spans;");
  }
  auto r = safetyCli({"repair", proj});
  CHECK(r.code == 1);  // needs repair, nothing done without --yes
  CHECK_THAT(r.out, ContainsSubstring("trigger \"wipe\"") && ContainsSubstring("view \"v\"") &&
                        ContainsSubstring("--yes"));
  // The trigger's text reaches the terminal escaped, never as escape sequences.
  CHECK(r.out.find('\x1b') == std::string::npos);
  CHECK(r.out.find('\x07') == std::string::npos);
  CHECK_THAT(r.out, ContainsSubstring("\\x1b]0;owned\\x07\\x1b[2J\\nfake prompt$"));
  CHECK(safetyCli({"stats", proj}).code == 1);

  r = safetyCli({"repair", proj, "--yes"});
  CHECK(r.code == 0);
  CHECK_THAT(r.out, ContainsSubstring("Backed up the project to " + proj + ".bak-") &&
                        ContainsSubstring("dropped") && ContainsSubstring("opens again"));
  std::vector<fs::path> backups;
  for (const auto& e : fs::directory_iterator(dir.path())) {
    if (e.path().filename().string().rfind("p.sfproj.bak-", 0) == 0) backups.push_back(e.path());
  }
  REQUIRE(backups.size() == 1);
  CHECK(spans(backups[0].string()) == 2);

  r = safetyCli({"stats", proj, "--json"});
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["spans"]["PER"] == 1);
  CHECK(j["spans"]["LOC"] == 1);
  r = safetyCli({"repair", proj});
  CHECK(r.code == 0);
  CHECK_THAT(r.out, ContainsSubstring("is fine"));
}

TEST_CASE("labels from a file reach the terminal escaped") {
  TempDir dir;
  const auto proj = project(dir);
  {
    // A label an older Spanforge accepted, with ESC, TAB and a newline.
    store::Database db(proj);
    db.exec("INSERT INTO labels(name, color) VALUES ('EVIL\x1b[31m\tX\nY', '#000000')");
  }
  auto r = safetyCli({"stats", proj});
  REQUIRE(r.code == 0);
  CHECK(r.out.find('\x1b') == std::string::npos);
  CHECK_THAT(r.out, ContainsSubstring("EVIL\\x1b[31m\\tX\\nY"));
  // JSON output is JSON-escaped, not escaped again.
  r = safetyCli({"stats", proj, "--json"});
  CHECK(nlohmann::json::parse(r.out)["spans"].contains("EVIL\x1b[31m\tX\nY"));
}

TEST_CASE("import --add-labels refuses bad label names, naming the line and the label escaped") {
  TempDir dir;
  const auto proj = project(dir);
  const std::string longName(101, 'A');
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"T\\u001b[31mX", "control character (U+001B)"},
      {"TAB\\tX", "control character (U+0009)"},
      {"NL\\nX", "control character (U+000A)"},
      {"DEL\\u007f", "control character (U+007F)"},
      {"C1\\u009b", "control character (U+009B)"},
      {longName, "101 characters long; a label name has at most 100"},
  };
  for (const auto& [label, message] : cases) {
    CAPTURE(label);
    const auto data =
        write(dir, "bad.jsonl",
              "{\"text\":\"ok\",\"spans\":[]}\n{\"text\":\"Acme\",\"spans\":[{\"start\":0,\"end\":"
              "4,\"label\":\"" +
                  label + "\"}]}\n");
    const auto r = safetyCli({"import", proj, data, "--add-labels"});
    CHECK(r.code == 1);
    CHECK_THAT(r.err,
               ContainsSubstring("bad.jsonl:2: spans[0].label") && ContainsSubstring(message));
    CHECK(r.err.find('\x1b') == std::string::npos);
    CHECK(r.err.find('\t') == std::string::npos);
  }
  const auto r = safetyCli({"stats", proj, "--json"});
  CHECK(nlohmann::json::parse(r.out)["spans"].size() == 2);  // no label was created
  CHECK(safetyCli({"init", dir.file("q.sfproj"), "--labels", "A\tB"}).code == 1);
  CHECK_FALSE(fs::exists(dir.file("q.sfproj")));
}

TEST_CASE("a path that looks like a URI is a file, the same for every command") {
  TempDir dir;
  const InFolder here(dir.path());
  for (const std::string name : {"file:real.spanforge", "file:x.spanforge?mode=memory"}) {
    CAPTURE(name);
    auto r = safetyCli({"init", name, "--labels", "PER"});
    REQUIRE(r.code == 0);
    CHECK(fs::is_regular_file(dir.path() / name));  // a file of exactly that name
    CHECK_FALSE(fs::exists(dir.path() / "real.spanforge"));
    CHECK_FALSE(fs::exists(dir.path() / "x.spanforge"));
    write(dir, "d.jsonl",
          R"({"text":"Ada.","answer":"accept","spans":[{"start":0,"end":3,"label":"PER"}]})"
          "\n");
    REQUIRE(safetyCli({"import", name, "d.jsonl"}).code == 0);
    r = safetyCli({"stats", name, "--json"});
    REQUIRE(r.code == 0);
    CHECK(nlohmann::json::parse(r.out)["spans"]["PER"] == 1);
    r = safetyCli({"export", name, "out.jsonl"});
    CHECK(r.code == 0);
    CHECK(spanforge::testing::slurp(dir.file("out.jsonl")).find("Ada.") != std::string::npos);
    CHECK(safetyCli({"init", name}).code == 1);  // it exists now
  }
}
