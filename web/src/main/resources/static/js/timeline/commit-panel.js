// The commit panel: what a clicked point stands for — the commit, its value in every environment against the
// previous result, the runs behind it, and links to the repository's commit and compare views.

import * as api from '../api.js';
import { h, replace } from '../dom.js';
import { dateTime, firstLine, number, percent, shortSha, valueWithError } from '../format.js';
import { repositoryLinks } from '../repository.js';
import { jvmOf, pointWhen, sameCommit } from './data.js';
import { runFacts } from './run-facts.js';

/**
 * Better or worse in words, judged by significance rather than by sign: the difference over its standard error,
 * which is the larger of what the two results' errors (JMH's 99.9% half widths) and the series' run-to-run noise
 * (the detector's relative noise, docs/detection.md) allow — a run's own error understates how much the next JVM
 * start moves. 99.9% (|z| ≥ 3.291) says better/worse, 95% "maybe", less "within noise"; with neither an error nor
 * the noise there is nothing to judge and only the number is shown.
 */
export function verdict(at, direction, noise, noiseInUnit = false) {
  if (at.difference === null || !Number.isFinite(at.difference)) {
    return { text: '', tone: '' };
  }
  const byErrors = at.error !== null && at.previousError !== null ? Math.hypot(at.error, at.previousError) / 3.291
    : null;
  // Near-zero metrics (B/op, GCs) carry their noise in the unit; the others relative to the level.
  const byNoise = !noise ? null : noiseInUnit ? noise * Math.SQRT2
    : at.previousScore ? noise * Math.abs(at.previousScore) * Math.SQRT2 : null;
  if (byErrors === null && byNoise === null) {
    return { text: '', tone: '', title: 'no error and no measured noise to judge by' };
  }
  const over = (standardError) => (standardError === 0 ? (at.difference === 0 ? 0 : Math.sign(at.difference) * Infinity)
    : at.difference / standardError);
  // Relative noise is measured on the log scale: the ratio, so that a fall is as clear as a rise of the same factor
  // (in units of noise × previous no drop reaches 1 / (noise · √2), and a −86% step read "maybe").
  const current = at.previousScore + at.difference;
  const zNoise = byNoise === null ? null : !noiseInUnit && at.previousScore > 0 && current > 0
    ? Math.log(current / at.previousScore) / (noise * Math.SQRT2) : over(byNoise);
  const zErrors = byErrors === null ? null : over(byErrors);
  // The larger of the two standard errors judges: the smaller z.
  const byNoiseJudged = zErrors === null || (zNoise !== null && Math.abs(zNoise) <= Math.abs(zErrors));
  const z = byNoiseJudged ? zNoise : zErrors;
  const better = direction === 'higher' ? z > 0 : z < 0;
  const title = `z = ${Number.isFinite(z) ? z.toFixed(1) : '∞'}, judged by ${byNoiseJudged
    ? 'the series\' noise' : 'the results\' errors'}`;
  if (Math.abs(z) >= 3.291) {
    return { text: better ? 'better' : 'worse', tone: better ? 'better' : 'worse', title };
  }
  if (Math.abs(z) >= 1.96) {
    return { text: better ? 'maybe better' : 'maybe worse', tone: '', title };
  }
  return { text: 'within noise', tone: 'muted', title };
}

/** This commit's mean score in a series and the change against the series' previous commit. */
function changeAt(points, sha) {
  const at = points.filter((p) => sameCommit(p.commit.sha, sha));
  if (at.length === 0) {
    return null;
  }
  const first = points.indexOf(at[0]);
  const previous = [...points.slice(0, first)].reverse().find((p) => p.score !== null);
  const scores = at.map((p) => p.score).filter((s) => s !== null);
  const mean = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
  const errors = at.map((p) => p.error).filter((e) => e !== null);
  const error = errors.length === at.length && errors.length ? errors.reduce((a, b) => a + b, 0) / errors.length : null;
  const change = previous && mean !== null && previous.score ? (mean - previous.score) / Math.abs(previous.score) : null;
  const difference = previous && mean !== null ? mean - previous.score : null;
  const reason = (p) => p.noiseReason ?? 'the runner flagged the run as noisy';
  return { mean, error, change, difference, previous: previous?.commit.sha ?? null, previousScore: previous?.score ?? null,
    previousError: previous?.error ?? null, noisy: at.filter((p) => p.noisy).map(reason),
    previousNoisy: previous?.noisy ? reason(previous) : null };
}

