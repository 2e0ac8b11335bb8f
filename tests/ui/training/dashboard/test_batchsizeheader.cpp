// batch_size = "auto": the size chosen joins the live header, with what was
// measured in its tooltip; a new run starts without them.
#include "training/dashboard/trainingdashboard.h"
#include "training/trainingworker.h"

#include "catchapi.h"

#include <QLabel>

using namespace spanforge;
using namespace spanforge::ui;

namespace {

train::BatchSizeEvent choice() {
  train::BatchSizeEvent e;
  e.words = 1024;
  e.memoryLimitBytes = int64_t{6000} << 20;
  e.seconds = 3.2;
  e.trials = {{512, 6100.0, int64_t{300} << 20, true},
              {1024, 7400.0, int64_t{340} << 20, true},
              {2048, 0.0, int64_t{7000} << 20, false}};
  return e;
}

QString stateToolTip(const TrainingDashboard& dash) {
  for (auto* label : dash.findChildren<QLabel*>())
    if (label->text() == dash.stateText()) return label->toolTip();
  return {};
}

}  // namespace

TEST_CASE("Dashboard: the batch size auto chose is in the header, the trials in its tooltip") {
  TrainingDashboard dash;
  TrainingStart start;
  start.runId = 3;
  start.device = QStringLiteral("cpu");
  dash.startLive(start);
  dash.showBatchSize(choice());
  CHECK(dash.stateText().contains(QStringLiteral("batch 1,024 words (auto)")));
  const QString tip = stateToolTip(dash);
  CHECK(tip.contains(QStringLiteral("512 words: 6,100 words/s, 300 MB")));
  CHECK(tip.contains(QStringLiteral("2,048 words: over the 6,000 MB limit")));

  dash.startLive(start);  // the next run
  CHECK_FALSE(dash.stateText().contains(QStringLiteral("auto")));
  CHECK(stateToolTip(dash).isEmpty());
}

TEST_CASE("Dashboard: a batch size after the run ended changes nothing") {
  TrainingDashboard dash;
  dash.clear();
  const QString before = dash.stateText();
  dash.showBatchSize(choice());
  CHECK(dash.stateText() == before);
}
