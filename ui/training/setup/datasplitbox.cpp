#include "training/setup/datasplitbox.h"

#include "interchange/formatfilters.h"

#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>

#include <cmath>

namespace spanforge::ui {

DataSplitBox::DataSplitBox(QWidget* parent)
    : QWidget(parent),
      seeded_(new QRadioButton(tr("Hold out a random share of the accepted documents"), this)),
      fromFile_(new QRadioButton(tr("Use a dev file:"), this)),
      fraction_(new QDoubleSpinBox(this)),
      seed_(new QSpinBox(this)),
      file_(new QLineEdit(this)),
      note_(new QLabel(this)) {
  fraction_->setObjectName(QStringLiteral("devFraction"));
  fraction_->setRange(0.5, 50.0);
  fraction_->setDecimals(1);
  fraction_->setSuffix(QStringLiteral(" %"));
  seed_->setRange(0, 1'000'000'000);
  seed_->setToolTip(tr("The same seed draws the same dev documents"));
  file_->setPlaceholderText(tr("CoNLL, JSONL, doccano or Label Studio file"));
  auto* browse = new QPushButton(tr("Browse…"), this);
  browse_ = browse;
  note_->setWordWrap(true);
  note_->setForegroundRole(QPalette::PlaceholderText);

  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(seeded_, 0, 0, 1, 4);
  grid->addWidget(new QLabel(tr("Share:"), this), 1, 0);
  grid->addWidget(fraction_, 1, 1);
  grid->addWidget(new QLabel(tr("Seed:"), this), 1, 2);
  grid->addWidget(seed_, 1, 3);
  grid->addWidget(fromFile_, 2, 0, 1, 4);
  grid->addWidget(file_, 3, 0, 1, 3);
  grid->addWidget(browse, 3, 3);
  grid->addWidget(note_, 4, 0, 1, 4);
  seeded_->setChecked(true);

  connect(seeded_, &QRadioButton::toggled, this, [this] {
    updateEnabled();
    emit changed();
  });
  connect(fraction_, &QDoubleSpinBox::valueChanged, this, &DataSplitBox::changed);
  connect(seed_, &QSpinBox::valueChanged, this, &DataSplitBox::changed);
  connect(file_, &QLineEdit::textChanged, this, &DataSplitBox::changed);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Dev File"), QString(), FormatFilters::readFilter(tr("Annotated documents")));
    if (!path.isEmpty()) setDevFile(path);
  });
  updateEnabled();
}

void DataSplitBox::setSettings(const train::DataSettings& s) {
  fraction_->setValue(s.devFraction * 100);
  seed_->setValue(static_cast<int>(s.devSeed));
}

train::DataSettings DataSplitBox::apply(train::DataSettings s) const {
  s.devFraction = fraction_->value() / 100;
  s.devSeed = seed_->value();
  return s;
}

QString DataSplitBox::devFile() const {
  return fromFile_->isChecked() ? file_->text().trimmed() : QString();
}

void DataSplitBox::setDevFile(const QString& path) {
  file_->setText(path);
  fromFile_->setChecked(!path.isEmpty());
  seeded_->setChecked(path.isEmpty());
}

void DataSplitBox::setMarkedDev(int64_t count) {
  markedDev_ = count;
  updateEnabled();
}

void DataSplitBox::updateEnabled() {
  const bool seeded = seeded_->isChecked();
  // Documents marked dev win over the draw (CorpusLoader): say so, not silently.
  fraction_->setEnabled(seeded && markedDev_ == 0);
  seed_->setEnabled(seeded && markedDev_ == 0);
  file_->setEnabled(!seeded);
  browse_->setEnabled(!seeded);
  if (markedDev_ > 0)
    seeded_->setText(
        tr("Use the %Ln accepted document(s) marked dev", nullptr, static_cast<int>(markedDev_)));
  else
    seeded_->setText(tr("Hold out a random share of the accepted documents"));
  note_->setText(seeded ? tr("Documents marked test are never trained on.")
                        : tr("Every accepted document of the project (except test) trains."));
}

}  // namespace spanforge::ui
