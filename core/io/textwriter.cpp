#include "io/textwriter.h"

#include "io/documentcheck.h"

namespace spanforge::io {

void TextWriter::write(const text::Document& doc) {
  const DocumentCheck check(doc, ++count_);
  check.text();
  const size_t lineBreak = doc.text.find_first_of("\n\r");
  if (lineBreak != std::string::npos) {
    check.fail("text", "the text has a line break (at byte " + std::to_string(lineBreak + 1) +
                           "); plain text holds one document per line, so export it as JSONL");
  }
  out_ << doc.text << '\n';
}

}  // namespace spanforge::io
