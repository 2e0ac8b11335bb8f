#include "slurp.h"
#include "store/migrations.h"
#include "store/projectstore.h"
#include "store/rankingrepository.h"
#include "store/storeerror.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

#include <fstream>
#include <functional>
#include <set>

using namespace spanforge;
using spanforge::testing::TempDir;
using store::Database;
using store::Migrations;
using store::ProjectStore;

namespace {

// A file as an older Spanforge left it: build() writes it with that
// version's schema (frozen SQL, not today's repositories) and check() looks
// at the data through today's API after open() migrated it.
//
// When a schema step is added, add a fixture for the previous latest version
// here (copy its data SQL, which must not change afterwards).
struct VersionFixture {
  int version;
  const char* name;
  std::function<void(const std::string& path)> build;
  std::function<void(ProjectStore& p)> check;
};

void checkEmpty(ProjectStore& p) {
  CHECK(p.labels().all().empty());
  CHECK(p.documents().count({}) == 0);
  CHECK(p.runs().models().empty());
}

// Data written with the version 1 schema.
const char* kVersion1Data = R"sql(
INSERT INTO labels(id, name, color, hotkey) VALUES
  (1, 'PER', '#8dd3c7', '1'), (2, 'LOC', '#ffffb3', '2');
INSERT INTO documents(id, text, tokens, content_hash, source, meta, split, status, annotator,
                      created_at, updated_at) VALUES
  (1, 'Ada Lovelace was born in London.',
   X'0000000003000000040000000c0000000d0000001000000011000000150000001600000018000000190000001f0000001f00000020000000',
   'b854e5fad3aa806ed49ebfe5f8f577d6', 'fixture.jsonl', '{"id": 7}', 1, 1, 'ann',
   1700000000, 1700000100),
  (2, 'Unlabelled text.', NULL, 'x', '', '{}', 0, 0, '', 1700000000, 1700000000);
INSERT INTO spans(document_id, start, "end", label_id) VALUES (1, 0, 12, 1), (1, 25, 31, 2);
INSERT INTO models(id, name, path, labels, metrics, created_at, is_current) VALUES
  (1, 'm1', '/models/m1', '["PER","LOC"]', '{"f1":0.5}', 1700000200, 1);
INSERT INTO predictions(document_id, model_id, start, "end", label_id, score) VALUES
  (2, 1, 0, 10, 2, 0.25);
INSERT INTO runs(id, model_id, config, device, state, message, started_at, finished_at) VALUES
  (1, 1, 'epochs = 3', 'cpu', 1, '', 1700000150, 1700000200);
INSERT INTO metric_events(run_id, step, epoch, loss, elapsed_seconds, words_per_second,
                          memory_bytes, memory_peak_bytes, precision, recall, f1, per_label)
VALUES (1, 10, 0, 2.5, 1.0, 100.0, 1000, 2000, NULL, NULL, NULL, NULL),
       (1, 20, 1, 1.5, 2.0, 110.0, 1000, 2000, 0.5, 0.4, 0.44,
        '[{"label":"PER","precision":0.5,"recall":0.4,"f1":0.44,"support":3}]');
)sql";

void checkVersion1Data(ProjectStore& p) {
  REQUIRE(p.labels().all().size() == 2);
  CHECK(p.labels().find("LOC")->hotkey == "2");
  auto d = p.documents().get(1);
  REQUIRE(d);
  CHECK(d->doc.text == "Ada Lovelace was born in London.");
  REQUIRE(d->doc.tokens.size() == 7);
  CHECK(d->doc.tokens[1].text == "Lovelace");
  REQUIRE(d->doc.spans.size() == 2);
  CHECK(d->doc.spans[1] == text::Span{25, 31, "LOC"});
  CHECK(d->split == store::Split::Train);
  CHECK(d->doc.metaJson == "{\"id\": 7}");
  CHECK(p.documents().containsText("Ada Lovelace was born in London."));
  CHECK(p.documents().countByStatus().at(text::DocStatus::Accepted) == 1);
  CHECK(p.documents().count({}) == 2);
  store::DocumentFilter search;
  search.search = "lovelace";
  CHECK(p.documents().count(search) == 1);  // queued texts were indexed on open
  CHECK(p.runs().currentModel()->name == "m1");
  CHECK(p.predictions().get(2, 1).size() == 1);
  auto events = p.runs().events(1);
  REQUIRE(events.size() == 2);
  CHECK_FALSE(events[0].hasScores);
  CHECK(events[1].perLabel.at(0).support == 3);
}

