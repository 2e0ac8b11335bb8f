#include "store/projectstore.h"
#include "storetest.h"
#include "tempdir.h"
#include "text/utf8.h"

#include "catchapi.h"

#include <algorithm>
#include <cctype>
#include <set>

using namespace spanforge;
using spanforge::testing::TempDir;
using store::DocumentFilter;
using store::ProjectStore;
using store::Split;
using text::DocStatus;

namespace {

struct Expected {
  int64_t id;
  std::string text;
  DocStatus status;
  Split split;
  std::set<std::string> labels;
  size_t spanCount;
};

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool matches(const Expected& e, const DocumentFilter& f) {
  if (f.status && e.status != *f.status) return false;
  if (f.split && e.split != *f.split) return false;
  if (f.label && !e.labels.count(*f.label)) return false;
  return f.search.empty() || lower(e.text).find(lower(f.search)) != std::string::npos;
}

// A project whose documents mix every filter dimension deterministically.
std::vector<Expected> fill(ProjectStore& p, int n) {
  const std::vector<std::string> words = {"Lovelace", "LOVELACE",   "over",  "market", "50% off",
                                          "a_b",      "say \"hi\"", "boxer", "quiet",  "lake"};
  p.labels().add("PER");
  p.labels().add("LOC");
  p.labels().add("ORG");  // exists but never used
  std::vector<Expected> out;
  store::Transaction tx(p.db());
  for (int i = 0; i < n; ++i) {
    const std::string first = words[static_cast<size_t>(i) % words.size()];
    const std::string second = words[static_cast<size_t>(i * 7 + 3) % words.size()];
    const std::string t = first + " and " + second + " #" + std::to_string(i);
    const int64_t firstLen = static_cast<int64_t>(first.size());
    std::vector<text::Span> spans;
    if (i % 4 == 0) spans.push_back({0, firstLen, "PER"});
    if (i % 6 == 0) spans.push_back({firstLen + 1, firstLen + 4, "LOC"});  // "and"
    if (i % 10 == 0) spans.push_back({firstLen + 5, firstLen + 6, "PER"});
    static const DocStatus kStatus[10] = {
        DocStatus::Unlabelled, DocStatus::Unlabelled, DocStatus::Accepted,   DocStatus::Unlabelled,
        DocStatus::Rejected,   DocStatus::Accepted,   DocStatus::Unlabelled, DocStatus::Ignored,
        DocStatus::Rejected,   DocStatus::Unlabelled};
    const DocStatus status = kStatus[(i * 7) % 10];
    const auto split = static_cast<Split>((i / 3) % 4);
    const auto added = p.documents().add(testing::makeDoc(t, spans, status), split);
    std::set<std::string> labels;
    for (const auto& s : spans) labels.insert(s.label);
    out.push_back({added.id, t, status, split, labels, spans.size()});
  }
  tx.commit();
  return out;
}

std::vector<int64_t> pagedIds(ProjectStore& p, const DocumentFilter& f, int pageSize,
                              const std::vector<Expected>& all) {
  std::vector<int64_t> ids;
  int64_t after = 0;
  for (int guard = 0; guard < 10000; ++guard) {
    const auto page = p.documents().page(f, after, pageSize);
    REQUIRE(page.size() <= static_cast<size_t>(pageSize));
    for (const auto& s : page) {
      ids.push_back(s.id);
      const auto& e = all.at(static_cast<size_t>(s.id - all.front().id));
      REQUIRE(e.id == s.id);
      CHECK(s.status == e.status);
      CHECK(s.spanCount == static_cast<int64_t>(e.spanCount));
      CHECK(s.snippet == e.text);
    }
    if (page.size() < static_cast<size_t>(pageSize)) break;
    after = page.back().id;
  }
  return ids;
}

}  // namespace

