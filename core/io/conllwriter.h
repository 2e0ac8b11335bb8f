#pragma once

#include "io/recordwriter.h"
#include "text/tokenizer.h"

#include <ostream>
#include <vector>

namespace spanforge::io {

// Writes CoNLL: "token<TAB>tag" per line and a blank line after each
// document, tags in the chosen scheme (Auto: IOB2). A document without
// tokens is tokenized first. CoNLL keeps neither status nor metadata nor
// the original spacing: the text reads back as the tokens joined by spaces.
class ConllWriter : public RecordWriter {
 public:
  ConllWriter(std::ostream& out, TagScheme scheme) : out_(out), scheme_(scheme) {}

  void write(const text::Document& doc) override;
  void finish() override { out_.flush(); }

 private:
  std::vector<text::Token> tokensOf(const text::Document& doc) const;

  std::ostream& out_;
  TagScheme scheme_;
  text::Tokenizer tokenizer_;
  int64_t count_ = 0;
};

}  // namespace spanforge::io
