#pragma once

// A TCP connection to the server on loopback that sends exactly the bytes a
// test gives it, as slowly as it likes: for the clients no HTTP library
// would play (trickled headers, a 1 GB Content-Length, a chunked flood).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace spanforge::serve::testing {

class RawConnection {
 public:
  explicit RawConnection(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd_ >= 0 && ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }
  ~RawConnection() {
    if (fd_ >= 0) ::close(fd_);
  }
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  bool connected() const { return fd_ >= 0; }

  // False once the server has closed the connection (or never accepted it).
  bool send(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n <= 0) return false;
      bytes.remove_prefix(static_cast<size_t>(n));
    }
    return true;
  }

  // True when the server has closed its end: the stream ends (or is reset)
  // within `wait`. Bytes it sent before are kept for received().
  bool closedBy(std::chrono::milliseconds wait) {
    const auto until = std::chrono::steady_clock::now() + wait;
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          until - std::chrono::steady_clock::now());
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(std::max<int64_t>(0, left.count()))) <= 0) return false;
      char buffer[4096];
      const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) return true;
      received_.append(buffer, static_cast<size_t>(n));
    }
  }

  const std::string& received() const { return received_; }
  // The status code of the answer received so far; 0 when there is none.
  int status() const {
    if (received_.rfind("HTTP/1.", 0) != 0 || received_.size() < 12) return 0;
    return std::stoi(received_.substr(9, 3));
  }
  // The answer's body (after the blank line).
  std::string body() const {
    const size_t at = received_.find("\r\n\r\n");
    return at == std::string::npos ? std::string() : received_.substr(at + 4);
  }

 private:
  int fd_ = -1;
  std::string received_;
};

}  // namespace spanforge::serve::testing
