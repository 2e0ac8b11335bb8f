#include "training/simulation/alsimulationform.h"

#include "common/durationtext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace spanforge::ui {
namespace {

QDoubleSpinBox* percentBox(double value, double low, double high, QWidget* parent) {
  auto* box = new QDoubleSpinBox(parent);
  box->setRange(low, high);
  box->setDecimals(1);
  box->setSingleStep(1.0);
  box->setSuffix(QStringLiteral(" %"));
  box->setValue(value);
  return box;
}

}  // namespace

AlSimulationForm::AlSimulationForm(QWidget* parent)
    : QWidget(parent),
      seedShare_(percentBox(5.0, 0.5, 50.0, this)),
      stepShare_(percentBox(5.0, 0.5, 50.0, this)),
      rounds_(new QSpinBox(this)),
      seeds_(new QSpinBox(this)),
      retrain_(new QComboBox(this)),
      testShare_(percentBox(20.0, 5.0, 50.0, this)),
      fullData_(new QCheckBox(tr("Also train on all labels (the F1 to reach)"), this)),
      pretrain_(new QCheckBox(tr("Pretrain on the pool's text first"), this)),
      cost_(new QLabel(this)) {
  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  auto* boxes = new QVBoxLayout;
  boxes->setSpacing(2);
  for (const auto& info : active::strategyTable()) {
    auto* box = new QCheckBox(QString::fromLatin1(info.name), this);
    box->setToolTip(QString::fromLatin1(info.description));
    box->setChecked(info.strategy == active::Strategy::LeastConfidence ||
                    info.strategy == active::Strategy::Margin ||
                    info.strategy == active::Strategy::Random);
    boxes->addWidget(box);
    strategies_.emplace_back(info.strategy, box);
    connect(box, &QCheckBox::toggled, this, &AlSimulationForm::updateCost);
  }
  form->addRow(tr("Strategies:"), boxes);
  seedShare_->setToolTip(
      tr("A seeded random share of the pool, labelled before any strategy "
         "chooses; every strategy starts from the model trained on it."));
  form->addRow(tr("Start with:"), seedShare_);
  stepShare_->setToolTip(tr("Documents each strategy labels next, every round."));
  form->addRow(tr("Add per round:"), stepShare_);
  rounds_->setRange(2, 100);
  rounds_->setValue(6);
  rounds_->setToolTip(tr("Trainings per curve, the start set included."));
  form->addRow(tr("Rounds:"), rounds_);
  seeds_->setRange(1, 10);
  seeds_->setValue(1);
  seeds_->setToolTip(
      tr("Each seed draws another start set and trains again: the table and plot "
         "show the mean and spread over the seeds."));
  form->addRow(tr("Seeds:"), seeds_);
  // The same choice as al-simulate --retrain warm|scratch|pretrained.
  retrain_->addItem(tr("The last round's model"), static_cast<int>(active::AlRetrain::Warm));
  retrain_->addItem(tr("Random weights"), static_cast<int>(active::AlRetrain::Scratch));
  retrain_->addItem(tr("Pretrained weights"), static_cast<int>(active::AlRetrain::Pretrained));
  retrain_->setToolTip(
      tr("Where each round's training starts. Continuing from the last round is quicker; "
         "a fresh start each round can generalise better (see the README's AL table)."));
  retrain_->setCurrentIndex(
      retrain_->findData(static_cast<int>(active::AlExperimentOptions{}.retrain)));
  form->addRow(tr("Each round from:"), retrain_);
  testShare_->setToolTip(
      tr("Used only when no accepted document is marked test: this share of "
         "the training documents is held out of the pool to score on."));
  form->addRow(tr("Test set:"), testShare_);
  fullData_->setChecked(true);
  form->addRow(fullData_);
  pretrain_->setToolTip(
      tr("Pretrains once on the text of the pool and dev set ([pretraining] "
         "settings); every seed round then starts from those weights."));
  form->addRow(pretrain_);
  cost_->setWordWrap(true);
  form->addRow(cost_);
  for (QDoubleSpinBox* b : {seedShare_, stepShare_, testShare_})
    connect(b, &QDoubleSpinBox::valueChanged, this, &AlSimulationForm::updateCost);
  for (QSpinBox* b : {rounds_, seeds_})
    connect(b, &QSpinBox::valueChanged, this, &AlSimulationForm::updateCost);
  for (QCheckBox* b : {fullData_, pretrain_})
    connect(b, &QCheckBox::toggled, this, &AlSimulationForm::updateCost);
  connect(retrain_, &QComboBox::currentIndexChanged, this, &AlSimulationForm::retrainChanged);
  retrainChanged();
}

