#!/usr/bin/env bash
# Runs the tracker and a live demo of it with nothing installed but a JDK 17, git and curl: builds the jars, starts
# the server on an embedded PostgreSQL kept in ./data, loads the example JMH results shipped in docs/examples, then
# starts a local runner (the runner's `demo` command) that generates a small project whose history holds a
# regression and its fix, benchmarks every commit with the quick profile and prints the scores by commit. The
# server keeps running until Ctrl-C. Running it again is safe: what is stored, queued or done is not done twice.
# Settings: SERVER_PORT (8080), SERVER_ADDRESS (127.0.0.1: this machine only), PERFWATCH_DATA_DIR (./data),
# PERFWATCH_ADMIN_TOKEN (demo-admin-token),
# PERFWATCH_RUNNER_CPUS (the CPU the demo's benchmarks are pinned to: the last one), PERFWATCH_SKIP_BUILD=1 (use
# the jars built before), PERFWATCH_DEMO=0 (only the examples, no runner).
set -euo pipefail
cd "$(dirname "$0")/.."

export SERVER_PORT="${SERVER_PORT:-8080}"
# Loopback only: the admin token below is in the README, and a write token may queue a job whose build command the
# demo's runner runs. SERVER_ADDRESS=0.0.0.0 opens it to the network, for a demo on a machine of one's own network.
export SERVER_ADDRESS="${SERVER_ADDRESS:-127.0.0.1}"
export PERFWATCH_DATA_DIR="${PERFWATCH_DATA_DIR:-$PWD/data}"
export PERFWATCH_ADMIN_TOKEN="${PERFWATCH_ADMIN_TOKEN:-demo-admin-token}"
# The server runs with its defaults: the demo project's commits are dated on the eight days before it is made, so its
# changes are news; a history imported into this server (commits older than 14 days) stays historical and silent.
# Links in alerts, the Atom feed and notifications name the server by this address.
export PERFWATCH_PUBLIC_URL="${PERFWATCH_PUBLIC_URL:-http://localhost:$SERVER_PORT}"
cpus="${PERFWATCH_RUNNER_CPUS:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}"
url="http://localhost:$SERVER_PORT"
project=demo-strings
started=$(date +%s)

if [ "${PERFWATCH_SKIP_BUILD:-}" != "1" ]; then
  echo "==> Building (./mvnw -q -DskipTests package)"
  ./mvnw -q -DskipTests package
fi

mkdir -p "$PERFWATCH_DATA_DIR"
echo "==> Starting the server on $url (embedded PostgreSQL in $PERFWATCH_DATA_DIR/postgres; log: $PERFWATCH_DATA_DIR/server.log)"
java -jar server/target/perfwatch-server.jar > "$PERFWATCH_DATA_DIR/server.log" 2>&1 &
server=$!
stop() { kill $server 2>/dev/null && wait $server 2>/dev/null || true; }
trap 'echo; echo "==> Stopping"; stop; exit 130' INT TERM
trap stop EXIT

for _ in $(seq 1 120); do
  if curl -fs "$url/actuator/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 $server 2>/dev/null; then echo "The server stopped; see $PERFWATCH_DATA_DIR/server.log"; exit 1; fi
  sleep 1
done
curl -fs "$url/actuator/health" >/dev/null || { echo "The server did not start; see $PERFWATCH_DATA_DIR/server.log"; exit 1; }

echo "==> Loading the example JMH results from docs/examples (idempotent: loading twice stores nothing twice)"
for file in docs/examples/*.json; do
  name=$(basename "$file" .json)
  # File names are <order>-<commit sha>-<host class>.json: one run of a suite at a commit on a host class.
  IFS=- read -r _ sha host_class _ <<< "$name"
  status=$(curl -s -o /dev/null -w '%{http_code}' -X POST \
    -H "Authorization: Bearer $PERFWATCH_ADMIN_TOKEN" -H 'Content-Type: application/json' \
    --data-binary @"$file" \
    "$url/api/v1/runs/jmh?project=serialization-demo&branch=main&commit=$sha&hostClass=$host_class-core")
  echo "    $file -> HTTP $status"
done

series=$(curl -fs "$url/api/v1/series?project=serialization-demo&metric=primary" | grep -o '"id":[0-9]*' | head -1 | cut -d: -f2)
cat <<EOT

perfwatch is running at $url  (admin token: $PERFWATCH_ADMIN_TOKEN)
  UI:            $url/
  projects:      $url/api/v1/projects
  series:        $url/api/v1/series?project=serialization-demo
  a timeline:    $url/api/v1/series/${series:-1}/points   (or as CSV: curl -H 'Accept: text/csv' ...)
  OpenAPI:       $url/v3/api-docs   metrics: $url/actuator/prometheus

EOT

if [ "${PERFWATCH_DEMO:-1}" != "0" ]; then
  echo "==> Live demo: a local runner benchmarks the 8 commits of a generated project, pinned to CPU $cpus"
  echo "    (the 4th commit allocates a buffer per call, the 7th fixes it; 16 jobs: 8 commits and their"
  echo "    confirmation re-runs, about 8 minutes on a quiet 2-core machine, up to about 17 on a busy one)"
  echo "    progress: $url/api/v1/jobs?project=$project   runner files: $PERFWATCH_DATA_DIR/runner"
  if java -jar runner/target/perfwatch-runner.jar demo --server "$url" --token "$PERFWATCH_ADMIN_TOKEN" \
      --data-dir "$PERFWATCH_DATA_DIR/runner" --cpus "$cpus" --project "$project" \
      2>&1 | tee "$PERFWATCH_DATA_DIR/demo.log"; then
    timeline=$(sed -n 's/^timeline: //p' "$PERFWATCH_DATA_DIR/demo.log" | tail -1)
    echo "==> The demo took $(( $(date +%s) - started )) s in all"
  else
    echo "==> The demo runner failed; see $PERFWATCH_DATA_DIR/demo.log. The server keeps running."
  fi
fi

cat <<EOT

perfwatch is running at $url  (admin token: $PERFWATCH_ADMIN_TOKEN)
  the demo's drop:    ${timeline:-$url/#/timeline?project=$project}
  the demo's jobs:    $url/api/v1/jobs?project=$project
  the demo's series:  $url/api/v1/series?project=$project
  the examples:       $url/#/timeline?project=serialization-demo
  runners:            $url/api/v1/runners
Press Ctrl-C to stop.
EOT
wait $server
