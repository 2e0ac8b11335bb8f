#include "training/dashboard/trainingstats.h"

#include "train/stopforecast.h"

#include <QGridLayout>
#include <QLabel>

#include <cmath>

namespace spanforge::ui {
namespace {

QString duration(double seconds) {
  if (seconds < 0 || !std::isfinite(seconds)) return QStringLiteral("–");
  const auto s = static_cast<qint64>(std::llround(seconds));
  if (s >= 3600)
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600)
        .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'));
  return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

// Time to go, which "0:55" was read as a clock time: "55 s left", "1 min 35 s left".
QString left(double seconds) {
  if (seconds < 0 || !std::isfinite(seconds)) return QStringLiteral("–");
  const auto s = static_cast<qint64>(std::llround(seconds));
  if (s >= 3600) return QObject::tr("%1 h %2 min left").arg(s / 3600).arg(s / 60 % 60);
  if (s >= 60) return QObject::tr("%1 min %2 s left").arg(s / 60).arg(s % 60);
  return QObject::tr("%1 s left").arg(s);
}

QString f1Text(double f1, int64_t step) {
  return QObject::tr("%1 % (step %2)").arg(100 * f1, 0, 'f', 1).arg(step);
}

}  // namespace

TrainingStats::TrainingStats(QWidget* parent) : QWidget(parent) {
  static const char* const kCaptions[] = {"Step · epoch", "Words/s", "Elapsed",
                                          "Stops by",     "Best F1", "Patience left"};
  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setHorizontalSpacing(18);
  grid->setVerticalSpacing(0);
  QFont big = font();
  big.setPointSizeF(font().pointSizeF() * 1.35);
  big.setBold(true);
  for (int i = 0; i < FieldCount; ++i) {
    auto* caption = new QLabel(tr(kCaptions[i]), this);
    caption->setForegroundRole(QPalette::PlaceholderText);
    values_[i] = new QLabel(this);
    values_[i]->setFont(big);
    values_[i]->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(caption, 0, i);
    grid->addWidget(values_[i], 1, i);
    grid->setColumnStretch(i, 1);
  }
  clear();
}

void TrainingStats::set(Field f, const QString& text) { values_[f]->setText(text); }
QString TrainingStats::value(Field f) const { return values_[f]->text(); }

void TrainingStats::clear() {
  for (QLabel* v : values_) v->setText(QStringLiteral("–"));
}

void TrainingStats::setSettings(const train::TrainingSettings& settings) {
  settings_ = settings;
  bestStep_ = 0;
  const int64_t p = settings.patience;
  set(Patience, p > 0 ? QStringLiteral("%1 / %1").arg(p) : tr("off"));
}

void TrainingStats::showStep(const train::StepEvent& e) {
  set(Step, QStringLiteral("%L1 · %2").arg(e.step).arg(e.epoch));
  set(Speed, QStringLiteral("%L1").arg(e.wordsPerSecond, 0, 'f', 0));
  set(Elapsed, duration(e.elapsedSeconds));
  const auto f = train::StopForecast::of(settings_, e.step, bestStep_, e.elapsedSeconds);
  if (f.step < 0) {
    set(Eta, e.etaSeconds >= 0 ? left(e.etaSeconds) : QStringLiteral("–"));
    values_[Eta]->setToolTip(
        tr("No step limit: the run ends at its epoch or time limit, or "
           "when stopped."));
    return;
  }
  set(Eta, tr("step %L1 · %2").arg(f.step).arg(left(f.seconds)));
  if (f.byTime) {
    values_[Eta]->setToolTip(
        tr("The time limit (max_minutes = %1) ends the run in %2, near step %L3 at this pace.")
            .arg(settings_.maxMinutes)
            .arg(duration(f.seconds))
            .arg(f.step));
    return;
  }
  QString tip = f.byPatience
                    ? tr("If dev F1 does not improve, early stopping ends the run at step %L1, "
                         "in about %2 at this pace; each new best moves it on.")
                          .arg(f.step)
                          .arg(duration(f.seconds))
                    : tr("The run ends at max_steps = %L1, in about %2 at this pace.")
                          .arg(f.step)
                          .arg(duration(f.seconds));
  if (f.byPatience && settings_.maxSteps > 0)
    tip += tr(" At most %L1 steps.").arg(settings_.maxSteps);
  values_[Eta]->setToolTip(tip);
}

void TrainingStats::showEvaluation(const train::EvaluationEvent& e) {
  bestStep_ = e.bestStep;
  set(Best, f1Text(e.bestF1, e.bestStep));
  set(Patience, e.patienceLeft < 0
                    ? tr("off")
                    : QStringLiteral("%1 / %2").arg(e.patienceLeft).arg(settings_.patience));
}

void TrainingStats::showFinished(const train::FinishedEvent& e) {
  set(Elapsed, duration(e.elapsedSeconds));
  set(Eta, tr("done"));
  if (e.bestStep > 0) set(Best, f1Text(e.best.overall.f1, e.bestStep));
}

void TrainingStats::showStored(const std::vector<store::MetricEvent>& events) {
  clear();
  double best = -1, words = 0;
  int64_t bestStep = 0, steps = 0;
  for (const auto& e : events) {
    if (e.hasScores && e.f1 > best) {
      best = e.f1;
      bestStep = e.step;
    }
    if (!e.hasScores && std::isfinite(e.wordsPerSecond)) {
      words += e.wordsPerSecond;
      ++steps;
    }
  }
  if (events.empty()) return;
  set(Step, QStringLiteral("%L1 · %2").arg(events.back().step).arg(events.back().epoch));
  if (steps) set(Speed, QStringLiteral("%L1").arg(words / steps, 0, 'f', 0));
  set(Elapsed, duration(events.back().elapsedSeconds));
  if (bestStep) set(Best, f1Text(best, bestStep));
}

}  // namespace spanforge::ui
