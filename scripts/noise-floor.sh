#!/usr/bin/env bash
# The noise floor of this machine: runs the serialization suite's quick profile N times pinned to one core and
# prints, per case, the coefficient of variation of its score across the runs (docs/performance.md, "Runner").
# A run-to-run CV is what a detector has to see through: a change smaller than it cannot be told from noise with
# the quick profile on this host.
#
#   scripts/noise-floor.sh [DIR]            run 5 times (NOISE_RUNS), then print the table
#   scripts/noise-floor.sh --table DIR      only print the table from DIR/run-*.json
#
# Settings: NOISE_RUNS (5), NOISE_CPU (1), JAR (runner/suites/serialization/target/benchmarks.jar), JAVA (java).
# Needs taskset, unzip and jq. While it runs, DIR/loadavg.log samples /proc/loadavg every 10 s, because a shared
# machine's other work shows up in these numbers.
#
# Host checks: with the runner built (runner/target/classes, or REFERENCE_CP), each run is framed by the runner's
# reference workload, pinned like the run (DIR/check-N.txt), and judged as the server judges a runner's run with
# the default thresholds (before/after within 10 %, 1-minute load average at most the core count; the baseline
# rule needs a runner's history and is left out). The table is then printed a second time over the quiet runs.
set -euo pipefail
cd "$(dirname "$0")/.."

table_only=0
if [ "${1:-}" = "--table" ]; then table_only=1; shift; fi
dir="${1:-target/noise-floor}"
runs="${NOISE_RUNS:-5}"
cpu="${NOISE_CPU:-1}"
jar="${JAR:-runner/suites/serialization/target/benchmarks.jar}"
java="${JAVA:-java}"
reference_cp="${REFERENCE_CP:-runner/target/classes}"

# One reference check, pinned like the run: "<moment> <median ns> <load average> <repetitions in ns...>".
check() {
  local times
  times=$(taskset -c "$cpu" "$java" -Xms64m -Xmx64m -XX:+UseSerialGC -cp "$reference_cp" \
    dev.perfwatch.runner.ReferenceWorkload | tail -1)
  echo "$1 $(echo "$times" | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') \
$(cut -d' ' -f1 /proc/loadavg) $times"
}

# The runs whose checks pass: before and after within 10 % of each other and load at most the core count.
quiet_runs() {
  local cores
  cores=$(nproc)
  for f in "$dir"/check-*.txt; do
    [ -f "$f" ] || continue
    awk -v cores="$cores" '$1 == "before" {b = $2; lb = $3} $1 == "after" {a = $2; la = $3}
      END {ratio = a / b; if (ratio > 1.1 || ratio < 1 / 1.1 || lb > cores || la > cores) exit 1}' "$f" \
      && echo "$dir/run-$(basename "$f" .txt | sed 's/check-//').json"
  done
}

