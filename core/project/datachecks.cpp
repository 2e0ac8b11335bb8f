#include "project/datachecks.h"

#include "model/vectors.h"
#include "project/spanspace.h"
#include "store/projectstore.h"
#include "text/alignment.h"
#include "text/utf8.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace spanforge::project {
namespace {

// Lower-cased, whitespace-collapsed text: how spaCy decides two texts are "the same".
std::string normalised(const std::string& text) {
  std::u32string out;
  bool space = false;
  for (char32_t c : text::decodeUtf8(text)) {
    if (isSpanSpace(c)) {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(U' ');
    space = false;
    out.push_back(c < 128 ? static_cast<char32_t>(std::tolower(static_cast<int>(c))) : c);
  }
  return text::encodeUtf8(out);
}

void addExample(CheckResult& r, int64_t docId, std::string detail) {
  ++r.count;
  if (r.examples.size() < DataChecks::kMaxExamples)
    r.examples.push_back({docId, std::move(detail)});
}

std::string quoted(const std::u32string& cps, const text::Span& s) {
  return "'" + text::encodeUtf8(cps.substr(s.start, s.end - s.start)) + "' [" +
         std::to_string(s.start) + ", " + std::to_string(s.end) + ") " + s.label;
}

std::string percent(double share) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * share);
  return buf;
}

}  // namespace

const char* toString(Severity s) {
  switch (s) {
    case Severity::Ok:
      return "ok";
    case Severity::Info:
      return "info";
    case Severity::Warning:
      return "warning";
  }
  return "ok";
}

DataReport DataChecks::run() {
  DataReport report;
  CheckResult whitespace{"span_whitespace", Severity::Ok, "", 0, {}};
  CheckResult misaligned{"span_misaligned", Severity::Ok, "", 0, {}};
  CheckResult empty{"empty_documents", Severity::Ok, "", 0, {}};
  CheckResult overlap{"train_dev_overlap", Severity::Ok, "", 0, {}};
  std::map<std::string, int64_t> perLabel;
  for (const auto& l : project_.labels().all()) perLabel[l.name] = 0;

  std::map<std::string, int64_t> trainTexts;  // normalised text -> a doc id
  std::vector<std::pair<std::string, int64_t>> devTexts;

  store::DocumentFilter accepted;
  accepted.status = text::DocStatus::Accepted;
  project_.documents().forEach(accepted, [&](const store::StoredDocument& d) {
    ++report.documents;
    const auto cps = text::decodeUtf8(d.doc.text);
    if (isEmptyDocument(cps, d.doc.tokens.size())) {
      addExample(empty, d.id, "document has no tokens");
    }
    for (const auto& s : d.doc.spans) {
      ++report.spans;
      ++perLabel[s.label];
      if (isSpanSpace(cps[s.start]) || isSpanSpace(cps[s.end - 1]))
        addExample(whitespace, d.id, quoted(cps, s));
      const auto range = text::charsToTokens(d.doc.tokens, s.start, s.end, text::AlignMode::Strict);
      if (!range.ok()) addExample(misaligned, d.id, quoted(cps, s) + ": " + range.error);
    }
    if (d.split == store::Split::Train) trainTexts.emplace(normalised(d.doc.text), d.id);
    if (d.split == store::Split::Dev) devTexts.emplace_back(normalised(d.doc.text), d.id);
  });
  for (const auto& [text, id] : devTexts) {
    auto it = trainTexts.find(text);
    if (it != trainTexts.end())
      addExample(overlap, id, "same text as train document " + std::to_string(it->second));
  }

  CheckResult rare{"rare_labels", Severity::Ok, "", 0, {}};
  std::string rareNames;
  for (const auto& [label, n] : perLabel) {
    if (n >= kMinExamplesPerLabel) continue;
    ++rare.count;
    rareNames += (rareNames.empty() ? "" : ", ") + label + " (" + std::to_string(n) + ")";
  }

  const auto finish = [&](CheckResult r, const std::string& bad, const std::string& good) {
    r.severity = r.count ? Severity::Warning : Severity::Ok;
    r.message = r.count ? std::to_string(r.count) + " " + bad : good;
    report.checks.push_back(std::move(r));
  };
  finish(std::move(rare),
         "label(s) with fewer than " + std::to_string(kMinExamplesPerLabel) +
             " examples: " + rareNames,
         "every label has at least " + std::to_string(kMinExamplesPerLabel) + " examples");
  if (devTexts.empty()) {
    overlap.severity = Severity::Info;
    overlap.message =
        "no documents marked as dev; training will hold out a seeded dev split of the "
        "accepted documents (to choose the dev set, import it with the split dev)";
    report.checks.push_back(std::move(overlap));
  } else {
    finish(std::move(overlap), "dev text(s) also in train", "no texts in both train and dev");
  }
  finish(std::move(whitespace), "span(s) with leading or trailing whitespace",
         "no spans with leading or trailing whitespace");
  finish(std::move(misaligned), "span(s) not aligned to token boundaries",
         "all spans align to tokens");
  finish(std::move(empty), "empty document(s)", "no empty documents");
  if (vectors_ != nullptr) report.checks.push_back(vectorsCheck());
  return report;
}

DataChecks& DataChecks::withVectors(const model::Vectors& vectors, std::string name) {
  vectors_ = &vectors;
  vectorsName_ = std::move(name);
  return *this;
}

model::VectorsCoverage::Result DataChecks::vectorsCoverage(store::ProjectStore& project,
                                                           const model::Vectors& vectors) {
  model::VectorsCoverage counter;
  project.documents().forEach({}, [&](const store::StoredDocument& d) {
    for (const auto& t : d.doc.tokens) counter.add(t.text);
  });
  return counter.measure(vectors, kMaxExamples);
}

CheckResult DataChecks::vectorsCheck() {
  const auto c = vectorsCoverage(project_, *vectors_);
  CheckResult r{"vectors_coverage", Severity::Info, "", c.tokens - c.coveredTokens, {}};
  r.message = "word vectors " + vectorsName_ + " (" + std::to_string(vectors_->size()) +
              " words, " + std::to_string(vectors_->dim()) + " dimensions) cover " +
              percent(c.tokenShare()) + " of the project's " + std::to_string(c.tokens) +
              " words (" + percent(c.wordShare()) + " of " + std::to_string(c.words) +
              " distinct words)";
  if (!c.missing.empty()) {
    r.message += "; the most frequent without a vector:";
    for (size_t i = 0; i < c.missing.size(); ++i)
      r.message += (i ? ", '" : " '") + c.missing[i].first + "' (" +
                   std::to_string(c.missing[i].second) + ")";
  }
  if (c.tokens > 0 && c.tokenShare() < kMinVectorsCoverage) {
    r.severity = Severity::Warning;
    r.message += ": too few for vectors of the project's language and tokenisation";
  }
  return r;
}

}  // namespace spanforge::project
