#include "train/pretrain/pretraintext.h"

#include "io/formatregistry.h"
#include "io/recordreader.h"
#include "store/documentrepository.h"
#include "store/projectstore.h"
#include "text/tokenizer.h"

namespace spanforge::train {
namespace {

std::vector<std::string> tokensOf(const text::Document& doc) {
  std::vector<text::Token> tokens = doc.tokens;
  if (tokens.empty()) tokens = text::Tokenizer().tokenize(doc.text);
  std::vector<std::string> out;
  out.reserve(tokens.size());
  for (auto& t : tokens) out.push_back(std::move(t.text));
  return out;
}

}  // namespace

void PretrainText::add(std::vector<std::string> tokens) {
  ++documents;
  if (tokens.empty()) return;
  words += static_cast<int64_t>(tokens.size());
  sentences.push_back(std::move(tokens));
}

void PretrainText::addFile(const std::string& path) {
  const auto reader = io::openReader(path, io::Format::Auto);
  text::Document doc;
  while (reader->next(doc)) add(tokensOf(doc));
}

void PretrainText::addProject(store::ProjectStore& project) {
  project.documents().forEach(store::DocumentFilter{}, [&](const store::StoredDocument& d) {
    if (d.split == store::Split::Test) {
      ++leftOut;
      return;
    }
    add(tokensOf(d.doc));
  });
}

}  // namespace spanforge::train
