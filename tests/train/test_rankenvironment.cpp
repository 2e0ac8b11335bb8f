#include "train/distributed/distributederror.h"
#include "train/distributed/rankenvironment.h"

#include "catchapi.h"

#include <cstdlib>

using spanforge::train::DistributedError;
using spanforge::train::RankEnvironment;

namespace {

// torchrun's variables for one test, unset afterwards.
struct Env {
  Env(const char* rank, const char* world, const char* addr, const char* port) {
    for (const char* n : {"RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT"})
      unsetenv(n);
    if (rank) setenv("RANK", rank, 1);
    if (world) setenv("WORLD_SIZE", world, 1);
    if (addr) setenv("MASTER_ADDR", addr, 1);
    if (port) setenv("MASTER_PORT", port, 1);
  }
  ~Env() {
    for (const char* n : {"RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT"})
      unsetenv(n);
  }
};

std::string errorOf(const Env&) {
  try {
    RankEnvironment::fromEnvironment();
  } catch (const DistributedError& x) {
    return x.what();
  }
  return "";
}

}  // namespace

TEST_CASE("no WORLD_SIZE: not a multi-process run") {
  const Env env(nullptr, nullptr, nullptr, nullptr);
  CHECK_FALSE(RankEnvironment::fromEnvironment().has_value());
}

TEST_CASE("torchrun's variables give the rank, size and rendezvous") {
  const Env env("1", "4", "10.0.0.2", "29500");
  setenv("LOCAL_RANK", "0", 1);
  const auto r = RankEnvironment::fromEnvironment();
  REQUIRE(r.has_value());
  CHECK(r->rank == 1);
  CHECK(r->worldSize == 4);
  CHECK(r->localRank == 0);
  CHECK(r->masterAddr == "10.0.0.2");
  CHECK(r->masterPort == 29500);
}

TEST_CASE("LOCAL_RANK defaults to RANK") {
  const Env env("2", "3", "127.0.0.1", "1234");
  CHECK(RankEnvironment::fromEnvironment()->localRank == 2);
}

TEST_CASE("a missing or malformed variable is named") {
  CHECK(errorOf(Env(nullptr, "2", "h", "1")).find("RANK is not set") != std::string::npos);
  CHECK(errorOf(Env("2", "2", "h", "1")).find("RANK=\"2\": expected a whole number from 0 to 1") !=
        std::string::npos);
  CHECK(errorOf(Env("0", "two", "h", "1")).find("WORLD_SIZE=\"two\"") != std::string::npos);
  CHECK(errorOf(Env("0", "2", nullptr, "1")).find("MASTER_ADDR is not set") != std::string::npos);
  CHECK(errorOf(Env("0", "2", "h", nullptr)).find("MASTER_PORT is not set") != std::string::npos);
  CHECK(errorOf(Env("0", "2", "h", "70000")).find("MASTER_PORT=\"70000\"") != std::string::npos);
}

TEST_CASE("a one-process world needs no rendezvous") {
  const Env env("0", "1", nullptr, nullptr);
  const auto r = RankEnvironment::fromEnvironment();
  REQUIRE(r.has_value());
  CHECK(r->worldSize == 1);
}
