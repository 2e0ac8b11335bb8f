#include "project/importer.h"

#include "io/recordreader.h"
#include "project/recordchecker.h"
#include "project/recordstorer.h"
#include "project/unknownlabelerror.h"
#include "store/projectstore.h"

#include <filesystem>
#include <set>
#include <utility>

namespace spanforge::project {
namespace {

int64_t fileSize(const std::string& path) {
  std::error_code ec;
  const auto n = std::filesystem::file_size(path, ec);
  return ec ? 0 : static_cast<int64_t>(n);
}

// Rough memory of a document kept between the two passes.
size_t footprint(const text::Document& d) {
  return sizeof(d) + d.text.size() + d.metaJson.size() + d.tokens.size() * 64 +
         d.spans.size() * 64 + d.predictions.size() * 128;
}

void noteMissingLabel(const io::InputError& e, ImportReport& report) {
  if (const auto* unknown = dynamic_cast<const UnknownLabelError*>(&e))
    report.missingLabels.insert(unknown->labels().begin(), unknown->labels().end());
}

}  // namespace

// One record of the first pass, kept for the second.
struct Importer::Staged {
  size_t file = 0;
  int64_t line = 0;
  text::Document doc;
};

// Pass 1 reads and checks every record without the write lock and keeps the
// documents while they fit in options.stageBytes; pass 2 writes them (or, for a
// bigger import, reads the files again) in one transaction. A refused import
// never takes the lock, and an accepted one holds it only while writing.
ImportReport Importer::run(const std::vector<std::string>& files, const ImportOptions& options,
                           const ProgressFn& progress, const std::atomic<bool>* cancel) {
  ImportReport report;
  ImportProgress prog;
  for (const auto& f : files) prog.bytesTotal += fileSize(f);
  const auto cancelled = [&] { return cancel && cancel->load(); };

  RecordChecker checker(project_, options);
  std::vector<Staged> staged;
  std::set<std::pair<size_t, int64_t>> bad;  // (file, record) left out under skipInvalid
  size_t stagedBytes = 0;
  bool keep = true;
  bool refused = false;
  int64_t bytesBefore = 0;
  for (size_t f = 0; f < files.size() && !refused; ++f) {
    auto reader = openReader(files[f], options);
    prog.file = files[f];
    text::Document doc;
    int64_t record = 0;
    for (;; ++record) {
      if (cancelled()) {
        report.cancelled = true;
        return report;
      }
      try {
        if (!reader->next(doc)) break;
        checker.prepare(doc);
        checker.check(doc, files[f], reader->line());
        if (keep && (stagedBytes += footprint(doc)) <= options.stageBytes) {
          staged.push_back({f, reader->line(), std::move(doc)});
          doc = text::Document{};
        } else if (keep) {
          keep = false;
          staged.clear();
        }
      } catch (const io::InputError& e) {
        noteMissingLabel(e, report);
        if (report.errors.size() < options.maxErrors) report.errors.push_back(e);
        if (options.skipInvalid) {
          ++report.skipped;
          bad.insert({f, record});
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
    if (record == 0) {  // not one record: a file chosen by mistake, or cut off
      report.errors.emplace_back(files[f], 0, "",
                                 "holds no documents (it is empty or only blank lines)");
      refused = refused || !options.skipInvalid;
    }
    bytesBefore += fileSize(files[f]);
  }
  if (refused) return report;  // the project was never locked, let alone changed

  prog.writing = true;
  if (progress) progress(prog);
  store::Transaction tx(project_.db());
  RecordStorer storer(project_, options, report);
  const auto storeOne = [&](const text::Document& doc, size_t f, int64_t line) {
    try {
      storer.store(doc, files[f], line);
    } catch (const io::InputError& e) {  // refused by the store after all
      storer.forgetPending();
      noteMissingLabel(e, report);
      if (report.errors.size() < options.maxErrors) report.errors.push_back(e);
      if (!options.skipInvalid) return false;
      ++report.skipped;
    }
    return true;
  };
  if (keep) {
    for (const Staged& s : staged) {
      if (cancelled()) return report.cancelled = true, report;
      if (!storeOne(s.doc, s.file, s.line)) refused = true;
      if (refused) break;
    }
  } else {
    for (size_t f = 0; f < files.size() && !refused; ++f) {
      auto reader = openReader(files[f], options);
      text::Document doc;
      for (int64_t record = 0; !refused; ++record) {
        if (cancelled()) return report.cancelled = true, report;
        try {
          if (!reader->next(doc)) break;
        } catch (const io::InputError&) {
          continue;  // counted in pass 1
        }
        if (bad.count({f, record})) continue;
        checker.prepare(doc);
        if (!storeOne(doc, f, reader->line())) refused = true;
      }
    }
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

std::unique_ptr<io::RecordReader> Importer::openReader(const std::string& file,
                                                       const ImportOptions& options) {
  io::ReaderOptions readerOptions;
  readerOptions.scheme = options.scheme;
  return io::openReader(file, options.format, readerOptions);
}

}  // namespace spanforge::project
