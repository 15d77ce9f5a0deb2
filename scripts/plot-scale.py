#!/usr/bin/env python3
"""Plots what ScaleBenchmark measured (server/target/scale.tsv): each cost on the loaded server as a ratio to the
same cost on the empty server measured interleaved with it in the same round, against the number of results in the
loaded database. The first table is drawn as lines; further tables (later runs, e.g. after a fix) as crosses.
Needs matplotlib (pip install matplotlib).

    scripts/plot-scale.py [server/target/scale.tsv [later.tsv ...]] [docs/scale.png]
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

arguments = sys.argv[1:]
target = arguments.pop() if arguments and arguments[-1].endswith(".png") else "docs/scale.png"
sources = arguments or ["server/target/scale.tsv"]


def read(source):
    with open(source) as f:
        rounds = {}
        for row in csv.DictReader(f, delimiter="\t"):
            rounds.setdefault(row["results"], {})[row["server"]] = row
        return rounds, sorted(rounds, key=int)


runs = [read(source) for source in sources]


def rate(key):
    return lambda empty, loaded: float(empty[key]) / float(loaded[key])


def latency(key):
    return lambda empty, loaded: float(loaded[key]) / float(empty[key])


# Every line is a cost: time per result for ingest, time per run for detection, latency for the reads.
costs = {
    "ingest (time per result)": rate("ingest_results_per_s"),
    "ingest + detection (time per run)": rate("detected_runs_per_s"),
    "10k-point read p50": latency("read10k_p50_ms"),
    "100k-point overview p50": latency("overview_p50_ms"),
    "changes view p50": latency("changes_p50_ms"),
    "alert list p50": latency("alerts_p50_ms"),
    "change-point list p50": latency("change_points_p50_ms"),
}

fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
for label, cost in costs.items():
    rounds, sizes = runs[0]
    xs = [0] + [int(s) / 1e6 for s in sizes]
    line, = ax.plot(xs, [1] + [cost(rounds[s]["empty"], rounds[s]["loaded"]) for s in sizes], marker="o",
                    label=label)
    for later, later_sizes in runs[1:]:
        ax.plot([int(s) / 1e6 for s in later_sizes], [cost(later[s]["empty"], later[s]["loaded"]) for s in later_sizes],
                linestyle="none", marker="x", markersize=9, color=line.get_color())
ax.axhline(1.2, color="grey", linestyle="--", linewidth=1, label="target: within 20% of empty")
ax.set_yscale("log")
ax.set_xlabel("results in the loaded database (millions)")
ax.set_ylabel("cost loaded / cost empty (same round, interleaved)")
loads = ", ".join(rounds[s]["loaded"]["load"] for rounds, sizes in runs for s in sizes)
ax.set_title(f"perfwatch cost against database size (load averages {loads} on 2 cores)", fontsize=10)
ax.grid(True, alpha=0.3, which="both")
if len(runs) > 1:
    ax.plot([], [], linestyle="none", marker="x", color="black", label="later run (crosses)")
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(target)
print(target)
