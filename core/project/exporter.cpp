#include "project/exporter.h"

#include "io/formatregistry.h"
#include "io/inputerror.h"
#include "io/outputtarget.h"
#include "io/recordwriter.h"
#include "store/projectstore.h"

#include <filesystem>
#include <fstream>

namespace spanforge::project {
namespace fs = std::filesystem;

io::Format Exporter::formatForPath(const std::string& path) {
  const std::string ext = fs::path(path).extension().string();
  const io::FormatInfo* info = io::FormatRegistry::forPath(path);
  if (!info) {
    throw io::InputError(
        path, 0, "",
        "cannot tell the format from the extension '" + ext + "'; name one with --format");
  }
  if (!info->canWrite()) {
    throw io::InputError(path, 0, "",
                         "the extension '" + ext + "' means " + info->name +
                             ", which cannot be written; name another format with --format");
  }
  return info->format;
}

ExportReport Exporter::run(const std::string& outPath, const ExportOptions& options,
                           const std::function<void(int64_t)>& progress,
                           const std::atomic<bool>* cancel) {
  ExportReport report;
  report.format = options.format == io::Format::Auto ? formatForPath(outPath) : options.format;

  const std::string tmpPath = outPath + ".part";
  // Neither the file written nor the one renamed over may be the project
  // (`export P P` replaced the project with its own export).
  io::OutputTarget(outPath, "the output file").notProject(project_.path());
  io::OutputTarget(tmpPath, "the temporary output file").notProject(project_.path());
  {
    std::ofstream out(tmpPath, std::ios::binary | std::ios::trunc);
    if (!out) throw io::InputError(outPath, 0, "", "cannot open for writing");
    io::WriterOptions wopts;
    wopts.scheme = options.scheme;
    auto writer = io::openWriter(out, report.format, wopts);

    store::DocumentFilter filter;
    if (options.acceptedOnly) filter.status = text::DocStatus::Accepted;
    struct Cancelled {};
    const auto discard = [&] {
      out.close();
      std::error_code ec;
      fs::remove(tmpPath, ec);
    };
    try {
      project_.documents().forEach(filter, [&](const store::StoredDocument& d) {
        if (cancel && cancel->load()) throw Cancelled{};
        writer->write(d.doc);
        ++report.documents;
        if (progress && report.documents % 1000 == 0) progress(report.documents);
      });
      writer->finish();
    } catch (const Cancelled&) {
      discard();
      report.cancelled = true;
      return report;
    } catch (...) {
      discard();
      throw;
    }
    out.flush();
    if (!out) {
      std::error_code ec;
      fs::remove(tmpPath, ec);
      throw io::InputError(outPath, 0, "", "write failed (disk full?)");
    }
  }
  fs::rename(tmpPath, outPath);
  if (progress) progress(report.documents);
  return report;
}

}  // namespace spanforge::project
