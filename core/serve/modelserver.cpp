#include "serve/modelserver.h"

#include "serve/connectiondeadlines.h"
#include "serve/listensocket.h"
#include "serve/servemetrics.h"
#include "serve/serveroutes.h"
#include "serve/workerpool.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>

namespace spanforge::serve {
namespace {

using Clock = std::chrono::steady_clock;
using Route = ServeRoutes::Route;
using Phase = ConnectionDeadlines::Phase;

// MHD's pool per connection: the request line and headers must fit in it
// (larger ones get MHD's own 431), and it bounds what a connection costs.
constexpr size_t kConnectionMemory = 32 * 1024;
// How long stop() lets answers already computed reach their clients.
constexpr auto kStopGrace = std::chrono::seconds(2);

// One HTTP request with a body, from its headers to its answer: MHD's
// per-request pointer. Owned by the polling thread, except while its
// connection is suspended, when the worker answering it owns it.
struct Request {
  enum class State {
    Receiving,  // keeping the body
    Refusing,   // past a limit: the rest of the body is read and dropped
    Waiting,    // complete; queued or on a worker (connection suspended)
    Answered,   // `answer` is set; queue it when MHD calls again
  };

  Route route = Route::NotFound;
  State state = State::Receiving;
  std::string body;
  size_t received = 0;
  size_t reserved = 0;      // bytes counted in Impl::buffered
  bool dispatched = false;  // handed to the pool: counted in Impl::owed
  ServeResponse answer;
  Clock::time_point start = Clock::now();
};

// Connections MHD may hold beyond ServeLimits::maxConnections: the ones just
// accepted while the oldest waiting ones are being closed to make room.
constexpr int kConnectionReserve = 64;

// Open connections the process has file descriptors for: a few are kept
// for the model, the log and the listening socket. The soft limit is raised
// to the hard one first, as servers do (1,024 is a default for terminals).
unsigned connectionLimit(int wanted) {
  rlimit files{};
  rlim_t available = 1024;
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0) {
    if (files.rlim_cur < files.rlim_max) {
      const rlim_t soft = files.rlim_cur;
      files.rlim_cur = files.rlim_max;
      if (::setrlimit(RLIMIT_NOFILE, &files) != 0) files.rlim_cur = soft;
    }
    if (files.rlim_cur != RLIM_INFINITY) available = files.rlim_cur;
  }
  const rlim_t limit = std::min<rlim_t>(static_cast<rlim_t>(std::max(1, wanted)),
                                        available > 64 ? available - 32 : 16);
  return static_cast<unsigned>(limit);
}

}  // namespace

struct ModelServer::Impl {
  Impl(const model::NerModel& m, Options o)
      : options(std::move(o)), routes(m, options.modelVersion, options.limits, metrics) {}

  // --- MHD's callbacks (on the polling thread) ---

  static MHD_Result onRequest(void* cls, MHD_Connection* c, const char* url, const char* method,
                              const char*, const char* data, size_t* size, void** state) {
    return static_cast<Impl*>(cls)->request(c, url, method, data, size, state);
  }

  static void onCompleted(void* cls, MHD_Connection* c, void** state, MHD_RequestTerminationCode) {
    Impl& d = *static_cast<Impl*>(cls);
    if (auto* r = static_cast<Request*>(*state)) {
      if (r->dispatched) --d.owed;
      d.release(*r);
      delete r;
      *state = nullptr;
    }
    // A kept-alive connection: the read deadline runs for its next request.
    d.deadlines->enter(c, Phase::Receiving);
  }

