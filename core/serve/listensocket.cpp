#include "serve/listensocket.h"

#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace spanforge::serve {

ListenSocket::ListenSocket(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (::getaddrinfo(host.c_str(), service.c_str(), &hints, &found) == 0) {
    for (const addrinfo* a = found; a != nullptr && fd_ < 0; a = a->ai_next) {
      const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
      if (fd < 0) continue;
      const int yes = 1;
      ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
      if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, SOMAXCONN) == 0)
        fd_ = fd;
      else
        ::close(fd);
    }
    ::freeaddrinfo(found);
  }
  if (fd_ < 0)
    throw std::runtime_error("cannot listen on " + host + ":" + service +
                             " (in use, or not an address of this machine)");
  sockaddr_storage bound{};
  socklen_t length = sizeof bound;
  ::getsockname(fd_, reinterpret_cast<sockaddr*>(&bound), &length);
  if (bound.ss_family == AF_INET6)
    port_ = ntohs(reinterpret_cast<const sockaddr_in6*>(&bound)->sin6_port);
  else
    port_ = ntohs(reinterpret_cast<const sockaddr_in*>(&bound)->sin_port);
}

ListenSocket::~ListenSocket() {
  if (fd_ >= 0) ::close(fd_);
}

int ListenSocket::release() {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

}  // namespace spanforge::serve