/** B/op and GC counts: a busy host does not skew them, and their change is an amount, not a percentage. */
function countedInUnit(data, which) {
  return which === 'alloc' || /^gc\.(alloc\.rate\.norm|count)$/.test(data.series?.metric?.name ?? '')
    || ['B/op', 'counts'].includes(data.unit);
}

/**
 * Not judged when this result or the previous one was measured on a host the runner's checks flagged, in a metric
 * such a host skews: detection leaves those runs out, and so do the Changes page and the legend's noise.
 */
function notJudged(at, data, which) {
  if (countedInUnit(data, which)) {
    return null;
  }
  const reasons = [...at.noisy, ...(at.previousNoisy ? [`previous ${shortSha(at.previous)}: ${at.previousNoisy}`] : [])];
  return reasons.length ? { text: 'not judged', tone: 'muted', title: `not judged: ${reasons.join('; ')}` } : null;
}

function metricRows(lines, sha, which) {
  return lines.map((line) => {
    const data = line[which];
    if (!data) {
      return null;
    }
    const at = changeAt(data.points, sha);
    if (!at) {
      return h('tr', {}, h('th', { scope: 'row' }, swatch(line.color), line.label), h('td', { colspan: 2 }, 'no result'));
    }
    const judged = notJudged(at, data, which)
      ?? verdict(at, data.direction, data.series?.noise, data.series?.noiseInUnit);
    // Allocation moves in bytes: 0 → 64 B/op is "+64 B/op", not a percentage of JMH's near-zero baseline, whether
    // it is drawn as the second chart or is the series chosen.
    const shown = countedInUnit(data, which) ? signedAmount(at.difference, data.unit) : percent(at.change);
    // The host's reason only where it explains a "not judged": allocation is judged on any host.
    return h('tr', {},
      h('th', { scope: 'row' }, swatch(line.color), line.label),
      h('td', { class: 'num' }, valueWithError(at.mean, at.error),
        at.noisy.length && !countedInUnit(data, which) ? h('span', { class: 'noisy', title: at.noisy.join('; ') }, ` noisy: ${at.noisy.join('; ')}`)
          : null),
      h('td', { class: `num ${judged.tone}`, dataset: { verdict: judged.text },
        title: [at.previous ? `against ${shortSha(at.previous)}` : '', judged.title].filter(Boolean).join('; ') },
        at.difference === null ? '–' : `${shown} ${judged.text}`));
  }).filter(Boolean);
}

function signedAmount(value, unit) {
  if (value === null || !Number.isFinite(value)) {
    return '–';
  }
  return `${value > 0 ? '+' : ''}${number(value)} ${unit ?? ''}`.trim();
}

function swatch(color) {
  return h('span', { class: 'swatch', style: `background:${color}`, 'aria-hidden': 'true' });
}

/**
 * The ids of the runs behind a commit's points in every drawn series. The timeline's read leaves the runs out
 * (api.pointColumns: a third of its bytes, needed only here), so a series whose points lack them reads that commit's
 * points once, runs and all.
 */
async function runIdsAt(lines, sha) {
  const data = lines.flatMap((line) => [line.primary, line.alloc]).filter(Boolean);
  const ids = await Promise.all(data.map(async (d) => {
    const here = d.points.filter((p) => sameCommit(p.commit.sha, sha));
    if (here.length === 0 || here.every((p) => p.run !== undefined)) {
      return here.map((p) => p.run);
    }
    if (!d.series) {
      return [];
    }
    return (await api.pointsAt(d.series.id, here[0].commit.sha).catch(() => [])).map((p) => p.run);
  }));
  return [...new Set(ids.flat().filter(Boolean))];
}

async function runDetails(container, runIdsRead) {
  const runIds = await runIdsRead;
  const runs = await Promise.all(runIds.map((id) => api.run(id).catch(() => null)));
  replace(container, ...runs.filter(Boolean).map((run) => h('div', { class: 'run' },
    h('p', {}, h('strong', {}, run.hostClass), ` on ${run.host} · stored ${dateTime(run.createdAt)} · `,
      `${number(run.results)} result${run.results === 1 ? '' : 's'} · `,
      h('a', { href: `/api/v1/runs/${run.id}` }, 'JSON')),
    runFacts(run))));
  if (container.childElementCount === 0) {
    replace(container, h('p', { class: 'muted' }, 'No run details.'));
  }
}

