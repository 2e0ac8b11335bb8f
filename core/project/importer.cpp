#include "project/importer.h"

#include "io/recordreader.h"
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "text/tokenizer.h"

#include <filesystem>
#include <set>

namespace spanforge::project {
namespace {

std::string joined(const std::set<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s.empty() ? "none" : s;
}

int64_t fileSize(const std::string& path) {
  std::error_code ec;
  const auto n = std::filesystem::file_size(path, ec);
  return ec ? 0 : static_cast<int64_t>(n);
}

// Stores one document inside its own savepoint, so a refused record leaves no
// trace (not even a label it would have created).
class RecordStorer {
 public:
  RecordStorer(store::ProjectStore& p, const ImportOptions& o, ImportReport& r)
      : project_(p), options_(o), report_(r) {
    for (const auto& l : p.labels().all()) known_.insert(l.name);
    allowNewLabels_ = o.addLabels || known_.empty();
  }

  void store(text::Document& doc, const std::string& file, int64_t line) {
    if (options_.dropSpans) {
      doc.spans.clear();
      doc.predictions.clear();
      // A CoNLL file reads as accepted; without its spans it is a pool to label.
      doc.status = text::DocStatus::Unlabelled;
    }
    if (options_.status) doc.status = *options_.status;
    if (doc.tokens.empty()) doc.tokens = tokenizer_.tokenize(doc.text);

    store::Transaction tx(project_.db());
    for (size_t i = 0; i < doc.spans.size(); ++i) ensureLabel(doc.spans[i].label, file, line, i);
    store::DocumentRepository::AddResult added;
    try {
      added = project_.documents().add(doc, options_.split, options_.annotator);
    } catch (const store::StoreError& e) {
      throw io::InputError(file, line, "", e.what());
    }
    if (!added.duplicate) storePredictions(doc, added.id);
    tx.commit();
    for (const auto& l : pendingLabels_) report_.labelsAdded.push_back(l);
    pendingLabels_.clear();
    (added.duplicate ? report_.duplicates : report_.imported) += 1;
  }

  void forgetPending() {
    for (const auto& l : pendingLabels_) known_.erase(l);
    pendingLabels_.clear();
  }

 private:
  void ensureLabel(const std::string& name, const std::string& file, int64_t line, size_t i) {
    if (known_.count(name)) return;
    if (!allowNewLabels_) {
      throw io::InputError(file, line, "spans[" + std::to_string(i) + "].label",
                           "unknown label '" + name + "' (project labels: " + joined(known_) +
                               "; use --add-labels to create it)");
    }
    project_.labels().add(name);
    known_.insert(name);
    pendingLabels_.push_back(name);
  }

  void storePredictions(const text::Document& doc, int64_t docId) {
    for (const auto& pred : doc.predictions) {
      std::vector<text::ScoredSpan> spans;
      for (const auto& s : pred.spans) {
        if (known_.count(s.span.label)) spans.push_back(s);
      }
      if (spans.empty()) continue;
      project_.predictions().set(docId, modelId(pred.model), spans);
    }
  }

  // Imported predictions are filed under a model record named after their source.
  int64_t modelId(const std::string& name) {
    const std::string full = "imported:" + (name.empty() ? std::string("unnamed") : name);
    auto it = models_.find(full);
    if (it != models_.end()) return it->second;
    for (const auto& m : project_.runs().models()) {
      if (m.name == full) return models_[full] = m.id;
    }
    store::ModelRecord m;
    m.name = full;
    return models_[full] = project_.runs().addModel(m);
  }

  store::ProjectStore& project_;
  const ImportOptions& options_;
  ImportReport& report_;
  text::Tokenizer tokenizer_;
  std::set<std::string> known_;
  std::vector<std::string> pendingLabels_;
  std::map<std::string, int64_t> models_;
  bool allowNewLabels_ = false;
};

}  // namespace

ImportReport Importer::run(const std::vector<std::string>& files, const ImportOptions& options,
                           const ProgressFn& progress, const std::atomic<bool>* cancel) {
  ImportReport report;
  ImportProgress prog;
  for (const auto& f : files) prog.bytesTotal += fileSize(f);

  io::ReaderOptions readerOptions;
  readerOptions.scheme = options.scheme;

  store::Transaction tx(project_.db());
  RecordStorer storer(project_, options, report);
  bool refused = false;
  int64_t bytesBefore = 0;
  for (const auto& file : files) {
    auto reader = io::openReader(file, options.format, readerOptions);
    prog.file = file;
    text::Document doc;
    for (;;) {
      if (cancel && cancel->load()) {
        report.cancelled = true;
        return report;  // tx rolls back
      }
      try {
        if (!reader->next(doc)) break;
        if (doc.source.empty()) doc.source = std::filesystem::path(file).filename().string();
        storer.store(doc, file, reader->line());
      } catch (const io::InputError& e) {
        storer.forgetPending();
        if (report.errors.size() < options.maxErrors) report.errors.push_back(e);
        if (options.skipInvalid) {
          ++report.skipped;
        } else {
          refused = true;
          if (report.errors.size() >= options.maxErrors) break;
        }
      }
      ++prog.documents;
      if (progress && prog.documents % 1000 == 0) {
        prog.bytesDone = bytesBefore + reader->bytesRead();
        progress(prog);
      }
    }
    bytesBefore += fileSize(file);
    if (refused && report.errors.size() >= options.maxErrors) break;
  }
  if (refused) {
    report.imported = 0;
    report.duplicates = 0;
    report.labelsAdded.clear();
    return report;  // tx rolls back: the project is unchanged
  }
  tx.commit();
  report.committed = true;
  if (progress) {
    prog.bytesDone = prog.bytesTotal;
    progress(prog);
  }
  return report;
}

}  // namespace spanforge::project
