#pragma once

#include "store/records.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace spanforge::ui {

// The project's training runs, newest first: when, device, how each ended,
// the dev F1 of its model, which model is the project's current one, and
// the trainer's summary (or the error).
class RunListModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Run, Started, Device, Encoder, State, BestF1, Model, Summary, ColumnCount };

  explicit RunListModel(QObject* parent = nullptr);

  void setRuns(std::vector<store::RunRecord> runs, std::vector<store::ModelRecord> models);
  // The run training now (shown as running); others left "running" were
  // interrupted (the app closed or crashed).
  void setLiveRun(int64_t runId);

  const store::RunRecord& run(int row) const { return runs_.at(static_cast<size_t>(row)); }
  // The model a run wrote, if it is still registered.
  std::optional<store::ModelRecord> modelOf(int row) const;
  int rowOf(int64_t runId) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  QString text(const store::RunRecord& r, int column) const;

  std::vector<store::RunRecord> runs_;
  std::vector<QString> encoders_;  // per run, read from its config once
  std::vector<store::ModelRecord> models_;
  int64_t liveRun_ = 0;
};

}  // namespace spanforge::ui
