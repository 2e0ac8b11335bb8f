#include "cli/recordstreams.h"

#include "io/inputerror.h"
#include "io/outputtarget.h"

#include <sys/stat.h>
#include <unistd.h>

#include <iostream>

namespace spanforge::cli {

void RecordStreams::checkNotInput(const io::OutputTarget& output, const std::string& input) {
  struct stat st {};
  if (!isStdin(input))
    output.notFile(input, "the input");
  else if (::fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode))
    output.notFile("/dev/stdin", "the standard input");
}

RecordStreams::RecordStreams(const std::string& input, const std::string& output, Console& console)
    : stdin_(isStdin(input)),
      toConsole_(output.empty()),
      stdinStream_(&std::cin),
      console_(console.out),
      name_(stdin_ ? "<stdin>" : input) {
  if (!stdin_) {
    file_.open(input, std::ios::binary);
    if (!file_) throw io::InputError(input, 0, "", "cannot open");
  }
  if (!toConsole_) {
    outFile_.open(output, std::ios::binary | std::ios::trunc);
    if (!outFile_) throw io::InputError(output, 0, "", "cannot create");
  }
}

}  // namespace spanforge::cli
