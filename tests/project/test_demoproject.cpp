#include "project/demoproject.h"
#include "store/projectstore.h"
#include "tempdir.h"

#include "catchapi.h"

using spanforge::store::ProjectStore;
using spanforge::testing::TempDir;
namespace text = spanforge::text;

TEST_CASE("the demo project holds WNUT-17: train as gold, the rest as a pool") {
  TempDir dir;
  const auto path = dir.file("demo.sfproj");
  const auto report = spanforge::project::createDemoProject(path);
  CHECK(report.committed);
  auto project = ProjectStore::open(path);
  const auto counts = project->documents().countByStatus();
  // 3,394 train tweets, of which 103 repeat an earlier text and are skipped;
  // 1,009 dev + 1,287 test tweets with 10 repeats.
  CHECK(counts.at(text::DocStatus::Accepted) == 3291);
  CHECK(counts.at(text::DocStatus::Unlabelled) == 2286);
  const auto spans = project->documents().spanCountByLabel();
  CHECK(spans.size() == 6);
  CHECK(spans.at("person") > 600);
  CHECK_THROWS(spanforge::project::createDemoProject(path));  // never overwrites
}