TEST_CASE("keyset paging and counts agree with a brute-force filter for every combination") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  const auto all = fill(*p, 420);

  std::vector<std::optional<DocStatus>> statuses = {std::nullopt, DocStatus::Unlabelled,
                                                    DocStatus::Accepted, DocStatus::Rejected,
                                                    DocStatus::Ignored};
  std::vector<std::optional<std::string>> labels = {std::nullopt, "PER", "LOC", "ORG", "NOPE"};
  // 1-2 code points scan the text; 3+ use the trigram index unless a label
  // drives. Mixed case, LIKE and FTS5 syntax characters included.
  std::vector<std::string> searches = {"",         "x",       "ov",      "%",   "_",
                                       "lovelace", "oV",      "50% off", "a_b", "\"hi\"",
                                       "zzzz",     "lake #1", "e #4"};
  std::vector<std::optional<Split>> splits = {std::nullopt, Split::None, Split::Train, Split::Dev,
                                              Split::Test};
  int combos = 0, nonEmpty = 0;
  for (const auto& status : statuses) {
    for (const auto& label : labels) {
      for (const auto& search : searches) {
        for (const auto& split : splits) {
          DocumentFilter f;
          f.status = status;
          f.label = label;
          f.search = search;
          f.split = split;
          std::vector<int64_t> expected;
          for (const auto& e : all) {
            if (matches(e, f)) expected.push_back(e.id);
          }
          INFO("status " << (status ? text::toString(*status) : "-") << ", label "
                         << label.value_or("-") << ", search '" << search << "', split "
                         << (split ? store::toString(*split) : "-"));
          REQUIRE(p->documents().count(f) == static_cast<int64_t>(expected.size()));
          REQUIRE(pagedIds(*p, f, 7, all) == expected);
          ++combos;
          nonEmpty += !expected.empty();
        }
      }
    }
  }
  CHECK(combos == 5 * 5 * 13 * 5);
  CHECK(nonEmpty > combos / 5);  // the data really exercises the filters
  // One larger page size over the unfiltered and a combined filter.
  DocumentFilter f;
  f.label = "PER";
  f.search = "lovelace";
  std::vector<int64_t> expected;
  for (const auto& e : all) {
    if (matches(e, f)) expected.push_back(e.id);
  }
  CHECK(pagedIds(*p, f, 100, all) == expected);
  CHECK(pagedIds(*p, {}, 100, all).size() == all.size());
}

TEST_CASE("paging starts after the given id and honours the limit") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  const auto all = fill(*p, 50);
  const auto page = p->documents().page({}, all[9].id, 5);
  REQUIRE(page.size() == 5);
  CHECK(page.front().id == all[10].id);
  CHECK(page.back().id == all[14].id);
  CHECK(p->documents().page({}, all.back().id, 5).empty());
  CHECK(p->documents().page({}, 0, 0).empty());
}

TEST_CASE("search folds case beyond ASCII on every path") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("LOC");
  p->documents().add(
      testing::makeDoc("Meeting in Z\xC3\x9C"
                       "RICH today",
                       {{11, 17, "LOC"}}));
  p->documents().add(
      testing::makeDoc("z\xC3\xBC"
                       "rich lake",
                       {{0, 6, "LOC"}}));
  p->documents().add(testing::makeDoc("no city here"));
  DocumentFilter f;
  f.search =
      "Z\xC3\xBC"
      "rich";  // Zürich: the trigram index
  CHECK(p->documents().count(f) == 2);
  CHECK(p->documents().page(f, 0, 10).size() == 2);
  f.label = "LOC";  // the label drives, the text is checked per row
  CHECK(p->documents().count(f) == 2);
  CHECK(p->documents().page(f, 0, 10).size() == 2);
  f.label.reset();
  f.search = "\xC3\x9C";  // Ü: too short for trigrams
  CHECK(p->documents().count(f) == 2);
  f.search = "\xF0\x9F\x98\x80";  // an emoji no text has
  CHECK(p->documents().count(f) == 0);
}

TEST_CASE("summaries show a one-line snippet of at most 120 code points") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  std::string t = "line one\nline two\ttabbed ";
  while (t.size() < 300) t += "\xC3\xA9t\xC3\xA9 ";  // "été "
  p->documents().add(testing::makeDoc(t));
  const auto page = p->documents().page({}, 0, 1);
  REQUIRE(page.size() == 1);
  CHECK(page[0].snippet.rfind("line one line two tabbed ", 0) == 0);
  CHECK(text::codePointCount(page[0].snippet) == 120);
  CHECK(page[0].length == static_cast<int64_t>(text::codePointCount(t)));
}
