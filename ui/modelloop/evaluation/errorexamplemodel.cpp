#include "modelloop/evaluation/errorexamplemodel.h"

namespace spanforge::ui {

namespace {

QString withoutNewlines(const std::string& s) {
  QString t = QString::fromStdString(s);
  t.replace(QLatin1Char('\n'), QLatin1Char(' '));
  return t;
}

QString labelOf(const std::optional<text::Span>& s) {
  return s ? QString::fromStdString(s->label) : QStringLiteral("—");
}

}  // namespace

ErrorExampleModel::ErrorExampleModel(QObject* parent) : QAbstractTableModel(parent) {}

void ErrorExampleModel::setExamples(std::shared_ptr<const active::DevEvaluation> evaluation,
                                    std::vector<size_t> indexes) {
  beginResetModel();
  evaluation_ = std::move(evaluation);
  indexes_ = evaluation_ ? std::move(indexes) : std::vector<size_t>{};
  endResetModel();
}

const active::DevExample& ErrorExampleModel::example(int row) const {
  return evaluation_->examples.at(indexes_.at(size_t(row)));
}

QString ErrorExampleModel::kindName(train::ErrorKind kind) {
  switch (kind) {
    case train::ErrorKind::Correct:
      return tr("correct");
    case train::ErrorKind::WrongType:
      return tr("wrong label");
    case train::ErrorKind::WrongBoundary:
      return tr("wrong boundaries");
    case train::ErrorKind::WrongBoundaryType:
      return tr("wrong label and boundaries");
    case train::ErrorKind::Spurious:
      return tr("spurious");
    case train::ErrorKind::Missed:
      return tr("missed");
  }
  return {};
}

int ErrorExampleModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(indexes_.size());
}

int ErrorExampleModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant ErrorExampleModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const active::DevExample& e = example(index.row());
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case KindColumn:
          return kindName(e.kind);
        case GoldColumn:
          return labelOf(e.gold);
        case PredictedColumn:
          return labelOf(e.predicted);
        case ContextColumn:
          return withoutNewlines(e.before) + QLatin1Char('[') + withoutNewlines(e.text) +
                 QLatin1Char(']') + withoutNewlines(e.after);
        case DocumentColumn:
          return QStringLiteral("#%1").arg(e.documentId);
      }
      return {};
    case Qt::ToolTipRole:
      return tr("Gold %1, predicted %2 — double-click or Enter opens document %3")
          .arg(labelOf(e.gold), labelOf(e.predicted))
          .arg(e.documentId);
    case BeforeRole:
      return withoutNewlines(e.before);
    case SpanTextRole:
      return withoutNewlines(e.text);
    case AfterRole:
      return withoutNewlines(e.after);
    case ColorRole:
      return colors_.value(e.gold ? labelOf(e.gold) : labelOf(e.predicted),
                           QColor(0x8a, 0x90, 0x99));
    default:
      return {};
  }
}

QVariant ErrorExampleModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case KindColumn:
      return tr("Error");
    case GoldColumn:
      return tr("Gold");
    case PredictedColumn:
      return tr("Predicted");
    case ContextColumn:
      return tr("In context");
    case DocumentColumn:
      return tr("Document");
  }
  return {};
}

}  // namespace spanforge::ui
