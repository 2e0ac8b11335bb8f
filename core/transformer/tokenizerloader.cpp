#include "transformer/tokenizerloader.h"

#include "transformer/bytelevelbpetokenizer.h"
#include "transformer/jsonfile.h"
#include "transformer/modelfile.h"
#include "transformer/modelfoldererror.h"
#include "transformer/unigramtokenizer.h"
#include "transformer/wordpiecetokenizer.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <stdexcept>

namespace spanforge::transformer {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A vocabulary (or merges list) larger than any real model's is refused
// before it is read into memory.
void checkCount(const json& list, const std::string& file, const char* what) {
  if (list.size() > static_cast<size_t>(ModelFileLimits::kMaxVocabulary))
    throw ModelFolderError(file + ": " + std::to_string(list.size()) + " " + what +
                           "; Spanforge reads at most " +
                           std::to_string(ModelFileLimits::kMaxVocabulary));
}

json optionalJson(const fs::path& path) {
  return fs::exists(path) ? readJsonFile(path.string(), ModelFileLimits::kMaxTokenizerBytes)
                          : json();
}

// A special token's name as the configs give it: a string or {"content": ...}.
std::string tokenName(const json& configs, const char* key, const std::string& fallback) {
  for (const json& c : configs) {
    if (!c.is_object() || !c.contains(key)) continue;
    const json& v = c.at(key);
    if (v.is_string()) return v.get<std::string>();
    if (v.is_object() && v.contains("content")) return v.at("content").get<std::string>();
  }
  return fallback;
}

BertNormalizer::Options normalizerOf(const json& n, const std::string& file) {
  BertNormalizer::Options o;
  if (n.is_null()) {
    o.cleanText = o.chineseChars = o.lowercase = false;
    o.stripAccents = 0;
    return o;
  }
  if (n.value("type", "") != "BertNormalizer")
    throw ModelFolderError(file + ": normalizer '" + n.value("type", "?") +
                           "' is not supported with WordPiece (BertNormalizer is)");
  o.cleanText = n.value("clean_text", true);
  o.chineseChars = n.value("handle_chinese_chars", true);
  o.lowercase = n.value("lowercase", true);
  const json& strip = n.contains("strip_accents") ? n.at("strip_accents") : json();
  o.stripAccents = strip.is_boolean() ? (strip.get<bool>() ? 1 : 0) : -1;
  return o;
}

// XLM-R's normalizer: the model's charsmap, then runs of spaces as one
// (which SentencePieceNormalizer does anyway).
std::optional<PrecompiledCharsmap> charsmapOf(const json& n, const std::string& file) {
  if (n.is_null()) return std::nullopt;
  const std::string type = n.value("type", "");
  if (type == "Precompiled") {
    const auto blob = decodeBase64(n.at("precompiled_charsmap").get<std::string>());
    if (!blob) throw ModelFolderError(file + ": precompiled_charsmap is not base64");
    try {
      return PrecompiledCharsmap(*blob);
    } catch (const std::runtime_error& e) {
      throw ModelFolderError(file + ": " + e.what());
    }
  }
  if (type == "Replace") {
    const json& p = n.at("pattern");
    const std::string pattern =
        p.contains("Regex") ? p.at("Regex").get<std::string>() : p.value("String", std::string());
    if ((pattern == " {2,}" || pattern == "  ") && n.value("content", "") == " ")
      return std::nullopt;
    throw ModelFolderError(file + ": the Replace normalizer of '" + pattern +
                           "' is not supported with Unigram (only runs of spaces)");
  }
  if (type == "Sequence") {
    std::optional<PrecompiledCharsmap> found;
    for (const json& part : n.at("normalizers"))
      if (auto c = charsmapOf(part, file)) found = std::move(c);
    return found;
  }
  throw ModelFolderError(file + ": normalizer '" + type +
                         "' is not supported with Unigram (Precompiled is)");
}

bool isMetaspace(const json& pre) {
  if (!pre.is_object()) return false;
  const std::string type = pre.value("type", "");
  if (type == "Sequence") {  // T5's: WhitespaceSplit, then Metaspace
    const json& parts = pre.at("pretokenizers");
    return !parts.empty() && isMetaspace(parts.back()) &&
           std::all_of(parts.begin(), parts.end() - 1,
                       [](const json& p) { return p.value("type", "") == "WhitespaceSplit"; });
  }
  return type == "Metaspace" && pre.value("replacement", "") == SentencePieceNormalizer::kSpace &&
         pre.value("prepend_scheme", pre.value("add_prefix_space", true) ? "always" : "never") !=
             "never";
}

std::unique_ptr<SubwordTokenizer> unigramOf(const json& t, const std::string& file) {
  const json& model = t.at("model");
  if (model.value("byte_fallback", false))
    throw ModelFolderError(file + ": a Unigram model with byte_fallback is not supported");
  if (!isMetaspace(t.contains("pre_tokenizer") ? t.at("pre_tokenizer") : json()))
    throw ModelFolderError(file +
                           ": a Unigram model is supported after the Metaspace pre-tokenizer "
                           "(replacement \u2581, a prefix space) only");
  std::vector<UnigramTokenizer::Piece> vocab;
  checkCount(model.at("vocab"), file, "pieces");
  for (const json& entry : model.at("vocab"))
    vocab.push_back({entry.at(0).get<std::string>(), entry.at(1).get<float>()});
  std::vector<std::string> reserved;
  if (t.contains("added_tokens"))
    for (const json& a : t.at("added_tokens"))
      if (a.value("special", false)) reserved.push_back(a.at("content").get<std::string>());
  const json& unk = model.contains("unk_id") ? model.at("unk_id") : json();
  if (!unk.is_number_integer()) throw ModelFolderError(file + ": the Unigram model has no unk_id");
  const auto unkId = unk.get<int64_t>();
  if (unkId < 0 || unkId >= static_cast<int64_t>(vocab.size()))
    throw ModelFolderError(file + ": the unknown piece's id " + std::to_string(unkId) +
                           " is outside the vocabulary of " + std::to_string(vocab.size()));
  try {
    return std::make_unique<UnigramTokenizer>(
        std::move(vocab), static_cast<int32_t>(unkId), reserved,
        SentencePieceNormalizer(
            charsmapOf(t.contains("normalizer") ? t.at("normalizer") : json(), file)));
  } catch (const std::invalid_argument& e) {
    throw ModelFolderError(file + ": " + e.what());
  }
}

std::unique_ptr<SubwordTokenizer> fromTokenizerJson(const fs::path& path) {
  const std::string file = path.string();
  const json t = readJsonFile(file, ModelFileLimits::kMaxTokenizerBytes);
  const json& model = t.at("model");
  const std::string type = model.value("type", "");
  const json& pre = t.contains("pre_tokenizer") ? t.at("pre_tokenizer") : json();
  const std::string preType = pre.is_object() ? pre.value("type", "") : "";
  if (type == "WordPiece") {
    if (preType != "BertPreTokenizer")
      throw ModelFolderError(file + ": pre-tokenizer '" + preType +
                             "' is not supported with WordPiece (BertPreTokenizer is)");
    std::vector<std::string> vocab;
    checkCount(model.at("vocab"), file, "tokens");
    for (auto it = model.at("vocab").begin(); it != model.at("vocab").end(); ++it) {
      const auto id = it.value().get<size_t>();
      if (id >= model.at("vocab").size())
        throw ModelFolderError(file + ": token \"" + it.key() + "\" has id " + std::to_string(id) +
                               ", outside the vocabulary of " +
                               std::to_string(model.at("vocab").size()));
      if (id >= vocab.size()) vocab.resize(id + 1);
      vocab[id] = it.key();
    }
    WordPieceTokenizer::Options o;
    o.normalizer = normalizerOf(t.contains("normalizer") ? t.at("normalizer") : json(), file);
    o.unknown = model.value("unk_token", "[UNK]");
    o.prefix = model.value("continuing_subword_prefix", "##");
    o.maxWordChars = model.value("max_input_chars_per_word", size_t{100});
    return std::make_unique<WordPieceTokenizer>(std::move(vocab), o);
  }
  if (type == "BPE") {
    if (preType != "ByteLevel")
      throw ModelFolderError(file + ": pre-tokenizer '" + preType +
                             "' is not supported with BPE (ByteLevel is)");
    if (t.contains("normalizer") && !t.at("normalizer").is_null())
      throw ModelFolderError(file + ": a normalizer before byte-level BPE is not supported");
    std::unordered_map<std::string, int32_t> vocab;
    checkCount(model.at("vocab"), file, "tokens");
    checkCount(model.at("merges"), file, "merges");
    for (auto it = model.at("vocab").begin(); it != model.at("vocab").end(); ++it)
      vocab.emplace(it.key(), it.value().get<int32_t>());
    // Tokens added after training (ModernBERT's [CLS], [SEP], [PAD] ...) have
    // ids outside the model's vocabulary; merges never make them.
    if (t.contains("added_tokens"))
      for (const json& a : t.at("added_tokens"))
        vocab.emplace(a.at("content").get<std::string>(), a.at("id").get<int32_t>());
    std::vector<std::string> merges;
    for (const json& m : model.at("merges"))  // "a b", or ["a", "b"] in newer files
      merges.push_back(m.is_string()
                           ? m.get<std::string>()
                           : m.at(0).get<std::string>() + " " + m.at(1).get<std::string>());
    ByteLevelBpeTokenizer::Options o;
    o.addPrefixSpace = pre.value("add_prefix_space", false);
    return std::make_unique<ByteLevelBpeTokenizer>(std::move(vocab), merges, o);
  }
  if (type == "Unigram") return unigramOf(t, file);
  throw ModelFolderError(file + ": tokenizer model '" + type +
                         "' is not supported (WordPiece, BPE and Unigram are)");
}

}  // namespace