table() {
  local files=("$@")
  [ ${#files[@]} -gt 0 ] || files=("$dir"/run-*.json)
  # One line per case: mean score, CV of the score, CV of gc.alloc.rate.norm (B/op) across the runs.
  jq -rs '
    def cv: if length < 2 then null else (add / length) as $m
      | (map(. - $m | . * .) | add / (length - 1) | sqrt) as $sd
      | if $m == 0 then 0 else ($sd / $m * 100) end end;
    def case: .benchmark + "(" + ((.params // {}) | to_entries | map(.key + "=" + .value) | join(",")) + ")";
    [.[][] | {case: case, mode: .mode, unit: .primaryMetric.scoreUnit, score: .primaryMetric.score,
              alloc: (.secondaryMetrics["gc.alloc.rate.norm"] // .secondaryMetrics["·gc.alloc.rate.norm"]
                      | if . == null then null else .score end)}]
    | group_by(.case)
    | map({case: .[0].case, unit: .[0].unit, runs: length, mean: (map(.score) | add / length),
           cv: (map(.score) | cv),
           # Under 1 B/op is JMH bookkeeping, not the benchmark: its CV means nothing.
           allocCv: (map(.alloc | select(. != null)) | if length == 0 or add / length < 1 then null else cv end)})
    | sort_by(.cv)
    | (["case", "runs", "mean", "unit", "CV score %", "CV B/op %"] | @tsv),
      (.[] | [(.case | sub("^dev\\.perfwatch\\.suites\\.serialization\\."; "")), .runs, (.mean * 1000 | round / 1000),
              .unit, ((.cv // 0) * 100 | round / 100),
              (if .allocCv == null then "-" else (.allocCv * 100 | round / 100) end)] | @tsv)
  ' "${files[@]}"
  echo
  jq -rs '
    def cv: (add / length) as $m | (map(. - $m | . * .) | add / (length - 1) | sqrt) / $m * 100;
    def case: .benchmark + "(" + ((.params // {}) | to_entries | map(.key + "=" + .value) | join(",")) + ")";
    def summary: "median \(.[length / 2 | floor] * 100 | round / 100) %, 90th percentile"
      + " \(.[length * 9 / 10 | floor] * 100 | round / 100) %, worst \(.[-1] * 100 | round / 100) %";
    [.[][] | {case: case, score: .primaryMetric.score,
              alloc: (.secondaryMetrics["gc.alloc.rate.norm"] // .secondaryMetrics["·gc.alloc.rate.norm"]
                      | if . == null then null else .score end)}] | group_by(.case)
    | (map(map(.score) | cv) | sort) as $score
    | (map(map(.alloc | select(. != null)) | select(length > 1 and add / length >= 1) | cv) | sort) as $alloc
    | "cases: \($score | length)   CV of the score across runs: \($score | summary)",
      "cases allocating 1 B/op or more: \($alloc | length)   CV of their B/op: \($alloc | summary)"
  ' "${files[@]}"
}

if [ $table_only = 0 ]; then
  [ -f "$jar" ] || { echo "No $jar: build it with ./mvnw -q -pl runner/suites/serialization -am -DskipTests package"; exit 1; }
  mkdir -p "$dir"
  quick=$(unzip -p "$jar" perfwatch-profiles.properties | sed -n 's/^quick=//p')
  { echo "# $(date -u +%FT%TZ) $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
    echo "# taskset -c $cpu $java -jar $jar $quick -jvmArgsAppend '-Xms1g -Xmx1g' -prof gc -rf json"; } > "$dir/machine.txt"
  ( while true; do echo "$(date -u +%T) $(cat /proc/loadavg)"; sleep 10; done ) > "$dir/loadavg.log" &
  sampler=$!
  trap 'kill $sampler 2>/dev/null || true' EXIT
  for i in $(seq 1 "$runs"); do
    echo "==> run $i of $runs"
    start=$(date +%s)
    [ ! -d "$reference_cp" ] && [ ! -f "$reference_cp" ] || check before > "$dir/check-$i.txt"
    # shellcheck disable=SC2086 # the profile is a list of options
    taskset -c "$cpu" "$java" -Xms1g -Xmx1g -jar "$jar" $quick -jvmArgsAppend "-Xms1g -Xmx1g" -prof gc \
      -rf json -rff "$dir/run-$i.json" > "$dir/run-$i.log" 2>&1
    [ ! -f "$dir/check-$i.txt" ] || check after >> "$dir/check-$i.txt"
    echo "    $(( $(date +%s) - start )) s $(cut -d' ' -f1-3 "$dir/check-$i.txt" 2>/dev/null | tr '\n' ' ')" \
      | tee -a "$dir/machine.txt"
  done
fi
table
if ls "$dir"/check-*.txt > /dev/null 2>&1; then
  mapfile -t quiet < <(quiet_runs)
  echo
  echo "host checks (moment, median ns, load average) per run:"
  for f in "$dir"/check-*.txt; do echo "  $(basename "$f" .txt): $(cut -d' ' -f1-3 "$f" | tr '\n' ' ')"; done
  echo "runs whose host checks pass: ${#quiet[@]} of $(ls "$dir"/run-*.json | wc -l)"
  if [ ${#quiet[@]} -ge 2 ]; then
    echo
    table "${quiet[@]}"
  fi
fi
