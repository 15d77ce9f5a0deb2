#!/usr/bin/env bash
# How fast the search box answers over a 10,000-case project (docs/ui.md, "Search"): starts the packaged server
# with an empty embedded PostgreSQL, uploads 10 runs of 1,000 cases each (100 benchmarks x 100 parameter
# combinations, 10 commits) through the ingest API, then times GET /api/v1/search for typical queries against
# what a client-side index would have to fetch first (GET /api/v1/series of the project).
#
#   scripts/search-speed.sh            needs server/target/perfwatch-server.jar (./mvnw -pl server -am package)
#
# Settings: JAR, JAVA (java), PORT (18181), REPEAT (20). Needs curl and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

jar="${JAR:-server/target/perfwatch-server.jar}"
java="${JAVA:-java}"
port="${PORT:-18181}"
repeat="${REPEAT:-20}"
token="search-speed-admin-token-0123456789"
dir="$(mktemp -d)"
trap 'status=$?; kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; rm -rf "$dir"; exit $status' EXIT

env -u PERFWATCH_READ_REQUIRES_TOKEN SERVER_PORT="$port" PERFWATCH_DATA_DIR="$dir/data" \
  PERFWATCH_ADMIN_TOKEN="$token" "$java" -Xmx512m -jar "$jar" > "$dir/server.log" 2>&1 &
server=$!
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$port/api/v1/projects" > /dev/null 2>&1 && break
  sleep 1
done

python3 - "$dir" <<'PY'
import json, sys, uuid
out = sys.argv[1]
temporalities = ["DELTA", "CUMULATIVE", "LOWMEMORY", "MIXED", "NONE"]
for run in range(10):
    jmh = []
    for b in range(run * 10, run * 10 + 10):
        for cardinality in (1, 10, 100, 1000, 10000):
            for t in temporalities:
                for shards in (1, 2, 4, 8):
                    score = 100.0 + b + cardinality / 1000
                    jmh.append({"benchmark": f"io.example.metrics.Aggregation{b:03d}Benchmark.record",
                        "mode": "thrpt", "threads": 1, "forks": 1, "jdkVersion": "21.0.1",
                        "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "21.0.1+12",
                        "params": {"cardinality": str(cardinality), "aggregationTemporality": t,
                                   "shards": str(shards)},
                        "primaryMetric": {"score": score, "scoreError": 1.0, "scoreUnit": "ops/ms",
                                          "rawData": [[score, score, score]]}})
    body = {"id": str(uuid.uuid4()), "project": "big", "branch": "main",
            "commit": {"sha": f"{run + 1:040x}", "time": f"2026-01-{run + 1:02d}T00:00:00Z",
                       "message": f"Commit {run} of the search speed corpus"},
            "host": {"name": "bench-1", "hostClass": "4-core"}, "jmh": jmh}
    with open(f"{out}/run-{run}.json", "w") as f:
        json.dump(body, f)
PY
for run in $(seq 0 9); do
  curl -fs -o /dev/null -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    --data-binary "@$dir/run-$run.json" "http://127.0.0.1:$port/api/v1/runs"
done

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_ms() {
  for _ in $(seq 1 "${2:-$repeat}"); do
    curl -fs -o /dev/null -w '%{time_total}\n' "$1"
  done | awk '{printf "%.1f\n", $1 * 1000}' | median
}
printf 'cases stored: %s\n' "$(curl -fs "http://127.0.0.1:$port/api/v1/benchmarks?project=big" \
  | python3 -c 'import json,sys; print(sum(b["cases"] for b in json.load(sys.stdin)))')"
printf '%-52s %10s %10s\n' "request" "median ms" "bytes"
# The first search after new cases arrive reads the project's cases into the server's catalog (search/Catalog).
url="http://127.0.0.1:$port/api/v1/search?project=big&limit=100&q=agg"
printf '%-52s %10s %10s\n' "first search after the upload (reads the catalog)" "$(time_ms "$url" 1)" "-"
for q in "a" "agg" "a04" "agg042" "r1d" "delta 1000" "cum 10000 8" "0000000000000000000000000000000000000005"; do
  url="http://127.0.0.1:$port/api/v1/search?project=big&limit=100&q=$(python3 -c 'import sys,urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$q")"
  printf '%-52s %10s %10s\n' "search q=\"$q\"" "$(time_ms "$url")" "$(curl -fs "$url" | wc -c)"
done
url="http://127.0.0.1:$port/api/v1/series?project=big&metric=primary"
printf '%-52s %10s %10s\n' "client index: series of the project (once)" "$(time_ms "$url" 5)" \
  "$(curl -fs "$url" | wc -c)"
printf 'load average: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
