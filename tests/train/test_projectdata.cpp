#include "store/projectstore.h"
#include "tempdir.h"
#include "train/data/projectdata.h"
#include "traintestdata.h"

#include "catchapi.h"

#include <fstream>

using namespace spanforge;
using namespace spanforge::train;
using spanforge::testing::TempDir;

namespace {

// n accepted documents "Doc i: Alice went to Paris." with PER and LOC spans.
std::unique_ptr<store::ProjectStore> project(const std::string& path, int n, int markedDev = 0) {
  auto p = store::ProjectStore::create(path);
  p->labels().add("PER");
  p->labels().add("LOC");
  for (int i = 1; i <= n; ++i) {
    text::Document d;
    const std::string prefix = "Doc " + std::to_string(i) + " : ";
    const auto base = static_cast<int64_t>(prefix.size());
    d.text = prefix + "Alice went to Paris .";
    d.spans = {{base, base + 5, "PER"}, {base + 14, base + 19, "LOC"}};
    d.status = text::DocStatus::Accepted;
    p->documents().add(d, i <= markedDev ? store::Split::Dev : store::Split::None);
  }
  return p;
}

}  // namespace

TEST_CASE("training data: a seeded draw, or the documents marked dev") {
  TempDir dir;
  DataSettings settings;
  settings.devFraction = 0.2;
  auto p = project(dir.file("a.spanforge"), 20);
  const TrainingData drawn = TrainingData::load(*p, settings);
  CHECK(drawn.train.size() == 16);
  CHECK(drawn.dev.size() == 4);
  CHECK(drawn.documents == 20);
  CHECK(drawn.devSource == "a seeded 20% draw, seed 0");

  auto q = project(dir.file("b.spanforge"), 20, 3);
  const TrainingData marked = TrainingData::load(*q, settings);
  CHECK(marked.dev.size() == 3);
  CHECK(marked.train.size() == 17);
  CHECK(marked.devSource == "the documents marked dev");
}

TEST_CASE("training data: a dev file makes every project document train") {
  TempDir dir;
  auto p = project(dir.file("a.spanforge"), 20, 3);
  const std::string dev = dir.file("dev.conll");
  std::ofstream(dev) << "Bob\tB-PER\nlives\tO\nin\tO\nOslo\tB-LOC\n\nHi\tO\n";
  const TrainingData data = TrainingData::load(*p, DataSettings{}, dev);
  CHECK(data.train.size() == 20);
  CHECK(data.dev.size() == 2);
  CHECK(data.devSource == dev);
  CHECK_THROWS(TrainingData::load(*p, DataSettings{}, dir.file("missing.conll")));
}
