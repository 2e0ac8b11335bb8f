#include "cli/devicescommand.h"

#include "train/device/computedevice.h"
#include "train/device/cudadevices.h"
#include "train/device/hostcpu.h"
#include "train/device/torchbuild.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iomanip>

namespace spanforge::cli {
namespace {

std::string gib(int64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GiB", static_cast<double>(bytes) / (1024.0 * 1024 * 1024));
  return buf;
}

}  // namespace

CLI::App* DevicesCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "devices", "List the devices training can use here (CPU, CUDA GPUs) and the libtorch build.");
  cmd->add_flag("--json", json_, "Print JSON instead of a table");
  return cmd;
}

int DevicesCommand::run(Console& console) {
  const train::HostCpu cpu = train::HostCpu::read();
  const auto gpus = train::CudaDevices::list();
  const std::string picked = train::ComputeDevice::resolve("auto");
  const std::string problem = train::ComputeDevice::cudaProblem();

  nlohmann::ordered_json j;
  j["torch"] = train::TorchBuild::torchVersion();
  j["cuda"] = train::TorchBuild::cudaVersion();  // "" for a CPU build
  nlohmann::ordered_json devices = nlohmann::ordered_json::array();
  devices.push_back({{"device", "cpu"},
                     {"name", cpu.name},
                     {"threads", cpu.threads},
                     {"memory_bytes", cpu.memoryBytes}});
  for (const auto& g : gpus)
    devices.push_back({{"device", g.device()}, {"name", g.name}, {"memory_bytes", g.totalBytes}});
  j["devices"] = devices;
  j["cuda_problem"] = problem;
  j["auto"] = picked;
  if (json_) {
    console.out << j.dump(2) << "\n";
    return kOk;
  }

  console.out << "Built with " << train::TorchBuild::summary() << "\n\n";
  console.out << std::left << std::setw(9) << "cpu" << cpu.name << ", " << cpu.threads
              << " threads, " << gib(cpu.memoryBytes) << "\n";
  for (const auto& g : gpus)
    console.out << std::setw(9) << g.device() << g.name << ", " << gib(g.totalBytes) << "\n";
  if (gpus.empty())
    console.out << std::setw(9) << "cuda"
                << "not available: " << problem << "\n";
  console.out << "\ndevice = \"auto\" trains on: " << picked << "\n";
  return kOk;
}

}  // namespace spanforge::cli
