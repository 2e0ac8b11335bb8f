#include "training/pretraindialog.h"

#include "common/durationtext.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace spanforge::ui {
PretrainDialog::PretrainDialog(const train::PretrainingSettings& s, int64_t documents,
                               double secondsPerStep, const QString& paceFrom,
                               const std::optional<StoppedPretraining>& stopped, QWidget* parent)
    : QDialog(parent), text_(new QLabel(this)) {
  setWindowTitle(tr("Pretrain on Unlabelled Documents"));
  QString what =
      tr("<p>Pretraining teaches the model's word features and encoder the language of this "
         "project before any labels: it blanks out %1% of the words of each batch and learns to "
         "guess their first and last %2 characters from the words around them. New models can "
         "then start from these weights (Setup &gt; Start from), which helps most while few "
         "documents are labelled.</p>")
          .arg(std::lround(s.maskRate * 100))
          .arg(s.characters);
  what += tr("<p>It reads the texts of <b>%L1 documents</b> (labels are not used; documents "
             "marked test are left out).</p>")
              .arg(documents);
  // Which limit ends it, and the time at the pace of a run before.
  double seconds = -1;
  QString limit;
  if (s.maxSteps > 0) {
    limit = tr("%L1 steps of %L2 words").arg(s.maxSteps).arg(s.batchWords);
    if (secondsPerStep > 0) seconds = secondsPerStep * static_cast<double>(s.maxSteps);
  }
  if (s.maxEpochs > 0)
    limit += (limit.isEmpty() ? QString() : tr(" or ")) +
             tr("%n pass(es) over the texts", nullptr, static_cast<int>(s.maxEpochs));
  if (s.maxMinutes > 0) {
    limit +=
        (limit.isEmpty() ? QString() : tr(", at most ")) + DurationText::minutes(s.maxMinutes * 60);
    seconds = seconds < 0 ? s.maxMinutes * 60 : std::min(seconds, s.maxMinutes * 60);
  }
  what += tr("<p>It stops after %1 (the [pretraining] settings, under Show every setting). ")
              .arg(limit);
  what += seconds > 0 ? tr("<b>About %1</b> at the pace of %2.</p>")
                            .arg(DurationText::minutes(seconds), paceFrom)
                      : tr("How long that takes shows once a pretraining has run: a labelled "
                           "training's pace says little, since pretraining predicts characters "
                           "of every blanked word.</p>");
  if (stopped) {
    what += tr("<p><b>Pretraining run %1 stopped at step %L2.</b> Resume goes on from there, "
               "to the weights it would have reached unstopped, if the documents' texts are "
               "unchanged (else it starts again at step 0). ")
                .arg(stopped->runId)
                .arg(stopped->step);
    if (s.maxSteps > stopped->step && secondsPerStep > 0)
      what += tr("That leaves about %1. ")
                  .arg(DurationText::minutes(secondsPerStep *
                                             static_cast<double>(s.maxSteps - stopped->step)));
    what += tr("Start Afresh begins at step 0 in a new folder.</p>");
  }
  what +=
      tr("<p>Labelling goes on meanwhile; Stop on the Dashboard keeps the weights so far "
         "without making them the starting point.</p>");
  text_->setText(what);
  text_->setWordWrap(true);
  text_->setTextFormat(Qt::RichText);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  start_ = buttons->addButton(stopped ? tr("Start Afresh") : tr("Start Pretraining"),
                              QDialogButtonBox::AcceptRole);
  start_->setDefault(!stopped);
  if (stopped) {
    resume_ =
        buttons->addButton(tr("Resume Run %1").arg(stopped->runId), QDialogButtonBox::ActionRole);
    resume_->setDefault(true);
    connect(resume_, &QPushButton::clicked, this, [this] {
      resumeChosen_ = true;
      accept();
    });
  }
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(text_);
  layout->addWidget(buttons);
  setMinimumWidth(480);
}

QString PretrainDialog::text() const { return text_->text(); }

}  // namespace spanforge::ui
