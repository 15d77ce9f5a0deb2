// Turns series points (docs/api.md) into chart data: the x position of each commit, the lines, bands and medians.
// Pure functions, no DOM, so the browser tests can import and check them directly.

import { dateTime } from '../format.js';
import { lowerEdge } from '../floor.js';

/** The secondary metric every suite records with JMH's GC profiler: bytes allocated per operation. */
export const ALLOC = 'gc.alloc.rate.norm';

/** The "jvm" parameter of an environment that reported neither a JDK nor a VM version. */
export const UNKNOWN_JVM = 'unknown JVM';

/** An environment's JVM as the "jvm" parameter names it: its JDK version. */
export function jvmOf(environment) {
  return environment.jdkVersion || environment.vmVersion || UNKNOWN_JVM;
}

/**
 * Labels that tell every environment apart: "4-core · JDK 17.0.2", then the VM name and the JVM arguments only
 * where two environments would otherwise read the same.
 */
export function environmentLabels(environments) {
  const labels = new Map();
  // Codespeed's executables name no JDK, only themselves (vmName): "8-core · Flink" rather than "JDK unknown".
  const base = (e) => (e.jdkVersion || e.vmVersion ? `${e.hostClass} · JDK ${jvmOf(e)}`
    : e.vmName ? `${e.hostClass} · ${e.vmName}` : e.hostClass);
  const count = (label) => environments.filter((e) => labels.get(e.id) === label).length;
  environments.forEach((e) => labels.set(e.id, base(e)));
  environments.forEach((e) => {
    if (count(labels.get(e.id)) > 1 && e.vmName) {
      labels.set(e.id, `${base(e)} ${e.vmName.replace(/ 64-Bit Server VM$/, '')}`);
    }
  });
  environments.forEach((e) => {
    if (count(labels.get(e.id)) > 1 && e.jvmArgs?.length) {
      labels.set(e.id, `${labels.get(e.id)} ${e.jvmArgs.join(' ')}`);
    }
  });
  environments.forEach((e) => {
    if (count(labels.get(e.id)) > 1) {
      labels.set(e.id, `${labels.get(e.id)} #${e.id}`);
    }
  });
  return labels;
}

/**
 * One order of all commits of several series, for the equidistant axis. Each series is already in branch order,
 * but a commit may be missing from some: the lists are merged topologically (an edge from each point to the next
 * one in its series), the earliest commit first where the order is open.
 */
export function commitOrder(lists) {
  const time = new Map();
  const next = new Map();
  const incoming = new Map();
  for (const list of lists) {
    let previous = null;
    for (const point of list) {
      const sha = point.commit.sha;
      if (!time.has(sha)) {
        time.set(sha, pointTime(point) ?? 0);
        next.set(sha, new Set());
        incoming.set(sha, 0);
      }
      if (previous !== null && previous !== sha && !next.get(previous).has(sha)) {
        next.get(previous).add(sha);
        incoming.set(sha, incoming.get(sha) + 1);
      }
      previous = sha;
    }
  }
  const before = (a, b) => time.get(a) - time.get(b) || (a < b ? -1 : a > b ? 1 : 0);
  const ready = new Heap(before);
  for (const [sha, count] of incoming) {
    if (count === 0) {
      ready.push(sha);
    }
  }
  const order = [];
  while (ready.size > 0) {
    const sha = ready.pop();
    order.push(sha);
    for (const successor of next.get(sha)) {
      incoming.set(successor, incoming.get(successor) - 1);
      if (incoming.get(successor) === 0) {
        ready.push(successor);
      }
    }
  }
  if (order.length < time.size) {
    // Only inconsistent input can cycle; its commits go last in time order rather than vanish.
    const placed = new Set(order);
    order.push(...[...time.keys()].filter((sha) => !placed.has(sha)).sort(before));
  }
  return order;
}

/** A binary min-heap, so that ordering 10,000 commits stays far below a frame. */
class Heap {
  constructor(compare) {
    this.items = [];
    this.compare = compare;
  }

  get size() {
    return this.items.length;
  }

  push(item) {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(items[i], items[parent]) >= 0) {
        break;
      }
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }

  pop() {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < items.length && this.compare(items[left], items[smallest]) < 0) {
          smallest = left;
        }
        if (right < items.length && this.compare(items[right], items[smallest]) < 0) {
          smallest = right;
        }
        if (smallest === i) {
          break;
        }
        [items[i], items[smallest]] = [items[smallest], items[i]];
        i = smallest;
      }
    }
    return top;
  }
}

/**
 * The points of a `form=columns` read (docs/api.md) as the list form gives them: the timeline reads columns, a
 * third of the bytes and no per-point object on the server, and draws points. Commits are shared by their points;
 * instants come as epoch milliseconds and are given back as ISO-8601 text, as the list form writes them.
 */
export function pointsFromColumns(columns) {
  const iso = (ms) => (ms === null ? null : new Date(ms).toISOString());
  const c = columns.commits;
  const author = (a) => (a === null ? null : columns.authors[a]);
  const commits = c.sha.map((sha, i) => ({
    sha,
    time: iso(c.time[i]),
    author: author(c.author[i]),
    message: c.message[i],
  }));
  // A column the read did not ask for (fields=) is absent: its values are undefined, not null, so that a reader
  // can tell "not read" (the commit panel reads the runs then) from "none".
  const column = (name) => columns[name] ?? [];
  const [score, error, ciLower, ciUpper, run, recordedAt, noisy, noiseReason] = ['score', 'error', 'ciLower',
    'ciUpper', 'run', 'recordedAt', 'noisy', 'noiseReason'].map(column);
  return columns.commit.map((commit, i) => ({
    commit: commits[commit],
    score: score[i],
    error: error[i],
    ciLower: ciLower[i],
    ciUpper: ciUpper[i],
    run: run[i],
    recordedAt: recordedAt[i] === undefined ? undefined : iso(recordedAt[i]),
    noisy: noisy[i],
    noiseReason: noiseReason[i],
  }));
}

