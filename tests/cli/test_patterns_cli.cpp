// spanforge-cli patterns match: records in as predict reads them, the same
// records out with the spans patterns and term lists match.
#include "catchapi.h"
#include "clirunner.h"
#include "slurp.h"
#include "tempdir.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using spanforge::testing::CliResult;
using spanforge::testing::TempDir;

namespace {

CliResult run(std::vector<std::string> args) {
  return spanforge::testing::runCliArgs(std::move(args));
}

std::string write(const TempDir& dir, const std::string& name, const std::string& content) {
  std::ofstream(dir.file(name), std::ios::binary) << content;
  return dir.file(name);
}

std::vector<nlohmann::json> lines(const std::string& text) {
  std::vector<nlohmann::json> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(nlohmann::json::parse(l));
  return out;
}

}  // namespace

TEST_CASE("patterns match writes each record with the spans its patterns match") {
  TempDir dir;
  const auto patterns =
      write(dir, "p.jsonl",
            R"({"label": "ORG", "pattern": "New York Times", "id": "nyt"})"
            "\n"
            R"({"label": "GPE", "pattern": [{"LOWER": "new"}, {"LOWER": "york"}]})"
            "\n");
  const auto terms = write(dir, "people.txt", "ada lovelace\n");
  const auto input =
      write(dir, "in.jsonl",
            R"({"text": "The New York Times met Ada Lovelace in new york.", "meta": 1})"
            "\n\n"
            R"({"tokens": ["nothing", "here"]})"
            "\n");
  const CliResult r = run({"patterns", "match", "--patterns", patterns, "--terms", terms, "--label",
                           "PER", "--case-fold", input});
  INFO(r.err);
  REQUIRE(r.code == 0);
  const auto out = lines(r.out);
  REQUIRE(out.size() == 2);
  const auto& spans = out[0]["spans"];
  REQUIRE(spans.size() == 3);
  CHECK(spans[0]["label"] == "ORG");
  CHECK(spans[0]["start"] == 4);
  CHECK(spans[0]["end"] == 18);
  CHECK(spans[0]["token_start"] == 1);
  CHECK(spans[0]["token_end"] == 3);
  CHECK(spans[0]["pattern"] == "p.jsonl:1");
  CHECK(spans[0]["id"] == "nyt");
  CHECK(spans[1]["label"] == "PER");
  CHECK(spans[1]["pattern"] == "people.txt:1");
  CHECK(spans[2]["label"] == "GPE");
  CHECK(spans[2]["start"] == 39);
  CHECK(out[0]["meta"] == 1);
  CHECK(out[0]["tokens"].size() == 11);
  CHECK(out[1]["spans"].empty());

  const CliResult all = run({"patterns", "match", "--patterns", patterns, "--all", input});
  REQUIRE(all.code == 0);
  // Overlaps kept: ORG and GPE over "New York", GPE over "new york".
  CHECK(lines(all.out)[0]["spans"].size() == 3);
}

TEST_CASE("patterns match refuses a bad pattern file, naming file, line and field") {
  TempDir dir;
  const auto patterns =
      write(dir, "p.jsonl",
            "{\"label\": \"A\", \"pattern\": \"a\"}\n"
            "{\"label\": \"B\", \"pattern\": [{\"LOWER\": {\"REGEX\": \"(?=x)\"}}]}\n");
  const auto input = write(dir, "in.jsonl", "{\"text\": \"a\"}\n");
  const CliResult r = run({"patterns", "match", "--patterns", patterns, input});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("p.jsonl:2: pattern[0].LOWER.REGEX: RE2 cannot compile"));
  CHECK(r.out.empty());

  const CliResult noLabel = run({"patterns", "match", "--terms", patterns, input});
  CHECK(noLabel.code == 1);
  CHECK_THAT(noLabel.err, ContainsSubstring("--label"));

  const CliResult onto =
      run({"patterns", "match", "--patterns", patterns, input, "--output", input});
  CHECK(onto.code == 1);
  CHECK(spanforge::testing::slurp(input) == "{\"text\": \"a\"}\n");
}
