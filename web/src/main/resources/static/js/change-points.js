// The detector's change points (GET /api/v1/change-points, docs/api.md#change-points) as the suite grid and the
// changes page show them: one read per project, words for the amount (percent, or the change in the unit where the
// level before is ~0, as B/op from none), and a mark per status. The timeline draws its own (timeline/annotations.js).

import { optional, query } from './api.js';
import { h } from './dom.js';
import { change, number, percent, shortSha } from './format.js';

/** Statuses in the order their marks are listed, the ones asking for attention first. */
export const STATUS_ORDER = ['alerted', 'confirmed', 'confirming', 'suspected', 'unconfirmed', 'transient',
  'withdrawn', 'resolved', 'historical', 'dismissed'];

/** What each status means, for the marks' tooltips and the legend. */
export const STATUS_WORDS = {
  alerted: 'alerted (an alert group notified)',
  confirmed: 'confirmed by re-runs',
  confirming: 'being confirmed by re-runs',
  suspected: 'suspected, not yet confirmed',
  unconfirmed: 'unconfirmed (the detector only: no runner for its host class)',
  transient: 'transient (the level did not hold)',
  withdrawn: 'withdrawn (a late run: the whole history no longer finds it here)',
  resolved: 'resolved (back to the level before)',
  historical: 'historical (imported or old: notifies nobody)',
  dismissed: 'dismissed by re-runs',
};

/**
 * What a change point's status means for that point: a mode change is filed `dismissed` by the detector's mode rule
 * (docs/pipeline.md, "Modes"), with no re-run at all on an import, so "dismissed by re-runs" would be untrue there.
 */
export function statusWord(point) {
  if (point.status === 'dismissed' && point.direction === 'mode-change') {
    return 'mode change (a switch to a level the series held before): never confirmed or alerted';
  }
  return STATUS_WORDS[point.status] ?? point.status;
}

/**
 * The status as a change point's line says it: a change that brought an alerted regression's level back says what it
 * fixes ("fixes the regression at c3114ba", the API's `fixes` and the start of its reason), not a bare "resolved",
 * which beside "improvement −64 B/op" read as if the improvement had been resolved.
 */
export function statusText(point) {
  return point.fixes?.sha ? `fixes the regression at ${shortSha(point.fixes.sha)}` : String(point.status ?? '');
}

/**
 * The project's newest change points (the API's limit, 1000), or none on a server without the API. Grouped by
 * series id on request.
 */
export async function changePoints(project, filter = {}) {
  const found = await optional(`/api/v1/change-points?${query({ project, limit: 1000, ...filter })}`);
  return Array.isArray(found) ? found : [];
}

export function bySeries(points) {
  const map = new Map();
  for (const point of points) {
    if (!map.has(point.series)) {
      map.set(point.series, []);
    }
    map.get(point.series).push(point);
  }
  return map;
}

/**
 * "−12%", or "+64 B/op" where the level before or after is ~0 (format.change's rule, as the timeline labels it): a
 * return from 784 B/op to none read "−100%", a throughput drop to anyone who did not see the metric.
 */
export function amount(point) {
  if (typeof point.before === 'number' && typeof point.after === 'number') {
    return change(point.before, point.after, point.unit);
  }
  if (typeof point.magnitude === 'number' && Number.isFinite(point.magnitude)) {
    return percent(point.magnitude);
  }
  if (typeof point.absoluteChange === 'number') {
    return `${point.absoluteChange > 0 ? '+' : ''}${number(point.absoluteChange)} ${point.unit ?? ''}`.trim();
  }
  return '';
}

/** One line per change point: direction, amount, commit, environment, status and why. */
export function describe(point) {
  const environment = [point.environment?.hostClass, point.environment?.jvm && `JDK ${point.environment.jvm}`]
    .filter(Boolean).join(' · ');
  const triaged = point.alertStatus ? `, alert ${point.alertStatus}` : '';
  const reason = point.reason ? `: ${point.reason}` : '';
  return `${point.direction ?? 'change'} ${amount(point)} at ${shortSha(point.commit?.sha)} (${environment})`
    + ` — ${point.status}${triaged}${reason}`;
}

/** The metric a change point is on, as a reader names it: the primary metric is the benchmark's score. */
export function metricName(point) {
  return !point.metric || point.metric === 'primary' ? 'score' : point.metric;
}

/** The tone a direction is coloured in, as the rest of the UI colours worse and better. */
/**
 * Statuses drawn grey on a chart, whatever their direction: what did not happen or notifies nobody (dismissed,
 * historical) and what did not hold or is no longer found (transient, withdrawn). An imported history's one change
 * that did not hold was the only coloured line among grey historical steps that held (timeline/annotations.js).
 */
export const GREY_STATUSES = new Set(['dismissed', 'historical', 'transient', 'withdrawn']);

export function tone(point) {
  return point.direction === 'regression' ? 'worse' : point.direction === 'improvement' ? 'better' : 'neutral';
}

const TONES = ['worse', 'better', 'neutral'];

/**
 * A mark per status and direction among the points: the status word, how many, coloured by their direction, its
 * tooltip listing each point. One mark per status coloured by the worst direction drew a regression and the
 * improvement that undid it as "▼ historical ×2", two regressions.
 */
export function statusMarks(points) {
  const kinds = [...new Set(points.map((point) => `${point.status}\u0000${tone(point)}`))]
    .map((key) => key.split('\u0000'))
    .sort(([a, x], [b, y]) => rank(a) - rank(b) || TONES.indexOf(x) - TONES.indexOf(y));
  return kinds.map(([status, shade]) => {
    const these = points.filter((point) => point.status === status && tone(point) === shade);
    const arrow = shade === 'worse' ? '▼' : shade === 'better' ? '▲' : '◆';
    return h('span', { class: `cp-mark cp-${status} cp-${shade}`, dataset: { status, tone: shade },
      title: `${[...new Set(these.map(statusWord))].join('; ')}\n${these.map(describe).join('\n')}` },
    `${arrow} ${status}${these.length > 1 ? ` ×${these.length}` : ''}`);
  });
}

function rank(status) {
  const at = STATUS_ORDER.indexOf(status);
  return at < 0 ? STATUS_ORDER.length : at;
}
