#include "project/datafixes.h"

#include "project/spanspace.h"
#include "store/database.h"
#include "store/projectstore.h"
#include "text/alignment.h"
#include "text/utf8.h"

#include <algorithm>

namespace spanforge::project {
namespace {

std::string count(int64_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

bool overlapsAnother(const std::vector<text::Span>& spans, size_t i, const text::Span& s) {
  for (size_t j = 0; j < spans.size(); ++j)
    if (j != i && spans[j].overlaps(s)) return true;
  return false;
}

}  // namespace

std::string FixPlan::summary() const {
  std::vector<std::string> parts;
  if (trimmed) parts.push_back("trim white space from " + count(trimmed, "span", "spans"));
  if (dropped)
    parts.push_back("remove " + count(dropped, "span", "spans") + " of white space only");
  if (widened) parts.push_back("widen " + count(widened, "span", "spans") + " to whole tokens");
  if (setAside)
    parts.push_back("set " + count(setAside, "empty document", "empty documents") + " to ignored");
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  if (out.empty()) out = "nothing to fix";
  out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  out += ".";
  if (misalignedLeft == 1)
    out += " 1 span stays as it is: widened, it would overlap another span.";
  else if (misalignedLeft > 1)
    out += " " + std::to_string(misalignedLeft) +
           " spans stay as they are: widened, they would overlap other spans.";
  return out;
}

std::vector<text::Span> DataFixes::fixSpans(const std::u32string& cps,
                                            const std::vector<text::Token>& tokens,
                                            const std::vector<text::Span>& spans, FixPlan& counts) {
  std::vector<text::Span> out;
  for (text::Span s : spans) {
    const text::Span before = s;
    while (s.start < s.end && isSpanSpace(cps[s.start])) ++s.start;
    while (s.end > s.start && isSpanSpace(cps[s.end - 1])) --s.end;
    if (s.start == s.end) {
      ++counts.dropped;
      continue;
    }
    if (s != before) ++counts.trimmed;
    out.push_back(s);
  }
  // Widen after trimming, against the other spans as they now are.
  for (size_t i = 0; i < out.size(); ++i) {
    const text::Span& s = out[i];
    if (text::charsToTokens(tokens, s.start, s.end, text::AlignMode::Strict).ok()) continue;
    const auto range = text::charsToTokens(tokens, s.start, s.end, text::AlignMode::Expand);
    if (!range.ok()) continue;  // no token under it at all: the checks keep reporting it
    const text::Span wide = text::tokensToChars(tokens, {range.first, range.last, s.label});
    if (overlapsAnother(out, i, wide)) {
      ++counts.misalignedLeft;
      continue;
    }
    out[i] = wide;
    ++counts.widened;
  }
  std::sort(out.begin(), out.end());
  return out;
}

FixPlan DataFixes::plan(store::ProjectStore& project) {
  FixPlan plan;
  store::DocumentFilter accepted;
  accepted.status = text::DocStatus::Accepted;
  project.documents().forEach(accepted, [&](const store::StoredDocument& d) {
    const auto cps = text::decodeUtf8(d.doc.text);
    DocumentFix fix;
    fix.documentId = d.id;
    fix.spansBefore = d.doc.spans;
    std::sort(fix.spansBefore.begin(), fix.spansBefore.end());
    fix.statusBefore = fix.statusAfter = d.doc.status;
    if (isEmptyDocument(cps, d.doc.tokens.size())) {
      fix.statusAfter = text::DocStatus::Ignored;
      ++plan.setAside;
    }
    fix.spansAfter = fixSpans(cps, d.doc.tokens, fix.spansBefore, plan);
    if (fix.spansAfter != fix.spansBefore || fix.statusAfter != fix.statusBefore)
      plan.documents.push_back(std::move(fix));
  });
  return plan;
}

void DataFixes::apply(store::ProjectStore& project, const FixPlan& plan, bool forward) {
  store::Transaction tx(project.db());
  for (const DocumentFix& f : plan.documents) {
    const auto& spans = forward ? f.spansAfter : f.spansBefore;
    const auto status = forward ? f.statusAfter : f.statusBefore;
    if (f.spansAfter != f.spansBefore) project.documents().setSpans(f.documentId, spans);
    if (f.statusAfter != f.statusBefore) project.documents().setStatus(f.documentId, status);
  }
  tx.commit();
}

}  // namespace spanforge::project
