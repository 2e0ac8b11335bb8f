// Clients that would starve or bloat the server (issue #31): a chunked body
// past the limit, a 1 GB Content-Length, headers or a body trickled past the
// deadline. Loopback only; each test ends by itself within seconds.
#include "rawconnection.h"
#include "serve/servemetrics.h"
#include "serverharness.h"
#include "train/device/processmemory.h"

#include "torchcatch.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

using namespace spanforge;
using serve::testing::RawConnection;
using Json = nlohmann::json;
using std::chrono::milliseconds;

namespace {

using serve::testing::TinyServer;

int64_t rssMb() { return train::ProcessMemory::read().currentBytes / (1024 * 1024); }

bool healthy(const TinyServer& s) {
  httplib::Client client("127.0.0.1", s.server->port());
  client.set_read_timeout(5, 0);
  const auto res = client.Get("/health");
  return res && res->status == 200;
}

}  // namespace

TEST_CASE("serve clients: a chunked body past the limit gets 413 and is never held") {
  serve::ServeLimits limits;
  limits.maxBodyBytes = 1024 * 1024;
  const TinyServer s(limits);
  REQUIRE(healthy(s));
  const int64_t before = rssMb();
  RawConnection c(s.server->port());
  REQUIRE(c.connected());
  REQUIRE(
      c.send("POST /predict HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             "Transfer-Encoding: chunked\r\n\r\n"));
  // 256 MiB in 64 KiB chunks: 256 times the limit (httplib held it all and
  // grew by 1.2 GB for a 4 MB limit).
  const std::string chunk = "10000\r\n" + std::string(0x10000, ' ') + "\r\n";
  bool sent = true;
  for (int i = 0; i < 4096 && sent; ++i) sent = c.send(chunk);
  const int64_t during = rssMb();
  if (sent) c.send("0\r\n\r\n");
  // Answered once the body ends, and the connection closed.
  CHECK(c.closedBy(milliseconds(20000)));
  INFO(c.received());
  CHECK(c.status() == 413);
  CHECK(Json::parse(c.body())["error"] == "the request body is larger than 1048576 bytes");
  const int64_t after = rssMb();
  std::printf("chunked 256 MiB body, 1 MiB limit: RSS %lld MB before, %lld during, %lld after\n",
              static_cast<long long>(before), static_cast<long long>(during),
              static_cast<long long>(after));
  CHECK(during - before < 64);
  CHECK(after - before < 64);
  CHECK(healthy(s));
}

TEST_CASE("serve clients: a 1 GB Content-Length gets 413 before any of the body is sent") {
  const TinyServer s;  // 4 MiB limit
  RawConnection c(s.server->port());
  REQUIRE(c.connected());
  REQUIRE(
      c.send("POST /predict HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             "Content-Length: 1073741824\r\n\r\n"));
  // The answer comes, and the server hangs up rather than read a gigabyte.
  CHECK(c.closedBy(milliseconds(10000)));
  INFO(c.received());
  CHECK(c.status() == 413);
  CHECK(Json::parse(c.body()).contains("error"));
  // With Expect: 100-continue the client is told before it sends a byte.
  RawConnection e(s.server->port());
  REQUIRE(
      e.send("POST /setup HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n"
             "Content-Length: 1073741824\r\n\r\n"));
  CHECK(e.closedBy(milliseconds(10000)));
  CHECK(e.status() == 413);
  const std::string m = s.server->metrics().prometheus();
  CHECK(m.find("spanforge_requests_total{path=\"/predict\",status=\"413\"} 1\n") !=
        std::string::npos);
  CHECK(m.find("spanforge_requests_total{path=\"/setup\",status=\"413\"} 1\n") !=
        std::string::npos);
}

TEST_CASE("serve clients: headers trickled past the deadline are dropped while /health answers") {
  serve::ServeLimits limits;
  limits.readTimeoutSeconds = 1;
  const TinyServer s(limits);
  RawConnection slow(s.server->port());
  REQUIRE(slow.connected());
  REQUIRE(slow.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
  // A byte every 100 ms: never idle long enough for an idle timeout, and
  // never done. Bounded: 60 bytes (6 s).
  bool dropped = false;
  int healthAnswers = 0;
  for (int i = 0; i < 60 && !dropped; ++i) {
    dropped = !slow.send("a") || slow.closedBy(milliseconds(100));
    if (i % 5 == 0 && healthy(s)) ++healthAnswers;
  }
  CHECK(dropped);
  CHECK(slow.received().empty());  // dropped, not answered
  CHECK(healthAnswers >= 2);
  CHECK(s.server->metrics().dropped() == 1);
  CHECK(healthy(s));
}

TEST_CASE("serve clients: a body trickled past the deadline is dropped") {
  serve::ServeLimits limits;
  limits.readTimeoutSeconds = 1;
  const TinyServer s(limits);
  RawConnection slow(s.server->port());
  REQUIRE(slow.send("POST /predict HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n"));
  bool dropped = false;
  for (int i = 0; i < 60 && !dropped; ++i)
    dropped = !slow.send(i == 0 ? "{" : " ") || slow.closedBy(milliseconds(100));
  CHECK(dropped);
  CHECK(slow.received().empty());
  CHECK(s.server->metrics().dropped() == 1);
  // A kept-alive client that is quick is not: two requests on one connection.
  httplib::Client client("127.0.0.1", s.server->port());
  for (int i = 0; i < 2; ++i) {
    const auto res = client.Post("/predict", R"({"texts": ["quick"]})", "application/json");
    REQUIRE(res);
    CHECK(res->status == 200);
  }
}

TEST_CASE("serve clients: more connections than workers still get /health at once") {
  serve::ServeLimits limits;
  limits.threads = 1;
  const TinyServer s(limits);
  // Eight connections holding half a request each: with a worker per
  // connection (the old server), these starved /health.
  std::vector<std::unique_ptr<RawConnection>> idle;
  for (int i = 0; i < 8; ++i) {
    idle.push_back(std::make_unique<RawConnection>(s.server->port()));
    REQUIRE(idle.back()->send("POST /predict HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{"));
  }
  for (int i = 0; i < 4; ++i) CHECK(healthy(s));
  const auto [status, j] = s.predict(R"({"texts": ["still predicting"]})");
  CHECK(status == 200);
}
