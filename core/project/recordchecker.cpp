#include "project/recordchecker.h"

#include "store/documentcodec.h"
#include "store/labelname.h"
#include "store/projectstore.h"
#include "store/storeerror.h"

namespace spanforge::project {

RecordChecker::RecordChecker(store::ProjectStore& p, const ImportOptions& o) : options_(o) {
  for (const auto& l : p.labels().all()) known_.insert(l.name);
  allowNewLabels_ = o.addLabels || known_.empty();
}

void RecordChecker::prepare(text::Document& doc) const {
  if (options_.dropSpans) {
    doc.spans.clear();
    doc.predictions.clear();
    // A CoNLL file reads as accepted; without its spans it is a pool to label.
    doc.status = text::DocStatus::Unlabelled;
  }
  if (options_.status) doc.status = *options_.status;
  if (doc.tokens.empty()) doc.tokens = tokenizer_.tokenize(doc.text);
}

void RecordChecker::check(const text::Document& doc, const std::string& file, int64_t line) const {
  if (!allowNewLabels_) {  // every label of the record the project lacks, the first named
    std::set<std::string> missing;
    size_t first = doc.spans.size();
    for (size_t i = 0; i < doc.spans.size(); ++i)
      if (!known_.count(doc.spans[i].label) && missing.insert(doc.spans[i].label).second &&
          first == doc.spans.size())
        first = i;
    if (!missing.empty())
      throw unknownLabel(first, doc.spans[first].label, missing, known_, file, line);
  }
  for (size_t i = 0; i < doc.spans.size(); ++i) {
    const std::string& label = doc.spans[i].label;
    if (known_.count(label)) continue;
    // A label this record would create must be one the store accepts.
    if (auto problem = store::LabelName::problem(label)) {
      throw io::InputError(file, line, "spans[" + std::to_string(i) + "].label", *problem);
    }
  }
  using Codec = store::DocumentCodec;
  try {
    const std::string where = Codec::describeNew(doc.text, doc.source);
    const int64_t length = Codec::checkText(doc.text, where);
    Codec::checkMeta(doc.metaJson, where);
    Codec::checkTokens(doc.tokens, length, where);
    Codec::sortedSpans(doc.spans, length, where);
  } catch (const store::StoreError& e) {
    throw io::InputError(file, line, "", e.what());
  }
}

UnknownLabelError RecordChecker::unknownLabel(size_t span, const std::string& name,
                                              const std::set<std::string>& missing,
                                              const std::set<std::string>& known,
                                              const std::string& file, int64_t line) {
  // A project may have thousands of labels: name the first few.
  constexpr size_t kListed = 20;
  std::string names;
  size_t listed = 0;
  for (const auto& n : known) {
    if (listed++ == kListed) {
      names += " and " + std::to_string(known.size() - kListed) + " more";
      break;
    }
    names += (names.empty() ? "" : ", ") + store::LabelName::shown(n);
  }
  // How to add it differs between the CLI and the app: each front end says so.
  return UnknownLabelError(missing, file, line, "spans[" + std::to_string(span) + "].label",
                           "unknown label '" + store::LabelName::shown(name) +
                               "' (project labels: " + (names.empty() ? "none" : names) + ")");
}

}  // namespace spanforge::project
