#!/usr/bin/env python3
"""The peer of bench_transformer (issue #36): the same BERT-base-shaped model
with random weights, fine-tuned for token classification on the same WNUT-17
training file in Hugging Face transformers' own loop (AdamW, autocast and
GradScaler as its Trainer uses them), on the GPU when there is one. Prints a
Markdown table of words/s and peak GPU memory, per precision and batch size
(batches counted in subwords, as Spanforge's are with a transformer; the
figures are words/s). Needs PyTorch and transformers
(the GPU machine's image); not used by the build or the tests:

    python3 tools/transformer-bench/hf_finetune_speed.py TRAIN.txt VOCAB.txt [SECONDS]

TRAIN.txt: token-TAB-tag lines, blank lines between sentences
(resources/demo/train.txt); VOCAB.txt: bert-base-cased's vocab.txt
(tests/data/tokenizers/bert-base-cased/vocab.txt).
"""
import sys
import time

import torch
import transformers as tf


def read_conll(path):
    sentences, words, tags = [], [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line:
            if words:
                sentences.append((words, tags))
            words, tags = [], []
            continue
        word, tag = line.split("\t")[:2]
        words.append(word)
        tags.append(tag)
    if words:
        sentences.append((words, tags))
    return sentences


def batches(sentences, subwords, per_batch):
    """Sentences in order, a batch up to `per_batch` subwords (a longer
    sentence alone); yields each batch and its words."""
    batch, count, words = [], 0, 0
    for s, n in zip(sentences, subwords):
        if batch and count + n > per_batch:
            yield batch, words
            batch, count, words = [], 0, 0
        batch.append(s)
        count += n
        words += len(s[0])
    if batch:
        yield batch, words


def run(sentences, labels, tokenizer, device, precision, words_per_batch, seconds):
    subwords = [len(tokenizer(s[0], is_split_into_words=True, add_special_tokens=False)["input_ids"])
                for s in sentences]
    torch.manual_seed(0)
    config = tf.BertConfig(vocab_size=28996, hidden_size=768, num_hidden_layers=12,
                           num_attention_heads=12, intermediate_size=3072,
                           max_position_embeddings=512, num_labels=len(labels))
    model = tf.BertForTokenClassification(config).to(device)
    model.train()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-5, weight_decay=0.01)
    dtype = {"bf16": torch.bfloat16, "fp16": torch.float16}.get(precision)
    scaler = torch.cuda.amp.GradScaler(enabled=precision == "fp16")
    if device == "cuda":
        torch.cuda.reset_peak_memory_stats()
    done_words, steps, start, timed = 0, 0, time.time(), 0.0
    while time.time() - start < seconds:
        for batch, count in batches(sentences, subwords, words_per_batch):
            enc = tokenizer([s[0] for s in batch], is_split_into_words=True, truncation=True,
                            max_length=512, padding=True, return_tensors="pt")
            tags = torch.full(enc["input_ids"].shape, -100, dtype=torch.long)
            for i, s in enumerate(batch):
                last = None
                for j, w in enumerate(enc.word_ids(i)):
                    if w is not None and w != last:
                        tags[i, j] = labels[s[1][w]]
                    last = w
            enc = {k: v.to(device) for k, v in enc.items()}
            t0 = time.time()
            with torch.autocast(device_type=device, dtype=dtype or torch.float32,
                                enabled=dtype is not None):
                loss = model(**enc, labels=tags.to(device)).loss
            scaler.scale(loss).backward()
            scaler.unscale_(opt)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            scaler.step(opt)
            scaler.update()
            opt.zero_grad(set_to_none=True)
            if device == "cuda":
                torch.cuda.synchronize()
            steps += 1
            if steps > 1:  # the first step pays for start-up
                timed += time.time() - t0
                done_words += count
            if time.time() - start >= seconds:
                break
    peak = torch.cuda.max_memory_allocated() >> 20 if device == "cuda" else 0
    return done_words / timed if timed > 0 else 0.0, steps, peak


def main():
    train, vocab = sys.argv[1], sys.argv[2]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 30.0
    sentences = read_conll(train)
    labels = {t: i for i, t in enumerate(sorted({t for s in sentences for t in s[1]}))}
    tokenizer = tf.BertTokenizerFast(vocab_file=vocab, do_lower_case=False)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    name = torch.cuda.get_device_name(0) if device == "cuda" else "CPU"
    print(f"Hugging Face transformers {tf.__version__}, PyTorch {torch.__version__}, {name}; "
          f"BERT-base shapes, 12 layers, random weights; WNUT-17 train.\n")
    print("| where | precision | batch subwords | fine-tuning words/s | peak GPU memory |")
    print("|---|---|---|---|---|")
    for precision in ("off", "bf16", "fp16") if device == "cuda" else ("off",):
        for words in (1000, 4000, 16000) if device == "cuda" else (1000,):
            try:
                wps, steps, peak = run(sentences, labels, tokenizer, device, precision, words,
                                       seconds)
                print(f"| {name} | {precision} | {words} | {wps:.0f} ({steps} steps) | "
                      f"{peak} MB |", flush=True)
            except torch.cuda.OutOfMemoryError:
                print(f"| {name} | {precision} | {words} | out of memory | |", flush=True)
                torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
