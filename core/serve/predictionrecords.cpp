#include "serve/predictionrecords.h"

#include "io/inputerror.h"
#include "model/nermodel.h"
#include "serve/predictionwindows.h"
#include "text/alignment.h"
#include "text/tokenizer.h"
#include "text/utf8.h"
#include "train/device/parallelfor.h"

#include <algorithm>
#include <iterator>

namespace spanforge::serve {
namespace {

constexpr size_t kGroupTokens = size_t{1} << 18;  // 256k: more than predict's own chunks

PredictionRecords::Json spansOf(const std::vector<text::Token>& tokens,
                                const model::Prediction& prediction) {
  PredictionRecords::Json spans = PredictionRecords::Json::array();
  for (const auto& s : prediction.spans) {
    const text::Span span = text::tokensToChars(tokens, s.span);
    spans.push_back({{"start", span.start},
                     {"end", span.end},
                     {"label", span.label},
                     {"score", s.score},
                     {"token_start", s.span.first},
                     {"token_end", s.span.last - 1}});
  }
  return spans;
}

}  // namespace

std::vector<text::Token> PredictionRecords::tokens(Json& j, const std::string& file, int64_t line,
                                                   const std::string& prefix) {
  auto fail = [&](const std::string& field, const std::string& msg) {
    std::string path = prefix + field;
    if (!path.empty() && path.back() == '.') path.pop_back();  // the record itself
    throw io::InputError(file, line, path, msg);
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

std::vector<model::Prediction> PredictionRecords::predict(
    const model::NerModel& model, const std::vector<std::vector<text::Token>>& tokens,
    int threads) {
  // A long record becomes several windows (bounded memory); every window is a
  // piece, and the pieces are predicted in contiguous parts, one per thread.
  struct Piece {
    size_t record;
    PredictionWindows::Window window;
  };
  std::vector<std::vector<PredictionWindows::Window>> windows(tokens.size());
  std::vector<Piece> pieces;
  for (size_t i = 0; i < tokens.size(); ++i) {
    windows[i] = PredictionWindows::split(tokens[i]);
    for (const auto& w : windows[i]) pieces.push_back({i, w});
  }
  const size_t parts = std::max<size_t>(1, std::min(pieces.size(), static_cast<size_t>(threads)));
  std::vector<model::Prediction> predicted(pieces.size());
  train::ParallelFor::run(parts, static_cast<int>(parts), [&](size_t p) {
    const size_t begin = pieces.size() * p / parts, end = pieces.size() * (p + 1) / parts;
    // In groups of about kGroupTokens tokens, so that the copies of the
    // words stay small too (predictions do not depend on batch companions).
    for (size_t from = begin; from < end;) {
      std::vector<std::vector<std::string>> sentences;
      size_t words = 0, to = from;
      for (; to < end && (to == from || words < kGroupTokens); ++to) {
        sentences.emplace_back();
        const auto& all = tokens[pieces[to].record];
        for (size_t t = pieces[to].window.begin; t < pieces[to].window.end; ++t)
          sentences.back().push_back(all[t].text);
        words += sentences.back().size();
      }
      auto part = model.predict(sentences);
      for (size_t i = from; i < to; ++i) predicted[i] = std::move(part[i - from]);
      from = to;
    }
  });
  std::vector<model::Prediction> predictions;
  predictions.reserve(tokens.size());
  size_t next = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const size_t count = windows[i].size();
    std::vector<model::Prediction> own(std::make_move_iterator(predicted.begin() + next),
                                       std::make_move_iterator(predicted.begin() + next + count));
    next += count;
    predictions.push_back(PredictionWindows::merge(windows[i], std::move(own)));
  }
  return predictions;
}

void PredictionRecords::write(std::ostream& out, const Json& j,
                              const std::vector<text::Token>& tokens,
                              const model::Prediction& prediction) {
  writeSpans(out, j, tokens, spansOf(tokens, prediction));
}

void PredictionRecords::writeSpans(std::ostream& out, const Json& j,
                                   const std::vector<text::Token>& tokens, const Json& spans) {
  // The object as dump() writes it: keys in order, "spans" replaced where it
  // is, "tokens" and then "spans" added at the end when new.
  const auto key = [&](const std::string& k) { out << Json(k).dump() << ':'; };
  out << '{';
  bool first = true;
  for (const auto& [k, v] : j.items()) {
    if (!first) out << ',';
    first = false;
    key(k);
    out << (k == "spans" ? spans : v).dump();
  }
  if (!j.contains("tokens")) {
    if (!first) out << ',';
    first = false;
    key("tokens");
    out << '[';
    for (size_t k = 0; k < tokens.size(); ++k) {
      out << (k > 0 ? ",{" : "{") << "\"text\":" << Json(tokens[k].text).dump()
          << ",\"start\":" << tokens[k].start << ",\"end\":" << tokens[k].end << ",\"id\":" << k
          << '}';
    }
    out << ']';
  }
  if (!j.contains("spans")) {
    if (!first) out << ',';
    key("spans");
    out << spans.dump();
  }
  out << '}';
}

void PredictionRecords::annotate(Json& j, const std::vector<text::Token>& tokens,
                                 const model::Prediction& prediction) {
  if (!j.contains("tokens")) {
    Json list = Json::array();
    for (size_t k = 0; k < tokens.size(); ++k)
      list.push_back({{"text", tokens[k].text},
                      {"start", tokens[k].start},
                      {"end", tokens[k].end},
                      {"id", k}});
    j["tokens"] = std::move(list);
  }
  j["spans"] = spansOf(tokens, prediction);
}

}  // namespace spanforge::serve