std::unique_ptr<SubwordTokenizer> loadTokenizer(const std::string& folder) {
  const fs::path dir(folder);
  if (!fs::is_directory(dir)) throw ModelFolderError(folder + ": no such folder");
  const json config = optionalJson(dir / "tokenizer_config.json");
  const json specials = optionalJson(dir / "special_tokens_map.json");
  std::unique_ptr<SubwordTokenizer> t;
  std::string cls = "[CLS]", sep = "[SEP]", pad = "[PAD]", unk = "[UNK]", mask = "[MASK]";
  try {
    if (fs::exists(dir / "tokenizer.json")) {
      t = fromTokenizerJson(dir / "tokenizer.json");
    } else if (fs::exists(dir / "vocab.txt")) {
      WordPieceTokenizer::Options o;
      o.normalizer.lowercase = config.is_object() ? config.value("do_lower_case", true) : true;
      o.unknown = tokenName(json::array({specials, config}), "unk_token", "[UNK]");
      t = std::make_unique<WordPieceTokenizer>(
          WordPieceTokenizer::fromVocabFile((dir / "vocab.txt").string(), o));
    } else if (fs::exists(dir / "vocab.json")) {
      if (!fs::exists(dir / "merges.txt"))
        throw ModelFolderError(folder + ": vocab.json without merges.txt");
      ByteLevelBpeTokenizer::Options o;
      o.addPrefixSpace = config.is_object() ? config.value("add_prefix_space", false) : false;
      t = std::make_unique<ByteLevelBpeTokenizer>(ByteLevelBpeTokenizer::fromFiles(
          (dir / "vocab.json").string(), (dir / "merges.txt").string(), o));
    } else {
      throw ModelFolderError(folder +
                             ": no tokenizer (tokenizer.json, vocab.txt, or vocab.json with "
                             "merges.txt)");
    }
  } catch (const json::exception& e) {
    throw ModelFolderError(folder + ": the tokenizer's files are not as expected (" + e.what() +
                           ")");
  }
  if (t->kind() != "WordPiece") {
    cls = "<s>";
    sep = "</s>";
    pad = "<pad>";
    unk = "<unk>";
    mask = "<mask>";
  }
  const json configs = json::array({specials, config});
  t->setSpecial(tokenName(configs, "cls_token", cls), tokenName(configs, "sep_token", sep),
                tokenName(configs, "pad_token", pad), tokenName(configs, "unk_token", unk),
                tokenName(configs, "mask_token", mask));
  return t;
}

}  // namespace spanforge::transformer
