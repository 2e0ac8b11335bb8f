#pragma once

// A ModelServer on an ephemeral loopback port with a small model and an
// httplib client, for the serve tests.
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "model/modelconfig.h"
#include "model/nermodel.h"
#include "serve/modelserver.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace spanforge::serve::testing {

// Untrained unless a test trains it; labels "person" and "location".
inline std::unique_ptr<model::NerModel> smallModel(uint64_t seed, int64_t hidden = 16) {
  model::ModelConfig c;
  c.hashRows = 500;
  c.hashSeeds = 2;
  c.wordDim = 16;
  c.charDim = 8;
  c.charFilters = 16;
  c.hidden = hidden;
  c.dropout = 0.0;
  torch::manual_seed(seed);
  return std::make_unique<model::NerModel>(c, std::vector<std::string>{"person", "location"});
}

struct ServerHarness {
  std::unique_ptr<model::NerModel> model;
  std::unique_ptr<ModelServer> server;
  std::unique_ptr<httplib::Client> client;

  ServerHarness(std::unique_ptr<model::NerModel> m, const std::string& version,
                ServeLimits limits = {})
      : model(std::move(m)) {
    ModelServer::Options o;
    o.port = 0;
    o.limits = limits;
    o.modelVersion = version;
    server = std::make_unique<ModelServer>(*model, o);
    server->start();
    client = std::make_unique<httplib::Client>("127.0.0.1", server->port());
  }

  // Status and parsed body of a POST.
  std::pair<int, nlohmann::json> post(const std::string& path, const std::string& body) const {
    const auto res = client->Post(path.c_str(), body, "application/json");
    REQUIRE(res);
    return {res->status, nlohmann::json::parse(res->body)};
  }
  std::pair<int, nlohmann::json> predict(const std::string& body) const {
    return post("/predict", body);
  }
};

// The server most tests start: a 4-label model of seed 4 under the name tiny@test.
struct TinyServer : ServerHarness {
  explicit TinyServer(ServeLimits limits = {})
      : ServerHarness(smallModel(4), "tiny@test", limits) {}
};

}  // namespace spanforge::serve::testing
