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
    c.doc.id = d.id;
    c.doc.tokens = d.doc.tokens.empty() ? tokenizer.tokenize(d.doc.text) : d.doc.tokens;
    const text::AlignResult aligned =
        text::alignSpans(c.doc.tokens, d.doc.spans, text::AlignMode::Strict);
    if (!aligned.ok() || c.doc.tokens.empty()) {
      ++out.skipped;
      return;
    }
    c.doc.gold = aligned.spans;
    c.doc.text = d.doc.text;
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
    const std::vector<bool> drawn = drawDev(pool.size(), settings);
    for (size_t k = 0; k < pool.size(); ++k) isDev[pool[k]] = drawn[k];
  }
  for (size_t i = 0; i < docs.size(); ++i)
    if (isDev[i]) out.documents.push_back(std::move(docs[i].doc));
  return out;
}

}  // namespace spanforge::train
