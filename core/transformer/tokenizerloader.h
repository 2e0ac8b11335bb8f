#pragma once

#include "transformer/subwordtokenizer.h"

#include <memory>
#include <string>

namespace spanforge::transformer {

// The tokenizer of a Hugging Face model folder, as its files describe it:
// tokenizer.json when there is one (a WordPiece model after BERT's normalizer
// and pre-tokenizer, a BPE model after the byte-level one, or a Unigram model
// after SentencePiece's Precompiled normalizer and Metaspace), else vocab.txt
// (BERT's WordPiece, lower-cased when tokenizer_config.json says
// do_lower_case) or vocab.json with merges.txt (byte-level BPE). Special
// tokens come from special_tokens_map.json or tokenizer_config.json, else the
// family's own names. Throws std::runtime_error naming the folder and what it
// lacks, or the file and the part that is not supported.
std::unique_ptr<SubwordTokenizer> loadTokenizer(const std::string& folder);

}  // namespace spanforge::transformer