/**
 * Renders the panel for a commit. context: {lines: [{label, color, primary: {points, unit, direction}, alloc}],
 * order (all commits in branch order), repository, onSelect(sha), onClose(), onBaseline(sha), base}.
 */
export function renderCommitPanel(panel, sha, context) {
  const lines = context.lines;
  const point = lines.flatMap((line) => [line.primary, line.alloc]).filter(Boolean)
    .flatMap((data) => data.points).find((p) => sameCommit(p.commit.sha, sha));
  const commit = point?.commit ?? { sha };
  const position = context.order.findIndex((s) => sameCommit(s, sha));
  const previous = position > 0 ? context.order[position - 1] : null;
  const next = position >= 0 && position < context.order.length - 1 ? context.order[position + 1] : null;
  const links = repositoryLinks(context.repository);
  const message = commit.message ?? '';
  const rest = message.slice(firstLine(message).length).trim();
  const runs = h('div', { class: 'runs' }, h('p', { class: 'muted' }, 'Loading runs…'));
  const heading = h('h2', { tabindex: '-1', id: 'commit-heading' }, 'Commit ', h('code', {}, shortSha(commit.sha)));
  const hasAlloc = lines.some((line) => line.alloc);

  replace(panel,
    h('div', { class: 'panel-head' }, heading,
      h('button', { type: 'button', class: 'icon', 'aria-label': 'Close the commit panel (Esc)', title: 'Close (Esc)',
        onclick: () => context.onClose() }, '×')),
    point ? null : h('p', { class: 'muted' }, 'This commit has no result in the loaded range.'),
    h('p', { class: 'message' }, firstLine(message) || '(no message)'),
    rest ? h('details', {}, h('summary', {}, 'Full message'), h('pre', {}, rest)) : null,
    h('p', { class: 'meta' }, commit.author ?? 'unknown author', ' · ', point ? pointWhen(point) : dateTime(commit.time)),
    h('p', { class: 'sha' }, h('code', {}, commit.sha)),
    links ? h('p', { class: 'links' },
      h('a', { href: links.commit(commit.sha), target: '_blank', rel: 'noopener', id: 'commit-link' },
        `Commit on ${links.host}`),
      previous ? [' · ', h('a', { href: links.compare(previous, commit.sha), target: '_blank', rel: 'noopener',
        id: 'compare-link' }, `Changes since ${shortSha(previous)}`)] : null) : null,
    h('p', { class: 'links' },
      h('a', { id: 'changes-link', href: `#/changes?${new URLSearchParams({ project: context.project,
        hostClass: lines[0]?.environment.hostClass ?? '', jvm: lines[0] ? jvmOf(lines[0].environment) : '',
        commit: commit.sha })}`.replace(/%2C/gi, ',') }, 'Every case at this commit'),
      previous ? [' · ', h('a', { id: 'comparison-link', href: `#/comparison?${new URLSearchParams({
        project: context.project, base: previous, head: commit.sha })}` }, `Compare with ${shortSha(previous)}`)]
        : null),
    h('table', { class: 'values' },
      h('caption', {}, `${context.metricLabel} (${lines[0]?.primary?.unit ?? ''}) against the previous result`),
      h('tbody', {}, metricRows(lines, commit.sha, 'primary'))),
    hasAlloc ? h('table', { class: 'values' },
      h('caption', {}, `gc.alloc.rate.norm (${lines.find((l) => l.alloc)?.alloc.unit ?? ''}) against the previous result`),
      h('tbody', {}, metricRows(lines, commit.sha, 'alloc'))) : null,
    h('div', { class: 'panel-actions' },
      h('button', { type: 'button', disabled: !previous, onclick: () => context.onSelect(previous) },
        '← Previous'),
      h('button', { type: 'button', disabled: !next, onclick: () => context.onSelect(next) }, 'Next →'),
      h('button', { type: 'button', disabled: sameCommit(commit.sha, context.base),
        onclick: () => context.onBaseline(commit.sha) }, 'Use as baseline')),
    h('h3', {}, 'Runs'),
    runs);
  panel.hidden = false;
  panel.dataset.commit = commit.sha;
  runDetails(runs, runIdsAt(lines, sha));
  return heading;
}
