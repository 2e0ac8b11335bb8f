#pragma once

#include <cstdint>
#include <string>

namespace spanforge::killharness {

// The kill harness's data, made up on the spot from a seed: a project with
// labels PER (hotkey 1), ORG (2), LOC (3), accepted documents with gold spans
// to train on and an unlabelled pool to rank and label; JSONL files to
// import; a training config small enough that a run takes a second or two.
class ProjectBuilder {
 public:
  // Creates `path`; documents 1..accepted are accepted, the next `pool`
  // unlabelled. Returns the number of documents.
  static int64_t create(const std::string& path, int accepted, int pool, uint64_t seed);
  // `n` JSONL records (with gold spans) whose texts carry `tag`, so every
  // file imports new documents.
  static void writeImportFile(const std::string& path, int64_t n, const std::string& tag,
                              uint64_t seed);
  // A tiny network (see tests/train's tinyConfig) trained for maxSteps on CPU.
  static void writeTrainConfig(const std::string& path, int maxSteps);
};

}  // namespace spanforge::killharness
