// What the home page shows, worked out from the read API's answers. Pure functions, no DOM and no fetch, so the
// browser tests can import and check them directly.

import { dateTime } from '../format.js';

/** A runner whose last this many finished attempts all failed is failing every job. */
export const FAILING_AFTER = 2;

/** Alert groups still open, newest first. */
export function openGroups(groups) {
  return groups.filter((group) => group.open)
    .sort((a, b) => Date.parse(b.updatedAt ?? b.createdAt) - Date.parse(a.updatedAt ?? a.createdAt));
}

/**
 * Open groups first, then the newest closed ones up to {@code limit}: a regression found and fixed since yesterday
 * (the demo's) is news too, and "No open alerts" alone would hide it.
 */
export function recentGroups(groups, limit) {
  const closed = groups.filter((group) => !group.open)
    .sort((a, b) => Date.parse(b.updatedAt ?? b.createdAt) - Date.parse(a.updatedAt ?? a.createdAt));
  return [...openGroups(groups), ...closed].slice(0, limit);
}

/** "open", or what closed the group: its alerts' status when they agree (fixed, invalid, …), else "closed". */
export function groupState(group) {
  if (group.open) {
    return 'open';
  }
  const statuses = [...new Set((group.alerts ?? []).map((alert) => String(alert.status).toLowerCase()))];
  return statuses.length === 1 ? statuses[0] : 'closed';
}

/** Statuses of change points that did not happen: mode changes (dismissed), dismissed suspects, transient blips. */
const NOT_CHANGES = new Set(['dismissed', 'transient', 'withdrawn']);

/**
 * Change points of every project in one list, newest commit first (the API gives each project's newest first),
 * those that stand only: after an import of a CI history, 9 of the 10 newest were mode changes and the real steps
 * never reached the list. The timeline and the change-points API still show the others.
 */
export function newestChangePoints(perProject, limit) {
  const time = (point) => Date.parse(point.commit?.time ?? '') || 0;
  return perProject.flat().filter((point) => !NOT_CHANGES.has(point.status))
    .sort((a, b) => time(b) - time(a) || b.id - a.id).slice(0, limit);
}

/** How far a change point moved, relative to the larger of its levels (0 where unknown). */
export function relativeChange(point) {
  return Math.abs(point.after - point.before) / Math.max(Math.abs(point.before), Math.abs(point.after)) || 0;
}

/** How far a change point moved in its unit (0 where unknown). */
export function absoluteChange(point) {
  return Math.abs(point.after - point.before) || 0;
}

/**
 * The point of several that moved most, relative and then in the unit: the one an entry for all of them is named by.
 * Lettuce's 21 series at one commit were named by the first the API gave, a +0.8% drift, beside a +100% step.
 */
export function largest(points) {
  return points.reduce((most, p) => (relativeChange(p) - relativeChange(most)
    || absoluteChange(p) - absoluteChange(most)) > 0 ? p : most, points[0]);
}

/**
 * The newest change points as the home page lists them: those of one project at one commit that say the same thing
 * (status, direction, metric, host class) as one entry, newest first, at most {@code limit} entries. After an import
 * of partiql-lang-kotlin's JMH history, 149 of its 154 series improved at one commit (the CI machine changed during a
 * two-week pause): the ten lines of the list were ten of them, saying nothing of the 139 others, and no other commit
 * or project reached the list. {@code asked} is how many each project's answer was asked for: a group that runs to
 * the end of a full answer may have more (capped). At most {@code perCommit} entries of one commit are listed; the
 * others of that commit follow as one entry with {@code more} (how many entries it stands for), which does not count
 * against {@code limit}.
 */
export function newestChanges(perProject, limit, asked, perCommit = Infinity) {
  const groups = new Map();
  for (const answer of perProject) {
    const full = answer.length >= asked;
    const lastSha = answer.length ? answer[answer.length - 1].commit?.sha : undefined;
    for (const point of answer) {
      const key = [point.project, point.commit?.sha, point.status, point.direction, point.metric,
        point.environment?.hostClass].join('\u0000');
      if (!groups.has(key)) {
        groups.set(key, { point, points: [], capped: false });
      }
      const group = groups.get(key);
      group.points.push(point);
      group.capped ||= full && point.commit?.sha === lastSha;
    }
  }
  for (const group of groups.values()) {
    group.lead = largest(group.points);
  }
  // Each group in the place of its newest point, those that did not happen left out as single points are.
  const byPoint = new Map([...groups.values()].map((group) => [group.point, group]));
  const ordered = newestChangePoints([[...byPoint.keys()]], Infinity).map((point) => byPoint.get(point));
  // Then by commit, newest first: a commit's score entries first, the largest first, at most perCommit of them, and
  // the rest as one "and N more" entry. A commit whose change points said 12 different things (every gc.* metric,
  // both directions, several host classes) filled the whole list, and no other commit or project reached it.
  const commits = new Map();
  for (const change of ordered) {
    const key = [change.point.project, change.point.commit?.sha].join('\u0000');
    if (!commits.has(key)) {
      commits.set(key, []);
    }
    commits.get(key).push(change);
  }
  const listed = [];
  let entries = 0;
  for (const changes of commits.values()) {
    if (entries >= limit) {
      break;
    }
    const sorted = changes.map((change, i) => ({ change, i })).sort((a, b) =>
      (a.change.point.metric !== 'primary') - (b.change.point.metric !== 'primary')
        || b.change.points.length - a.change.points.length || a.i - b.i).map(({ change }) => change);
    const shown = sorted.slice(0, Math.min(perCommit, limit - entries));
    const rest = sorted.slice(shown.length);
    listed.push(...shown);
    entries += shown.length;
    if (rest.length) {
      listed.push({ point: rest[0].point, points: rest.flatMap((change) => change.points),
        capped: rest.some((change) => change.capped), more: rest.length });
    }
  }
  return listed;
}