// Data written with the version 2 schema (on top of the version 1 data).
const char* kVersion2Data = R"sql(
INSERT INTO ranking_runs(model_id, strategy, created_at) VALUES (1, 'lc', 1700000300);
INSERT INTO rankings(model_id, strategy, rank, document_id, score) VALUES
  (1, 'lc', 1, 2, 0.75), (1, 'lc', 2, 1, 0.5);
)sql";

void checkVersion2Data(ProjectStore& p) {
  checkVersion1Data(p);
  store::RankingRepository rankings(p.db());
  const auto info = rankings.info(1, "lc");
  REQUIRE(info);
  CHECK(info->createdAt == 1700000300);
  CHECK(info->documents == 2);
  const auto page = rankings.page(1, "lc", 0, 10);
  REQUIRE(page.size() == 2);
  CHECK(page[0].document.id == 2);
  CHECK(page[0].score == 0.75);
  CHECK(rankings.next(1, "lc")->document.id == 2);  // document 1 is accepted
}

// Data written with the version 3 schema (on top of the version 2 data).
const char* kVersion3Data = R"sql(
INSERT INTO prediction_runs(document_id, model_id) VALUES (2, 1);
)sql";

void checkVersion3Data(ProjectStore& p) {
  checkVersion2Data(p);
  CHECK(p.predictions().predicted(2, 1));
  CHECK_FALSE(p.predictions().predicted(1, 1));
}

// Data written with the version 4 schema: a finished run and its process.
const char* kVersion4Data = R"sql(
UPDATE runs SET pid = 4242 WHERE id = 1;
)sql";

void checkVersion4Data(ProjectStore& p) {
  checkVersion3Data(p);
  CHECK(p.runs().run(1)->state == store::RunState::Finished);  // finished runs stay so
}

const char* kVersion5Data = R"sql(
INSERT INTO runs(id, config, device, state, message, started_at, finished_at, kind) VALUES
  (3, 'x = 1', 'cpu', 1, '', 1700000500, 1700000600, 'pretrain');
)sql";

void checkVersion5Data(ProjectStore& p) {
  checkVersion4Data(p);
  CHECK(p.runs().run(1)->kind == store::RunRecord::kTrainRun);
  CHECK(p.runs().run(3)->kind == store::RunRecord::kPretrainRun);
}

const char* kVersion6Data = R"sql(
INSERT INTO pattern_sets(id, name, kind, case_fold, term_label, enabled, created_at) VALUES
  (1, 'p.jsonl', 'patterns', 0, NULL, 1, 1700000700),
  (2, 'orgs.txt', 'terms', 1, 'ORG', 0, 1700000800);
INSERT INTO patterns(id, set_id, line, label, source) VALUES
  (1, 1, 1, 'PER', '{"label": "PER", "pattern": "Ada"}'),
  (2, 2, 1, 'ORG', 'acme');
INSERT INTO pattern_matches(document_id, pattern_id, start, "end", state) VALUES
  (1, 1, 0, 3, 1), (1, 2, 4, 8, 0);
)sql";

void checkVersion6Data(ProjectStore& p) {
  checkVersion5Data(p);
  const auto sets = p.patterns().sets();
  REQUIRE(sets.size() == 2);
  CHECK(sets[1].termLabel == "ORG");
  CHECK_FALSE(sets[1].enabled);
  CHECK(p.patterns().counts(1).at(0).accepted == 1);
  CHECK(p.patterns().matches(1).size() == 1);  // the disabled set's match is not shown
}

const char* kVersion7Data = R"sql(
INSERT INTO run_dev_documents(run_id, document_id) VALUES (1, 1);
INSERT INTO rejected_spans(document_id, start, "end", label_id) VALUES (1, 4, 12, 2);
)sql";

void checkVersion7Data(ProjectStore& p) {
  checkVersion6Data(p);
  CHECK(p.runs().devDocuments(1) == std::vector<int64_t>{1});
  CHECK(p.runs().runOfModel(1) == 1);
  CHECK(p.decisions().rejected(1) == std::vector<text::Span>{{4, 12, "LOC"}});
}

