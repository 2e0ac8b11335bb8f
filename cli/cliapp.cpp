#include "cli/cliapp.h"

#include "cli/alsimulatecommand.h"
#include "cli/calibratecommand.h"
#include "cli/debugdatacommand.h"
#include "cli/devicescommand.h"
#include "cli/evaluatecommand.h"
#include "cli/exportcommand.h"
#include "cli/importcommand.h"
#include "cli/initcommand.h"
#include "cli/initconfigcommand.h"
#include "cli/patternscommand.h"
#include "cli/predictcommand.h"
#include "cli/pretraincommand.h"
#include "cli/rankcommand.h"
#include "cli/repaircommand.h"
#include "cli/servecommand.h"
#include "cli/statscommand.h"
#include "cli/traincommand.h"
#include "cli/trainworkercommand.h"
#include "cli/upgradepackagecommand.h"
#include "io/inputerror.h"
#include "io/writeerror.h"
#include "store/storeerror.h"
#include "text/printable.h"
#include "train/config/configerror.h"
#include "train/device/torchbuild.h"
#include "train/distributed/distributederror.h"
#include "train/package/modelpackageerror.h"
#include "train/trainingerror.h"
#include "transformer/modelfoldererror.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <vector>

namespace spanforge::cli {

int runCli(int argc, const char* const* argv, std::ostream& out, std::ostream& err,
           bool errIsTerminal) {
  Console console{out, err, errIsTerminal};
  CLI::App app{
      "spanforge-cli: label, import, export, check and train named-entity models headless.",
      "spanforge-cli"};
  app.require_subcommand(1);
  // Second line: which libtorch (and CUDA) this binary runs on, for bug reports.
  app.set_version_flag("--version", [] {
    return "spanforge-cli 0.1.0\nbuilt with " + train::TorchBuild::summary();
  });

  std::vector<std::unique_ptr<Command>> commands;
  commands.push_back(std::make_unique<InitCommand>());
  commands.push_back(std::make_unique<ImportCommand>());
  commands.push_back(std::make_unique<ExportCommand>());
  commands.push_back(std::make_unique<StatsCommand>());
  commands.push_back(std::make_unique<DebugDataCommand>());
  commands.push_back(std::make_unique<InitConfigCommand>());
  commands.push_back(std::make_unique<PretrainCommand>());
  commands.push_back(std::make_unique<TrainCommand>());
  commands.push_back(std::make_unique<TrainWorkerCommand>());
  commands.push_back(std::make_unique<EvaluateCommand>());
  commands.push_back(std::make_unique<CalibrateCommand>());
  commands.push_back(std::make_unique<PredictCommand>());
  commands.push_back(std::make_unique<RankCommand>());
  commands.push_back(std::make_unique<PatternsCommand>());
  commands.push_back(std::make_unique<AlSimulateCommand>());
  commands.push_back(std::make_unique<ServeCommand>());
  commands.push_back(std::make_unique<RepairCommand>());
  commands.push_back(std::make_unique<UpgradePackageCommand>());
  commands.push_back(std::make_unique<DevicesCommand>());
  std::vector<CLI::App*> subs;
  for (auto& c : commands) subs.push_back(c->setup(app));

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return kOk;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return kOk;
  } catch (const CLI::Success& e) {  // --version
    out << e.what() << "\n";
    return kOk;
  } catch (const CLI::ParseError& e) {
    err << "error: " << text::printable(e.what()) << "\nRun with --help for usage.\n";
    return kBadInput;
  }

  for (size_t i = 0; i < commands.size(); ++i) {
    if (!subs[i]->parsed()) continue;
    try {
      return commands[i]->run(console);
    } catch (const io::InputError& e) {
      err << "error: " << text::printable(e.what()) << "\n";
      return kBadInput;
    } catch (const io::WriteError& e) {  // data the chosen format cannot express
      err << "error: " << text::printable(e.what()) << "\n";
      return kBadInput;
    } catch (const train::ConfigError& e) {
      err << "error: " << text::printable(e.what()) << "\n";
      return kBadInput;
    } catch (const store::StoreError& e) {
      err << "error: " << text::printable(e.what()) << "\n";
      return kBadInput;
    } catch (const train::ModelPackageError& e) {  // missing, corrupt or incompatible model
      err << "error: " << text::printable(e.what()) << "\n";
      return kBadInput;
    } catch (const train::DistributedError& e) {  // a rank that failed or never started
      err << "error: " << text::printable(e.what()) << "\n";
      return kBadInput;
    } catch (const train::TrainingError& e) {
      err << "error: " << text::printable(e.what()) << "\n";
      return kBadInput;
    } catch (const transformer::ModelFolderError& e) {  // a Hugging Face folder we cannot use
      err << "error: " << text::printable(e.what()) << "\n";
      return kBadInput;
    } catch (const std::exception& e) {
      err << "internal error: " << text::printable(e.what()) << "\n";
      return kInternalError;
    }
  }
  return kInternalError;
}

}  // namespace spanforge::cli
