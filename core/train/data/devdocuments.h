#pragma once

#include "text/token.h"
#include "text/tokenspan.h"
#include "train/config/trainconfig.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::train {

// A dev document with what it takes to score a model on it and to show the
// errors in their document: its id and text, its tokens (code-point
// offsets) and its gold entities over them.
struct DevDocument {
  int64_t id = 0;
  std::string text;
  std::vector<text::Token> tokens;
  std::vector<text::TokenSpan> gold;
};

struct DevSelection {
  std::vector<DevDocument> documents;  // in document id order
  bool fromSplit = false;              // the documents marked Dev, not a seeded draw
  int64_t skipped = 0;                 // accepted documents left out (spans off tokens, no tokens)
};

// The dev documents of a project exactly as CorpusLoader::fromProject chooses
// them for training with `settings` (the accepted documents marked Dev, else
// the same seeded draw), but by document: the evaluation view scores a model
// on them and opens an error's document in the editor.
class DevDocuments {
 public:
  static DevSelection select(store::ProjectStore& project, const DataSettings& settings);
};

}  // namespace spanforge::train
