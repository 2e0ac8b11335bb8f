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
  bool fromRun = false;                // the documents the run held out, as it stored them
  int64_t skipped = 0;                 // accepted documents left out (spans off tokens, no tokens)
};

// The dev documents of a project exactly as CorpusLoader::fromProject chooses
// them for training with `settings` (the accepted documents marked Dev, else
// the same seeded draw), but by document: the evaluation view scores a model
// on them and opens an error's document in the editor.
class DevDocuments {
 public:
  static DevSelection select(store::ProjectStore& project, const DataSettings& settings);
  // The dev documents a run held out, by the ids stored with it: documents
  // labelled since are in neither its train nor its dev set, so they are not
  // here. Those no longer accepted (or gone) are left out, with their gold as
  // it is now.
  static DevSelection ofRun(store::ProjectStore& project, const std::vector<int64_t>& ids);
};

}  // namespace spanforge::train
