#pragma once

#include "active/devevaluator.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QHash>

#include <memory>
#include <vector>

namespace spanforge::ui {

// The examples behind one cell of the error matrix (or one label of the
// per-label table): what happened, the gold and the predicted label, the
// entity in its context and its document.
class ErrorExampleModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column {
    KindColumn,
    GoldColumn,
    PredictedColumn,
    ContextColumn,
    DocumentColumn,
    ColumnCount
  };
  enum Role { BeforeRole = Qt::UserRole + 1, SpanTextRole, AfterRole, ColorRole };

  explicit ErrorExampleModel(QObject* parent = nullptr);

  void setExamples(std::shared_ptr<const active::DevEvaluation> evaluation,
                   std::vector<size_t> indexes);
  void setLabelColors(const QHash<QString, QColor>& colors) { colors_ = colors; }
  const active::DevExample& example(int row) const;
  static QString kindName(train::ErrorKind kind);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::shared_ptr<const active::DevEvaluation> evaluation_;
  std::vector<size_t> indexes_;
  QHash<QString, QColor> colors_;
};

}  // namespace spanforge::ui
