#include "cli/patternsmatchcommand.h"

#include "cli/jsonlinput.h"
#include "cli/recordstreams.h"
#include "io/inputerror.h"
#include "io/linereader.h"
#include "io/outputtarget.h"
#include "patterns/patternreader.h"
#include "patterns/patternsetmatcher.h"
#include "patterns/tokensequence.h"
#include "serve/predictionrecords.h"
#include "text/alignment.h"

#include <CLI/CLI.hpp>

namespace spanforge::cli {
namespace {

using Json = serve::PredictionRecords::Json;

Json spansOf(const std::vector<patterns::PatternHit>& hits,
             const std::vector<patterns::PatternSet>& sets,
             const std::vector<text::Token>& tokens) {
  Json spans = Json::array();
  for (const auto& h : hits) {
    const patterns::Pattern& p = sets[h.set].patterns[h.pattern];
    const text::Span span = text::tokensToChars(tokens, {h.start, h.end, p.label});
    Json s = {
        {"start", span.start},    {"end", span.end},
        {"label", p.label},       {"token_start", h.start},
        {"token_end", h.end - 1}, {"pattern", sets[h.set].name + ":" + std::to_string(p.line)}};
    if (!p.id.empty()) s["id"] = p.id;
    spans.push_back(std::move(s));
  }
  return spans;
}

}  // namespace

CLI::App* PatternsMatchCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "match",
      "Label JSONL texts with patterns: the spans they match, overlaps resolved as spaCy's "
      "EntityRuler does (longest first, then the earliest).");
  cmd->add_option("--patterns", patternFiles_, "spaCy/Prodigy patterns JSONL (repeatable)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--terms", termFiles_, "Term list: a term a line (repeatable; needs --label)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--label", label_, "The label of the --terms lists' terms");
  cmd->add_flag("--case-fold", caseFold_,
                "Phrases and terms match whatever the case (spaCy's phrase_matcher_attr LOWER)");
  cmd->add_flag("--all", all_, "Every match of every pattern, overlapping ones too");
  cmd->add_option("INPUT", input_, "JSONL with \"text\" or \"tokens\" per line (default: stdin)");
  cmd->add_option("--output", output_, "Write JSONL here (default: stdout)");
  return cmd;
}

int PatternsMatchCommand::run(Console& console) {
  if (patternFiles_.empty() && termFiles_.empty())
    throw io::InputError("", 0, "", "give --patterns FILE or --terms FILE --label LABEL");
  if (!termFiles_.empty() && label_.empty())
    throw io::InputError("", 0, "--terms", "the terms' label is missing: add --label LABEL");
  if (!output_.empty()) {
    const io::OutputTarget target(output_, "--output");
    RecordStreams::checkNotInput(target, input_);
    for (const auto& f : patternFiles_) target.notFile(f, "a patterns file");
    for (const auto& f : termFiles_) target.notFile(f, "a term list");
  }
  const auto attribute =
      caseFold_ ? patterns::PhraseAttribute::Lower : patterns::PhraseAttribute::Orth;
  std::vector<patterns::PatternSet> sets;
  for (const auto& f : patternFiles_)
    sets.push_back(
        patterns::PatternReader::readPatterns(f, io::LineReader::fileName(f), attribute));
  for (const auto& f : termFiles_)
    sets.push_back(
        patterns::PatternReader::readTerms(f, io::LineReader::fileName(f), label_, caseFold_));
  const patterns::PatternSetMatcher matcher(sets);

  RecordStreams streams(input_, output_, console);
  std::ostream& out = streams.out();
  const std::string& name = streams.name();
  JsonlInput input(streams.in(), name);
  Json record;
  int64_t count = 0, spans = 0;
  while (input.next(record)) {
    const auto tokens = serve::PredictionRecords::tokens(record, name, input.line());
    std::vector<std::string_view> words;
    words.reserve(tokens.size());
    for (const auto& t : tokens) words.push_back(t.text);
    const patterns::TokenSequence sequence(std::move(words));
    std::vector<patterns::PatternOverrun> cut;
    const auto hits = all_ ? matcher.matchAll(sequence, &cut) : matcher.entities(sequence, &cut);
    for (const auto& o : cut)
      console.err << "warning: " << name << ":" << input.line() << ": " << matcher.describe(sets, o)
                  << ".\n";
    serve::PredictionRecords::writeSpans(out, record, tokens, spansOf(hits, sets, tokens));
    out << "\n";
    ++count;
    spans += static_cast<int64_t>(hits.size());
  }
  if (!out.flush()) throw io::InputError(output_, 0, "", "cannot write");
  if (!output_.empty())
    console.err << "Matched " << spans << " span(s) in " << count << " record(s) into " << output_
                << ".\n";
  return kOk;
}

}  // namespace spanforge::cli