// A project at schema `version` holding the data of every version up to it.
template <int version>
void withDataOf(const std::string& path) {
  const char* const data[] = {kVersion1Data, kVersion2Data, kVersion3Data, kVersion4Data,
                              kVersion5Data, kVersion6Data, kVersion7Data};
  static_assert(version >= 1 && version <= 7);
  Database db(path);
  Migrations::migrateTo(db, version);
  for (int v = 1; v <= version; ++v) db.exec(data[v - 1]);
}

std::vector<VersionFixture> fixtures() {
  return {
      {0, "zero-byte file", [](const std::string& path) { std::ofstream(path).flush(); },
       checkEmpty},
      {0, "SQLite file with an empty schema",
       [](const std::string& path) {
         Database db(path);
         db.exec("CREATE TABLE scratch (x); DROP TABLE scratch;");
       },
       checkEmpty},
      {1, "version 1 with data",
       [](const std::string& path) {
         Database db(path);
         Migrations::migrateTo(db, 1);
         db.exec(kVersion1Data);
       },
       checkVersion1Data},
      {2, "version 2 with data", withDataOf<2>, checkVersion2Data},
      {3, "version 3 with data", withDataOf<3>, checkVersion3Data},
      {4, "version 4 with data", withDataOf<4>, checkVersion4Data},
      {5, "version 5 with data", withDataOf<5>, checkVersion5Data},
      {6, "version 6 with data", withDataOf<6>, checkVersion6Data},
      {7, "version 7 with data", withDataOf<7>, checkVersion7Data},
  };
}

}  // namespace

TEST_CASE("every historical schema version has a fixture") {
  std::set<int> covered;
  for (const auto& f : fixtures()) covered.insert(f.version);
  for (int v = 0; v <= Migrations::latestVersion(); ++v) {
    INFO("schema version " << v);
    CHECK(covered.count(v) == 1);
  }
}

TEST_CASE("a project at every earlier version opens, migrated to the latest") {
  for (const auto& f : fixtures()) {
    if (f.version == 0) continue;  // empty files are refused: see below
    DYNAMIC_SECTION("from version " << f.version << ": " << f.name) {
      TempDir dir;
      const auto path = dir.file("old.sfproj");
      f.build(path);
      {
        Database db(path);
        REQUIRE(db.userVersion() == f.version);
      }
      auto p = ProjectStore::open(path);
      CHECK(p->schemaVersion() == Migrations::latestVersion());
      f.check(*p);
      // Migrated files accept new data like fresh ones.
      p->labels().add("NEW");
      CHECK_FALSE(p->documents().add(testing::makeDoc("A new text after migration.")).duplicate);
    }
  }
}

TEST_CASE("an empty file (version 0) is refused, not turned into a project") {
  for (const auto& f : fixtures()) {
    if (f.version != 0) continue;
    DYNAMIC_SECTION(f.name) {
      TempDir dir;
      const auto path = dir.file("someone's.sfproj");
      f.build(path);
      const auto before = testing::slurp(path);
      CHECK_THROWS_WITH(ProjectStore::open(path),
                        ContainsSubstring("empty") && ContainsSubstring("not a Spanforge project"));
      CHECK_THROWS_WITH(ProjectStore::open(path, ProjectStore::Access::ReadOnly),
                        ContainsSubstring("empty"));
      CHECK(testing::slurp(path) == before);
    }
  }
}

TEST_CASE("migration steps are numbered one after another") {
  const auto& steps = Migrations::steps();
  REQUIRE_FALSE(steps.empty());
  for (size_t i = 0; i < steps.size(); ++i) CHECK(steps[i].toVersion == static_cast<int>(i) + 1);
}

TEST_CASE("migrateTo is idempotent and stamps the file") {
  TempDir dir;
  Database db(dir.file("m.sfproj"));
  Migrations::migrateTo(db, 1);
  Migrations::migrateTo(db, 1);
  CHECK(db.userVersion() == 1);
  auto st = db.prepare("PRAGMA application_id");
  REQUIRE(st.step());
  CHECK(st.columnInt64(0) == Migrations::kApplicationId);
}

