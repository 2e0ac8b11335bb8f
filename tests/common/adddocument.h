#pragma once

// Stores a text tokenized as import would, without spans: a document of the
// unlabelled pool unless told otherwise.
#include "store/projectstore.h"
#include "testdocument.h"
#include "text/tokenizer.h"

#include <cstdint>
#include <string>

namespace spanforge::testing {

inline int64_t addDocument(store::ProjectStore& p, const std::string& text,
                           text::DocStatus status = text::DocStatus::Unlabelled) {
  return p.documents().add(testDocument(text, text::Tokenizer().tokenize(text), {}, status)).id;
}

}  // namespace spanforge::testing
