#include "cli/predictcommand.h"

#include "cli/ensembleoption.h"
#include "cli/jsonlinput.h"
#include "cli/recordstreams.h"
#include "io/inputerror.h"
#include "io/outputtarget.h"
#include "io/recordreader.h"
#include "model/computethreads.h"
#include "model/nermodel.h"
#include "serve/predictionrecords.h"
#include "train/device/parallelfor.h"
#include "train/package/ensembleloader.h"
#include "train/package/modelpackage.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace spanforge::cli {
namespace {

constexpr size_t kChunk = 512;  // records predicted together (batched by length)
// ... or fewer, when they are long: memory grows with the tokens and bytes held.
constexpr size_t kChunkTokens = 200000;
constexpr size_t kChunkBytes = size_t{16} << 20;

struct Record {
  nlohmann::ordered_json json;
  std::vector<text::Token> tokens;
};

void predictChunk(const model::NerModel& model, std::vector<Record>& records, int threads,
                  std::ostream& out) {
  std::vector<std::vector<text::Token>> tokens;
  tokens.reserve(records.size());
  for (Record& r : records) tokens.push_back(std::move(r.tokens));
  const auto predictions = serve::PredictionRecords::predict(model, tokens, threads);
  for (size_t i = 0; i < records.size(); ++i) {
    serve::PredictionRecords::write(out, records[i].json, tokens[i], predictions[i]);
    out << "\n";
  }
  records.clear();
}

// --output must not be what predict reads: its input (also the file the
// standard input was redirected from) or a file of the model packages.
void checkOutput(const std::string& output, const std::string& input, const std::string& model,
                 const std::vector<std::string>& members) {
  const io::OutputTarget target(output, "--output");
  RecordStreams::checkNotInput(target, input);
  target.notInFolder(model, "the model package");
  for (const auto& m : members) target.notInFolder(m, "the model package");
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
  // Before anything is loaded or opened for writing.
  if (!output_.empty()) checkOutput(output_, input_, model_, members_);
  model::ComputeThreads::apply(1);  // parallel across records instead (see ParallelFor)
  const int threads = train::ParallelFor::resolve(threads_);
  const train::ModelPackage package = train::EnsembleLoader::load(model_, members_);
  RecordStreams streams(input_, output_, console);
  std::ostream& out = streams.out();
  const std::string& name = streams.name();

  std::vector<Record> records;
  size_t heldTokens = 0, heldBytes = 0;
  int64_t count = 0;
  JsonlInput input(streams.in(), name);
  Record r;
  while (input.next(r.json)) {
    r.tokens = serve::PredictionRecords::tokens(r.json, name, input.line());
    heldTokens += r.tokens.size();
    heldBytes += input.lineBytes();
    records.push_back(std::move(r));
    r = Record();
    ++count;
    if (records.size() >= kChunk || heldTokens >= kChunkTokens || heldBytes >= kChunkBytes) {
      predictChunk(package.model(), records, threads, out);
      heldTokens = heldBytes = 0;
    }
  }
  predictChunk(package.model(), records, threads, out);
  if (!out.flush()) throw io::InputError(output_, 0, "", "cannot write");
  if (!output_.empty())
    console.err << "Predicted " << count << " record(s) into " << output_ << ".\n";
  return kOk;
}

}  // namespace spanforge::cli
