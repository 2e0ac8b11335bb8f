// Writes the subword ids Hugging Face's own tokenizer gives for each text, as
// the fixtures tests/data/tokenizers/reference/*.jsonl, which the C++
// tokenizer tests compare against. Tokenizers.js (@huggingface/tokenizers,
// the tokenizer of transformers.js) runs the tokenizer.json that
// transformers' BertTokenizerFast would make from a vocab.txt.
//
//   npm ci && node reference.mjs VOCAB.txt cased|uncased OUT.jsonl TEXTS...
//
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
const [vocabFile, casing, out, ...inputs] = args;
if (!inputs.length || !["cased", "uncased"].includes(casing)) {
  console.error("usage: node reference.mjs VOCAB.txt cased|uncased OUT.jsonl [--max N] TEXTS...");
  process.exit(2);
}

const vocab = {};
readFileSync(vocabFile, "utf8").split("\n").forEach((token, id) => {
  if (token !== "" || id === 0) vocab[token] = id;
});
const specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"];
const tokenizerJson = {
  version: "1.0",
  truncation: null,
  padding: null,
  added_tokens: specials.map((content) => ({
    id: vocab[content], content, single_word: false, lstrip: false, rstrip: false,
    normalized: false, special: true,
  })),
  normalizer: {
    type: "BertNormalizer", clean_text: true, handle_chinese_chars: true,
    strip_accents: null, lowercase: casing === "uncased",
  },
  pre_tokenizer: { type: "BertPreTokenizer" },
  post_processor: null,
  decoder: { type: "WordPiece", prefix: "##", cleanup: true },
  model: {
    type: "WordPiece", unk_token: "[UNK]", continuing_subword_prefix: "##",
    max_input_chars_per_word: 100, vocab,
  },
};
const tokenizer = new Tokenizer(tokenizerJson, {
  do_lower_case: casing === "uncased", model_max_length: 512,
});

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
