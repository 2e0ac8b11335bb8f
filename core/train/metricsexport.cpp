#include "train/metricsexport.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <stdexcept>

namespace spanforge::train {
namespace {

namespace fs = std::filesystem;

// Writes through a temporary sibling, renamed into place when complete.
void writeAtomically(const std::string& path, const std::function<void(std::ostream&)>& body) {
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error(path + ": cannot be created");
    body(out);
    out.close();
    if (!out) {
      fs::remove(temp);
      throw std::runtime_error(path + ": cannot be written (disk full?)");
    }
  }
  std::error_code ec;
  fs::rename(temp, path, ec);
  if (ec) {
    fs::remove(temp);
    throw std::runtime_error(path + ": cannot be written: " + ec.message());
  }
}

std::string real(double x) {
  if (!std::isfinite(x)) return {};
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", x);
  return buf;
}

// RFC 4180: quote fields with a comma, quote or newline (label names may).
std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

nlohmann::ordered_json jsonReal(double x) {
  return std::isfinite(x) ? nlohmann::ordered_json(x) : nlohmann::ordered_json(nullptr);
}

}  // namespace

void MetricsExport::writeCsv(const std::string& path,
                             const std::vector<store::MetricEvent>& events) {
  std::set<std::string> labels;
  for (const auto& e : events)
    for (const auto& s : e.perLabel) labels.insert(s.label);
  writeAtomically(path, [&](std::ostream& out) {
    out << "kind,step,epoch,loss,elapsed_seconds,words_per_second,memory_bytes,"
           "memory_peak_bytes,precision,recall,f1";
    for (const auto& l : labels)
      for (const char* m : {"precision:", "recall:", "f1:"}) out << "," << csvField(m + l);
    out << "\n";
    for (const auto& e : events) {
      out << (e.hasScores ? "evaluation" : "step") << "," << e.step << "," << e.epoch << ","
          << real(e.loss) << "," << real(e.elapsedSeconds) << "," << real(e.wordsPerSecond) << ","
          << e.memoryBytes << "," << e.memoryPeakBytes << ",";
      if (e.hasScores)
        out << real(e.precision) << "," << real(e.recall) << "," << real(e.f1);
      else
        out << ",,";
      for (const auto& l : labels) {
        const store::LabelScore* s = nullptr;
        for (const auto& x : e.perLabel)
          if (x.label == l) s = &x;
        if (s)
          out << "," << real(s->precision) << "," << real(s->recall) << "," << real(s->f1);
        else
          out << ",,,";
      }
      out << "\n";
    }
  });
}

void MetricsExport::writeJsonl(const std::string& path,
                               const std::vector<store::MetricEvent>& events) {
  writeAtomically(path, [&](std::ostream& out) {
    for (const auto& e : events) {
      nlohmann::ordered_json j;
      j["kind"] = e.hasScores ? "evaluation" : "step";
      j["step"] = e.step;
      j["epoch"] = e.epoch;
      j["loss"] = jsonReal(e.loss);
      j["elapsed_seconds"] = jsonReal(e.elapsedSeconds);
      j["words_per_second"] = jsonReal(e.wordsPerSecond);
      j["memory_bytes"] = e.memoryBytes;
      j["memory_peak_bytes"] = e.memoryPeakBytes;
      if (e.hasScores) {
        j["precision"] = jsonReal(e.precision);
        j["recall"] = jsonReal(e.recall);
        j["f1"] = jsonReal(e.f1);
        auto perLabel = nlohmann::ordered_json::object();
        for (const auto& s : e.perLabel)
          perLabel[s.label] = {{"p", jsonReal(s.precision)},
                               {"r", jsonReal(s.recall)},
                               {"f", jsonReal(s.f1)},
                               {"support", s.support}};
        j["per_label"] = std::move(perLabel);
      }
      out << j.dump() << "\n";
    }
  });
}

}  // namespace spanforge::train
