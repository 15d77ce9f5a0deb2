#!/usr/bin/env python3
"""Every large step in a github-action-benchmark data.js, found offline (no perfwatch code involved).

Rule (docs/import.md, "Public histories"): per series (suite + bench name), entries in the order perfwatch places
their commits (commit time as an instant, then file order; several entries of one commit give it their median), a step at commit
i is where the median of the K commits from i on differs from the median of the K commits before i by at least
MIN (after / before - 1, or its inverse for decreases, so -40% and +67% are both 'large'), the two windows do not
overlap (every value after is beyond every value before: the commit is unambiguous), each window is flat (its
largest value at most MIN / 2 above its smallest: one step, not two smaller ones a few commits apart), and i is the
strongest such place within K commits. Prints one tab-separated line per step: suite, bench, sha, index, before, after, change.
"""
import datetime, json, math, statistics, sys

K = int(sys.argv[sys.argv.index('--k') + 1]) if '--k' in sys.argv else 5
MIN = float(sys.argv[sys.argv.index('--min') + 1]) if '--min' in sys.argv else 0.40
files = [a for i, a in enumerate(sys.argv[1:], 1) if not a.startswith('--') and sys.argv[i - 1] not in ('--k', '--min')]


def load(path):
    text = open(path, encoding='utf-8').read()
    return json.loads(text[text.index('{'):text.rindex('}') + 1])


def instant(timestamp):
    # commit times carry their author's offset (2023-03-23T21:28:57-07:00 is after 2023-03-24T03:08:10Z): compare
    # them as instants, as perfwatch places commits; entries without a time go first, in file order
    if not timestamp:
        return float('-inf')
    return datetime.datetime.fromisoformat(timestamp.replace('Z', '+00:00')).timestamp()


def series_of(data):
    for suite, entries in data.get('entries', {}).items():
        order = sorted(range(len(entries)), key=lambda i: (instant(entries[i]['commit'].get('timestamp')), i))
        by_bench = {}
        for i in order:
            entry = entries[i]
            sha = entry['commit']['id']
            seen = {}
            for bench in entry.get('benches', []):
                seen[bench['name']] = bench['value']  # a name repeated in one entry keeps its last value
            for name, value in seen.items():
                commits = by_bench.setdefault(name, {})
                commits.setdefault(sha, []).append(float(value))
        for name, commits in by_bench.items():
            yield suite, name, [(sha, statistics.median(v)) for sha, v in commits.items()]


def steps(points):
    values = [v for _, v in points]
    found = []
    for i in range(K, len(values) - K + 1):
        before, after = values[i - K:i], values[i:i + K]
        b, a = statistics.median(before), statistics.median(after)
        if b <= 0 or a <= 0:
            continue
        ratio = a / b
        large = ratio >= 1 / (1 - MIN) or ratio <= 1 - MIN
        clean = min(after) > max(before) or max(after) < min(before)
        # one step, not two smaller ones a few commits apart: each side is flat (spread below half the minimum)
        flat = max(before) / min(before) - 1 <= MIN / 2 and max(after) / min(after) - 1 <= MIN / 2
        if large and clean and flat:
            found.append((i, ratio))
    best = []
    for i, ratio in found:
        # the strongest within K commits; of equal ones (a repeated value), the first
        if all(abs(math.log(ratio)) > abs(math.log(r)) or (abs(math.log(ratio)) == abs(math.log(r)) and i < j)
               for j, r in found if abs(j - i) <= K and j != i):
            best.append((i, ratio))
    return best


for path in files:
    data = load(path)
    n = total = 0
    for suite, name, points in series_of(data):
        n += 1
        for i, ratio in steps(points):
            sha, after = points[i]
            before = statistics.median(v for _, v in points[i - K:i])
            print(f"{suite}\t{name}\t{sha}\t{i}\t{before:g}\t{statistics.median(v for _, v in points[i:i + K]):g}\t{ratio - 1:+.1%}")
            total += 1
    print(f"# {path}: {n} series, {total} steps >= {MIN:.0%} (k={K})", file=sys.stderr)
