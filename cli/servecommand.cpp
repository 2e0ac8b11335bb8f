#include "cli/servecommand.h"

#include "cli/ensembleoption.h"
#include "cli/interruptguard.h"
#include "model/computethreads.h"
#include "serve/modelserver.h"
#include "train/package/ensembleloader.h"
#include "train/package/modelpackage.h"

#include <sys/resource.h>
#include <CLI/CLI.hpp>

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <thread>

namespace spanforge::cli {

CLI::App* ServeCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "serve",
      "Serve a model package over HTTP: POST /predict, GET /health, GET /metrics (until Ctrl-C).");
  cmd->add_option("MODEL_DIR", model_, "Model package directory")
      ->required()
      ->check(CLI::ExistingDirectory);
  addEnsembleOption(*cmd, members_);
  cmd->add_option("--host", host_,
                  "Address to listen on; anything but 127.0.0.1 lets other machines in")
      ->capture_default_str();
  cmd->add_option("--port", port_, "Port to listen on; 0 = any free port (printed)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--threads", limits_.threads, "Requests served at once")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--max-documents", limits_.maxDocuments,
                  "Texts or records per request; more get HTTP 413")
      ->check(CLI::Range(int64_t{1}, int64_t{1000000}))
      ->capture_default_str();
  cmd->add_option("--max-tokens", limits_.maxTokens,
                  "Tokens per request, pre-tokenised ones included; more get HTTP 413")
      ->check(CLI::Range(int64_t{1}, int64_t{100000000}))
      ->capture_default_str();
  cmd->add_option("--max-tasks", limits_.maxTasks,
                  "Label Studio tasks per request; more get HTTP 413")
      ->check(CLI::Range(int64_t{1}, int64_t{1000000}))
      ->capture_default_str();
  cmd->add_option("--max-body-mb", maxBodyMb_,
                  "Largest request body in MB, chunked ones too; larger get HTTP 413")
      ->check(CLI::Range(0.001, 1024.0))
      ->capture_default_str();
  cmd->add_option("--timeout", limits_.readTimeoutSeconds,
                  "Seconds a client may take to send a whole request, or to read the answer; "
                  "a slower one is disconnected")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  cmd->add_option("--max-connections", limits_.maxConnections,
                  "Open connections at once, slow ones included; past it the longest idle ones "
                  "are closed")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--max-connections-per-client", limits_.maxConnectionsPerClient,
                  "Open connections from one client address; past it that client's longest "
                  "idle ones are closed (0 = no limit)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  cmd->add_option("--max-queued", limits_.maxQueued,
                  "Requests waiting for a thread; more get HTTP 503 with Retry-After")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  return cmd;
}

int ServeCommand::run(Console& console) {
  // Requests run side by side, one thread each.
  model::ComputeThreads::apply(1);
  // Room for --max-connections sockets: the soft limit is often 1024.
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &files);
  }
  const train::ModelPackage package = train::EnsembleLoader::load(model_, members_);
  serve::ModelServer::Options options;
  options.host = host_;
  options.port = port_;
  options.limits = limits_;
  options.limits.writeTimeoutSeconds = limits_.readTimeoutSeconds;
  options.limits.maxBodyBytes = static_cast<size_t>(maxBodyMb_ * 1024 * 1024);
  options.modelVersion = std::filesystem::path(model_).lexically_normal().filename().string() +
                         "@" + package.info().created;
  serve::ModelServer server(package.model(), options);
  try {
    server.start();
  } catch (const std::runtime_error& e) {
    console.err << "error: " << e.what() << "\n";
    return kBadInput;
  }
  console.out << "Serving " << model_ << " (" << options.modelVersion << ") at " << server.url()
              << "\n"
              << std::flush;
  console.err << "POST /predict, GET /health, GET /metrics; Ctrl-C stops.\n";
  const InterruptGuard interrupt;
  while (!interrupt.flag().load() && server.running())
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  server.stop();
  console.err << "Stopped.\n";
  return kOk;
}

}  // namespace spanforge::cli