/** Benchmark requests not done yet: resolving their commits, waiting for runners, or running. */
export function requestsInFlight(requests) {
  return requests.filter((request) => ['resolving', 'queued', 'running'].includes(request.status));
}

/**
 * The runners that need someone: offline ones, and those whose last FAILING_AFTER or more finished attempts all
 * failed (a build that fails on one host only is the host's problem). Attempts are the job API's ({runner, status,
 * finishedAt}) with their job's id as `job`; each problem carries the job to look at first.
 */
export function runnerHealth(runners, attempts) {
  const finished = attempts.filter((a) => ['succeeded', 'failed'].includes(a.status) && a.runner)
    .sort((a, b) => Date.parse(b.finishedAt) - Date.parse(a.finishedAt));
  const problems = [];
  for (const runner of runners) {
    const own = finished.filter((attempt) => attempt.runner === runner.name);
    const streak = own.findIndex((attempt) => attempt.status !== 'failed');
    const failedInARow = streak < 0 ? own.length : streak;
    if (failedInARow >= FAILING_AFTER) {
      problems.push({ runner, problem: 'failing', failedInARow, job: own[0].job });
    } else if (runner.state === 'offline') {
      problems.push({ runner, problem: 'offline' });
    } else if (['quarantined', 'noisy'].includes(runner.health?.state)) {
      // Its runs are left out of detection: a runner that measures nothing judgeable is a problem too.
      problems.push({ runner, problem: runner.health.state });
    } else if (runner.health?.state === 'unknown' && runner.health.noisyRuns > 0) {
      // Too few runs to judge the host, but those it made were on a loaded one: a new project's first nights.
      problems.push({ runner, problem: 'unproven' });
    }
  }
  return problems.sort((a, b) => a.runner.hostClass.localeCompare(b.runner.hostClass)
    || a.runner.name.localeCompare(b.runner.name));
}

/** Queued jobs per host class, with how many runners of the class are online to take them. */
export function queues(queuedJobs, runners) {
  const classes = new Map();
  for (const job of queuedJobs) {
    classes.set(job.hostClass, (classes.get(job.hostClass) ?? 0) + 1);
  }
  return [...classes].map(([hostClass, queued]) => ({
    hostClass,
    queued,
    online: runners.filter((r) => r.hostClass === hostClass && r.state !== 'offline' && r.state !== 'stopped').length,
  })).sort((a, b) => b.queued - a.queued || a.hostClass.localeCompare(b.hostClass));
}

/** "offline since 2026-11-24 02:17": when it was last heard of, which tells a finished demo from a lost host. */
export function offlineSince(runner) {
  return runner.lastSeenAt ? `offline since ${dateTime(runner.lastSeenAt)}` : 'offline, never heard from';
}

/** "last job succeeded 2026-11-24 02:16": what the runner did last (its newest finished attempt). */
export function lastJob(runner) {
  const activity = runner.activity;
  return activity?.lastFinishedAt ? `last job ${activity.lastOutcome ?? 'finished'} ${dateTime(activity.lastFinishedAt)}`
    : 'no job finished';
}

/**
 * The alert card's words when no project has an alert: after an import, the change points beside it are historical
 * (older than the alert window), and a bare "No alerts yet." read as if nothing had been found.
 */
export function noAlerts(changePoints) {
  const historical = (changePoints ?? []).filter((point) => point.status === 'historical').length;
  return historical === 0 ? 'No alerts yet.'
    : `No alerts yet. ${historical === 1 ? 'One' : historical} of the newest change points ${historical === 1 ? 'is'
      : 'are'} historical: from an imported or older history, older than the alert window, so they notify nobody.`;
}

/**
 * What a project without change points has instead (its first nights, or a history where nothing moved), from
 * {@code /api/v1/judging}: "first-nights (2 series): 2 not judged yet: 2 runs, 3 needed". Without it the card read
 * "No change points yet." whether detection had found nothing or had not judged a single series. Null for a project
 * with no series.
 */
export function judgingLine(judging) {
  if (!judging || !(judging.series || judging.undetected)) {
    return null;
  }
  const noted = judging.notes.reduce((sum, note) => sum + note.series, 0);
  const parts = [
    judging.judged ? `${judging.judged} judged, no change found` : null,
    ...judging.notes.map((note) => `${note.series} ${note.note}`),
    // the notes name the commonest reasons only
    judging.series - judging.judged - judging.waiting - noted > 0
      ? `${judging.series - judging.judged - judging.waiting - noted} not judged for other reasons` : null,
    judging.waiting ? `${judging.waiting} waiting for detection` : null,
    // gc.alloc.rate and the like follow the throughput; other branches than the tracked ones are drawn, not judged
    judging.undetected ? `${judging.undetected} more not judged by design (metrics that follow the throughput, `
      + 'untracked branches)' : null,
  ].filter(Boolean);
  return `${judging.project} (${judging.series} series): ${parts.join('; ')}`;
}
