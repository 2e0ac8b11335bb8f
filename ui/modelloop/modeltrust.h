#pragma once

#include <QString>

#include <QStringList>
#include <functional>
#include <memory>

#include <set>
#include <string>

class QMessageBox;
class QSettings;
class QWidget;

namespace spanforge::ui {

// Decides whether the GUI may load the model package a project names
// (issue #31: files from other people are data). A project from elsewhere
// may point its current model at any folder on this computer, so a package
// outside the project's folder is loaded only after the user agreed, once
// per folder (kept in QSettings). A package in the old format that can carry
// code (weights.pt) is converted only after the user agreed, once per folder
// and session; declining leaves it unloaded.
class ModelTrust {
 public:
  enum class Question {
    OutsideProject,  // the package lies outside the project's folder
    OldFormat,       // weights.pt: convert it (running its loader) or not
  };
  // Shows the question about `folder`; true: the user agreed.
  using Asker = std::function<bool(Question, const QString& folder)>;

  // Asks with message boxes over `parent` unless setAsker() replaces them.
  ModelTrust(QSettings& settings, QWidget* parent);

  void setAsker(Asker asker) { asker_ = std::move(asker); }

  // Whether the package at `packageDir` that the project at `projectPath`
  // names may be loaded now; asks when needed. On false, `why` says why
  // (for the status bar).
  bool admit(const std::string& projectPath, const std::string& packageDir, QString* why);

  // The message box that asks `question` about `folder`: its AcceptRole
  // button agrees, its RejectRole button (the default) declines.
  static std::unique_ptr<QMessageBox> questionBox(Question question, const QString& folder,
                                                  QWidget* parent);

  // Folders the user agreed to load models from (resolved paths).
  QStringList trustedFolders() const;

 private:
  bool ask(Question question, const QString& folder);
  bool askAboutOldFormat(const std::string& packageDir, QString* why);

  QSettings& settings_;
  QWidget* parent_;
  Asker asker_;
  // Questions declined in this session, as "question:folder": asked once.
  std::set<QString> declined_;
};

}  // namespace spanforge::ui
