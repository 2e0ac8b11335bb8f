#pragma once

#include "cli/console.h"

#include <fstream>
#include <istream>
#include <ostream>
#include <string>

namespace spanforge::io {
class OutputTarget;
}

namespace spanforge::cli {

// The input and output of a command that turns JSONL records into records
// (predict, patterns match): INPUT or the standard input ("" or "-"), --output
// or the console. Throws io::InputError when a file cannot be opened or created.
class RecordStreams {
 public:
  RecordStreams(const std::string& input, const std::string& output, Console& console);

  static bool isStdin(const std::string& input) { return input.empty() || input == "-"; }
  // --output must not be what the command reads: INPUT, or the file the
  // standard input was redirected from (io::InputError naming both).
  static void checkNotInput(const io::OutputTarget& output, const std::string& input);
  std::istream& in() { return stdin_ ? *stdinStream_ : file_; }
  std::ostream& out() { return toConsole_ ? console_ : outFile_; }
  // The input's name in messages ("<stdin>" or the path).
  const std::string& name() const { return name_; }

 private:
  bool stdin_;
  bool toConsole_;
  std::istream* stdinStream_;
  std::ostream& console_;
  std::ifstream file_;
  std::ofstream outFile_;
  std::string name_;
};

}  // namespace spanforge::cli
