#pragma once

#include <string>

namespace spanforge::io {

// A file or folder a command is about to write, checked against what the
// command reads before anything is opened for writing, so that a careless
// command line (`export P P`, `predict M in.jsonl --output in.jsonl`) is
// refused instead of destroying its own input. Files are compared by
// identity (device and inode of the existing files), so a symbolic or a hard
// link to an input counts as the input. Each check throws InputError naming
// both paths; nothing has been written then.
class OutputTarget {
 public:
  // `option`: how the user named the output, for messages ("OUT", "--output").
  OutputTarget(std::string path, std::string option);

  const std::string& path() const { return path_; }

  // Refuses an output that is `input` (`what` says what it is: "the input").
  const OutputTarget& notFile(const std::string& input, const std::string& what) const;
  // Refuses the project file and its SQLite companions (-wal, -shm,
  // -journal), whether or not those exist yet.
  const OutputTarget& notProject(const std::string& project) const;
  // Refuses any existing file directly in `folder` (a model package) and the
  // folder itself.
  const OutputTarget& notInFolder(const std::string& folder, const std::string& what) const;
  // For an output folder that is replaced as a whole (a model package, a
  // pretrain folder): refuses when `input` is that folder or lies anywhere in it.
  const OutputTarget& notHolding(const std::string& input, const std::string& what) const;

  // Refuses an output that is `folder` or lies in it (a file written into a
  // folder that another output replaces as a whole would vanish with it).
  const OutputTarget& notWithin(const std::string& folder, const std::string& what) const;

  // Both exist and are the same file (or folder).
  static bool sameFile(const std::string& a, const std::string& b);
  // `path` (resolved through symbolic links) is `folder` or lies in it.
  static bool isWithin(const std::string& path, const std::string& folder);

 private:
  [[noreturn]] void refuse(const std::string& message) const;

  std::string path_;
  std::string option_;
};

}  // namespace spanforge::io
