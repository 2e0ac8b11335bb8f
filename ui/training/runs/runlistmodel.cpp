#include "training/runs/runlistmodel.h"

#include "train/config/tomlconfig.h"

#include <QDateTime>
#include <QFileInfo>
#include <QFont>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <exception>

namespace spanforge::ui {
namespace {

// The dev F1 a model package recorded ({"dev": {"ents_f": ...}}); -1 if none.
double devF1(const store::ModelRecord& m) {
  const QJsonObject metrics =
      QJsonDocument::fromJson(QByteArray::fromStdString(m.metricsJson)).object();
  const QJsonValue f =
      metrics.value(QStringLiteral("dev")).toObject().value(QStringLiteral("ents_f"));
  return f.isDouble() ? f.toDouble() : -1.0;
}

// What trained: a BiLSTM or CNN of our own (with word vectors), or the
// transformer fine-tuned (its folder's name). "–" for a config that no longer
// reads (a run from an older version).
QString encoderOf(const store::RunRecord& r) {
  train::TrainConfig c;
  try {
    c = train::fromToml(r.configToml, "run " + std::to_string(r.id));
  } catch (const std::exception&) {
    return QStringLiteral("–");
  }
  const model::ModelConfig& m = c.model;
  if (m.encoder == "transformer") {
    const QString folder = QFileInfo(QString::fromStdString(m.transformer)).fileName();
    return RunListModel::tr("transformer %1").arg(folder.isEmpty() ? QStringLiteral("?") : folder);
  }
  QString name = m.encoder == "cnn" ? RunListModel::tr("dilated CNN") : RunListModel::tr("BiLSTM");
  if (!m.vectors.empty()) name += RunListModel::tr(" + vectors");
  if (!m.pretrained.empty()) name += RunListModel::tr(" + pretrained");
  return name;
}

}  // namespace

RunListModel::RunListModel(QObject* parent) : QAbstractTableModel(parent) {}

void RunListModel::setRuns(std::vector<store::RunRecord> runs,
                           std::vector<store::ModelRecord> models) {
  beginResetModel();
  runs_ = std::move(runs);
  std::reverse(runs_.begin(), runs_.end());  // newest first
  models_ = std::move(models);
  encoders_.clear();
  for (const auto& r : runs_) encoders_.push_back(encoderOf(r));
  endResetModel();
}

void RunListModel::setLiveRun(int64_t runId) {
  liveRun_ = runId;
  if (!runs_.empty()) emit dataChanged(index(0, State), index(rowCount() - 1, State));
}

std::optional<store::ModelRecord> RunListModel::modelOf(int row) const {
  const auto& r = run(row);
  if (!r.modelId) return std::nullopt;
  for (const auto& m : models_)
    if (m.id == *r.modelId) return m;
  return std::nullopt;
}

int RunListModel::rowOf(int64_t runId) const {
  for (size_t i = 0; i < runs_.size(); ++i)
    if (runs_[i].id == runId) return static_cast<int>(i);
  return -1;
}

int RunListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(runs_.size());
}

int RunListModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QString RunListModel::text(const store::RunRecord& r, int column) const {
  const int row = rowOf(r.id);
  switch (column) {
    case Run:
      return QString::number(r.id);
    case Started:
      return QDateTime::fromSecsSinceEpoch(r.startedAt)
          .toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    case Device:
      return QString::fromStdString(r.device);
    case Encoder:
      return row >= 0 && size_t(row) < encoders_.size() ? encoders_[size_t(row)] : QString();
    case State:
      switch (r.state) {
        case store::RunState::Running:
          return r.id == liveRun_ ? tr("running") : tr("interrupted");
        case store::RunState::Finished:
          return tr("finished");
        case store::RunState::Stopped:
          return tr("stopped");
        case store::RunState::Failed:
          return tr("failed");
      }
      return {};
    case BestF1: {
      const auto m = modelOf(row);
      const double f = m ? devF1(*m) : -1.0;
      return f >= 0 ? QString::number(100 * f, 'f', 2) : QStringLiteral("–");
    }
    case Model: {
      if (r.kind == store::RunRecord::kPretrainRun) return tr("pretrained weights");
      const auto m = modelOf(row);
      if (!m) return tr("none");
      return m->current ? tr("★ current") : tr("saved");
    }
    case Summary:
      return QString::fromStdString(r.message);
  }
  return {};
}

QVariant RunListModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const auto& r = run(index.row());
  if (role == Qt::DisplayRole) return text(r, index.column());
  if (role == Qt::TextAlignmentRole && (index.column() == Run || index.column() == BestF1))
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole) {
    const auto m = modelOf(index.row());
    QString tip = QString::fromStdString(r.message);
    if (m) tip += QStringLiteral("\n") + QString::fromStdString(m->path);
    return tip.trimmed();
  }
  if (role == Qt::FontRole && modelOf(index.row()).value_or(store::ModelRecord{}).current) {
    QFont f;
    f.setBold(true);
    return f;
  }
  if (role == Qt::UserRole) return QVariant::fromValue<qint64>(r.id);
  return {};
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* const kHeaders[] = {"Run",   "Started",    "Device", "Encoder",
                                         "State", "Dev F1 (%)", "Model",  "Summary"};
  return section >= 0 && section < ColumnCount ? tr(kHeaders[section]) : QVariant();
}

}  // namespace spanforge::ui
