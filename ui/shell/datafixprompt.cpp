#include "shell/datafixprompt.h"

#include "project/datafixes.h"
#include "session/annotationsession.h"
#include "training/trainingpanel.h"

#include <QMessageBox>
#include <QPushButton>

#include <exception>

namespace spanforge::ui {

DataFixPrompt::DataFixPrompt(TrainingPanel* panel, QWidget* window)
    : QObject(window), panel_(panel), window_(window) {}

bool DataFixPrompt::run() {
  if (!session_) return false;
  project::FixPlan plan;
  try {
    plan = project::DataFixes::plan(session_->project());
  } catch (const std::exception& e) {
    QMessageBox::warning(window_, tr("Fix Data"),
                         tr("Cannot read the documents: %1").arg(QString::fromUtf8(e.what())));
    return false;
  }
  const QString summary = QString::fromStdString(plan.summary());
  if (plan.empty()) {
    QMessageBox::information(window_, tr("Fix Data"), summary);
    return false;
  }
  QMessageBox box(QMessageBox::Question, tr("Fix Data"),
                  tr("%1\n\nThis changes %n accepted document(s). Edit > Undo takes it all back.",
                     nullptr, static_cast<int>(plan.documents.size()))
                      .arg(summary),
                  QMessageBox::Cancel, window_);
  QPushButton* fix = box.addButton(tr("Fix"), QMessageBox::AcceptRole);
  box.setDefaultButton(fix);
  box.exec();
  if (box.clickedButton() != fix) return false;
  if (!session_->applyFixes(plan)) {
    QMessageBox::warning(window_, tr("Fix Data"), session_->lastError());
    return false;
  }
  panel_->checkData();  // the list shows what is left
  return true;
}

}  // namespace spanforge::ui
