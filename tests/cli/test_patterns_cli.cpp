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

using spanforge::testing::run;

using spanforge::testing::write;

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

TEST_CASE("patterns import, apply, stats, export and remove over a project") {
  TempDir dir;
  const std::string project = dir.file("p.sfproj");
  REQUIRE(run({"init", project}).code == 0);
  const auto texts = write(dir, "texts.jsonl",
                           "{\"text\": \"Ada Lovelace lives in London.\"}\n"
                           "{\"text\": \"london is big, says ACME.\"}\n");
  REQUIRE(run({"import", project, texts}).code == 0);
  const auto patterns = write(dir, "p.jsonl",
                              "{\"label\": \"GPE\", \"pattern\": \"London\"}\n"
                              "{\"label\": \"PER\", \"pattern\": [{\"IS_TITLE\": true, \"OP\": "
                              "\"{2}\"}]}\n");
  const auto terms = write(dir, "orgs.txt", "acme\n");
  CliResult r = run({"patterns", "import", project, patterns});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, ContainsSubstring("\"p.jsonl\": 2 pattern(s)"));
  REQUIRE(run({"patterns", "import", project, terms, "--terms", "--label", "ORG", "--case-fold",
               "--name", "orgs"})
              .code == 0);
  r = run({"patterns", "apply", project});
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, ContainsSubstring("Matched 2 unlabelled document(s): 3 suggestion(s)"));

  r = run({"patterns", "stats", project, "--json"});
  REQUIRE(r.code == 0);
  const auto stats = nlohmann::json::parse(r.out);
  REQUIRE(stats.size() == 2);
  CHECK(stats[0]["patterns"][0]["matches"] == 1);  // "London" as written, not "london"
  CHECK(stats[0]["patterns"][1]["matches"] == 1);
  CHECK(stats[1]["label"] == "ORG");
  CHECK(stats[1]["patterns"][0]["matches"] == 1);
  CHECK_THAT(run({"patterns", "stats", project}).out,
             ContainsSubstring("orgs (terms, case-folded)"));

  r = run({"patterns", "export", project, "p.jsonl"});
  CHECK(r.out == spanforge::testing::slurp(patterns));
  r = run(
      {"patterns", "export", project, "orgs", "--as-patterns", "--output", dir.file("o.jsonl")});
  REQUIRE(r.code == 0);
  CHECK(spanforge::testing::slurp(dir.file("o.jsonl")) ==
        "{\"label\":\"ORG\",\"pattern\":\"acme\"}\n");

  r = run({"patterns", "import", project, patterns});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("already has a pattern set named \"p.jsonl\""));
  r = run({"patterns", "export", project, "nope"});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("it has: p.jsonl, orgs"));
  r = run({"patterns", "import", project, terms, "--terms"});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("--label"));

  REQUIRE(run({"patterns", "remove", project, "orgs"}).code == 0);
  CHECK(nlohmann::json::parse(run({"patterns", "stats", project, "--json"}).out).size() == 1);
}
