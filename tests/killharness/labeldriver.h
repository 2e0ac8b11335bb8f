#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>

class QSettings;

namespace spanforge::store {
class ProjectStore;
}
namespace spanforge::ui {
class MainWindow;
}

namespace spanforge::killharness {

class ActionRunner;
class EditorDriver;
class JournalWriter;
class LabelActions;
class SpanActions;

// spanforge-labeldriver: the real main window (offscreen) on a project, driven
// by a seeded random stream of labelling actions until it is killed (or until
// `actions` were done). Every action is journaled (see ActionRunner); with
// autoRetrain > 0 the window also retrains after every that many accepted
// documents (Train > Retrain Automatically) with the config at configPath.
class LabelDriver {
 public:
  struct Options {
    std::string project, journal, settings, configPath;
    uint64_t seed = 1;
    int64_t baseDocs = 0;  // documents 1..baseDocs are the ones labelled
    int autoRetrain = 0;
    int64_t actions = 0;  // 0: forever
    int pauseMs = 2;      // event loop time between actions: short, so kills land mid-action
  };

  explicit LabelDriver(Options options);
  ~LabelDriver();

  // 0 after `actions` actions without a mismatch, 1 with mismatches, 2 when
  // the project cannot be opened.
  int run();

 private:
  bool open();
  void useLatestModel();
  void startAutoRetrain();
  void closeModals();
  bool step();

  Options options_;
  std::mt19937_64 rng_;
  std::unique_ptr<JournalWriter> journal_;
  std::unique_ptr<QSettings> settings_;
  std::unique_ptr<ui::MainWindow> window_;
  std::unique_ptr<store::ProjectStore> reader_;
  std::unique_ptr<EditorDriver> editor_;
  std::unique_ptr<ActionRunner> runner_;
  std::unique_ptr<SpanActions> spans_;
  std::unique_ptr<LabelActions> labels_;
};

}  // namespace spanforge::killharness
