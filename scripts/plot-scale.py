#!/usr/bin/env python3
"""Plots what ScaleBenchmark measured (server/target/scale.tsv): each cost as a ratio to the empty database's,
against the number of results in the database. Needs matplotlib (pip install matplotlib).

    scripts/plot-scale.py [server/target/scale.tsv] [docs/scale.png]
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

source = sys.argv[1] if len(sys.argv) > 1 else "server/target/scale.tsv"
target = sys.argv[2] if len(sys.argv) > 2 else "docs/scale.png"

with open(source) as f:
    rows = list(csv.DictReader(f, delimiter="\t"))
results = [int(r["results"]) / 1e6 for r in rows]
empty = rows[0]

# Every line is a cost: time per result for ingest, time per run for detection, latency for the reads.
costs = {
    "ingest (time per result)": lambda r: float(empty["ingest_results_per_s"]) / float(r["ingest_results_per_s"]),
    "ingest + detection (time per run)": lambda r: float(empty["detected_runs_per_s"]) / float(r["detected_runs_per_s"]),
    "10k-point read p50": lambda r: float(r["read10k_p50_ms"]) / float(empty["read10k_p50_ms"]),
    "100k-point overview p50": lambda r: float(r["overview_p50_ms"]) / float(empty["overview_p50_ms"]),
    "changes view p50": lambda r: float(r["changes_p50_ms"]) / float(empty["changes_p50_ms"]),
    "alert list p50": lambda r: float(r["alerts_p50_ms"]) / float(empty["alerts_p50_ms"]),
}

fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
for label, cost in costs.items():
    ax.plot(results, [cost(r) for r in rows], marker="o", label=label)
ax.axhline(1.2, color="grey", linestyle="--", linewidth=1, label="target: within 20% of empty")
ax.set_xlabel("results in the database (millions)")
ax.set_ylabel("cost / cost on the empty database")
loads = ", ".join(r["load"] for r in rows)
ax.set_title(f"perfwatch cost against database size (load averages {loads} on 2 cores)", fontsize=10)
ax.grid(True, alpha=0.3)
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(target)
print(target)