QCheckBox* AlSimulationForm::strategyBox(active::Strategy s) const {
  for (const auto& [strategy, box] : strategies_)
    if (strategy == s) return box;
  return nullptr;
}

active::AlExperimentOptions AlSimulationForm::options() const {
  active::AlExperimentOptions o;
  o.simulation.strategies.clear();
  for (const auto& [strategy, box] : strategies_)
    if (box->isChecked()) o.simulation.strategies.push_back(strategy);
  o.simulation.seedFraction = seedShare_->value() / 100.0;
  o.simulation.stepFraction = stepShare_->value() / 100.0;
  o.simulation.rounds = rounds_->value();
  o.simulation.fullData = fullData_->isChecked();
  o.seeds.clear();
  for (int s = 0; s < seeds_->value(); ++s) o.seeds.push_back(static_cast<uint64_t>(s));
  o.pretrain = pretrain_->isChecked();
  o.retrain = static_cast<active::AlRetrain>(retrain_->currentData().toInt());
  return o;
}

void AlSimulationForm::retrainChanged() {
  const auto r = static_cast<active::AlRetrain>(retrain_->currentData().toInt());
  if (r != active::AlRetrain::Warm) pretrain_->setChecked(r == active::AlRetrain::Pretrained);
  pretrain_->setEnabled(r == active::AlRetrain::Warm);
  updateCost();
}

double AlSimulationForm::testFraction() const { return testShare_->value() / 100.0; }

int AlSimulationForm::trainings() const {
  const auto o = options();
  const int strategies = static_cast<int>(o.simulation.strategies.size());
  if (strategies == 0) return 0;
  // The full-data training is the same for every seed: trained once.
  const int perSeed = 1 + strategies * (rounds_->value() - 1);
  return perSeed * seeds_->value() + (o.simulation.fullData ? 1 : 0);
}

void AlSimulationForm::setPace(double seconds, int64_t runId) {
  paceSeconds_ = seconds;
  paceRun_ = runId;
  updateCost();
}

double AlSimulationForm::estimatedSeconds() const {
  if (paceSeconds_ <= 0 || !isValid()) return -1;
  const auto o = options();
  // A training's time grows with the data it trains on: a round on 20% of
  // the pool takes about 20% of a full training (warm starts end sooner).
  double shares = seedShare_->value() / 100.0;
  for (int k = 1; k < rounds_->value(); ++k)
    shares += static_cast<double>(o.simulation.strategies.size()) *
              std::min(1.0, (seedShare_->value() + stepShare_->value() * k) / 100.0);
  shares *= seeds_->value();
  if (o.simulation.fullData) shares += 1.0;
  return shares * paceSeconds_;
}

QString AlSimulationForm::costText() const { return cost_->text(); }

void AlSimulationForm::updateCost() {
  if (!isValid()) {
    cost_->setText(tr("<b>Choose at least one strategy.</b>"));
  } else {
    const double last =
        std::min(100.0, seedShare_->value() + stepShare_->value() * (rounds_->value() - 1));
    QString text = tr("Curves up to %1 % of the pool: %2 trainings%3.")
                       .arg(last, 0, 'f', 1)
                       .arg(trainings())
                       .arg(pretrain_->isChecked() ? tr(" after one pretraining") : QString());
    const double seconds = estimatedSeconds();
    if (seconds < 0)
      text += tr(" Time: unknown until the project has a finished training run to go by.");
    else
      text += tr(" <b>About %1</b>%2, from training run %3 (%4 on all the labels).")
                  .arg(DurationText::minutes(seconds))
                  .arg(pretrain_->isChecked() ? tr(" plus the pretraining") : QString())
                  .arg(paceRun_)
                  .arg(DurationText::minutes(paceSeconds_));
    cost_->setText(text);
  }
  emit changed();
}

}  // namespace spanforge::ui
