// The Changes page's change points (GET /api/v1/change-points): a column with the ones found at the shown commit on
// each row's series, and below the table the newest ones of the environment, each linking to its timeline at its
// commit and to the Changes page there.

import { h } from '../dom.js';
import { shortSha, date } from '../format.js';
import { amount, describe, statusText, statusWord, tone } from '../change-points.js';
import { timelineHref } from '../page-kit.js';

const NEWEST = 20;

const timelineOf = (point) => timelineHref({ series: point.series, commit: point.commit?.sha });

/** "▼ alerted −12%": status and amount (in the unit where the level before was ~0), linking to the timeline. */
function mark(point) {
  const shade = tone(point);
  const arrow = shade === 'worse' ? '▼' : shade === 'better' ? '▲' : '◆';
  return h('a', { class: `cp-mark cp-${point.status} cp-${shade}`, href: timelineOf(point), title: describe(point),
    dataset: { status: point.status } }, `${arrow} ${statusText(point)} ${amount(point)}`.trim());
}

/**
 * The cell of one row: its series' change points at this commit, or nothing. {@code pending}: the newest commit
 * differs from the one before and no change point is there yet — detection places one only with runs after it
 * (docs/detection.md: one run at a new level is never a change), which a new project's owner otherwise cannot see.
 */
export function changePointCell(points, pending = false) {
  return h('td', { class: 'cp', dataset: { column: 'change-point', pending: String(pending && !points.length) } },
    points.length ? points.map(mark)
      : pending ? h('span', { class: 'muted', title: 'One run at a new level is never a change: detection looks '
        + 'again when the next commits have run (docs/detection.md).' }, 'none yet: waits for the next runs') : null);
}

/** The newest change points of the environment, as a table that reflows into cards on a phone like the others. */
export function newestChangePoints(points, project, environment) {
  const here = points.filter((point) => point.environment?.id === environment.id).slice(0, NEWEST);
  // A reason most rows share (an import's "found deep in the history …", 20 words) is said once, above the table.
  const shared = sharedReason(here);
  const why = (point) => (shared && point.reason === shared ? h('span', { class: 'muted', dataset: { shared: '' } },
    'see above') : point.reason ?? '');
  const changesAt = (sha) => `#/changes?${new URLSearchParams({ project, environment: String(environment.id),
    commit: sha }).toString()}`;
  return h('section', { class: 'change-points', 'aria-labelledby': 'change-points-heading' },
    h('h3', { id: 'change-points-heading' }, 'Newest change points in this environment'),
    shared ? h('p', { class: 'shared-reason', id: 'change-points-shared-reason' },
      `Why, for ${here.filter((point) => point.reason === shared).length} of these ${here.length}: ${shared}.`) : null,
    here.length === 0 ? h('p', { class: 'muted' }, 'The detector has found no change in this environment.')
      : h('div', { class: 'table-box' }, h('table', { class: 'data', id: 'change-points-table' },
        h('thead', {}, h('tr', {}, ...['Status', 'Change', 'Benchmark', 'Case', 'Commit', 'Why']
          .map((name) => h('th', { scope: 'col' }, name)))),
        h('tbody', {}, here.map((point) => h('tr', { dataset: { series: point.series, status: point.status,
          filterText: `${point.benchmark} ${point.case ?? ''} ${point.metric} ${point.status}` } },
          h('td', { title: statusWord(point) }, mark(point)),
          h('td', {}, `${point.direction ?? ''} ${amount(point)}`,
            point.metric && point.metric !== 'primary' ? h('span', { class: 'muted' }, ` ${point.metric}`) : null),
          h('td', {}, h('a', { href: timelineOf(point), title: point.benchmark },
            point.benchmark?.split('.').slice(-2).join('.'))),
          h('td', {}, point.case ?? ''),
          h('td', {}, h('a', { href: changesAt(point.commit?.sha),
            title: point.commit?.subject ?? '' }, h('code', {}, shortSha(point.commit?.sha))),
          ` ${date(point.commit?.time)}`),
          h('td', {}, why(point))))))));
}

/** The reason at least half of the points (and two or more) give, or null. */
export function sharedReason(points) {
  const counts = new Map();
  for (const point of points) {
    if (point.reason) {
      counts.set(point.reason, (counts.get(point.reason) ?? 0) + 1);
    }
  }
  const [reason, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  return count >= 2 && count * 2 >= points.length ? reason : null;
}

