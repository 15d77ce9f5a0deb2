// A run's metadata as short text for the commit panel's Runs section: the runner's job, host facts, timings and host
// check read as words ("job  3f2a1b9c (confirmation, quick profile, JDK 17) · attempt 2", "host check  quiet"), not
// as the JSON the runner sent (docs/runner.md, "Metadata"). Keys it does not know are shown as their values, an
// object's as "key value" pairs.

import { h } from '../dom.js';
import { dateTime, number } from '../format.js';

/** A duration in seconds as people say it: 0.4 s, 34 s, 5 min 12 s, 1 h 3 min. */
export function duration(seconds) {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
    return '';
  }
  if (seconds < 10) {
    return `${Math.round(seconds * 10) / 10} s`;
  }
  if (seconds < 60) {
    return `${Math.round(seconds)} s`;
  }
  const whole = Math.round(seconds);
  if (whole < 3600) {
    const rest = whole % 60;
    return `${Math.floor(whole / 60)} min${rest ? ` ${rest} s` : ''}`;
  }
  const minutes = Math.round(whole / 60) % 60;
  return `${Math.floor(whole / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The job the runner ran (beside the name "job"): its id's first 8 characters, kind, profile, JVM, attempt. */
function job(value) {
  if (!isObject(value)) {
    return plain(value);
  }
  const about = [value.kind, value.profile ? `${value.profile} profile` : null, value.jvm ? `JDK ${value.jvm}` : null]
    .filter(Boolean);
  return `${String(value.id ?? '?').slice(0, 8)}${about.length ? ` (${about.join(', ')})` : ''}`
    + (value.attemptNumber ? ` · attempt ${value.attemptNumber}` : '');
}

/** The host's facts sampled before JMH: CPU, governor, boost, SMT, load average, the busiest other processes. */
function host(value) {
  if (!isObject(value)) {
    return String(value);
  }
  const busy = Array.isArray(value.busyProcesses) ? value.busyProcesses.slice(0, 3)
    .map((p) => `${String(p.command ?? p.pid).slice(0, 40)} (${number(p.cpuPercent)}%)`) : [];
  return [value.name, value.cpuModel, value.cpus ?? value.cores ? `${value.cpus ?? value.cores} CPUs` : null,
    value.governor ? `governor ${value.governor}` : null,
    typeof value.boost === 'boolean' ? `boost ${value.boost ? 'on' : 'off'}`
      : value.boost ? `boost ${value.boost}` : null,
    typeof value.smt === 'boolean' ? `SMT ${value.smt ? 'on' : 'off'}` : null,
    Array.isArray(value.loadAverage) ? `load ${value.loadAverage.map(number).join(', ')}` : null,
    busy.length ? `busy: ${busy.join(', ')}` : null,
    value.loaded === true ? 'loaded' : null].filter(Boolean).join(' · ');
}

/** Where the time of the job went: fetching, building, waiting for a quiet host, JMH. */
function timings(value) {
  if (!isObject(value)) {
    return String(value);
  }
  return [value.fetchSeconds !== undefined ? `fetch ${duration(value.fetchSeconds)}` : null,
    value.buildSeconds !== undefined ? `build ${duration(value.buildSeconds)}${value.buildCached ? ' (cached)' : ''}`
      : null,
    value.quietWaitSeconds > 0 ? `quiet wait ${duration(value.quietWaitSeconds)}` : null,
    value.jmhSeconds !== undefined ? `JMH ${duration(value.jmhSeconds)}` : null].filter(Boolean).join(' · ');
}

/** How long the runner waited for a quiet host before JMH, and whether it came. */
function quietWait(value) {
  if (!isObject(value)) {
    return String(value);
  }
  return `${value.quiet === false ? 'not quiet' : 'quiet'} after ${duration(value.seconds ?? 0)}`
    + (value.busyCpus !== undefined ? ` · ${number(value.busyCpus)} CPUs busy` : '');
}

/**
 * The host check: the server's verdict (the run's hostCheck: noisy and its reason) and the reference workload's
 * median before and after the job.
 */
function hostCheck(sent, judged) {
  const check = isObject(judged) ? judged : sent;
  if (!isObject(check)) {
    return String(check);
  }
  const verdict = check.noisy === true ? `noisy: ${check.reason ?? 'no reason given'}`
    : check.noisy === false ? 'quiet' : null;
  const ms = (side) => (typeof side?.medianNanos === 'number' ? `${number(side.medianNanos / 1e6)} ms` : null);
  const before = ms(check.before);
  const after = ms(check.after);
  const times = before || after ? `${check.workload ?? 'reference'}: ${[before ? `${before} before` : null,
    after ? `${after} after` : null].filter(Boolean).join(', ')}` : null;
  return [verdict, times].filter(Boolean).join(' · ');
}

/**
 * A Codespeed upload's facts (docs/codespeed.md): the revision as the client sent it (Flink's
 * `<flink sha>-<benchmarks sha>-<time>`, which the commit's sha is not), the executable and environment, and how many
 * results with their result date, not each benchmark's date in turn (a Flink night is a hundred of them).
 */
function codespeed(value) {
  if (!isObject(value)) {
    return plain(value);
  }
  const results = isObject(value.results) ? Object.values(value.results) : [];
  const dates = [...new Set(results.map((r) => (isObject(r) ? r.result_date : null)).filter(Boolean))].sort();
  const when = dates.length === 0 ? '' : dates.length === 1 ? ` of ${dateTime(dates[0])}`
    : ` of ${dateTime(dates[0])} to ${dateTime(dates[dates.length - 1])}`;
  return [value.commitid !== undefined ? `revision ${value.commitid}` : null,
    value.executable !== undefined ? `executable ${value.executable}` : null,
    value.environment !== undefined ? `environment ${value.environment}` : null,
    results.length ? `${results.length} result${results.length === 1 ? '' : 's'}${when}` : null]
    .filter(Boolean).join(' · ');
}

/** Any other value: a scalar as itself, a list joined, an object as "key value" pairs. */
function plain(value) {
  if (typeof value === 'boolean') {
    return value ? 'yes' : 'no';
  }
  if (Array.isArray(value)) {
    return value.map(plain).join(', ');
  }
  if (isObject(value)) {
    return Object.entries(value).map(([key, inner]) => `${key} ${plain(inner)}`).join(' · ');
  }
  return String(value);
}

/**
 * A metadata value as a reader wants it: a time (epoch milliseconds or seconds under a key that names a time) as a
 * date, an http(s) URL as a link, the runner's known entries as short text, anything else as plain text.
 */
export function metadataValue(key, value, run = {}) {
  if (typeof value === 'number' && /(time|date|at|start|end|stamp)$/i.test(key)) {
    const millis = value > 1e11 && value < 1e14 ? value : value > 1e8 && value < 1e11 ? value * 1000 : null;
    if (millis !== null) {
      return h('time', { datetime: new Date(millis).toISOString(), title: String(value) }, dateTime(millis));
    }
  }
  if (typeof value === 'string' && /^https?:\/\/\S+$/.test(value)) {
    return h('a', { href: value, rel: 'noopener noreferrer' }, value);
  }
  switch (key) {
    case 'job': return job(value);
    case 'host': return host(value);
    case 'timings': return timings(value);
    case 'quietWait': return quietWait(value);
    case 'codespeed': return codespeed(value);
    case 'hostCheck': return hostCheck(value, run.hostCheck);
    case 'jmhCommand': return Array.isArray(value) ? h('code', {}, value.join(' ')) : plain(value);
    case 'runner': return isObject(value) ? [value.name, value.version ? `agent ${value.version}` : null]
      .filter(Boolean).join(' · ') : plain(value);
    default: return plain(value);
  }
}

const NAMES = { job: 'job', host: 'host', timings: 'timings', quietWait: 'quiet wait', hostCheck: 'host check',
  jmhCommand: 'JMH command', codespeed: 'Codespeed' };

/** The runner's entries first, in the order a reader asks about them (the server keeps metadata as jsonb, whose keys
 * come back sorted by length). */
const ORDER = ['job', 'hostCheck', 'timings', 'quietWait', 'host', 'runner'];

/** The run's metadata as a list of names and short values; the server's host check verdict even without one sent. */
export function runFacts(run) {
  const metadata = isObject(run.metadata) ? { ...run.metadata } : {};
  if (isObject(run.hostCheck) && !('hostCheck' in metadata)) {
    metadata.hostCheck = run.hostCheck;
  }
  const rank = (key) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);
  const entries = Object.entries(metadata).sort(([a], [b]) => rank(a) - rank(b));
  if (entries.length === 0) {
    return null;
  }
  return h('dl', { class: 'metadata' }, entries.flatMap(([key, value]) => [
    h('dt', {}, NAMES[key] ?? key), h('dd', { dataset: { key } }, metadataValue(key, value, run))]));
}
