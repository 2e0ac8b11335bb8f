#include "cli/initcommand.h"

#include "cli/progressbar.h"
#include "project/demoproject.h"
#include "store/labelname.h"
#include "store/projectstore.h"

#include <CLI/CLI.hpp>

#include <sstream>
#include <string>
#include <vector>

namespace spanforge::cli {

CLI::App* InitCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand("init", "Create a new, empty project file (or the demo project).");
  cmd->add_option("PROJECT", path_, "Project file to create (must not exist)")->required();
  cmd->add_option("--labels", labels_, "Comma-separated entity labels, e.g. PER,ORG,LOC");
  cmd->add_flag("--demo", demo_,
                "Fill it with WNUT-17: train as accepted gold, dev and test as an unlabelled pool");
  cmd->footer(std::string(project::demoAttribution()));
  return cmd;
}

int InitCommand::run(Console& console) {
  if (demo_) {
    ProgressBar bar(console.err, console.errIsTerminal, "demo");
    const auto report = project::createDemoProject(
        path_, [&](const project::ImportProgress& p) { bar.update(p.bytesDone, p.bytesTotal); });
    bar.finish();
    console.err << "Created demo project " << path_ << " with " << report.imported
                << " documents.\n";
    return kOk;
  }
  std::vector<std::string> names;
  std::stringstream ss(labels_);
  for (std::string name; std::getline(ss, name, ',');) {
    if (name.empty()) continue;
    store::LabelName::check(name);  // before the file exists: a bad name leaves nothing behind
    names.push_back(name);
  }
  auto project = store::ProjectStore::create(path_);
  int added = 0;
  {
    store::Transaction tx(project->db());
    for (const auto& name : names) {
      project->labels().add(name);
      ++added;
    }
    tx.commit();
  }
  console.err << "Created project " << path_ << " with " << added << " label(s).\n";
  return kOk;
}

}  // namespace spanforge::cli
