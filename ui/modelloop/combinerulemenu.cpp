#include "modelloop/combinerulemenu.h"

#include "modelloop/suggestioncontroller.h"

#include <QActionGroup>
#include <QSettings>

namespace spanforge::ui {

namespace {
const char* const kRuleKey = "suggestions/combine";
}  // namespace

CombineRuleMenu::CombineRuleMenu(SuggestionController* suggestions, QSettings& settings,
                                 QWidget* parent)
    : QMenu(tr("Model and &Pattern Suggestions"), parent),
      suggestions_(suggestions),
      settings_(settings),
      group_(new QActionGroup(this)) {
  using Rule = active::CombineRule;
  const struct {
    Rule rule;
    QString text;
    QString tip;
  } choices[] = {
      {Rule::ModelFirst, tr("&Model First"),
       tr("A pattern match shows only where the model suggests nothing")},
      {Rule::PatternsFirst, tr("&Patterns First"),
       tr("A model suggestion shows only where no pattern matches")},
      {Rule::Both, tr("&Both, Better Score Shows"),
       tr("Both show; where they overlap, the better score wins (a pattern's score is how "
          "often people accepted it)")},
  };
  for (const auto& c : choices) {
    QAction* a = addAction(c.text);
    a->setCheckable(true);
    a->setStatusTip(c.tip);
    a->setData(QString::fromLatin1(active::SuggestionCombiner::name(c.rule)));
    group_->addAction(a);
  }
  connect(group_, &QActionGroup::triggered, this, [this] { setRule(rule()); });
  const auto stored =
      active::SuggestionCombiner::parse(settings_.value(kRuleKey).toString().toStdString());
  setRule(stored.value_or(Rule::ModelFirst));
}

active::CombineRule CombineRuleMenu::rule() const {
  const QAction* checked = group_->checkedAction();
  const auto r = checked
                     ? active::SuggestionCombiner::parse(checked->data().toString().toStdString())
                     : std::nullopt;
  return r.value_or(active::CombineRule::ModelFirst);
}

void CombineRuleMenu::setRule(active::CombineRule rule) {
  const QString name = QString::fromLatin1(active::SuggestionCombiner::name(rule));
  for (QAction* a : group_->actions()) a->setChecked(a->data().toString() == name);
  settings_.setValue(kRuleKey, name);
  suggestions_->setCombineRule(rule);
}

}  // namespace spanforge::ui
