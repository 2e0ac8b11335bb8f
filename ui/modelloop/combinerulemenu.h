#pragma once

#include "active/suggestioncombiner.h"

#include <QMenu>

class QActionGroup;
class QSettings;

namespace spanforge::ui {

class SuggestionController;

// Model > Model and Pattern Suggestions: how a model's suggestions and
// pattern matches share a document (model first, patterns first, or both,
// the better score showing where they overlap). The choice is kept in the
// application's settings and handed to the suggestion controller.
class CombineRuleMenu : public QMenu {
  Q_OBJECT

 public:
  CombineRuleMenu(SuggestionController* suggestions, QSettings& settings,
                  QWidget* parent = nullptr);

  active::CombineRule rule() const;
  void setRule(active::CombineRule rule);

 private:
  SuggestionController* suggestions_;
  QSettings& settings_;
  QActionGroup* group_;
};

}  // namespace spanforge::ui
