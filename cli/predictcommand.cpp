#include "cli/predictcommand.h"

#include "cli/ensembleoption.h"
#include "io/inputerror.h"
#include "io/jsonrecord.h"
#include "model/computethreads.h"
#include "model/nermodel.h"
#include "serve/predictionrecords.h"
#include "train/device/parallelfor.h"
#include "train/package/ensembleloader.h"
#include "train/package/modelpackage.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>

namespace spanforge::cli {
namespace {

constexpr size_t kChunk = 512;  // records predicted together (batched by length)

struct Record {
  nlohmann::ordered_json json;
  std::vector<text::Token> tokens;
};

void predictChunk(const model::NerModel& model, std::vector<Record>& records, int threads,
                  std::ostream& out) {
  std::vector<std::vector<text::Token>> tokens;
  tokens.reserve(records.size());
  for (const Record& r : records) tokens.push_back(r.tokens);
  const auto predictions = serve::PredictionRecords::predict(model, tokens, threads);
  for (size_t i = 0; i < records.size(); ++i) {
    serve::PredictionRecords::annotate(records[i].json, records[i].tokens, predictions[i]);
    out << records[i].json.dump() << "\n";
  }
  records.clear();
}

}  // namespace

CLI::App* PredictCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "predict", "Label JSONL texts with a model package: spans with their probabilities.");
  cmd->add_option("MODEL_DIR", model_, "Model package directory")
      ->required()
      ->check(CLI::ExistingDirectory);
  addEnsembleOption(*cmd, members_);
  cmd->add_option("INPUT", input_, "JSONL with \"text\" or \"tokens\" per line (default: stdin)");
  cmd->add_option("--output", output_, "Write JSONL here (default: stdout)");
  cmd->add_option("--threads", threads_, "Threads predicting in parallel; 0 = one per core")
      ->check(CLI::Range(0, 1024));
  return cmd;
}

int PredictCommand::run(Console& console) {
  model::ComputeThreads::apply(1);  // parallel across records instead (see ParallelFor)
  const int threads = train::ParallelFor::resolve(threads_);
  const train::ModelPackage package = train::EnsembleLoader::load(model_, members_);
  std::ifstream file;
  const bool useStdin = input_.empty() || input_ == "-";
  if (!useStdin) {
    file.open(input_, std::ios::binary);
    if (!file) throw io::InputError(input_, 0, "", "cannot open");
  }
  std::istream& in = useStdin ? std::cin : file;
  const std::string name = useStdin ? "<stdin>" : input_;
  std::ofstream outFile;
  if (!output_.empty()) {
    outFile.open(output_, std::ios::binary | std::ios::trunc);
    if (!outFile) throw io::InputError(output_, 0, "", "cannot create");
  }
  std::ostream& out = output_.empty() ? console.out : outFile;

  std::vector<Record> records;
  std::string line;
  int64_t lineNo = 0, count = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    Record r;
    if (io::JsonRecord::findTooDeep(line) != std::string::npos) {
      throw io::InputError(
          name, lineNo, "",
          "the JSON nests deeper than " + std::to_string(io::JsonRecord::kMaxDepth) + " levels");
    }
    try {
      r.json = nlohmann::ordered_json::parse(line);
    } catch (const nlohmann::json::exception& e) {
      throw io::InputError(name, lineNo, "", std::string("not valid JSON: ") + e.what());
    }
    if (!r.json.is_object()) throw io::InputError(name, lineNo, "", "expected a JSON object");
    r.tokens = serve::PredictionRecords::tokens(r.json, name, lineNo);
    records.push_back(std::move(r));
    ++count;
    if (records.size() >= kChunk) predictChunk(package.model(), records, threads, out);
  }
  predictChunk(package.model(), records, threads, out);
  if (!out.flush()) throw io::InputError(output_, 0, "", "cannot write");
  if (!output_.empty())
    console.err << "Predicted " << count << " record(s) into " << output_ << ".\n";
  return kOk;
}

}  // namespace spanforge::cli
