#!/usr/bin/env bash
# Reliability under load, faults and attack (issue 14), run on purpose, never in the build. Starts the packaged
# server with its embedded PostgreSQL on a scratch data directory and reports, per scenario, what docs/reliability.md
# records:
#   load      50 uploaders x 20 runs of a JMH file to /api/v1/runs/jmh: status counts, p50/p99 latency
#   kill      kill -9 of the server and its PostgreSQL together under 8 uploaders, 3 times: runs acknowledged
#             (2xx) vs runs stored after a restart, and whether the first restart was healthy
#   freeze    PostgreSQL stopped with SIGSTOP for 20 s under uploads: the slowest answer and the statuses, then
#             whether uploads succeed again without a restart
#   fuzz      schemathesis against /v3/api-docs (if installed: pip install schemathesis): responses >= 500
#   bypass    the encoded and parameterised paths with read-requires-token: expect 401
# Usage: scripts/chaos.sh [load|kill|freeze|fuzz|bypass|all]   (needs curl, python3; the jar from ./mvnw package)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAR=${JAR:-$ROOT/server/target/perfwatch-server.jar}
JMH=${JMH:-$ROOT/server/src/test/resources/dev/perfwatch/system/chaos-jmh.json}
WORK=${WORK:-$(mktemp -d /tmp/perfwatch-chaos.XXXXXX)}
mkdir -p "$WORK"
PORT=${PORT:-18181}
TOKEN=chaos-admin-token
BASE=http://127.0.0.1:$PORT
RETRY=${RETRY:-0}
SERVER_PID=

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

start_server() {
  local extra=${1:-}
  env PERFWATCH_DATA_DIR="$WORK/data" PERFWATCH_ADMIN_TOKEN=$TOKEN SERVER_PORT=$PORT \
      PERFWATCH_PIPELINE_ENABLED=false $extra \
      java -jar "$JAR" >>"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  local started=$(date +%s)
  for _ in $(seq 240); do
    if curl -sf "$BASE/actuator/health" >/dev/null 2>&1; then
      log "server up (pid $SERVER_PID) in $(( $(date +%s) - started )) s"
      return 0
    fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then log "server exited during start"; return 1; fi
    sleep 0.5
  done
  log "server did not become healthy"; return 1
}

stop_server() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=
}

postgres_pid() { head -1 "$WORK/data/postgres/postmaster.pid" 2>/dev/null || true; }

# upload N: one upload of the JMH file as commit N; prints "status seconds sha"
upload() {
  local sha; sha=$(printf '%040x' "$1")
  # RETRY=n: honour 503 + Retry-After as the runner does (curl waits Retry-After), the figure then counts the end state.
  curl -s -o /dev/null -m 120 --retry "${RETRY:-0}" --retry-max-time 120 -w "%{http_code} %{time_total} $sha\n" -H "Authorization: Bearer $TOKEN" \
    -H 'Content-Type: application/json' --data-binary @"$JMH" \
    "$BASE/api/v1/runs/jmh?project=chaos&commit=$sha&hostClass=chaos" || echo "000 0 $sha"
}
export -f upload; export BASE TOKEN JMH RETRY

percentiles() { # stdin: "status seconds sha" lines
  python3 -c '
import sys
rows=[l.split() for l in sys.stdin if l.strip()]
t=sorted(float(r[1]) for r in rows); c={}
for r in rows: c[r[0]]=c.get(r[0],0)+1
q=lambda p: t[min(len(t)-1,int(p*len(t)))] if t else 0
print("requests=%d statuses=%s p50=%.2fs p99=%.2fs max=%.2fs" % (len(rows), dict(sorted(c.items())), q(.5), q(.99), t[-1] if t else 0))'
}

scenario_load() {
  log "load: 50 uploaders x 20 runs"
  start_server
  seq 100000 100999 | xargs -P 50 -I{} bash -c 'upload {}' > "$WORK/load.txt"
  echo "load: $(percentiles < "$WORK/load.txt")"
  stop_server
}