TEST_CASE("version 1 to 2 adds rankings and keeps every row") {
  TempDir dir;
  const auto path = dir.file("v1.sfproj");
  {
    Database db(path);
    Migrations::migrateTo(db, 1);
    db.exec(kVersion1Data);
  }
  {
    Database db(path);
    Migrations::migrateTo(db, 2);
    CHECK(db.userVersion() == 2);
    for (const char* table : {"ranking_runs", "rankings"}) {
      auto st = db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?");
      st.bind(1, table);
      REQUIRE(st.step());
      CHECK(st.columnInt(0) == 1);
    }
  }
  auto p = ProjectStore::open(path);
  checkVersion1Data(*p);  // nothing lost
  // The old model can rank the old documents; deleting it takes its rankings.
  store::RankingRepository rankings(p->db());
  rankings.replace(1, "mnlp", {{2, 0.9}, {1, 0.1}});
  CHECK(rankings.count(1, "mnlp") == 2);
  p->db().exec("DELETE FROM models WHERE id = 1");
  CHECK(rankings.rankings().empty());
}

TEST_CASE("version 2 to 3 records which model predicted which document") {
  TempDir dir;
  const auto path = dir.file("v2.sfproj");
  {
    Database db(path);
    Migrations::migrateTo(db, 2);
    db.exec(kVersion1Data);
    db.exec(kVersion2Data);
  }
  {
    Database db(path);
    Migrations::migrateTo(db, 3);
    CHECK(db.userVersion() == 3);
    auto st = db.prepare("SELECT count(*) FROM prediction_runs");
    REQUIRE(st.step());
    CHECK(st.columnInt(0) == 2);  // document 2 (predictions and ranking), 1 (ranking)
  }
  auto p = ProjectStore::open(path);
  checkVersion2Data(*p);                    // nothing lost
  CHECK(p->predictions().predicted(2, 1));  // it had stored predictions
  CHECK(p->predictions().predicted(1, 1));  // a ranking predicted it
  const int64_t fresh = p->documents().add(testing::makeDoc("Never predicted.")).id;
  CHECK_FALSE(p->predictions().predicted(fresh, 1));
  // Rejecting every prediction keeps the record; deleting the model takes it.
  p->predictions().set(2, 1, {});
  CHECK(p->predictions().get(2, 1).empty());
  CHECK(p->predictions().predicted(2, 1));
  p->db().exec("DELETE FROM models WHERE id = 1");
  CHECK_FALSE(p->predictions().predicted(2, 1));
}

TEST_CASE("version 3 to 4: a run a killed process left running is closed as failed") {
  TempDir dir;
  const auto path = dir.file("v3.sfproj");
  {
    Database db(path);
    Migrations::migrateTo(db, 3);
    db.exec(kVersion1Data);
    db.exec(R"sql(
INSERT INTO runs(id, config, device, state, message, started_at, finished_at) VALUES
  (2, 'epochs = 3', 'cpu', 0, '', 1700000400, 0);
INSERT INTO metric_events(run_id, step, epoch, loss, elapsed_seconds, words_per_second,
                          memory_bytes, memory_peak_bytes) VALUES (2, 10, 1, 0.5, 31.5, 900, 1, 1);
)sql");
  }
  auto p = ProjectStore::open(path);
  checkVersion1Data(*p);
  const auto run = p->runs().run(2);
  REQUIRE(run);
  CHECK(run->state == store::RunState::Failed);
  CHECK_THAT(run->message, ContainsSubstring("killed or crashed"));
  CHECK(run->finishedAt == 1700000400 + 31);  // its last event
}

TEST_CASE("version 4 to 5: every older run trained a model") {
  TempDir dir;
  const auto path = dir.file("v4.sfproj");
  {
    Database db(path);
    Migrations::migrateTo(db, 4);
    db.exec(kVersion1Data);
  }
  auto p = ProjectStore::open(path);
  checkVersion1Data(*p);
  const auto runs = p->runs().runs();
  REQUIRE_FALSE(runs.empty());
  for (const auto& r : runs) CHECK(r.kind == store::RunRecord::kTrainRun);
  const int64_t pre = p->runs().startRun("x = 1", "cpu", store::RunRecord::kPretrainRun);
  CHECK(p->runs().run(pre)->kind == store::RunRecord::kPretrainRun);
}

TEST_CASE("version 5 to 6 adds pattern sets, empty") {
  TempDir dir;
  const auto path = dir.file("v5.sfproj");
  {
    Database db(path);
    Migrations::migrateTo(db, 5);
    db.exec(kVersion1Data);
  }
  auto p = ProjectStore::open(path);
  checkVersion1Data(*p);
  CHECK(p->patterns().sets().empty());
  store::PatternSetRecord set;
  set.name = "new";
  CHECK(p->patterns().addSet(set, {{0, 0, 1, "PER", "Ada"}}) > 0);
}
