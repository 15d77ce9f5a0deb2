#!/usr/bin/env bash
# Runs the tracker on this machine with nothing installed but a JDK: builds the jars, starts the server on an
# embedded PostgreSQL kept in ./data, loads the example JMH results shipped in docs/examples, and prints where to
# look. Ctrl-C stops everything. Settings: SERVER_PORT (8080), PERFWATCH_DATA_DIR (./data), PERFWATCH_ADMIN_TOKEN.
set -euo pipefail
cd "$(dirname "$0")/.."

export SERVER_PORT="${SERVER_PORT:-8080}"
export PERFWATCH_DATA_DIR="${PERFWATCH_DATA_DIR:-$PWD/data}"
export PERFWATCH_ADMIN_TOKEN="${PERFWATCH_ADMIN_TOKEN:-demo-admin-token}"
url="http://localhost:$SERVER_PORT"

if [ "${PERFWATCH_SKIP_BUILD:-}" != "1" ]; then
  echo "==> Building (./mvnw -q -DskipTests package)"
  ./mvnw -q -DskipTests package
fi

mkdir -p "$PERFWATCH_DATA_DIR"
echo "==> Starting the server on $url (embedded PostgreSQL in $PERFWATCH_DATA_DIR/postgres; log: $PERFWATCH_DATA_DIR/server.log)"
java -jar server/target/perfwatch-server.jar > "$PERFWATCH_DATA_DIR/server.log" 2>&1 &
server=$!
trap 'echo; echo "==> Stopping"; kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT INT TERM

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
Press Ctrl-C to stop.
EOT
wait $server