  static void onConnection(void* cls, MHD_Connection* c, void**,
                           MHD_ConnectionNotificationCode code) {
    Impl& d = *static_cast<Impl*>(cls);
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
      const MHD_ConnectionInfo* info =
          MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
      if (info != nullptr) d.deadlines->opened(c, info->connect_fd, clientAddress(c));
    } else {
      d.deadlines->closed(c);  // MHD closes the socket after this
    }
  }

  // The client's IP address as bytes (its port left out): connections are
  // counted per address.
  static std::string clientAddress(MHD_Connection* c) {
    const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == nullptr || info->client_addr == nullptr) return {};
    const sockaddr* a = info->client_addr;
    if (a->sa_family == AF_INET) {
      const auto* in = reinterpret_cast<const sockaddr_in*>(a);
      return std::string(reinterpret_cast<const char*>(&in->sin_addr), sizeof in->sin_addr);
    }
    if (a->sa_family == AF_INET6) {
      const auto* in6 = reinterpret_cast<const sockaddr_in6*>(a);
      return std::string(reinterpret_cast<const char*>(&in6->sin6_addr), sizeof in6->sin6_addr);
    }
    return {};
  }

  MHD_Result request(MHD_Connection* c, const char* url, const char* method, const char* data,
                     size_t* size, void** state) {
    auto* r = static_cast<Request*>(*state);
    if (r == nullptr) return begin(c, url, method, state);
    if (*size > 0) {
      receive(*r, data, *size);
      *size = 0;  // every byte is taken: kept, or dropped past a limit
      return MHD_YES;
    }
    switch (r->state) {
      case Request::State::Receiving:
        return dispatch(c, *r);
      case Request::State::Refusing:
        return reply(c, r->route, r->answer, r->start, true);
      case Request::State::Answered:
        return reply(c, r->route, r->answer, r->start);
      case Request::State::Waiting:
        break;
    }
    return MHD_YES;
  }

  // The headers are in: answer what needs no body, or get ready for one.
  MHD_Result begin(MHD_Connection* c, const char* url, const char* method, void** state) {
    const auto start = Clock::now();
    const Route route = ServeRoutes::route(method, url);
    if (!ServeRoutes::readsBody(route))
      return reply(c, route, routes.answer(route, method, url, {}), start);
    const ServeLimits& l = options.limits;
    size_t expected = 0;
    if (const char* length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length")) {
      // Refused before a byte of the body is read (MHD then closes the
      // connection rather than read the rest).
      const unsigned long long n = std::strtoull(length, nullptr, 10);
      if (n > l.maxBodyBytes) return reply(c, route, tooLarge(), start, true);
      expected = static_cast<size_t>(n);
    }
    auto r = std::make_unique<Request>();
    r->route = route;
    r->start = start;
    if (!reserve(*r, expected)) return reply(c, route, busy(), start, true);
    r->body.reserve(expected);
    *state = r.release();
    return MHD_YES;
  }

  // `n` more body bytes arrived: counts them against the limits, and
  // switches to dropping them once one is passed.
  void receive(Request& r, const char* data, size_t n) {
    r.received += n;
    if (r.state != Request::State::Receiving) return;
    if (r.received > options.limits.maxBodyBytes)
      refuse(r, tooLarge());
    else if (r.received > r.reserved && !reserve(r, r.received - r.reserved))
      refuse(r, busy());
    else
      r.body.append(data, n);
  }

  void refuse(Request& r, ServeResponse answer) {
    r.state = Request::State::Refusing;
    r.answer = std::move(answer);
    std::string().swap(r.body);
    release(r);
  }

  // A complete request: to a worker, the connection suspended meanwhile.
  MHD_Result dispatch(MHD_Connection* c, Request& r) {
    r.state = Request::State::Waiting;
    deadlines->enter(c, Phase::Processing);
    MHD_suspend_connection(c);
    r.dispatched = true;
    ++owed;
    Request* request = &r;
    const bool queued = pool->tryPost([this, c, request](bool cancelled) {
      request->answer = cancelled ? ServeResponse::error(503, "the server is stopping")
                                  : routes.answer(request->route, "POST", "", request->body);
      std::string().swap(request->body);
      release(*request);
      request->state = Request::State::Answered;
      MHD_resume_connection(c);  // MHD calls request() again, which replies
    });
    if (!queued) {
      ServeResponse full =
          ServeResponse::error(503, "the server is busy: too many requests are waiting");
      full.retryAfterSeconds = 1;
      request->answer = std::move(full);
      request->state = Request::State::Answered;
      MHD_resume_connection(c);
    }
    return MHD_YES;
  }

  // `hangUp`: close the connection after the answer (a body refused: the
  // client is not one to keep).
  MHD_Result reply(MHD_Connection* c, Route route, const ServeResponse& answer,
                   Clock::time_point start, bool hangUp = false) {
    MHD_Response* response = MHD_create_response_from_buffer(
        answer.body.size(), const_cast<char*>(answer.body.data()), MHD_RESPMEM_MUST_COPY);
    if (response == nullptr) return MHD_NO;
    MHD_add_response_header(response, "Content-Type", answer.contentType.c_str());
    if (hangUp) MHD_add_response_header(response, "Connection", "close");
    if (answer.retryAfterSeconds > 0)
      MHD_add_response_header(response, "Retry-After",
                              std::to_string(answer.retryAfterSeconds).c_str());
    deadlines->enter(c, Phase::Sending);
    const MHD_Result queued = MHD_queue_response(c, static_cast<unsigned>(answer.status), response);
    MHD_destroy_response(response);
    metrics.record(ServeRoutes::metricsPath(route), answer.status,
                   std::chrono::duration<double>(Clock::now() - start).count(), answer.words);
    return queued;
  }

  ServeResponse tooLarge() const {
    return ServeResponse::error(413, "the request body is larger than " +
                                         std::to_string(options.limits.maxBodyBytes) + " bytes");
  }
  static ServeResponse busy() {
    ServeResponse r =
        ServeResponse::error(503, "the server is busy: too many request bodies are held");
    r.retryAfterSeconds = 1;
    return r;
  }

  // Counts `n` more bytes of `r` against limits.maxBufferedBytes.
  bool reserve(Request& r, size_t n) {
    size_t held = buffered.load();
    do {
      if (held + n > options.limits.maxBufferedBytes) return false;
    } while (!buffered.compare_exchange_weak(held, held + n));
    r.reserved += n;
    return true;
  }
  void release(Request& r) {
    buffered -= r.reserved;
    r.reserved = 0;
  }

  Options options;
  ServeMetrics metrics;
  ServeRoutes routes;
  std::unique_ptr<WorkerPool> pool;
  std::unique_ptr<ConnectionDeadlines> deadlines;
  MHD_Daemon* daemon = nullptr;
  int listenFd = -1;
  int port = 0;
  std::atomic<size_t> buffered{0};
  std::atomic<int> owed{0};  // requests handed to the pool, not yet completed
  std::atomic<bool> serving{false};
};

