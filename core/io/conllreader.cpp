#include "io/conllreader.h"

#include "text/tagscheme.h"
#include "text/utf8.h"

#include <algorithm>
#include <string_view>

namespace spanforge::io {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

bool isDocStart(std::string_view line) {
  line = trim(line);
  return line.rfind("-DOCSTART-", 0) == 0 && (line.size() == 10 || isSpace(line[10]));
}

text::TagScheme schemeFor(TagScheme s, const std::vector<std::string>& tags) {
  switch (s) {
    case TagScheme::Iob1:
      return text::TagScheme::IOB1;
    case TagScheme::Iob2:
      return text::TagScheme::IOB2;
    case TagScheme::Biluo:
      return text::TagScheme::BILUO;
    case TagScheme::Auto:
      break;
  }
  return text::detectScheme(tags);  // per document
}

}  // namespace

bool ConllReader::isTag(std::string_view tag) {
  if (tag == "O") return true;
  return tag.size() >= 3 && tag[1] == '-' &&
         std::string_view("BILUES").find(tag[0]) != std::string_view::npos;
}

ConllReader::ConllReader(const std::string& path, const ReaderOptions& options)
    : lines_(path, options.maxRecordBytes),
      options_(options),
      source_(LineReader::fileName(path)) {}

std::optional<InputError> ConllReader::parseLine() {
  const int64_t n = lines_.lineNumber();
  const std::string_view line = trim(buffer_);
  // Columns are TAB-separated when the line has a TAB (tokens may then hold
  // spaces), else space-separated. First column: token; last column: tag.
  const char* sep = line.find('\t') != std::string_view::npos ? "\t" : " ";
  const size_t first = line.find_first_of(sep);
  if (first == std::string_view::npos) {
    return InputError(lines_.path(), n, "tag",
                      "no tag: expected a token and a tag separated by a TAB or spaces");
  }
  const std::string_view token = trim(line.substr(0, first));
  const std::string_view tag = trim(line.substr(line.find_last_of(sep) + 1));
  const size_t bad = text::findInvalidUtf8(buffer_);
  if (bad != std::string::npos) {
    const auto tokenEnd = static_cast<size_t>(token.data() + token.size() - buffer_.data());
    return InputError(lines_.path(), n, bad < tokenEnd ? "token" : "tag",
                      "invalid UTF-8 at byte column " + std::to_string(bad + 1));
  }
  // A vertical tab or form feed survives trim() but is no word: the document
  // text would be only whitespace, which no writer can store.
  if (LineReader::isBlank(token)) {
    return InputError(lines_.path(), n, "token", "the token is empty or only whitespace");
  }
  if (!isTag(tag)) {
    return InputError(lines_.path(), n, "tag",
                      "token '" + std::string(token) + "': '" + std::string(tag) +
                          "' is not a tag (expected O, or B-, I-, L-, U-, E- or S- and a type)");
  }
  rows_.push_back({std::string(token), std::string(tag), n});
  return std::nullopt;
}

bool ConllReader::next(text::Document& out) {
  rows_.clear();
  documentLine_ = 0;
  int64_t bytes = 0;
  // After the first problem the rest of the document is skipped, so that the
  // caller can go on with the next one; the problem is reported at its end.
  std::optional<InputError> error;
  for (;;) {
    const auto r = lines_.next(buffer_);
    if (r == LineReader::Result::End) break;
    const int64_t n = lines_.lineNumber();
    const bool inDocument = !rows_.empty() || error;
    if (r == LineReader::Result::Line && (LineReader::isBlank(buffer_) || isDocStart(buffer_))) {
      if (inDocument) break;
      continue;
    }
    if (documentLine_ == 0) documentLine_ = n;
    if (error) continue;
    bytes += static_cast<int64_t>(buffer_.size()) + 1;
    if (r == LineReader::Result::TooLong) {
      error = InputError(lines_.path(), n, "",
                         "the line is longer than the limit of " +
                             std::to_string(options_.maxRecordBytes) + " bytes");
    } else if (bytes > options_.maxRecordBytes) {
      error = InputError(lines_.path(), documentLine_, "",
                         "the document is longer than the limit of " +
                             std::to_string(options_.maxRecordBytes) + " bytes");
    } else if (const size_t nul = buffer_.find('\0'); nul != std::string::npos) {
      error = InputError(
          lines_.path(), n, "",
          "a NUL byte at byte column " + std::to_string(nul + 1) + " (is this a binary file?)");
    } else {
      error = parseLine();
    }
    if (error) rows_.clear();
  }
  if (error) throw *error;
  if (rows_.empty()) return false;

  std::vector<std::string> tags;
  tags.reserve(rows_.size());
  for (const auto& row : rows_) tags.push_back(row.tag);
  const text::TagScheme scheme = schemeFor(options_.scheme, tags);
  const text::SpansResult decoded = text::tagsToSpans(tags, scheme, text::TagMode::Strict);
  if (!decoded.ok()) {
    // The earliest problem in the document.
    const text::TagIssue& issue = *std::min_element(
        decoded.errors.begin(), decoded.errors.end(),
        [](const text::TagIssue& a, const text::TagIssue& b) { return a.token < b.token; });
    const auto count = static_cast<int64_t>(rows_.size());
    const Row& row =
        rows_[static_cast<size_t>(issue.token >= 0 && issue.token < count ? issue.token : 0)];
    throw InputError(
        lines_.path(), row.line, "tag",
        "token '" + row.token + "': " + issue.message + " (" + text::toString(scheme) + ")");
  }

  out = text::Document{};
  out.source = source_;
  out.status = text::DocStatus::Accepted;
  out.tokens.reserve(rows_.size());
  int64_t offset = 0;
  for (const auto& row : rows_) {
    if (offset > 0) {
      out.text += ' ';
      ++offset;
    }
    const auto length = static_cast<int64_t>(text::codePointCount(row.token));
    out.text += row.token;
    out.tokens.push_back({row.token, offset, offset + length});
    offset += length;
  }
  for (const auto& s : decoded.spans) {
    out.spans.push_back({out.tokens[static_cast<size_t>(s.first)].start,
                         out.tokens[static_cast<size_t>(s.last - 1)].end, s.label});
  }
  return true;
}

}  // namespace spanforge::io
