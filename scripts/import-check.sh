#!/usr/bin/env bash
# Imports public github-action-benchmark histories (data.js files, kept OUTSIDE the repository) into a fresh server
# and checks what a user sees: every large step found offline in the file (scripts/history-steps.py: median of the
# 5 commits before vs the 5 from it, >= 40%, unambiguous) is a change point at its exact commit in
# /api/v1/change-points; importing the same file into a second project gives the same change points; no job and no
# detection task is left waiting. Run on purpose (not part of the build); results go in docs/import.md,
# "Public histories".
#   scripts/import-check.sh FILE...      (PERFWATCH_SKIP_BUILD=1 to use the jars built before)
# Settings: CHECK_PORT (a free port), CHECK_DIR (a temporary directory: server data, logs, answers), STEP_MIN (0.40).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 DATA_JS..."; exit 2; }

if [ "${PERFWATCH_SKIP_BUILD:-}" != "1" ]; then
  ./mvnw -q -DskipTests package -pl server,runner -am
fi
dir="${CHECK_DIR:-$(mktemp -d)}"
mkdir -p "$dir"
# Copies of the jars: a build while the check runs must not change the jar a running server reads from.
cp server/target/perfwatch-server.jar runner/target/perfwatch-runner.jar "$dir/"
port="${CHECK_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}"
token=check-admin-token
url="http://127.0.0.1:$port"
echo "==> server on $url, data and logs in $dir"
SERVER_PORT=$port PERFWATCH_DATA_DIR="$dir/data" PERFWATCH_ADMIN_TOKEN=$token PERFWATCH_PUBLIC_URL=$url \
  java -jar "$dir/perfwatch-server.jar" > "$dir/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 1 180); do
  curl -fs "$url/actuator/health" >/dev/null 2>&1 && break
  kill -0 $server 2>/dev/null || { echo "the server stopped; see $dir/server.log"; exit 1; }
  sleep 1
done

pending() { curl -fs "$url/actuator/prometheus" | awk '/^perfwatch_detection_pending/ {print int($2)}'; }
failed=0
for file in "$@"; do
  name=$(basename "$file" .js | tr -c 'a-zA-Z0-9\n' '-')
  steps="$dir/$name.steps"
  python3 scripts/history-steps.py --min "${STEP_MIN:-0.40}" "$file" > "$steps"
  for project in "$name-a" "$name-b"; do
    start=$(date +%s)
    java -jar "$dir/perfwatch-runner.jar" import gh-action-benchmark "$file" --server "$url" \
      --token $token --project "$project" > "$dir/$project.import.log" 2>&1 \
      || { echo "import into $project failed:"; tail -5 "$dir/$project.import.log"; exit 1; }
    posted=$(date +%s)
    while [ "$(pending)" != "0" ]; do sleep 1; done
    echo "==> $project: $(tail -1 "$dir/$project.import.log"); posted in $((posted - start)) s, detected $(( $(date +%s) - posted )) s later"
    curl -fs "$url/api/v1/change-points?project=$project&limit=1000" > "$dir/$project.change-points.json"
    curl -fs "$url/api/v1/jobs?project=$project&status=queued" > "$dir/$project.jobs.json"
  done
  python3 - "$file" "$steps" "$dir/$name-a" "$dir/$name-b" <<'PY' || failed=1
import json, re, sys
file, steps, a, b = sys.argv[1:]
params = re.compile(r"(.*?) \( (\{.*\}) \)")
def load(p): return json.load(open(p))
cps = {p: load(p + ".change-points.json") for p in (a, b)}
def key(cp):
    return (cp["environment"]["hostClass"], cp["benchmark"], cp["case"], cp["metric"], cp["commit"]["sha"],
            cp["direction"], cp["status"])
same = sorted(map(key, cps[a])) == sorted(map(key, cps[b]))
# The levels (and so the magnitude) are measured when a change point is first found: by the pace of the import,
# with more or fewer runs after it. Same change points, amounts that may differ a little: reported, not compared.
magnitudes = {key(cp): cp["magnitude"] for cp in cps[a]}
spread = max((abs(cp["magnitude"] - magnitudes[key(cp)]) for cp in cps[b]
              if cp["magnitude"] is not None and magnitudes.get(key(cp)) is not None), default=0)
text = open(file, encoding="utf-8").read()
suites = len(json.loads(text[text.index("{"):text.rindex("}") + 1]).get("entries", {}))
def host_class(suite):
    # as the importer names them: a file of several suites gets one host class per suite
    return "github-actions/" + re.sub(r"[^A-Za-z0-9._+-]+", "-", suite.strip()) if suites > 1 else "github-actions"
missing, found = [], 0
for line in open(steps):
    suite, bench, sha, index, before, after, change = line.rstrip("\n").split("\t")
    m = params.fullmatch(bench)
    benchmark = m.group(1) if m else bench
    for p in (a, b):
        if any(cp["benchmark"] == benchmark and cp["metric"] == "primary" and cp["commit"]["sha"] == sha
               and cp["environment"]["hostClass"] == host_class(suite) for cp in cps[p]):
            found += 1
        else:
            missing.append(f"{p.rsplit('/', 1)[1]}: {bench} at {sha[:10]} (entry {index}, {before} -> {after}, {change})")
jobs = sum(len(load(p + ".jobs.json")) for p in (a, b))
statuses = {}
for cp in cps[a]:
    statuses[cp["status"]] = statuses.get(cp["status"], 0) + 1
total = sum(1 for _ in open(steps))
print(f"    {file}: {total} steps >= 40% offline; at their exact commit: {found} of {2 * total} (two "
      f"projects); change points {len(cps[a])} / {len(cps[b])} {dict(sorted(statuses.items()))}; "
      f"identical: {same} (magnitudes within {spread:.4f}); queued jobs: {jobs}")
for m in missing:
    print("    MISSING", m)
if len(cps[a]) >= 1000:
    print("    (1,000 change points or more: the comparison saw the newest 1,000)")
sys.exit(0 if same and not missing and jobs == 0 else 1)
PY
done
[ "$(pending)" = "0" ] || { echo "detection tasks left"; failed=1; }
exit $failed
