// Store speed on a large project: inserts 1,000,000 synthetic tweet-like
// documents (about 10% with gold spans, mixed statuses and splits) in one
// transaction, then times opening the file and the document browser's
// queries. Prints figures; not a test. Usage: bench_store [path] [documents]
#include "store/projectstore.h"
#include "store/searchindex.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace spanforge;
using Clock = std::chrono::steady_clock;

namespace {

const std::vector<std::string> kWords = {
    "the",      "a",        "to",     "and",    "of",      "in",       "is",      "for",
    "on",       "with",     "at",     "by",     "from",    "this",     "that",    "just",
    "new",      "great",    "love",   "today",  "time",    "people",   "day",     "going",
    "good",     "via",      "video",  "watch",  "know",    "see",      "think",   "want",
    "news",     "city",     "game",   "world",  "team",    "tonight",  "weekend", "coffee",
    "rain",     "finally",  "never",  "always", "really",  "so",       "my",      "your",
    "our",      "we",       "they",   "lol",    "omg",     "wow",      "best",    "worst",
    "morning",  "night",    "show",   "live",   "music",   "photo",    "free",    "win",
    "tickets",  "match",    "season", "final",  "vote",    "election", "market",  "price",
    "update",   "breaking", "story",  "read",   "blog",    "post",     "thanks",  "happy",
    "birthday", "friends",  "family", "home",   "work",    "school",   "traffic", "airport",
    "flight",   "hotel",    "beach",  "park",   "concert", "album",    "movie",   "trailer",
    "launch",   "phone",    "app"};
const std::vector<std::string> kPeople = {
    "Barack Obama",    "Angela Merkel", "Lionel Messi",   "Taylor Swift",    "Ada Lovelace",
    "Serena Williams", "Elon Musk",     "Greta Thunberg", "Emmanuel Macron", "Zoë Kravitz"};
const std::vector<std::string> kPlaces = {"Paris",     "London", "New York", "Berlin", "Tokyo",
                                          "São Paulo", "Lagos",  "Sydney",   "Mumbai", "Köln"};
const std::vector<std::string> kOrgs = {"Google",    "Apple",   "the UN", "NASA",    "FC Barcelona",
                                        "Microsoft", "the BBC", "Toyota", "Spotify", "WHO"};
const std::vector<std::string> kExtras = {"😀",  "🔥", "#tbt", "#news", "@friend", "http://t.co/x1",
                                          "!!", "?", "2024", "❤"};

size_t codePoints(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// Builds one tweet: random words, sometimes entities (annotated in ~10%).
text::Document makeTweet(std::mt19937_64& rng, bool annotate) {
  const auto pick = [&rng](const std::vector<std::string>& v) -> const std::string& {
    return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
  };
  std::uniform_int_distribution<int> percent(0, 99);
  text::Document d;
  const int n = std::uniform_int_distribution<int>(6, 20)(rng);
  int64_t cp = 0;
  for (int i = 0; i < n; ++i) {
    std::string piece, label;
    const int r = percent(rng);
    if (r < 4) {
      piece = pick(kPeople), label = "PER";
    } else if (r < 7) {
      piece = pick(kPlaces), label = "LOC";
    } else if (r < 9) {
      piece = pick(kOrgs), label = "ORG";
    } else if (r < 17) {
      piece = pick(kExtras);
    } else {
      piece = pick(kWords);
    }
    if (i > 0) d.text += ' ', ++cp;
    const int64_t start = cp;
    d.text += piece;
    cp += static_cast<int64_t>(codePoints(piece));
    if (annotate && !label.empty()) d.spans.push_back({start, cp, label});
    // Whitespace tokens (entity names of two words give two tokens).
    int64_t tokenStart = start, pos = start;
    for (size_t b = 0; b <= piece.size(); ++b) {
      if (b == piece.size() || piece[b] == ' ') {
        d.tokens.push_back({{}, tokenStart, pos});
        tokenStart = pos + 1;
      }
      if (b < piece.size() && (static_cast<unsigned char>(piece[b]) & 0xC0) != 0x80) ++pos;
    }
  }
  if (annotate) {
    d.status = percent(rng) < 90 ? text::DocStatus::Accepted : text::DocStatus::Rejected;
  } else {
    const int r = percent(rng);
    d.status = r < 93 ? text::DocStatus::Unlabelled
                      : (r < 97 ? text::DocStatus::Ignored : text::DocStatus::Rejected);
  }
  return d;
}

double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Times fn once (cold: statement not yet prepared) and as the median of five.
void timeIt(const char* what, const std::function<size_t()>& fn) {
  auto t = Clock::now();
  const size_t rows = fn();
  const double first = msSince(t);
  std::vector<double> runs;
  for (int i = 0; i < 5; ++i) {
    t = Clock::now();
    fn();
    runs.push_back(msSince(t));
  }
  std::sort(runs.begin(), runs.end());
  std::printf("  %-46s %9.3f ms first, %9.3f ms median  (%zu)\n", what, first, runs[2], rows);
}

uintmax_t fileSize(const std::string& path) {
  std::error_code ec;
  const auto n = fs::file_size(path, ec);
  return ec ? 0 : n;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "/tmp/spanforge-bench-store.sfproj";
  const long count = argc > 2 ? std::stol(argv[2]) : 1000000;
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix);

  std::printf("Spanforge store benchmark: %ld documents in %s\n", count, path.c_str());
  {
    auto project = store::ProjectStore::create(path);
    for (const char* l : {"PER", "LOC", "ORG"}) project->labels().add(l);
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<int> percent(0, 99);
    long duplicates = 0, spans = 0;
    const auto t0 = Clock::now();
    store::Transaction tx(project->db());
    for (long i = 0; i < count; ++i) {
      const bool annotate = percent(rng) < 10;
      const auto doc = makeTweet(rng, annotate);
      store::Split split = store::Split::None;
      if (annotate) {
        const int r = percent(rng);
        split = r < 80 ? store::Split::Train : (r < 90 ? store::Split::Dev : store::Split::Test);
      }
      const auto added = project->documents().add(doc, split, annotate ? "bench" : "");
      duplicates += added.duplicate;
      spans += added.duplicate ? 0 : static_cast<long>(doc.spans.size());
    }
    const double addSeconds = msSince(t0) / 1000;
    auto t1 = Clock::now();
    store::SearchIndex(project->db()).flush();  // commit() would do it; timed apart here
    const double indexSeconds = msSince(t1) / 1000;
    t1 = Clock::now();
    tx.commit();
    const double commitSeconds = msSince(t1) / 1000;
    const double total = addSeconds + indexSeconds + commitSeconds;
    std::printf("insert: %ld documents (%ld duplicates skipped, %ld gold spans)\n", count,
                duplicates, spans);
    std::printf(
        "  add() calls %.1f s + search indexing %.1f s + COMMIT %.1f s = %.1f s: %.0f docs/s\n",
        addSeconds, indexSeconds, commitSeconds, total, static_cast<double>(count) / total);
  }
  std::printf("file size after close: %.1f MB (wal %.1f MB)\n", fileSize(path) / 1048576.0,
              fileSize(path + "-wal") / 1048576.0);

  auto t = Clock::now();
  auto project = store::ProjectStore::open(path);
  std::printf("open project: %.3f ms\n", msSince(t));
  auto& docs = project->documents();

  std::printf("queries (first call includes preparing the statement):\n");
  timeIt("countByStatus", [&] { return docs.countByStatus().size(); });
  store::DocumentFilter accepted;
  accepted.status = text::DocStatus::Accepted;
  timeIt("count(status = accepted)", [&] { return static_cast<size_t>(docs.count(accepted)); });
  timeIt("countByStatus via GROUP BY (index, for comparison)", [&] {
    auto st = project->db().prepare("SELECT status, count(*) FROM documents GROUP BY status");
    size_t n = 0;
    while (st.step()) ++n;
    return n;
  });
  timeIt("page 100, no filter", [&] { return docs.page({}, 0, 100).size(); });
  timeIt("page 100, no filter, afterId=900000", [&] { return docs.page({}, 900000, 100).size(); });
  timeIt("page 100, status = accepted", [&] { return docs.page(accepted, 0, 100).size(); });
  store::DocumentFilter byLabel;
  byLabel.label = "ORG";
  timeIt("page 100, label = ORG", [&] { return docs.page(byLabel, 0, 100).size(); });
  timeIt("page 100, label = ORG, afterId=900000",
         [&] { return docs.page(byLabel, 900000, 100).size(); });
  store::DocumentFilter bySearch;
  bySearch.search = "lovelace";
  timeIt("page 100, search 'lovelace'", [&] { return docs.page(bySearch, 0, 100).size(); });
  timeIt("page 100, search 'lovelace', afterId=900000",
         [&] { return docs.page(bySearch, 900000, 100).size(); });
  store::DocumentFilter common;
  common.search = "coffee";
  timeIt("page 100, search 'coffee'", [&] { return docs.page(common, 0, 100).size(); });
  store::DocumentFilter combined;
  combined.label = "PER";
  combined.search = "paris";
  combined.status = text::DocStatus::Accepted;
  timeIt("page 100, label PER + search 'paris' + accepted",
         [&] { return docs.page(combined, 0, 100).size(); });
  store::DocumentFilter shortSearch;
  shortSearch.search = "\xF0\x9F\x94\xA5";  // 🔥: one code point, LIKE
  timeIt("page 100, search '🔥' (1 character: text scan)",
         [&] { return docs.page(shortSearch, 0, 100).size(); });
  store::DocumentFilter devSplit;
  devSplit.split = store::Split::Dev;
  devSplit.status = text::DocStatus::Accepted;
  timeIt("page 100, split dev + accepted", [&] { return docs.page(devSplit, 0, 100).size(); });
  timeIt("count(label = ORG)", [&] { return static_cast<size_t>(docs.count(byLabel)); });
  timeIt("count(search 'lovelace')", [&] { return static_cast<size_t>(docs.count(bySearch)); });
  timeIt("count(split dev + accepted)", [&] { return static_cast<size_t>(docs.count(devSplit)); });
  timeIt("spanCountByLabel", [&] { return docs.spanCountByLabel().size(); });
  timeIt("get(500000)", [&] { return docs.get(500000) ? size_t{1} : size_t{0}; });
  return 0;
}
