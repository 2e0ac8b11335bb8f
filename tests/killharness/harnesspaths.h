#pragma once

#include <string>

namespace spanforge::killharness {

// Where everything of one harness directory lives.
struct HarnessPaths {
  explicit HarnessPaths(const std::string& d)
      : dir(d),
        project(d + "/project.spanforge"),
        state(d + "/killharness.state"),
        modelDir(d + "/model"),
        guiModels(d + "/project.models"),  // TrainingWorker::modelDirectory
        trainConfig(d + "/tiny.toml"),
        importFile(d + "/import.jsonl"),
        exportFile(d + "/export.jsonl"),
        journal(d + "/journal.jsonl"),
        settings(d + "/driver.ini"),
        log(d + "/child.log") {}

  std::string dir, project, state, modelDir, guiModels, trainConfig, importFile, exportFile,
      journal, settings, log;
};

}  // namespace spanforge::killharness
