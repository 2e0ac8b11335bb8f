#include "model/featurizer.h"
#include "model/knownwords.h"

#include "catchapi.h"

#include <memory>
#include <sstream>

using spanforge::model::Featurizer;
using spanforge::model::KnownWords;
using spanforge::model::ModelConfig;

namespace {

// The NORM ids (one per seed) of token `i` in a sentence's features.
std::vector<int64_t> normIds(const spanforge::model::SentenceFeatures& f, size_t i, int64_t seeds) {
  const auto first = f.hashIds.begin() + static_cast<long>(i * Featurizer::kFeatures * seeds);
  return {first, first + seeds};
}

}  // namespace

TEST_CASE("known words: written sorted one per line and read back") {
  KnownWords k;
  k.add("zebra");
  k.add("apple");
  k.add("apple");
  k.add("two\nlines");  // cannot be written as one line: left out, reads as unknown
  CHECK(k.size() == 2);
  CHECK(k.contains("apple"));
  CHECK_FALSE(k.contains("Apple"));
  std::ostringstream out;
  k.write(out);
  CHECK(out.str() == "apple\nzebra\n");
  std::istringstream in(out.str());
  const KnownWords back = KnownWords::read(in);
  CHECK(back.size() == 2);
  CHECK(back.contains("zebra"));

  KnownWords more;
  more.add("mango");
  more.add(back);
  CHECK(more.size() == 3);
}

TEST_CASE("known words: a file that is not a word list is refused naming the line") {
  std::istringstream upper("apple\nZebra\n");
  CHECK_THROWS_WITH(KnownWords::read(upper),
                    ContainsSubstring("line 2") && ContainsSubstring("not a normalised"));
  std::istringstream repeated("apple\nmango\napple\n");
  CHECK_THROWS_WITH(KnownWords::read(repeated),
                    ContainsSubstring("line 3") && ContainsSubstring("repeated"));
}

TEST_CASE("featurizer: words outside the known words share the unknown word's ids") {
  ModelConfig c;
  c.hashRows = 5000;
  c.hashSeeds = 3;
  Featurizer f(c);
  const std::vector<std::string> tokens = {"Apple", "founded", "Zyxqo"};
  const auto plain = f.featurize(tokens);

  auto known = std::make_shared<KnownWords>();
  known->add("apple");
  known->add("founded");
  f.setKnownWords(known);
  const auto mapped = f.featurize(tokens);
  // Known words (compared by their lower-case norm) keep their ids.
  CHECK(normIds(mapped, 0, 3) == normIds(plain, 0, 3));
  CHECK(normIds(mapped, 1, 3) == normIds(plain, 1, 3));
  // The unseen word's NORM becomes the unknown word; its other features and
  // characters stay its own.
  CHECK(normIds(mapped, 2, 3) == f.unknownWordIds());
  CHECK(normIds(plain, 2, 3) != f.unknownWordIds());
  const size_t own = 2 * Featurizer::kFeatures * 3 + 3;
  CHECK(std::vector<int64_t>(mapped.hashIds.begin() + own, mapped.hashIds.end()) ==
        std::vector<int64_t>(plain.hashIds.begin() + own, plain.hashIds.end()));
  CHECK(mapped.charIds == plain.charIds);

  // Frozen like every other id (see the STABILITY note in featurizer.h).
  CHECK(Featurizer::hash(Featurizer::kUnknownWord, Featurizer::Norm, 0) ==
        Featurizer::hash("\x01unknown", Featurizer::Norm, 0));
}
