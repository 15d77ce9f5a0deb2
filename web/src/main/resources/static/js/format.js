// Number, date and name formatting shared by the pages.

const significant = new Intl.NumberFormat('en', { maximumSignificantDigits: 4 });

/** An error needs two digits: more would claim a precision the error itself does not have. */
const errorDigits = new Intl.NumberFormat('en', { maximumSignificantDigits: 2 });

export function number(value) {
  return value === null || value === undefined ? '–' : significant.format(value);
}

/**
 * Allocation per operation: JMH's gc profiler reports a few ten-thousandths of a byte for code that allocates
 * nothing (its measurement residue), so below 0.01 B/op reads "≈0" rather than "0.00005913"; the exact figure is
 * for a tooltip.
 */
export function allocation(value) {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return '–';
  }
  return Math.abs(value) < 0.01 ? '≈0' : significant.format(value);
}

/** "1,234 ± 5.6 ops/ms"; an unknown error is left out rather than shown as zero. */
export function valueWithError(score, error, unit) {
  const text = error === null || error === undefined ? number(score) : `${number(score)} ± ${errorDigits.format(error)}`;
  return unit ? `${text} ${unit}` : text;
}

/**
 * Below these levels a metric is at its floor: JMH's allocation residue (a few ten-thousandths of a byte per
 * operation for code that allocates nothing), a GC count of none.
 */
const FLOOR = { 'B/op': 0.5, counts: 0.5 };

/**
 * A change from before to after as a person reads it: a percentage, or the difference in the metric's unit where
 * either level is at the metric's floor or the change is over a thousand times it ("+64 B/op", not
 * "+111384834%" of a residue) — the server's near-zero rule (docs/detection.md).
 */
export function change(before, after, unit) {
  if (before === null || after === null || before === undefined || after === undefined
      || !Number.isFinite(before) || !Number.isFinite(after)) {
    return '–';
  }
  const delta = after - before;
  const floor = FLOOR[unit] ?? 0;
  if (Math.abs(before) <= floor || Math.abs(after) <= floor || Math.abs(delta) > 1000 * Math.abs(before)) {
    const amount = Math.abs(delta) < 0.01 ? '0' : number(Math.abs(delta));
    const sign = amount === '0' ? '±' : delta > 0 ? '+' : '-';
    return `${sign}${amount}${unit ? ` ${unit}` : ''}`;
  }
  return percent(after / before - 1);
}

export function percent(ratio) {
  if (ratio === null || !Number.isFinite(ratio)) {
    return '–';
  }
  const value = ratio * 100;
  return `${value > 0 ? '+' : ''}${value.toFixed(Math.abs(value) < 10 ? 1 : 0)}%`;
}

function pad(value) {
  return String(value).padStart(2, '0');
}

/** 2026-01-31, in the viewer's time zone. */
export function date(time) {
  if (time === null || time === undefined) {
    return '–';
  }
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** 2026-01-31 14:05, in the viewer's time zone. */
export function dateTime(time) {
  if (time === null || time === undefined) {
    return '–';
  }
  const d = new Date(time);
  return `${date(time)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function shortSha(sha) {
  return sha ? sha.slice(0, 8) : '';
}

/**
 * What an alert group is and where, as its heading says it ("Regression at 3f2a9c1d", or at the range from the last
 * good commit when the culprit is not pinned to one): the Alerts page's cards and the home page's list lead with it.
 */
export function culprit(group) {
  const range = group.exact || !group.lastGood ? shortSha(group.commit?.sha)
    : `${shortSha(group.lastGood.sha)}..${shortSha(group.commit?.sha)}`;
  return { kind: group.kind === 'regression' ? 'Regression' : 'Improvement', range };
}

export function firstLine(message) {
  if (!message) {
    return '';
  }
  const newline = message.indexOf('\n');
  return newline < 0 ? message : message.slice(0, newline);
}

/** "org.example.StringBenchmark.write" becomes "StringBenchmark.write": the package rarely tells cases apart. */
export function benchmarkName(name) {
  const parts = name.split('.');
  return parts.length <= 2 ? name : parts.slice(-2).join('.');
}

/**
 * {@link benchmarkName} for benchmarks listed together: each name's shortest ending of two or more dotted parts that
 * no other of {@code names} ends with, so that two benchmarks never read alike. A Kotlin multiplatform suite names
 * one benchmark per platform ("jvm.CommonAvgTimeBench.validate", "linuxX64.CommonAvgTimeBench.validate"), and the
 * timeline's picker listed five "CommonAvgTimeBench.validate (2)". Returns the function from a full name to its label.
 */
export function benchmarkNames(names) {
  const all = [...new Set(names)].map((name) => name.split('.'));
  const endings = new Map();
  for (const parts of all) {
    for (let take = 2; take <= parts.length; take++) {
      const ending = parts.slice(-take).join('.');
      endings.set(ending, (endings.get(ending) ?? 0) + 1);
    }
  }
  const label = new Map(all.map((parts) => {
    let take = Math.min(2, parts.length);
    while (take < parts.length && endings.get(parts.slice(-take).join('.')) > 1) {
      take++;
    }
    return [parts.join('.'), parts.slice(-take).join('.')];
  }));
  return (name) => label.get(name) ?? benchmarkName(name);
}

/** A case as people name it: its parameters, then mode and threads when they say something. */
export function caseLabel(benchmarkCase) {
  const params = benchmarkCase.params && typeof benchmarkCase.params === 'object'
    ? Object.entries(benchmarkCase.params).map(([name, value]) => `${name}=${value}`) : [];
  const parts = [params.length ? params.join(', ') : 'no parameters', benchmarkCase.mode];
  if (benchmarkCase.threads && benchmarkCase.threads !== 1) {
    parts.push(`${benchmarkCase.threads} threads`);
  }
  return parts.join(' · ');
}

/** The branches a person picks from: perfwatch's own (confirmation re-runs on perfwatch/confirmation) are left out. */
export function userBranches(branches) {
  return branches.filter((branch) => !branch.startsWith('perfwatch/'));
}
