#!/usr/bin/env python3
"""Writes the ids Hugging Face's own fast tokenizer (the `tokenizers` package,
which the GPU machine's image has) gives for the texts of a reference file,
so a tokenizer.json can be checked against Hugging Face as well as against
SentencePiece:

    python3 tools/tokenizer-reference/hf_fast_reference.py TOKENIZER.json REFERENCE.jsonl OUT.jsonl

REFERENCE.jsonl: {"text", "ids"} rows (e.g. tests/data/tokenizers/unigram-xlmr/reference.jsonl);
OUT.jsonl gets the same texts with the fast tokenizer's ids (no special tokens), and the
texts whose ids differ from REFERENCE.jsonl's are printed. Not used by the build or the tests.
"""
import json
import sys

from tokenizers import Tokenizer


def main():
    tokenizer_json, reference, out = sys.argv[1:4]
    tokenizer = Tokenizer.from_file(tokenizer_json)
    rows = [json.loads(line) for line in open(reference, encoding="utf-8")]
    differ = 0
    with open(out, "w", encoding="utf-8") as f:
        for row in rows:
            ids = tokenizer.encode(row["text"], add_special_tokens=False).ids
            f.write(json.dumps({"text": row["text"], "ids": ids}, ensure_ascii=False) + "\n")
            if ids != row["ids"]:
                differ += 1
                print(f"differs: {row['text']!r}\n  reference {row['ids']}\n  fast      {ids}")
    print(f"{len(rows) - differ} of {len(rows)} texts have the reference's ids")


if __name__ == "__main__":
    main()
