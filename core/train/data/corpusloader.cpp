#include "train/data/corpusloader.h"

#include "io/recordreader.h"
#include "store/projectstore.h"
#include "text/alignment.h"
#include "text/tokenizer.h"
#include "text/utf8.h"
#include "train/data/devdraw.h"

#include <cmath>
#include <random>

namespace spanforge::train {
namespace {

void warn(std::vector<std::string>& warnings, std::string message) {
  if (warnings.size() < CorpusLoader::kMaxWarnings) warnings.push_back(std::move(message));
}

struct ProjectDocument {
  int64_t id = 0;
  store::Split split = store::Split::None;
  Example example;
};

}  // namespace

std::optional<Example> CorpusLoader::toExample(const text::Document& doc, std::string& problem) {
  std::vector<text::Token> tokens = doc.tokens;
  if (tokens.empty()) tokens = text::Tokenizer().tokenize(doc.text);
  const text::AlignResult aligned = text::alignSpans(tokens, doc.spans, text::AlignMode::Strict);
  if (!aligned.ok()) {
    const text::AlignFailure& f = aligned.failures.front();
    const text::OffsetMap map(doc.text);
    std::string covered;
    if (f.span.start >= 0 && f.span.end <= map.codePoints() && f.span.start <= f.span.end)
      covered = std::string(map.slice(doc.text, f.span.start, f.span.end));
    problem = "span " + std::to_string(f.span.start) + ".." + std::to_string(f.span.end) + " " +
              f.span.label + " \"" + covered + "\": " + f.reason;
    if (aligned.failures.size() > 1)
      problem += " (and " + std::to_string(aligned.failures.size() - 1) + " more)";
    return std::nullopt;
  }
  Example e;
  e.tokens.reserve(tokens.size());
  for (auto& t : tokens) e.tokens.push_back(std::move(t.text));
  e.spans = aligned.spans;
  return e;
}

LoadedCorpus CorpusLoader::fromFile(const std::string& path, io::Format format) {
  LoadedCorpus out;
  const auto reader = io::openReader(path, format);
  text::Document doc;
  int64_t unlabelled = 0;
  while (reader->next(doc)) {
    ++out.documents;
    if (doc.status != text::DocStatus::Accepted) {
      // No annotation (or a rejected one) says nothing about which tokens are entities.
      ++out.skipped;
      ++unlabelled;
      continue;
    }
    std::string problem;
    auto example = toExample(doc, problem);
    if (!example) {
      ++out.skipped;
      warn(out.warnings,
           path + ":" + std::to_string(reader->line()) + ": " + problem + "; document skipped");
      continue;
    }
    if (example->tokens.empty()) {
      ++out.skipped;
      continue;
    }
    out.corpus.add(std::move(*example));
  }
  if (unlabelled > 0)
    warn(out.warnings, path + ": " + std::to_string(unlabelled) +
                           " record(s) without accepted annotations skipped");
  return out;
}

ProjectCorpora CorpusLoader::fromProject(store::ProjectStore& project,
                                         const DataSettings& settings) {
  ProjectCorpora out;
  std::vector<ProjectDocument> docs;
  store::DocumentFilter accepted;
  accepted.status = text::DocStatus::Accepted;
  project.documents().forEach(accepted, [&](const store::StoredDocument& d) {
    ++out.documents;
    std::string problem;
    auto example = toExample(d.doc, problem);
    if (!example) {
      ++out.skipped;
      warn(out.warnings, "document " + std::to_string(d.id) + ": " + problem + "; skipped");
      return;
    }
    if (example->tokens.empty()) {
      ++out.skipped;
      return;
    }
    docs.push_back({d.id, d.split, std::move(*example)});
  });

  std::vector<size_t> pool;  // candidates for train (and dev when none is marked)
  for (size_t i = 0; i < docs.size(); ++i) {
    if (docs[i].split == store::Split::Test) {
      out.test.add(std::move(docs[i].example));
    } else if (docs[i].split == store::Split::Dev) {
      out.devFromSplit = true;
    } else {
      pool.push_back(i);
    }
  }
  std::vector<bool> isDev(docs.size(), false);
  if (out.devFromSplit) {
    for (size_t i = 0; i < docs.size(); ++i) isDev[i] = docs[i].split == store::Split::Dev;
  } else {
    std::vector<int64_t> ids;
    for (size_t k : pool) ids.push_back(docs[k].id);
    const std::vector<bool> drawn = drawDev(ids, settings);
    for (size_t k = 0; k < pool.size(); ++k) isDev[pool[k]] = drawn[k];
  }
  for (size_t i = 0; i < docs.size(); ++i) {
    if (docs[i].split == store::Split::Test) continue;
    if (isDev[i]) out.devIds.push_back(docs[i].id);
    (isDev[i] ? out.dev : out.train).add(std::move(docs[i].example));
  }
  return out;
}

}  // namespace spanforge::train
