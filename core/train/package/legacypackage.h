#pragma once

#include <string>

namespace spanforge::train {

// Folders written before weights moved to safetensors (model packages of
// format 1, pretrained-weights folders of format 1): their weights.pt is a
// TorchScript archive, which can run code when loaded. Loaders refuse them
// with LegacyPackageError; this converts one in place for a user who trusts
// where it came from (`spanforge-cli upgrade-package DIR --trust`, and the
// GUI's question).
class LegacyPackage {
 public:
  enum class Kind { None, ModelPackage, PretrainedWeights };

  // What `dir` is, from its meta.json or pretrain.json alone (nothing else
  // is read, nothing run): a legacy model package or pretrained folder, or
  // None for anything else (a current one, no package, unreadable). Never
  // throws.
  static Kind kindOf(const std::string& dir);
  static bool isLegacy(const std::string& dir) { return kindOf(dir) != Kind::None; }

  // Loads the legacy weights (running the archive: call only when the user
  // trusts it), checked like any load (file sizes and checksums, names and
  // shapes), writes them as weights.safetensors, and replaces the folder
  // atomically (AtomicDirectory) with one holding the same config, vectors,
  // known words and other files, its meta.json or pretrain.json with every
  // field kept but the format version (2) and the file list; weights.pt is
  // gone. The new folder is loaded and compared, weight for weight, before
  // it replaces the old one. Returns what it converted. Throws
  // ModelPackageError naming the file for a folder that is not legacy or is
  // damaged; `dir` is then unchanged.
  static Kind upgrade(const std::string& dir);
};

}  // namespace spanforge::train
