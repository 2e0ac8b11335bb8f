#!/usr/bin/python3
"""Plots active-learning curves from `spanforge-cli al-simulate --json` output.

    tools/plot-al-curves.py OUT.png RUN.json [RUN.json ...] [--title TEXT] [--only S,S...]
                            [--against F]

Several files (say one per seed, run in parallel) are pooled: every strategy's
mean test F1 per labelled share over all their runs, a band of one standard
deviation, and the full-data F1 (the mean over seeds, each seed counted once)
with its 95% and 99% lines. Prints the same means per strategy and share, and the
share at which each mean first reaches 95% and 99% of full-data F1, the mean
over the rounds after the seed round, and with several runs the same for each. Needs
Debian's python3-matplotlib. Files from runs with different `--retrain` modes
(warm, scratch, pretrained) are kept apart: each strategy gets a curve per mode,
"margin, scratch", drawn solid (warm), dashed (scratch) or dotted (pretrained).
--against F draws a second reference, say the full-data F1 of training without
pretraining for pretrained runs (whose own full-data run starts from the same
weights), and prints each mean's reach of 95% and 99% of it too.
"""
import argparse
import statistics

from al_json import load_document

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


# The GUI's colours (ui/training/simulation/alcurvesplot.cpp): random grey, the baseline.
COLOURS = {"lc": "#1f77b4", "mnlp": "#ff7f0e", "entropy": "#2ca02c", "margin": "#d62728",
           "bald": "#9467bd", "rare": "#8c564b", "spread": "#e377c2", "random": "#7f7f7f"}
LINESTYLES = {"warm": "-", "scratch": "--", "pretrained": ":"}


def load_runs(paths):
    runs = []
    for path in paths:
        doc = load_document(path)
        for run in doc["runs"]:
            # With --full-f1 a run carries no full-data training, the file its F1.
            if not run.get("full_data") and doc.get("full_data_f") is not None:
                run["full_data"] = {"f": doc["full_data_f"]}
            # Files written before --retrain existed were all warm.
            run["retrain"] = doc.get("retrain", "warm")
            runs.append(run)
    return runs


def curve_name(strategy, retrain, modes):
    return strategy if len(modes) == 1 else f"{strategy}, {retrain}"


def curves_by_strategy(runs):
    """curve -> [(fraction, [f per run])] in round order; a curve is a strategy,
    or a strategy and retrain mode when the runs mix modes."""
    modes = {run["retrain"] for run in runs}
    out = {}
    for run in runs:
        for strategy, rounds in run["curves"].items():
            points = out.setdefault(curve_name(strategy, run["retrain"], modes), [])
            for k, r in enumerate(rounds):
                if k == len(points):
                    points.append((r["fraction"], []))
                points[k][1].append(r["f"])
    return out


def full_data_by_seed(runs):
    """seed -> full-data F1; a seed's runs split over several files train it once."""
    return {r["seed"]: r["full_data"]["f"] for r in runs if r.get("full_data")}


def first_reaching(points, target):
    for fraction, fs in points:
        if statistics.mean(fs) >= target:
            return f"{100 * fraction:.0f}%"
    return "not reached"


def after_seed_round(points):
    """The mean F1 over the rounds after the seed round: what a whole curve
    gives, where one round's reach can turn on a seed."""
    later = [statistics.mean(fs) for _, fs in points[1:]]
    return f"{100 * statistics.mean(later):.1f}" if later else "-"


def print_summary(curves, full, runs, against=None):
    for strategy, points in sorted(curves.items()):
        means = " ".join(f"{100 * fr:.0f}%:{100 * statistics.mean(f):.1f}" for fr, f in points)
        line = f"{strategy} ({len(points[-1][1])} runs): {means} | after the seed round {after_seed_round(points)}"
        if full is not None:
            line += (f" | 95%: {first_reaching(points, 0.95 * full)}"
                     f", 99%: {first_reaching(points, 0.99 * full)}"
                     f", last {100 * statistics.mean(points[-1][1]) / full:.0f}% of full")
        if against is not None:
            line += (f" | against {100 * against:.1f}: 95%: {first_reaching(points, 0.95 * against)}"
                     f", 99%: {first_reaching(points, 0.99 * against)}")
        print(line)
    if len(runs) > 1:
        print_per_run(runs, full)