lost_count() { # uploads every acknowledged commit again: 200 = it was stored, 201 = it had been lost
  awk '$1 == 200 || $1 == 201 {print $3}' "$WORK/kill-acked.txt" | sort -u > "$WORK/kill-shas.txt"
  : > "$WORK/kill-check.txt"
  while read -r sha; do upload $((16#${sha: -8})) >> "$WORK/kill-check.txt"; done < "$WORK/kill-shas.txt"
  echo "$(wc -l < "$WORK/kill-shas.txt") $(awk '$1 == 201' "$WORK/kill-check.txt" | wc -l)"
}

scenario_kill() {
  : > "$WORK/kill-acked.txt"
  local healthy=0
  for round in 1 2 3; do
    start_server || true
    log "kill round $round: 8 uploaders, then kill -9 of server and PostgreSQL"
    seq $((round * 10000)) $((round * 10000 + 400)) | xargs -P 8 -I{} bash -c 'upload {}' >> "$WORK/kill-acked.txt" &
    local uploaders=$!
    sleep 6
    local pg; pg=$(postgres_pid)
    kill -9 "$SERVER_PID" ${pg:+"$pg"} 2>/dev/null || true
    wait "$uploaders" 2>/dev/null || true
    SERVER_PID=
    if start_server; then healthy=$((healthy + 1)); fi
    stop_server
  done
  start_server
  read -r acked missing < <(lost_count)
  echo "kill: rounds=3 first-restart-healthy=$healthy/3 acknowledged=$acked lost=$missing"
  stop_server
}

scenario_freeze() {
  start_server
  seq 200000 200003 | xargs -P 4 -I{} bash -c 'upload {}' >/dev/null
  local pg; pg=$(postgres_pid)
  # The postmaster and every backend: stopping the postmaster alone leaves open connections working.
  local all; all="$pg $(ps -o pid= --ppid "$pg" | tr '\n' ' ')"
  log "freeze: SIGSTOP PostgreSQL ($all) for 20 s under uploads"
  kill -STOP $all
  seq 200010 200029 | xargs -P 10 -I{} bash -c 'upload {}' > "$WORK/freeze.txt" &
  local uploaders=$!
  sleep 20
  kill -CONT $all
  wait "$uploaders" || true
  echo "freeze (during): $(percentiles < "$WORK/freeze.txt")"
  local t0; t0=$(date +%s.%N)
  until [ "$(upload 200100 | cut -d' ' -f1)" = 201 ]; do sleep 0.2; done
  echo "freeze (after SIGCONT): first 201 after $(python3 -c "import time;print('%.1f s'%(time.time()-$t0))") without restart"
  stop_server
}

scenario_fuzz() {
  local st=${SCHEMATHESIS:-$(command -v schemathesis || command -v st || true)}
  [ -z "$st" ] && { echo "fuzz: skipped (pip install schemathesis)"; return 0; }
  start_server
  "$st" run "$BASE/v3/api-docs" --header "Authorization: Bearer $TOKEN" --checks not_a_server_error \
    --max-examples "${FUZZ_EXAMPLES:-30}" --workers 4 > "$WORK/fuzz.txt" 2>&1 || true
  tail -40 "$WORK/fuzz.txt"
  echo "fuzz: server errors reported by schemathesis: $(grep -ci 'server error' "$WORK/fuzz.txt" || true)"
  stop_server
}

scenario_bypass() {
  start_server "PERFWATCH_READ_REQUIRES_TOKEN=true"
  local bad=0
  for path in /api/v1/projects /%61pi/v1/projects '/api;x=1/v1/projects' /%72eports /api/v1/alerts/feed.atom \
      /actuator/prometheus /actuator/metrics /v3/api-docs /api//v1/projects; do
    local code; code=$(curl -s -o /dev/null -w '%{http_code}' --path-as-is "$BASE$path")
    [ "$code" = 401 ] || bad=$((bad + 1))
    echo "bypass: $path -> $code"
  done
  echo "bypass: paths not answering 401: $bad"
  stop_server
}

trap 'stop_server; pg=$(postgres_pid); [ -n "$pg" ] && kill "$pg" 2>/dev/null || true' EXIT
log "work directory $WORK; machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
case ${1:-all} in
  load) scenario_load ;; kill) scenario_kill ;; freeze) scenario_freeze ;; fuzz) scenario_fuzz ;;
  bypass) scenario_bypass ;;
  all) scenario_bypass; scenario_load; scenario_kill; scenario_freeze; scenario_fuzz ;;
esac