/**
 * When a point happened, in ms: its commit's time, or when its run was recorded for a commit uploaded without a
 * time (only a sha, as the README's curl sends), so that such points are drawn rather than put at 1970.
 */
export function pointTime(point) {
  const time = point.commit.time ?? point.recordedAt;
  return time ? Date.parse(time) : null;
}

/** "2026-01-31 14:05", or "recorded 2026-01-31 14:05 (no commit time)" where the commit came without one. */
export function pointWhen(point) {
  if (point.commit.time || !point.recordedAt) {
    return dateTime(point.commit.time);
  }
  return `recorded ${dateTime(point.recordedAt)} (no commit time)`;
}

/**
 * The x of each point: its commit's index in the merged order (equidistant) or its commit time (date); also the
 * commits in branch order and their times. On the date axis the order is only merged when something asks for it
 * (stepping through commits), since merging 10,000s of points costs more than drawing them.
 */
export function xAxis(mode, lists) {
  const times = new Map();
  for (const list of lists) {
    for (const point of list) {
      if (!times.has(point.commit.sha)) {
        times.set(point.commit.sha, pointTime(point));
      }
    }
  }
  let order = null;
  let range = null;
  const axis = {
    mode,
    times,
    get order() {
      order ??= commitOrder(lists);
      return order;
    },
    /** The first and last time of the loaded points: [Infinity, -Infinity] with none. */
    get range() {
      if (!range) {
        range = [Infinity, -Infinity];
        for (const time of times.values()) {
          if (Number.isFinite(time)) {
            range = [Math.min(range[0], time), Math.max(range[1], time)];
          }
        }
      }
      return range;
    },
  };
  if (mode === 'index') {
    const index = new Map(axis.order.map((sha, i) => [sha, i]));
    axis.of = (point) => index.get(point.commit.sha);
    axis.indexOf = (sha) => index.get(sha);
  } else {
    axis.of = (point) => times.get(point.commit.sha) ?? null;
  }
  return axis;
}

/** The chart data of one series: the scores, and the band of ±error around them. */
export function line(points, x) {
  const scores = [];
  const upper = [];
  const lower = [];
  for (const point of points) {
    const position = x.of(point);
    if (position === null || position === undefined || point.score === null) {
      continue;
    }
    scores.push({ x: position, y: point.score, point });
    if (point.error !== null) {
      upper.push({ x: position, y: point.score + point.error });
      lower.push({ x: position, y: lowerEdge(point.score, point.error) });
    }
  }
  const byX = (a, b) => a.x - b.x;
  scores.sort(byX);
  upper.sort(byX);
  lower.sort(byX);
  return { scores, upper, lower };
}

/**
 * The centred moving median over window points: the level a change moves, without the noise of single runs. The
 * window is at most about a third of the points (a 9-point median over 8 results is the median of the series, not
 * its level), and near either end it shrinks on both sides alike (the newest point's median is itself): a window
 * cut on one side only is the median of the points before, and drew the level before a step through the newest
 * results after it.
 */
export function rollingMedian(scores, window) {
  if (!window || window < 2 || scores.length === 0) {
    return [];
  }
  const widest = Math.min(Math.floor(window / 2), Math.max(1, Math.floor(scores.length / 6)));
  const result = new Array(scores.length);
  for (let i = 0; i < scores.length; i++) {
    const half = Math.min(widest, i, scores.length - 1 - i);
    const from = i - half;
    const to = i + half + 1;
    const values = [];
    for (let j = from; j < to; j++) {
      values.push(scores[j].y);
    }
    values.sort((a, b) => a - b);
    const middle = values.length >> 1;
    const median = values.length % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    result[i] = { x: scores[i].x, y: median };
  }
  return result;
}

/** The mean score at a commit (several runs of one commit average), or null when the series has none there. */
export function valueAt(points, sha) {
  const scores = points.filter((p) => sameCommit(p.commit.sha, sha) && p.score !== null).map((p) => p.score);
  return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
}

/** Whether a sha (or an abbreviation of at least 7 characters) names a commit. */
export function sameCommit(sha, wanted) {
  return !!sha && !!wanted && wanted.length >= 7 && sha.startsWith(wanted.toLowerCase());
}

/**
 * The medians of the first and of the last few scores (k of each): a step, not noise. k is five from ten results on;
 * below, the largest odd number up to half of them, so that the windows never overlap and each median is a measured
 * result: the median of an even window averaged two levels, and a series back at 0 B/op after a 64 B/op step read
 * "+32 B/op", a level it never had.
 */
export function levelChange(scores) {
  const half = Math.min(5, Math.floor(scores.length / 2));
  const k = half % 2 === 1 ? half : half - 1;
  if (k < 1) {
    return null;
  }
  const median = (values) => {
    const sorted = values.map((s) => s.y).sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  return { before: median(scores.slice(0, k)), after: median(scores.slice(-k)), k };
}
