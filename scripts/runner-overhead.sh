#!/usr/bin/env bash
# The runner's overhead per job beyond the JMH process, for a repository it has fetched and built before
# (docs/performance.md, "Runner"). Run it after ./scripts/demo.sh, with that server still up: it queues the demo
# project's commits again under the project demo-overhead, runs a runner on the demo's data directory (git cache and
# built jars in place) until the queue is empty, and prints each job's timings from the runner's log.
# Settings as for demo.sh: SERVER_PORT (8080), PERFWATCH_DATA_DIR (./data), PERFWATCH_ADMIN_TOKEN
# (demo-admin-token), PERFWATCH_RUNNER_CPUS (the last CPU).
set -euo pipefail
cd "$(dirname "$0")/.."

url="http://localhost:${SERVER_PORT:-8080}"
data="${PERFWATCH_DATA_DIR:-$PWD/data}"
token="${PERFWATCH_ADMIN_TOKEN:-demo-admin-token}"
cpus="${PERFWATCH_RUNNER_CPUS:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}"
repository="$data/runner/demo/demo-strings"
[ -d "$repository/.git" ] || { echo "No demo project in $repository: run ./scripts/demo.sh first"; exit 1; }

for sha in $(git -C "$repository" log --reverse --format=%H main); do
  curl -fsS -o /dev/null -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    --data "{\"project\": \"demo-overhead\", \"commit\": \"$sha\", \"hostClass\": \"local\", \"jvm\": \"17\",
             \"profile\": \"quick\", \"suite\": {\"repository\": \"$repository\"}}" "$url/api/v1/jobs"
done
log="$data/runner-overhead.log"
env -u PERFWATCH_DATA_DIR java -jar runner/target/perfwatch-runner.jar run --server "$url" --token "$token" \
  --host-class local --cpus "$cpus" --data-dir "$data/runner" --name overhead --exit-when-idle \
  --poll-interval 1s > "$log" 2>&1
grep 'done; overhead' "$log" | sed 's/.*done; //'
grep 'done; overhead' "$log" | sed 's/.*overhead \([0-9.]*\) s.*/\1/' | sort -n \
  | awk '{v[NR] = $1} END {printf "jobs: %d   overhead per job: median %.1f s, worst %.1f s\n", NR, v[int((NR + 1) / 2)], v[NR]}'