def print_per_run(runs, full):
    """The same figures for each run alone (seed and retrain mode)."""
    for run in sorted(runs, key=lambda r: (r["retrain"], r["seed"])):
        for strategy, rounds in sorted(run["curves"].items()):
            points = [(r["fraction"], [r["f"]]) for r in rounds]
            line = (f"  seed {run['seed']}, {strategy}, {run['retrain']}:"
                    f" after the seed round {after_seed_round(points)}")
            if full is not None:
                line += (f", 95%: {first_reaching(points, 0.95 * full)}"
                         f", 99%: {first_reaching(points, 0.99 * full)}")
            print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("json", nargs="+")
    ap.add_argument("--title", default="Active-learning simulation")
    ap.add_argument("--only", help="comma-separated strategies to plot (default: all)")
    ap.add_argument("--against", type=float,
                    help="a second full-data F1 (0-1) to draw and reach, e.g. without pretraining")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None

    runs = load_runs(args.json)
    by_seed = full_data_by_seed(runs)
    full = statistics.mean(by_seed.values()) if by_seed else None
    fig, ax = plt.subplots(figsize=(8.6, 4.6), dpi=110)
    curves = {k: v for k, v in curves_by_strategy(runs).items()
              if only is None or k.split(",")[0] in only}
    seed_counts = {len(points[-1][1]) for points in curves.values()}
    for strategy, points in sorted(curves.items()):
        x = [100 * fr for fr, _ in points]
        mean = [100 * statistics.mean(f) for _, f in points]
        sd = [100 * statistics.stdev(f) if len(f) > 1 else 0.0 for _, f in points]
        n = len(points[-1][1])
        # When the strategies were run with different numbers of seeds, say so.
        label = strategy if len(seed_counts) == 1 else f"{strategy} ({n} seed{'s' if n != 1 else ''})"
        name, _, mode = strategy.partition(", ")
        (line,) = ax.plot(x, mean, marker="o", markersize=3.5, label=label,
                          color=COLOURS.get(name), linestyle=LINESTYLES.get(mode, "-"))
        ax.fill_between(x, [m - s for m, s in zip(mean, sd)], [m + s for m, s in zip(mean, sd)],
                        color=line.get_color(), alpha=0.15, linewidth=0)
    print_summary(curves, full, runs, args.against)
    if full is not None:
        f = 100 * full
        ax.axhline(f, color="black", linewidth=1, label=f"full data ({f:.1f})")
        ax.axhline(0.99 * f, color="black", linewidth=0.8, linestyle="--", label="99% of full")
        ax.axhline(0.95 * f, color="black", linewidth=0.8, linestyle=":", label="95% of full")
    if args.against is not None:
        a = 100 * args.against
        ax.axhline(a, color="grey", linewidth=1.4, label=f"full data without\npretraining ({a:.1f})")
        ax.axhline(0.95 * a, color="grey", linewidth=0.8, linestyle=":", label="95% of it")
    seeds = sorted({r["seed"] for r in runs})
    ax.set_title(f"{args.title} ({len(seeds)} seed{'s' if len(seeds) != 1 else ''}, mean ± sd)")
    ax.set_xlabel("labelled share of the pool (%)")
    ax.set_ylabel("test F1 (%)")
    ax.grid(alpha=0.3)
    # Outside the axes: with eight strategies a legend inside hides a curve.
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    fig.tight_layout()
    fig.savefig(args.out)


if __name__ == "__main__":
    main()
