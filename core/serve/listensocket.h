#pragma once

#include <string>

namespace spanforge::serve {

// A TCP socket bound to HOST:PORT and listening, for the server to accept
// on: bound here (not by the HTTP library) so that the error names the
// address and port 0 reports the port it got. SO_REUSEADDR only (a restart
// right after a stop): with SO_REUSEPORT a second server on the same port
// would start without an error and take half the requests.
class ListenSocket {
 public:
  // Throws std::runtime_error ("cannot listen on HOST:PORT (...)").
  ListenSocket(const std::string& host, int port);
  ~ListenSocket();  // closes the socket unless released
  ListenSocket(const ListenSocket&) = delete;
  ListenSocket& operator=(const ListenSocket&) = delete;

  int fd() const { return fd_; }
  int port() const { return port_; }
  // The caller owns the socket from now on.
  int release();

 private:
  int fd_ = -1;
  int port_ = 0;
};

}  // namespace spanforge::serve
