// Writes the subword ids Hugging Face's own tokenizer gives for each text, as
// the fixtures tests/data/tokenizers/reference/*.jsonl, which the C++
// tokenizer tests compare against. Tokenizers.js (@huggingface/tokenizers,
// the tokenizer of transformers.js) runs the tokenizer.json that
// transformers' fast tokenizer would make from the model's vocabulary files.
//
//   npm ci && node reference.mjs KIND FILES OUT.jsonl [--max N] TEXTS...
//
// KIND and FILES: bert-cased or bert-uncased with a vocab.txt (BertTokenizerFast);
// roberta or roberta-prefix with a folder holding vocab.json and merges.txt
// (RobertaTokenizerFast, add_prefix_space false or true).
// TEXTS: CoNLL files (a sentence's tokens joined by single spaces; at most
// --max sentences from each) or .lines files (a text per line).
import { Tokenizer } from "@huggingface/tokenizers";
import { readFileSync, writeFileSync } from "node:fs";

const args = process.argv.slice(2);
let max = Infinity;
const at = args.indexOf("--max");
if (at >= 0) {
  max = Number(args[at + 1]);
  args.splice(at, 2);
}
const [kind, files, out, ...inputs] = args;
const kinds = ["bert-cased", "bert-uncased", "roberta", "roberta-prefix"];
if (!inputs.length || !kinds.includes(kind)) {
  console.error("usage: node reference.mjs " + kinds.join("|") + " FILES OUT.jsonl [--max N] TEXTS...");
  process.exit(2);
}

function special(vocab, content) {
  return { id: vocab[content], content, single_word: false, lstrip: false, rstrip: false,
           normalized: false, special: true };
}

function bert(vocabFile, uncased) {
  const vocab = {};
  readFileSync(vocabFile, "utf8").split("\n").forEach((token, id) => {
    if (token !== "" || id === 0) vocab[token] = id;
  });
  const json = {
    version: "1.0", truncation: null, padding: null,
    added_tokens: ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"].map((t) => special(vocab, t)),
    normalizer: {
      type: "BertNormalizer", clean_text: true, handle_chinese_chars: true,
      strip_accents: null, lowercase: uncased,
    },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: null,
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece", unk_token: "[UNK]", continuing_subword_prefix: "##",
      max_input_chars_per_word: 100, vocab,
    },
  };
  return new Tokenizer(json, { do_lower_case: uncased, model_max_length: 512 });
}

function roberta(folder, prefix) {
  const vocab = JSON.parse(readFileSync(folder + "/vocab.json", "utf8"));
  const merges = readFileSync(folder + "/merges.txt", "utf8").split("\n")
    .filter((l) => l !== "" && !l.startsWith("#version"));
  const json = {
    version: "1.0", truncation: null, padding: null,
    added_tokens: ["<s>", "<pad>", "</s>", "<unk>", "<mask>"].map((t) => special(vocab, t)),
    normalizer: null,
    pre_tokenizer: { type: "ByteLevel", add_prefix_space: prefix, trim_offsets: true, use_regex: true },
    post_processor: null,
    decoder: { type: "ByteLevel", add_prefix_space: true, trim_offsets: true, use_regex: true },
    model: {
      type: "BPE", dropout: null, unk_token: null, continuing_subword_prefix: "",
      end_of_word_suffix: "", fuse_unk: false, byte_fallback: false, vocab, merges,
    },
  };
  return new Tokenizer(json, { model_max_length: 512 });
}

const tokenizer = kind.startsWith("bert")
  ? bert(files, kind === "bert-uncased")
  : roberta(files, kind === "roberta-prefix");

const texts = [];
for (const file of inputs) {
  const lines = readFileSync(file, "utf8").split("\n");
  if (file.endsWith(".lines")) {
    texts.push(...lines.filter((l) => l !== ""));
    continue;
  }
  let words = [];
  let taken = 0;
  for (const line of lines) {
    if (line.trim() === "") {
      if (words.length && taken < max) texts.push(words.join(" "));
      if (words.length) taken++;
      words = [];
    } else {
      words.push(line.split("\t")[0]);
    }
  }
  if (words.length && taken < max) texts.push(words.join(" "));
}

const rows = texts.map((text) => {
  const ids = tokenizer.encode(text, { add_special_tokens: false }).ids;
  return JSON.stringify({ text, ids });
});
writeFileSync(out, rows.join("\n") + "\n");
console.log(`${out}: ${rows.length} texts`);
