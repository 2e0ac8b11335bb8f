#!/usr/bin/python3
"""Writes a small XLM-RoBERTa-style Unigram tokenizer and the ids SentencePiece gives.

    tools/tokenizer-reference/sentencepiece_reference.py OUT_DIR TRAIN_TEXT... \
        --texts TEXTS... [--max 300] [--vocab 3000]

Needs Debian's python3-sentencepiece and python3-protobuf; run by hand, never by a build.

Trains a SentencePiece Unigram model (vocabulary --vocab, the default nmt_nfkc
normalization that XLM-R's model was trained with) on the sentences of the
CoNLL files TRAIN_TEXT, then writes to OUT_DIR:
- tokenizer.json: the model as transformers' XLMRobertaConverter turns
  XLM-R's sentencepiece.bpe.model into a fast tokenizer (ids shifted by
  fairseq's offset of 1 behind <s> <pad> </s> <unk>, <mask> last; the
  Precompiled normalizer with the model's charsmap, then " {2,}" -> " ";
  Metaspace pre-tokenizer);
- reference.jsonl: for each text, the ids XLMRobertaTokenizer (SentencePiece
  itself, ids shifted the same way; its unknown id 0 becomes <unk> = 3) gives,
  without special tokens.
TEXTS: CoNLL files (a sentence's tokens joined by single spaces; at most --max
sentences of each) or .lines files (a text per line), as reference.mjs reads them.
"""
import argparse
import base64
import json
import os

import sentencepiece as spm
import sentencepiece.sentencepiece_model_pb2 as model_pb2


def conll_sentences(path, limit=None):
    out, cur = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.strip():
                cur.append(line.split("\t")[0].split(" ")[0])
            elif cur:
                out.append(" ".join(cur))
                cur = []
    if cur:
        out.append(" ".join(cur))
    return out[:limit] if limit else out


def texts_of(path, limit):
    if path.endswith(".lines"):
        with open(path, encoding="utf-8") as f:
            return [line.rstrip("\n") for line in f if line.rstrip("\n")]
    return conll_sentences(path, limit)


def tokenizer_json(proto):
    vocab = [["<s>", 0.0], ["<pad>", 0.0], ["</s>", 0.0], ["<unk>", 0.0]]
    vocab += [[p.piece, p.score] for p in proto.pieces[3:]]
    vocab += [["<mask>", 0.0]]
    special = {"<s>": 0, "<pad>": 1, "</s>": 2, "<unk>": 3, "<mask>": len(vocab) - 1}
    charsmap = base64.b64encode(proto.normalizer_spec.precompiled_charsmap).decode("ascii")
    return {
        "version": "1.0",
        "added_tokens": [
            {"id": i, "content": c, "single_word": False, "lstrip": c == "<mask>",
             "rstrip": False, "normalized": False, "special": True}
            for c, i in special.items()],
        "normalizer": {"type": "Sequence", "normalizers": [
            {"type": "Precompiled", "precompiled_charsmap": charsmap},
            {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}]},
        "pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581",
                          "prepend_scheme": "always", "split": True},
        "post_processor": None,
        "decoder": {"type": "Metaspace", "replacement": "\u2581",
                    "prepend_scheme": "always", "split": True},
        "model": {"type": "Unigram", "unk_id": 3, "vocab": vocab, "byte_fallback": False},
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("train", nargs="+")
    ap.add_argument("--texts", nargs="+", required=True)
    ap.add_argument("--max", type=int, default=300)
    ap.add_argument("--vocab", type=int, default=3000)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    corpus = os.path.join(a.out, "train.tmp")
    with open(corpus, "w", encoding="utf-8") as f:
        for path in a.train:
            f.write("\n".join(conll_sentences(path)) + "\n")
    prefix = os.path.join(a.out, "spm.tmp")
    spm.SentencePieceTrainer.train(input=corpus, model_prefix=prefix, vocab_size=a.vocab,
                                   model_type="unigram", character_coverage=0.9995,
                                   normalization_rule_name="nmt_nfkc", minloglevel=2)
    proto = model_pb2.ModelProto()
    with open(prefix + ".model", "rb") as f:
        proto.ParseFromString(f.read())
    sp = spm.SentencePieceProcessor(model_file=prefix + ".model")
    with open(os.path.join(a.out, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(tokenizer_json(proto), f, ensure_ascii=False)
    with open(os.path.join(a.out, "reference.jsonl"), "w", encoding="utf-8") as f:
        for path in a.texts:
            for text in texts_of(path, a.max):
                ids = [i + 1 if i else 3 for i in sp.encode(text)]
                f.write(json.dumps({"text": text, "ids": ids}, ensure_ascii=False) + "\n")
    for tmp in (corpus, prefix + ".model", prefix + ".vocab"):
        os.remove(tmp)


if __name__ == "__main__":
    main()
