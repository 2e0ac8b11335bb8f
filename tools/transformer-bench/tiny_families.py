#!/usr/bin/env python3
"""Small random encoders of each family Spanforge reads, as Hugging Face model
folders, and a training config for each: what issue #36's "a small
random-initialised encoder of each architecture trains on WNUT-17 to a
non-trivial F1" is measured with (tools/transformer-bench/tiny_families.sh
trains them). Each folder has config.json and the family's real tokenizer
files from tests/data/tokenizers/, and no model.safetensors, so the encoder
starts from random weights.

    tiny_families.py OUT_DIR [--hidden 64] [--layers 2]
"""
import argparse
import json
import pathlib
import shutil

REPO = pathlib.Path(__file__).resolve().parents[2]
TOK = REPO / "tests" / "data" / "tokenizers"
FAMILIES = ["bert", "roberta", "xlm-roberta", "distilbert", "electra", "modernbert"]


def bert_like(family, hidden, layers):
    heads = max(1, hidden // 32)
    c = {
        "model_type": family,
        "vocab_size": 28996,
        "hidden_size": hidden,
        "num_hidden_layers": layers,
        "num_attention_heads": heads,
        "intermediate_size": 4 * hidden,
        "max_position_embeddings": 512,
        "type_vocab_size": 2,
        "_name_or_path": f"tiny-{family}, random weights",
    }
    if family == "distilbert":
        return {
            "model_type": family,
            "vocab_size": 28996,
            "dim": hidden,
            "n_layers": layers,
            "n_heads": heads,
            "hidden_dim": 4 * hidden,
            "max_position_embeddings": 512,
            "_name_or_path": c["_name_or_path"],
        }
    if family == "electra":
        c["embedding_size"] = hidden // 2
    if family in ("roberta", "xlm-roberta"):
        c.update(pad_token_id=1, max_position_embeddings=514, type_vocab_size=1)
    return c


def modernbert(hidden, layers, out):
    c = {
        "model_type": "modernbert",
        "vocab_size": 50272,
        "hidden_size": hidden,
        "num_hidden_layers": layers,
        "num_attention_heads": max(1, hidden // 32),
        "intermediate_size": 3 * hidden // 2,
        "max_position_embeddings": 8192,
        "global_attn_every_n_layers": 2,
        "local_attention": 128,
        "pad_token_id": 50267,
        "_name_or_path": "tiny-modernbert, random weights",
    }
    # ModernBERT's tokenizer.json: a byte-level BPE with [CLS]-style tokens
    # added after the vocabulary (roberta-base's vocabulary and merges here).
    rb = TOK / "roberta-base"
    merges = [
        line.rstrip("\n")
        for line in (rb / "merges.txt").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    names = ["[UNK]", "[CLS]", "[PAD]", "[SEP]", "[MASK]"]
    added = [{"id": 50265 + i, "content": n, "special": True} for i, n in enumerate(names)]
    tokenizer = {
        "added_tokens": added,
        "normalizer": None,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False},
        "model": {
            "type": "BPE",
            "vocab": json.loads((rb / "vocab.json").read_text(encoding="utf-8")),
            "merges": merges,
        },
    }
    (out / "tokenizer.json").write_text(json.dumps(tokenizer), encoding="utf-8")
    special = {"cls_token": "[CLS]", "sep_token": "[SEP]", "pad_token": "[PAD]",
               "unk_token": "[UNK]", "mask_token": "[MASK]"}
    (out / "tokenizer_config.json").write_text(json.dumps(special), encoding="utf-8")
    return c


def write_family(family, hidden, layers, out):
    out.mkdir(parents=True, exist_ok=True)
    if family == "modernbert":
        config = modernbert(hidden, layers, out)
    else:
        config = bert_like(family, hidden, layers)
        if family == "roberta":
            shutil.copy(TOK / "roberta-base" / "vocab.json", out / "vocab.json")
            shutil.copy(TOK / "roberta-base" / "merges.txt", out / "merges.txt")
            config["vocab_size"] = 50265
        elif family == "xlm-roberta":
            shutil.copy(TOK / "unigram-xlmr" / "tokenizer.json", out / "tokenizer.json")
            config["vocab_size"] = 3002
        else:
            shutil.copy(TOK / "bert-base-cased" / "vocab.txt", out / "vocab.txt")
            (out / "tokenizer_config.json").write_text('{"do_lower_case": false}')
    (out / "config.json").write_text(json.dumps(config, indent=2))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--layers", type=int, default=2)
    a = ap.parse_args()
    root = pathlib.Path(a.out)
    for family in FAMILIES:
        write_family(family, a.hidden, a.layers, root / family)
        print(root / family)


if __name__ == "__main__":
    main()
