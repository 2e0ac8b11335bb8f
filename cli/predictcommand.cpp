#include "cli/predictcommand.h"

#include "io/inputerror.h"
#include "io/jsonrecord.h"
#include "model/computethreads.h"
#include "model/nermodel.h"
#include "text/alignment.h"
#include "text/tokenizer.h"
#include "text/utf8.h"
#include "train/device/parallelfor.h"
#include "train/package/modelpackage.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>

namespace spanforge::cli {
namespace {

using Json = nlohmann::ordered_json;
constexpr size_t kChunk = 512;  // records predicted together (batched by length)

struct Record {
  Json json;
  std::vector<text::Token> tokens;
};

// Tokens given as strings are found in the text in order; without a text
// they are joined by single spaces, and that text is added to the record.
std::vector<text::Token> tokensOf(Json& j, const std::string& file, int64_t line) {
  auto fail = [&](const std::string& field, const std::string& msg) {
    throw io::InputError(file, line, field, msg);
  };
  const bool hasText = j.contains("text");
  if (hasText && !j["text"].is_string()) fail("text", "expected a string");
  const std::string text = hasText ? j["text"].get<std::string>() : std::string();
  if (text::findInvalidUtf8(text) != std::string::npos) fail("text", "invalid UTF-8");
  std::vector<text::Token> tokens;
  if (!j.contains("tokens")) {
    if (!hasText) fail("", "a record needs \"text\" or \"tokens\"");
    return text::Tokenizer().tokenize(text);
  }
  const Json& list = j["tokens"];
  if (!list.is_array()) fail("tokens", "expected an array");
  const std::u32string whole = text::decodeUtf8(text);
  std::string joined;
  size_t cursor = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string field = "tokens[" + std::to_string(i) + "]";
    const Json& t = list[i];
    text::Token tok;
    if (t.is_string()) {
      tok.text = t.get<std::string>();
    } else if (t.is_object() && t.contains("text") && t["text"].is_string()) {
      tok.text = t["text"].get<std::string>();
    } else {
      fail(field, "expected a string or an object with \"text\"");
    }
    const std::u32string cps = text::decodeUtf8(tok.text);
    if (cps.empty()) fail(field, "empty token");
    if (!hasText) {
      if (!joined.empty()) joined += ' ';
      tok.start = static_cast<int64_t>(text::codePointCount(joined));
      joined += tok.text;
    } else if (t.is_object() && t.contains("start") && t["start"].is_number_integer()) {
      tok.start = t["start"].get<int64_t>();
    } else {
      const size_t at = whole.find(cps, cursor);
      if (at == std::u32string::npos)
        fail(field, "'" + tok.text + "' does not occur in the text after code point " +
                        std::to_string(cursor));
      tok.start = static_cast<int64_t>(at);
    }
    tok.end = tok.start + static_cast<int64_t>(cps.size());
    if (hasText &&
        (tok.start < static_cast<int64_t>(cursor) || tok.end > static_cast<int64_t>(whole.size()) ||
         whole.compare(static_cast<size_t>(tok.start), cps.size(), cps) != 0))
      fail(field, "'" + tok.text + "' does not match the text at its offsets");
    cursor = static_cast<size_t>(tok.end);
    tokens.push_back(std::move(tok));
  }
  if (!hasText) j["text"] = joined;
  return tokens;
}

void predictChunk(const model::NerModel& model, std::vector<Record>& records, int threads,
                  std::ostream& out) {
  // Contiguous parts, one per thread; model.predict batches each by length.
  const size_t parts = static_cast<size_t>(threads);
  std::vector<model::Prediction> predictions(records.size());
  train::ParallelFor::run(parts, threads, [&](size_t p) {
    const size_t begin = records.size() * p / parts, end = records.size() * (p + 1) / parts;
    std::vector<std::vector<std::string>> sentences;
    for (size_t i = begin; i < end; ++i) {
      sentences.emplace_back();
      for (const auto& t : records[i].tokens) sentences.back().push_back(t.text);
    }
    auto predicted = model.predict(sentences);
    for (size_t i = begin; i < end; ++i) predictions[i] = std::move(predicted[i - begin]);
  });
  for (size_t i = 0; i < records.size(); ++i) {
    Json& j = records[i].json;
    const auto& tokens = records[i].tokens;
    if (!j.contains("tokens")) {
      Json list = Json::array();
      for (size_t k = 0; k < tokens.size(); ++k)
        list.push_back({{"text", tokens[k].text},
                        {"start", tokens[k].start},
                        {"end", tokens[k].end},
                        {"id", k}});
      j["tokens"] = std::move(list);
    }
    Json spans = Json::array();
    for (const auto& s : predictions[i].spans) {
      const text::Span span = text::tokensToChars(tokens, s.span);
      // token_end is inclusive, as Prodigy writes it.
      spans.push_back({{"start", span.start},
                       {"end", span.end},
                       {"label", span.label},
                       {"score", s.score},
                       {"token_start", s.span.first},
                       {"token_end", s.span.last - 1}});
    }
    j["spans"] = std::move(spans);
    out << j.dump() << "\n";
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
  cmd->add_option("INPUT", input_, "JSONL with \"text\" or \"tokens\" per line (default: stdin)");
  cmd->add_option("--output", output_, "Write JSONL here (default: stdout)");
  cmd->add_option("--threads", threads_, "Threads predicting in parallel; 0 = one per core")
      ->check(CLI::Range(0, 1024));
  return cmd;
}

int PredictCommand::run(Console& console) {
  model::ComputeThreads::apply(1);  // parallel across records instead (see ParallelFor)
  const int threads = train::ParallelFor::resolve(threads_);
  const train::ModelPackage package = train::ModelPackage::load(model_);
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
      r.json = Json::parse(line);
    } catch (const nlohmann::json::exception& e) {
      throw io::InputError(name, lineNo, "", std::string("not valid JSON: ") + e.what());
    }
    if (!r.json.is_object()) throw io::InputError(name, lineNo, "", "expected a JSON object");
    r.tokens = tokensOf(r.json, name, lineNo);
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
