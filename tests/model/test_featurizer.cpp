#include "model/featurizer.h"
#include "model/vectors.h"

#include "catchapi.h"

using spanforge::model::Featurizer;
using spanforge::model::ModelConfig;

TEST_CASE("featurizer: feature strings") {
  CHECK(Featurizer::norm("Straße") == "straße");
  CHECK(Featurizer::norm("ÉCOLE") == "école");
  CHECK(Featurizer::shape("Apple") == "Xxxxx");
  CHECK(Featurizer::shape("Wonderfully") == "Xxxxx");
  CHECK(Featurizer::shape("1999") == "dddd");
  CHECK(Featurizer::shape("12345.67") == "dddd.dd");
  CHECK(Featurizer::shape("U.S.") == "X.X.");
  CHECK(Featurizer::shape("@paulwalk") == "@xxxx");
  CHECK(Featurizer::shape("Ölçek") == "Xxxxx");
  CHECK(Featurizer::shape("東京") == "xx");
  CHECK(Featurizer::shape(std::string(120, 'a')) == "LONG");
  CHECK(Featurizer::prefix("Éa", 1) == "É");
  CHECK(Featurizer::suffix("naïve", 3) == "ïve");
  CHECK(Featurizer::suffix("ab", 3) == "ab");
}

TEST_CASE("featurizer: char ids") {
  CHECK(Featurizer::charId(U'a') == 97);
  CHECK(Featurizer::charId(U'\x01') == 1);
  const int64_t e = Featurizer::charId(U'é');
  CHECK(e >= 128);
  CHECK(e < Featurizer::kCharVocab);
  CHECK(Featurizer::charId(0) >= 128);
}

// These values are part of every trained model: if this test fails, the
// featurizer changed and saved models would silently degrade. Do not update
// the numbers; restore the old behaviour instead.
TEST_CASE("featurizer: hash values are frozen") {
  CHECK(Featurizer::hash("apple", Featurizer::Norm, 0) == 12284186023121437329ULL);
  CHECK(Featurizer::hash("apple", Featurizer::Norm, 1) == 17381178324550539360ULL);
  CHECK(Featurizer::hash("Xxxxx", Featurizer::Shape, 0) == 1540676870115102274ULL);
  CHECK(Featurizer::hash("", Featurizer::Suffix, 3) == 11809964859339880619ULL);
  CHECK(Featurizer::charId(U'é') == 250);
  CHECK(Featurizer::charId(U'😀') == 424);
}

TEST_CASE("featurizer: ids of a sentence are frozen") {
  ModelConfig c;
  c.hashRows = 20000;
  c.hashSeeds = 4;
  c.prefixLength = 1;
  c.suffixLength = 3;
  c.maxTokenChars = 24;
  const auto s = Featurizer(c).featurize({"Apple", "😀"});
  // [token][NORM, PREFIX, SUFFIX, SHAPE][seed]
  CHECK(s.hashIds == std::vector<int64_t>{17329, 19360, 3997,  4915,  8305,  13099, 12585, 19829,
                                          1618,  9989,  8317,  10888, 2274,  15160, 18444, 8465,
                                          15406, 8264,  15361, 19156, 3653,  1661,  1687,  9708,
                                          17587, 2378,  13382, 15260, 12837, 16402, 8877,  14664});
  CHECK(s.charIds == std::vector<int64_t>{'A', 'p', 'p', 'l', 'e', 424, 0, 0, 0, 0});
}

TEST_CASE("featurizer: sentence features") {
  ModelConfig c;
  c.hashRows = 1000;
  c.hashSeeds = 2;
  c.maxTokenChars = 6;
  const Featurizer f(c);
  const auto s = f.featurize({"Apple", "founded", "in", "Cupertino"});
  REQUIRE(s.length == 4);
  CHECK(s.charWidth == 6);
  REQUIRE(s.hashIds.size() == 4 * 4 * 2);
  for (auto id : s.hashIds) {
    CHECK(id >= 0);
    CHECK(id < 1000);
  }
  // token 0, feature NORM, seed 1
  CHECK(s.hashIds[1] ==
        static_cast<int64_t>(Featurizer::hash("apple", Featurizer::Norm, 1) % 1000));
  // token 3, SHAPE (Xxxxx), seed 0
  CHECK(s.hashIds[3 * 8 + 3 * 2] ==
        static_cast<int64_t>(Featurizer::hash("Xxxxx", Featurizer::Shape, 0) % 1000));
  // token 3, SUFFIX "ino", PREFIX "C"
  CHECK(s.hashIds[3 * 8 + 2 * 2] ==
        static_cast<int64_t>(Featurizer::hash("ino", Featurizer::Suffix, 0) % 1000));
  CHECK(s.hashIds[3 * 8 + 1 * 2] ==
        static_cast<int64_t>(Featurizer::hash("C", Featurizer::Prefix, 0) % 1000));
  REQUIRE(s.charIds.size() == 4 * 6);
  // "in" padded; "Cupertino" keeps head "Cup" and tail "ino".
  CHECK(std::vector<int64_t>(s.charIds.begin() + 12, s.charIds.begin() + 18) ==
        std::vector<int64_t>{'i', 'n', 0, 0, 0, 0});
  CHECK(std::vector<int64_t>(s.charIds.begin() + 18, s.charIds.end()) ==
        std::vector<int64_t>{'C', 'u', 'p', 'i', 'n', 'o'});
  CHECK(s.vectorIds.empty());
  // Deterministic.
  const auto again = Featurizer(c).featurize({"Apple", "founded", "in", "Cupertino"});
  CHECK(again.hashIds == s.hashIds);
  CHECK(again.charIds == s.charIds);
}

TEST_CASE("featurizer: odd truncation keeps one more head char") {
  ModelConfig c;
  c.maxTokenChars = 5;
  const auto s = Featurizer(c).featurize({"abcdefgh"});
  CHECK(s.charIds == std::vector<int64_t>{'a', 'b', 'c', 'g', 'h'});
}

TEST_CASE("featurizer: empty sentence and vector ids") {
  ModelConfig c;
  spanforge::model::Vectors v({"the", "paris"}, {1, 2, 3, 4}, 2);
  const Featurizer f(c, &v);
  const auto empty = f.featurize({});
  CHECK(empty.length == 0);
  CHECK(empty.hashIds.empty());
  const auto s = f.featurize({"The", "Paris", "xyz"});
  CHECK(s.vectorIds == std::vector<int64_t>{1, 2, 0});
}
