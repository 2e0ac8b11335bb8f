#include "train/data/devdocuments.h"

#include "store/projectstore.h"
#include "text/alignment.h"
#include "text/tokenizer.h"
#include "train/data/devdraw.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace spanforge::train {
namespace {

struct Candidate {
  store::Split split = store::Split::None;
  DevDocument doc;
};

// The document as the scorer reads it; false when training leaves it out
// (spans off its tokens, no tokens).
bool devDocumentOf(const store::StoredDocument& d, const text::Tokenizer& tokenizer,
                   DevDocument& out) {
  out.id = d.id;
  out.tokens = d.doc.tokens.empty() ? tokenizer.tokenize(d.doc.text) : d.doc.tokens;
  const text::AlignResult aligned =
      text::alignSpans(out.tokens, d.doc.spans, text::AlignMode::Strict);
  if (!aligned.ok() || out.tokens.empty()) return false;
  out.gold = aligned.spans;
  out.text = d.doc.text;
  return true;
}

}  // namespace

// Keep in step with CorpusLoader::fromProject: the same documents are left
// out, and the same draw over the same order picks dev
// (tests/train/test_devdocuments.cpp compares both).
DevSelection DevDocuments::select(store::ProjectStore& project, const DataSettings& settings) {
  DevSelection out;
  std::vector<Candidate> docs;
  store::DocumentFilter accepted;
  accepted.status = text::DocStatus::Accepted;
  const text::Tokenizer tokenizer;
  project.documents().forEach(accepted, [&](const store::StoredDocument& d) {
    Candidate c;
    c.split = d.split;
    if (!devDocumentOf(d, tokenizer, c.doc)) {
      ++out.skipped;
      return;
    }
    docs.push_back(std::move(c));
  });

  std::vector<size_t> pool;
  for (size_t i = 0; i < docs.size(); ++i) {
    if (docs[i].split == store::Split::Dev) out.fromSplit = true;
    if (docs[i].split == store::Split::None || docs[i].split == store::Split::Train)
      pool.push_back(i);
  }
  std::vector<bool> isDev(docs.size(), false);
  if (out.fromSplit) {
    for (size_t i = 0; i < docs.size(); ++i) isDev[i] = docs[i].split == store::Split::Dev;
  } else {
    std::vector<int64_t> ids;
    for (size_t k : pool) ids.push_back(docs[k].doc.id);
    const std::vector<bool> drawn = drawDev(ids, settings);
    for (size_t k = 0; k < pool.size(); ++k) isDev[pool[k]] = drawn[k];
  }
  for (size_t i = 0; i < docs.size(); ++i)
    if (isDev[i]) out.documents.push_back(std::move(docs[i].doc));
  return out;
}

DevSelection DevDocuments::ofRun(store::ProjectStore& project, const std::vector<int64_t>& ids) {
  DevSelection out;
  out.fromRun = true;
  const text::Tokenizer tokenizer;
  for (const int64_t id : ids) {
    const auto d = project.documents().get(id);
    if (!d || d->doc.status != text::DocStatus::Accepted) continue;
    DevDocument doc;
    if (devDocumentOf(*d, tokenizer, doc))
      out.documents.push_back(std::move(doc));
    else
      ++out.skipped;
  }
  return out;
}

}  // namespace spanforge::train
