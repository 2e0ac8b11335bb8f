#pragma once

#include "io/format.h"
#include "text/document.h"
#include "train/config/trainconfig.h"
#include "train/data/corpus.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::train {

// What a loader read. Documents left out are counted and explained in
// `warnings` (capped at kMaxWarnings messages), never dropped silently.
struct LoadedCorpus {
  Corpus corpus;
  int64_t documents = 0;  // records read
  int64_t skipped = 0;    // records left out
  std::vector<std::string> warnings;
};

// A project's accepted documents split for training.
struct ProjectCorpora {
  Corpus train;
  Corpus dev;
  Corpus test;                  // documents whose split is Test: never trained on
  bool devFromSplit = false;    // dev = the documents marked Dev, not a seeded draw
  std::vector<int64_t> devIds;  // the dev documents' ids, in id order
  int64_t documents = 0;        // accepted documents read
  int64_t skipped = 0;
  std::vector<std::string> warnings;
};

// Turns documents (from files or a project) into token-level examples: the
// document's own tokens, or text::Tokenizer's when it has none, with the gold
// character spans aligned strictly to them. A document whose spans do not
// all fall on token boundaries is left out whole (training on it with a
// span missing would teach the model that the entity is not one) and
// reported with the span and why.
class CorpusLoader {
 public:
  static constexpr size_t kMaxWarnings = 100;

  // Every accepted or labelled record of a CoNLL / JSONL / ... file. Records
  // without annotations (plain text, JSONL without "spans") and rejected or
  // ignored ones are skipped and counted. Throws io::InputError for a file
  // that cannot be read or a malformed record.
  static LoadedCorpus fromFile(const std::string& path, io::Format format = io::Format::Auto);

  // The project's accepted documents. Documents marked Test go to `test`.
  // If any accepted document is marked Dev, those are the dev set and all
  // others train; otherwise round(devFraction * n) documents (at least one
  // when there are two or more) are drawn for dev with devSeed, the same
  // draw for the same documents and seed.
  static ProjectCorpora fromProject(store::ProjectStore& project, const DataSettings& settings);

  // One document as an example; nullopt with `problem` set (a sentence that
  // names the first offending span) when a span does not align.
  static std::optional<Example> toExample(const text::Document& doc, std::string& problem);
};

}  // namespace spanforge::train
