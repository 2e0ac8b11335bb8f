#include "annotationsession.h"

#include "addlabelcommand.h"
#include "addspancommand.h"
#include "changelabelcommand.h"
#include "deletelabelcommand.h"
#include "docstatusstyle.h"
#include "labelhotkeycommand.h"
#include "recolorlabelcommand.h"
#include "removespancommand.h"
#include "renamelabelcommand.h"
#include "sessioncommand.h"
#include "setstatuscommand.h"
#include "store/project.h"
#include "store/storeerror.h"
#include "text/utf8.h"

#include <QUndoStack>

#include <algorithm>
#include <exception>

namespace spanforge::ui {

namespace {
QString qs(const std::string& s) { return QString::fromStdString(s); }

// The text a span covers, shortened for menus and messages.
QString quoted(const text::Document& doc, const text::Span& span) {
  const text::OffsetMap map(doc.text);
  if (span.start < 0 || span.end > map.codePoints() || span.end <= span.start) return {};
  QString t =
      QString::fromUtf8(map.slice(doc.text, span.start, span.end).data(),
                        static_cast<qsizetype>(map.slice(doc.text, span.start, span.end).size()));
  t.replace(QLatin1Char('\n'), QLatin1Char(' '));
  if (t.size() > 40) t = t.left(39) + QChar(0x2026);
  return QStringLiteral("“%1”").arg(t);
}
}  // namespace

AnnotationSession::AnnotationSession(store::Project& project, QObject* parent)
    : QObject(parent), project_(project), undo_(new QUndoStack(this)) {
  undo_->setUndoLimit(1000);
  reload();
}

AnnotationSession::~AnnotationSession() = default;

void AnnotationSession::reload() {
  labels_ = project_.labels().all();
  statusCounts_ = project_.documents().countByStatus();
  spanCounts_ = project_.documents().spanCountByLabel();
  emit labelsChanged();
  emit countsChanged();
}

std::optional<store::Label> AnnotationSession::label(const std::string& name) const {
  for (const store::Label& l : labels_)
    if (l.name == name) return l;
  return std::nullopt;
}

bool AnnotationSession::open(int64_t id) {
  std::optional<store::StoredDocument> stored;
  try {
    stored = project_.documents().get(id);
  } catch (const std::exception& e) {
    return refuse(qs(e.what()));
  }
  if (!stored) return refuse(tr("Document %1 no longer exists.").arg(id));
  current_ = std::make_unique<store::StoredDocument>(std::move(*stored));
  emit documentOpened(*current_);
  return true;
}

void AnnotationSession::close() { current_.reset(); }

bool AnnotationSession::refuse(const QString& message) {
  lastError_ = message;
  emit this->message(message);
  return false;
}

bool AnnotationSession::push(SessionCommand* command) {
  std::unique_ptr<SessionCommand> owned(command);
  lastError_.clear();
  if (!owned->applyFirst()) return false;
  undo_->push(owned.release());
  return true;
}

void AnnotationSession::commandFailed(const QString& what, const std::exception& e) {
  refuse(tr("%1 failed: %2").arg(what, qs(e.what())));
}

bool AnnotationSession::addSpan(const text::Span& span) {
  if (!current_) return refuse(tr("Open a document first."));
  if (!label(span.label)) return refuse(tr("There is no label %1.").arg(qs(span.label)));
  const text::Document& doc = current_->doc;
  for (const text::Span& s : doc.spans) {
    if (!s.overlaps(span)) continue;
    return refuse(tr("%1 overlaps the %2 span %3: spans cannot overlap. Select that span "
                     "(click or Tab) to relabel or delete it.")
                      .arg(quoted(doc, span), qs(s.label), quoted(doc, s)));
  }
  const QString what = tr("Label %1 as %2").arg(quoted(doc, span), qs(span.label));
  if (!push(new AddSpanCommand(*this, current_->id, span, what))) return false;
  emit message(tr("Saved: %1 %2").arg(qs(span.label), quoted(current_->doc, span)));
  return true;
}

bool AnnotationSession::removeSpan(const text::Span& span) {
  if (!current_) return refuse(tr("Open a document first."));
  const QString what = tr("Remove %1 %2").arg(qs(span.label), quoted(current_->doc, span));
  if (!push(new RemoveSpanCommand(*this, current_->id, span, what))) return false;
  emit message(tr("Saved: removed %1 %2").arg(qs(span.label), quoted(current_->doc, span)));
  return true;
}

bool AnnotationSession::relabelSpan(const text::Span& span, const std::string& newLabel) {
  if (!current_) return refuse(tr("Open a document first."));
  if (!label(newLabel)) return refuse(tr("There is no label %1.").arg(qs(newLabel)));
  const QString what =
      tr("Relabel %1 %2 as %3").arg(qs(span.label), quoted(current_->doc, span), qs(newLabel));
  if (!push(new ChangeLabelCommand(*this, current_->id, span, newLabel, what))) return false;
  emit message(tr("Saved: %1 is now %2").arg(quoted(current_->doc, span), qs(newLabel)));
  return true;
}

bool AnnotationSession::setStatus(text::DocStatus status) {
  if (!current_) return refuse(tr("Open a document first."));
  const text::DocStatus from = current_->doc.status;
  if (from == status) return true;
  const QString what =
      tr("Mark document %1 %2").arg(current_->id).arg(DocStatusStyle::name(status).toLower());
  if (!push(new SetStatusCommand(*this, current_->id, from, status, what))) return false;
  emit message(
      tr("Saved: document %1 is %2").arg(current_->id).arg(DocStatusStyle::name(status).toLower()));
  return true;
}

bool AnnotationSession::addLabel(const std::string& name, const std::string& color,
                                 const std::string& hotkey) {
  return push(new AddLabelCommand(*this, name, color, hotkey, tr("Add label %1").arg(qs(name))));
}

bool AnnotationSession::renameLabel(const std::string& name, const std::string& newName) {
  if (name == newName) return true;
  return push(new RenameLabelCommand(*this, name, newName,
                                     tr("Rename label %1 to %2").arg(qs(name), qs(newName))));
}

bool AnnotationSession::setLabelColor(const std::string& name, const std::string& color) {
  const auto l = label(name);
  if (!l) return refuse(tr("There is no label %1.").arg(qs(name)));
  if (l->color == color) return true;
  return push(
      new RecolorLabelCommand(*this, name, l->color, color, tr("Recolour label %1").arg(qs(name))));
}

bool AnnotationSession::setLabelHotkey(const std::string& name, const std::string& hotkey) {
  const auto l = label(name);
  if (!l) return refuse(tr("There is no label %1.").arg(qs(name)));
  std::string key = hotkey;
  std::transform(key.begin(), key.end(), key.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (l->hotkey == key) return true;
  return push(new LabelHotkeyCommand(*this, name, l->hotkey, key,
                                     tr("Set the hotkey of label %1").arg(qs(name))));
}

bool AnnotationSession::removeLabel(const std::string& name) {
  if (!label(name)) return refuse(tr("There is no label %1.").arg(qs(name)));
  return push(new DeleteLabelCommand(*this, name, tr("Delete label %1").arg(qs(name))));
}

std::vector<text::Span> AnnotationSession::spansOf(int64_t id) {
  if (current_ && current_->id == id) return current_->doc.spans;
  const auto stored = project_.documents().get(id);
  if (!stored) throw store::StoreError("Document " + std::to_string(id) + " no longer exists.");
  return stored->doc.spans;
}

text::DocStatus AnnotationSession::statusOf(int64_t id) {
  if (current_ && current_->id == id) return current_->doc.status;
  const auto stored = project_.documents().get(id);
  if (!stored) throw store::StoreError("Document " + std::to_string(id) + " no longer exists.");
  return stored->doc.status;
}

void AnnotationSession::countSpans(const std::vector<text::Span>& spans, int sign) {
  for (const text::Span& s : spans) spanCounts_[s.label] += sign;
}

void AnnotationSession::writeSpans(int64_t id, const std::vector<text::Span>& spans) {
  const std::vector<text::Span> before = spansOf(id);
  project_.documents().setSpans(id, spans);  // one transaction; validates
  countSpans(before, -1);
  countSpans(spans, +1);
  if (current_ && current_->id == id) {
    current_->doc.spans = spans;
    std::sort(current_->doc.spans.begin(), current_->doc.spans.end());
    emit documentChanged(*current_);
  }
  emit documentWritten(id);
  emit countsChanged();
}

void AnnotationSession::writeStatus(int64_t id, text::DocStatus status) {
  project_.documents().setStatus(id, status);
  statusCounts_ = project_.documents().countByStatus();  // kept by the store: O(1)
  if (current_ && current_->id == id) {
    current_->doc.status = status;
    emit documentChanged(*current_);
  }
  emit documentWritten(id);
  emit countsChanged();
}

void AnnotationSession::labelsWritten() {
  labels_ = project_.labels().all();
  spanCounts_ = project_.documents().spanCountByLabel();
  if (current_) {
    // A rename or a delete changes the open document's spans too.
    if (auto stored = project_.documents().get(current_->id))
      current_->doc.spans = stored->doc.spans;
  }
  emit labelsChanged();
  emit countsChanged();
  if (current_) emit documentChanged(*current_);
}

void AnnotationSession::reveal(int64_t id) {
  if (currentId() != id) emit revealRequested(id);
}

}  // namespace spanforge::ui
