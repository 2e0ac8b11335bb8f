#!/usr/bin/python3
"""Prints the README's active-learning table rows from `al-simulate --json` files.

    tools/al-table.py RUN.json [RUN.json ...] [--label TEXT] [--against F]

One row per run and strategy: the test F1 of every round, the labelled share at
which it first reaches 95% and 99% of the full-data F1 (else "never" and its best
share of it), the mean F1 of the rounds after the seed round, and the training
steps of all rounds. Figures come from the JSON, rounded once (a run's log prints
two decimals, and rounding those again can move the last digit).

With --against F (a full-data F1 trained another way, say without pretraining) a row
has the README's pretrained-table columns: the run's own full-data F1 beside the
rounds, both reach shares in one cell, and last the reach shares against F.
"""
import argparse

from al_json import load_document


def reach(rounds, full, share):
    for r in rounds:
        if r["f"] >= share * full:
            return f"{100 * r['fraction']:.0f} %"
    best = max(rounds, key=lambda r: r["f"])
    return f"never ({100 * best['f'] / full:.1f} % at {100 * best['fraction']:.0f} %)"


def rows(path, label, against=None):
    doc = load_document(path)
    retrain = doc.get("retrain", "warm")  # files from before --retrain were warm
    for run in doc["runs"]:
        full = (run.get("full_data") or {}).get("f", doc.get("full_data_f"))
        for strategy, rounds in sorted(run["curves"].items()):
            figures = " / ".join(f"{100 * r['f']:.1f}" for r in rounds)
            later = [r["f"] for r in rounds[1:]]
            mean = f"{100 * sum(later) / len(later):.1f}" if later else "–"
            steps = f"{sum(r['steps'] for r in rounds):,}"
            name = f"{label or path}, {retrain}, {run['seed']}"
            if len(run["curves"]) > 1:
                name += f", {strategy}"
            if full:
                r95, r99 = reach(rounds, full, 0.95), reach(rounds, full, 0.99)
            else:
                r95 = r99 = "– (no full-data F1)"
            if against is None:
                print(f"| {name} | {figures} | {r95} | {r99} | {mean} | {steps} |")
                continue
            own = f"{100 * full:.1f}" if full else "–"
            a95, a99 = reach(rounds, against, 0.95), reach(rounds, against, 0.99)
            print(f"| {name} | {figures} | {own} | {r95} / {r99} | {mean} | {steps} | {a95} / {a99} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", nargs="+")
    ap.add_argument("--label", help="the corpus as the row names it (default: the file name)")
    ap.add_argument("--against", type=float, metavar="F",
                    help="also the reach shares against this full-data F1 (0-1), in the pretrained table's columns")
    args = ap.parse_args()
    if args.against is not None and not 0 < args.against <= 1:
        ap.error(f"--against {args.against}: expected a full-data F1 between 0 and 1")
    for path in args.json:
        rows(path, args.label, args.against)


if __name__ == "__main__":
    main()
