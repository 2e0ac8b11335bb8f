#include "active/alsimulationdata.h"
#include "projectfixture.h"
#include "train/trainingerror.h"

#include "catchapi.h"

using namespace spanforge;
using active::AlSimulationData;
using active::testing::ProjectFixture;

namespace {

// Distinct texts (a project keeps one document per text).
void addAccepted(ProjectFixture& f, int count, store::Split split = store::Split::None) {
  static int made = 0;
  for (int i = 0; i < count; ++i)
    f.add("Anna met Bo" + std::to_string(made++) + " in Oslo .", text::DocStatus::Accepted,
          {text::Span{0, 4, "A"}}, split);
}

}  // namespace

TEST_CASE("al simulation data: without test documents a seeded share of the pool is held out") {
  ProjectFixture f;
  addAccepted(f, 50);
  f.add("never labelled");  // unlabelled: in no set
  train::DataSettings settings;
  const auto a = AlSimulationData::fromProject(*f.project, settings, 0.2);
  // 50 accepted: 10 dev (data.dev_fraction 0.2), then 8 of the other 40 held out as test.
  CHECK(a.dev.size() == 10);
  CHECK(a.test.size() == 8);
  CHECK(a.pool.size() == 32);
  CHECK(a.testSource.find("held out of the pool") != std::string::npos);
  const auto b = AlSimulationData::fromProject(*f.project, settings, 0.2);
  REQUIRE(b.test.size() == a.test.size());
  for (size_t i = 0; i < a.test.size(); ++i) CHECK(a.test[i].tokens == b.test[i].tokens);
}

TEST_CASE("al simulation data: documents marked test are the test set") {
  ProjectFixture f;
  addAccepted(f, 40);
  addAccepted(f, 6, store::Split::Test);
  const auto a = AlSimulationData::fromProject(*f.project, train::DataSettings{});
  CHECK(a.test.size() == 6);
  CHECK(a.pool.size() + a.dev.size() == 40);
  CHECK(a.testSource == "the 6 documents marked test");
}

TEST_CASE("al simulation data: too few accepted documents say how many are needed") {
  ProjectFixture f;
  addAccepted(f, 8);
  try {
    AlSimulationData::fromProject(*f.project, train::DataSettings{});
    FAIL("no error");
  } catch (const train::TrainingError& e) {
    CHECK(std::string(e.what()).find("at least 10 accepted training documents") !=
          std::string::npos);
  }
}
