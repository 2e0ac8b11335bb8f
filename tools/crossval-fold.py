#!/usr/bin/python3
"""Writes fold K of bench_crossval's split of a CoNLL file as three files.

    tools/crossval-fold.py FILE K OUT_DIR [--folds 5]

The same split as bench/crossvalfold.h: test is the K-th contiguous block of
sentences, dev the next tenth of the rest (after the test block, wrapping
around), train the remainder; OUT_DIR gets train.txt, dev.txt and test.txt,
for commands that take files (al-simulate, train, evaluate).
"""
import argparse
import os


def sentences(path):
    out, cur = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.strip():
                cur.append(line)
            elif cur:
                out.append(cur)
                cur = []
    if cur:
        out.append(cur)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("k", type=int)
    ap.add_argument("out")
    ap.add_argument("--folds", type=int, default=5)
    args = ap.parse_args()
    all_ = sentences(args.file)
    n = len(all_)
    lo, hi = n * args.k // args.folds, n * (args.k + 1) // args.folds
    rest = list(range(hi, n)) + list(range(0, lo))
    dev_count = len(rest) // 10
    os.makedirs(args.out, exist_ok=True)
    for name, idx in (("test", range(lo, hi)), ("dev", rest[:dev_count]), ("train", rest[dev_count:])):
        with open(os.path.join(args.out, name + ".txt"), "w", encoding="utf-8") as f:
            for i in idx:
                f.write("\n".join(all_[i]) + "\n\n")
        print(f"{name}: {len(idx)} sentences")


if __name__ == "__main__":
    main()
