#pragma once

#include <string>

namespace spanforge::train {

// Builds a directory under a temporary sibling name (".NAME.tmp-PID-XXXX") and
// moves it into place in one step, so readers see either the old directory
// or the complete new one, never a half-written one. An existing target is
// swapped out atomically where the file system allows (renameat2 with
// RENAME_EXCHANGE), else renamed aside, replaced and then removed.
class AtomicDirectory {
 public:
  // Creates the parent directories and the temporary directory, after
  // removing those a killed writer of the same target left (removeStale).
  // Throws ModelPackageError naming the path on failure.
  explicit AtomicDirectory(std::string target);
  // Removes the temporary directory unless commit() succeeded.
  ~AtomicDirectory();
  AtomicDirectory(const AtomicDirectory&) = delete;
  AtomicDirectory& operator=(const AtomicDirectory&) = delete;

  // Removes the temporary siblings (".ANY.tmp-PID-N", ".ANY.old-PID-N", and
  // target's own pid-less ".NAME.tmp-N") whose writing process has died;
  // returns how many.
  static int removeStale(const std::string& target);

  const std::string& path() const { return temp_; }
  std::string file(const std::string& name) const;

  // Flushes every file to disk and puts the directory in place, replacing
  // the target. Throws ModelPackageError; the target is then unchanged.
  void commit();

 private:
  std::string target_;
  std::string temp_;
  bool committed_ = false;
};

}  // namespace spanforge::train
