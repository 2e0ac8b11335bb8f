#pragma once

#include "cli/command.h"
#include "serve/servelimits.h"

#include <string>
#include <vector>

namespace spanforge::cli {

// serve MODEL_DIR [--with DIR]... [--host H] [--port P] [--threads N] [limits]: an HTTP
// server for a model package (serve::ModelServer) until Ctrl-C.
class ServeCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string model_;
  std::vector<std::string> members_;  // --with
  std::string host_ = "127.0.0.1";
  int port_ = 9090;
  serve::ServeLimits limits_;
  double maxBodyMb_ = 4.0;
};

}  // namespace spanforge::cli
