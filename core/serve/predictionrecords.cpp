#include "serve/predictionrecords.h"

#include "io/inputerror.h"
#include "model/nermodel.h"
#include "text/alignment.h"
#include "text/tokenizer.h"
#include "text/utf8.h"
#include "train/device/parallelfor.h"

#include <algorithm>

namespace spanforge::serve {

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
  // Contiguous parts, one per thread; model.predict batches each by length.
  const size_t parts = std::max<size_t>(1, std::min(tokens.size(), static_cast<size_t>(threads)));
  std::vector<model::Prediction> predictions(tokens.size());
  train::ParallelFor::run(parts, static_cast<int>(parts), [&](size_t p) {
    const size_t begin = tokens.size() * p / parts, end = tokens.size() * (p + 1) / parts;
    std::vector<std::vector<std::string>> sentences;
    for (size_t i = begin; i < end; ++i) {
      sentences.emplace_back();
      for (const auto& t : tokens[i]) sentences.back().push_back(t.text);
    }
    auto predicted = model.predict(sentences);
    for (size_t i = begin; i < end; ++i) predictions[i] = std::move(predicted[i - begin]);
  });
  return predictions;
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
  Json spans = Json::array();
  for (const auto& s : prediction.spans) {
    const text::Span span = text::tokensToChars(tokens, s.span);
    spans.push_back({{"start", span.start},
                     {"end", span.end},
                     {"label", span.label},
                     {"score", s.score},
                     {"token_start", s.span.first},
                     {"token_end", s.span.last - 1}});
  }
  j["spans"] = std::move(spans);
}

}  // namespace spanforge::serve
