#include "transformer/modelfile.h"

#include "io/inputerror.h"
#include "io/regularfile.h"
#include "transformer/modelfoldererror.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

namespace spanforge::transformer {

std::string readModelFile(const std::string& path, int64_t maxBytes) {
  std::unique_ptr<io::RegularFile> file;
  try {
    file = std::make_unique<io::RegularFile>(path);
  } catch (const io::InputError& e) {
    throw ModelFolderError(path + ": " + e.message());
  }
  if (file->size() > maxBytes)
    throw ModelFolderError(path + ": " + std::to_string(file->size()) +
                           " bytes; a model folder's file of this kind has at most " +
                           std::to_string(maxBytes));
  std::string bytes(static_cast<size_t>(file->size()), '\0');
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::read(file->fd(), bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw ModelFolderError(path + ": cannot read: " + std::strerror(errno));
    if (n == 0) break;  // shrank while read
    done += static_cast<size_t>(n);
  }
  bytes.resize(done);
  return bytes;
}

}  // namespace spanforge::transformer
