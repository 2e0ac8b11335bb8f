#!/usr/bin/env python3
"""Compare a recipe change against its baseline from bench_crossval and bench_train logs.

    tools/recipe-compare.py BASE_LOG... -- NEW_LOG...

Each log is the output of `bench_crossval [--only-fold K]` (its "fold K: test ... F1 X" lines)
or of `bench_train` (its "test F1:" and "minutes: ... best dev F1" lines; give each side's
logs in the same seed order).
Prints the wikigold CV and WNUT-17 figures as the README's recipe tables give them: the new
mean (per fold or seed) against the base's, how many folds or seeds it wins, and the deltas.
Folds pair by number, bench_train runs by position. Exit status 2 on a log without results.
"""
import re
import sys
from statistics import fmean as mean

FOLD = re.compile(r"^fold (\d+): test P [\d.]+ R [\d.]+ F1 ([\d.]+) \| best dev F1 ([\d.]+)")
TEST = re.compile(r"^test F1:\s+([\d.]+)")
DEV = re.compile(r"^minutes:\s+([\d.]+) \(best dev F1 ([\d.]+)")
WPS = re.compile(r"^training words/s:\s+(\d+)")


def read(paths):
    """Returns ({fold: (test, dev)}, [(test, dev, words_per_s, minutes)]) over the logs."""
    folds, runs = {}, []
    for path in paths:
        found = False
        test = dev = wps = minutes = None
        with open(path, encoding="utf-8") as f:
            for line in f:
                if m := FOLD.match(line):
                    folds[int(m.group(1))] = (float(m.group(2)), float(m.group(3)))
                    found = True
                elif m := TEST.match(line):
                    test = float(m.group(1))
                elif m := DEV.match(line):
                    minutes, dev = (float(g) for g in m.groups())
                elif m := WPS.match(line):
                    wps = int(m.group(1))
        if test is not None:
            runs.append((test, dev, wps, minutes))
            found = True
        if not found:
            sys.exit(f"recipe-compare: {path}: no 'fold K: test ...' or 'test F1:' line "
                     "(a run that has not finished?)")
    return folds, runs


def row(kind, new, base):
    """'mean (a / b / ...) vs base mean (...): +d, better on N of M (+x / -y ...)'."""
    deltas = [n - b for n, b in zip(new, base)]
    wins = sum(d > 0 for d in deltas)
    fmt = lambda xs: " / ".join(f"{x:.1f}" for x in xs)
    return (f"{kind}: {mean(new):.1f} ({fmt(new)}) vs {mean(base):.1f} ({fmt(base)}): "
            f"{mean(new) - mean(base):+.1f}, better on {wins} of {len(deltas)} "
            f"({' / '.join(f'{d:+.1f}' for d in deltas)})")


def main(argv):
    if "--" not in argv:
        sys.exit(__doc__)
    cut = argv.index("--")
    base_folds, base_runs = read(argv[:cut])
    new_folds, new_runs = read(argv[cut + 1:])
    shared = sorted(set(base_folds) & set(new_folds))
    if shared:
        print(row(f"wikigold CV, folds {', '.join(map(str, shared))}",
                  [new_folds[k][0] for k in shared], [base_folds[k][0] for k in shared]))
        print(row("  best dev F1", [new_folds[k][1] for k in shared],
                  [base_folds[k][1] for k in shared]))
    missing = sorted(set(base_folds) ^ set(new_folds))
    if missing:
        print(f"  folds on one side only (left out): {', '.join(map(str, missing))}")
    n = min(len(base_runs), len(new_runs))
    if n:
        print(row(f"WNUT-17 test, {n} seed(s)", [r[0] for r in new_runs[:n]],
                  [r[0] for r in base_runs[:n]]))
        if all(r[1] is not None for r in new_runs[:n] + base_runs[:n]):
            print(row("  best dev F1", [r[1] for r in new_runs[:n]],
                      [r[1] for r in base_runs[:n]]))
        for side, runs in (("new", new_runs[:n]), ("base", base_runs[:n])):
            speeds = ", ".join(f"{r[2]:,} words/s {r[3]:.1f} min" for r in runs
                               if r[2] is not None and r[3] is not None)
            if speeds:
                print(f"  {side}: {speeds}")
    if not shared and not n:
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