ModelServer::ModelServer(const model::NerModel& model, Options options)
    : impl_(std::make_unique<Impl>(model, std::move(options))) {}

ModelServer::~ModelServer() { stop(); }

void ModelServer::start() {
  Impl& d = *impl_;
  if (d.daemon != nullptr) return;
  const ServeLimits& l = d.options.limits;
  ListenSocket socket(d.options.host, d.options.port);
  d.pool = std::make_unique<WorkerPool>(l.threads, static_cast<size_t>(std::max(1, l.maxQueued)));
  d.deadlines = std::make_unique<ConnectionDeadlines>(
      std::chrono::seconds(std::max(1, l.readTimeoutSeconds)),
      std::chrono::seconds(std::max(1, l.writeTimeoutSeconds)),
      [&d] { d.metrics.recordDropped(); });
  // MHD holds up to `held`; past `room`, the oldest waiting connections are
  // closed, so MHD never stops accepting for want of a slot.
  const unsigned held = connectionLimit(l.maxConnections + kConnectionReserve);
  const unsigned room = held > 2 * kConnectionReserve ? held - kConnectionReserve : held / 2;
  d.deadlines->setCrowding(
      std::min<unsigned>(room, static_cast<unsigned>(std::max(1, l.maxConnections))),
      static_cast<size_t>(std::max(0, l.maxConnectionsPerClient)));
  d.deadlines->start();
  // One polling thread (epoll on Linux) for every connection; suspend and
  // resume hand complete requests to the workers.
  const unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME;
  d.daemon = MHD_start_daemon(
      flags, 0, nullptr, nullptr, &Impl::onRequest, &d, MHD_OPTION_LISTEN_SOCKET, socket.fd(),
      MHD_OPTION_CONNECTION_LIMIT, held,
      // MHD's own timeout: no byte at all for this long (idle kept-alive
      // connections, a client that stops reading).
      MHD_OPTION_CONNECTION_TIMEOUT, static_cast<unsigned>(std::max(1, l.readTimeoutSeconds)),
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, kConnectionMemory, MHD_OPTION_NOTIFY_COMPLETED,
      &Impl::onCompleted, &d, MHD_OPTION_NOTIFY_CONNECTION, &Impl::onConnection, &d,
      MHD_OPTION_END);
  if (d.daemon == nullptr) {
    // MHD may have closed the socket already on some of its failure paths.
    const int fd = socket.release();
    if (::fcntl(fd, F_GETFD) != -1) ::close(fd);
    d.deadlines.reset();
    d.pool.reset();
    throw std::runtime_error("cannot start the HTTP server on " + d.options.host + ":" +
                             std::to_string(socket.port()));
  }
  d.port = socket.port();
  d.listenFd = socket.release();
  d.serving = true;
}

void ModelServer::stop() {
  Impl& d = *impl_;
  if (d.daemon == nullptr) return;
  // No new connections; then every request handed to the pool is answered
  // (queued ones with 503), and those answers get a moment to be sent.
  MHD_quiesce_daemon(d.daemon);
  d.pool->stop();
  const auto until = Clock::now() + kStopGrace;
  while (d.owed.load() > 0 && Clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  MHD_stop_daemon(d.daemon);
  d.daemon = nullptr;
  ::close(d.listenFd);  // a quiesced daemon leaves it to us
  d.listenFd = -1;
  d.deadlines.reset();
  d.pool.reset();
  d.serving = false;
}

bool ModelServer::running() const { return impl_->serving; }
int ModelServer::port() const { return impl_->port; }
std::string ModelServer::url() const {
  return "http://" + impl_->options.host + ":" + std::to_string(impl_->port);
}
const ServeMetrics& ModelServer::metrics() const { return impl_->metrics; }

}  // namespace spanforge::serve
