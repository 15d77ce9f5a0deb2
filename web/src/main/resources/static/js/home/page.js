// The home page: what changed lately across every project, and what needs someone — open alert groups, the
// newest change points, benchmark requests in flight, runners that are offline or fail every job, and the queue
// of each host class. Every item links on to the page that has the details.

import * as api from '../api.js';
import { breakable, h, replace } from '../dom.js';
import { benchmarkName, culprit, dateTime, shortSha } from '../format.js';
import { amount, metricName, statusText } from '../change-points.js';
import { href } from '../router.js';
import { UrlPage } from '../page-kit.js';
import {
  absoluteChange, groupState, judgingLine, lastJob, newestChanges, noAlerts, offlineSince, openGroups, queues,
  recentGroups, relativeChange, requestsInFlight, runnerHealth,
} from './summary.js';

const REFRESH_MS = 30000;
const CHANGE_POINTS = 10;
/** Entries of one commit listed before "and N more at this commit". */
const PER_COMMIT = 3;
const PROJECTS_ASKED = 20;
/** The newest finished jobs whose attempts tell each runner's health. */
const JOBS_READ = 30;

export async function mount(root, params, context) {
  const page = new HomePage(root, context);
  await page.update(params);
  return page;
}

/** A read that may not exist on this server (an older one, or an optional feature): null instead of an error. */
async function optional(path) {
  try {
    return await api.get(path);
  } catch (error) {
    if (error.status === 404) {
      return null;
    }
    throw error;
  }
}

/** A home card; {@code count} in its badge, followed by {@code counted} ("open") where the list shows more than it counts. */
function card(id, title, count, body, more, counted = '') {
  return h('article', { class: 'card', id, 'aria-labelledby': `${id}-title` },
    h('div', { class: 'card-head' }, h('h2', { id: `${id}-title` }, title),
      count === null ? null : h('span', { class: count ? 'badge warn' : 'badge' },
        counted ? `${count} ${counted}` : String(count))),
    body, more ? h('p', { class: 'more' }, more) : null);
}

/**
 * "-12%", or the smallest and largest of several change points' amounts: "-21% to -43%", "+64 B/op to +784 B/op"
 * (from none, where every relative change is whole, the change in the unit orders them).
 */
function amounts(points) {
  const sorted = [...points].sort((a, b) => relativeChange(a) - relativeChange(b)
    || absoluteChange(a) - absoluteChange(b));
  const [least, most] = [amount(sorted[0]), amount(sorted[sorted.length - 1])];
  return least === most ? least : `${least} to ${most}`;
}

/**
 * "and N more at <sha>", then where they are: the changes page shows one environment at a time, so the rest of a
 * commit's change points link to the changes page of each environment they are in, with how many series each holds
 * ("on 4-core (5) · 8-core (4)"). One link to the first environment's page hid the others' lines.
 */
export function moreAtCommit(point, points, more, capped) {
  const environments = new Map();
  for (const p of points) {
    const id = p.environment?.id ?? null;
    const seen = environments.get(id) ?? { environment: p.environment ?? {}, series: 0 };
    seen.series += 1;
    environments.set(id, seen);
  }
  const hostClasses = [...environments.values()].map(({ environment }) => environment.hostClass);
  const label = ({ environment }) => (hostClasses.filter((c) => c === environment.hostClass).length > 1
    && environment.jvm ? `${environment.hostClass} JDK ${environment.jvm}` : environment.hostClass ?? 'unknown');
  const at = (id) => href('changes', { project: point.project, commit: point.commit?.sha, environment: id,
    metric: 'all' });
  const listed = [...environments.entries()];
  return [
    listed.length === 1
      ? h('a', { class: 'more-at-commit', href: at(listed[0][0]) }, `and ${more} more at `,
        h('code', {}, shortSha(point.commit?.sha ?? '')))
      : h('span', { class: 'more-at-commit' }, `and ${more} more at `, h('code', {}, shortSha(point.commit?.sha ?? ''))),
    h('span', { class: 'muted' }, ` · ${points.length}${capped ? '+' : ''} series`,
      listed.length === 1 ? ` on ${label(listed[0][1])}` : ' on ',
      listed.length === 1 ? null : listed.flatMap(([id, seen], i) => [i ? ' · ' : '',
        h('a', { class: 'more-environment', href: at(id) }, `${label(seen)} (${seen.series})`)]),
      ' · ', h('span', { class: 'project' }, point.project))];
}

function list(items, render, empty) {
  return items.length ? h('ul', { class: 'home-list' }, items.map((item) => h('li', {}, render(item))))
    : h('p', { class: 'muted' }, empty);
}

class HomePage extends UrlPage {
  constructor(root, context) {
    super('home', root, context);
    this.cards = h('div', { class: 'cards home-cards' });
    replace(this.section, h('h1', {}, 'What changed lately'), this.status, this.cards);
    this.timer = setInterval(() => {
      if (!document.hidden && this.debug.state === 'ready') {
        const generation = this.generation;
        this.render(() => generation === this.generation).catch((error) => console.warn('refresh', error));
      }
    }, REFRESH_MS);
  }

  async render(current) {
    const [projects, groups, requests, runners, queued, failed, succeeded] = await Promise.all([
      api.get('/api/v1/projects'), api.get('/api/v1/alert-groups?limit=50'), optional('/api/v1/requests?limit=100'),
      api.get('/api/v1/runners'), api.get('/api/v1/jobs?status=queued&limit=1000'),
      api.get(`/api/v1/jobs?status=failed&limit=${JOBS_READ}`),
      api.get(`/api/v1/jobs?status=succeeded&limit=${JOBS_READ}`)]);
    // The job list names no runner once a job ended: its attempts (in the job's own answer) do.
    const ended = [...failed, ...succeeded]
      .sort((a, b) => Date.parse(b.finishedAt ?? b.updatedAt) - Date.parse(a.finishedAt ?? a.updatedAt))
      .slice(0, JOBS_READ);
    const attempts = (await Promise.all(ended.map((job) => api.get(`/api/v1/jobs/${job.id}`))))
      .flatMap((job) => (job.attempts ?? []).map((attempt) => ({ ...attempt, job: job.id })));
    // Change points are per project (contract: newest first); a server without them answers 404.
    const perProject = await Promise.all(projects.slice(0, PROJECTS_ASKED).map((p) =>
      // more than shown: the list leaves out those that did not happen (newestChangePoints)
      optional(`/api/v1/change-points?project=${encodeURIComponent(p.name)}&limit=${CHANGE_POINTS * 5}`)));
    // A project without change points says how far detection has come with it (a new project's first nights).
    const judging = (await Promise.all(perProject.map((answer, i) => (answer && answer.length === 0
      ? optional(`/api/v1/judging?project=${encodeURIComponent(projects[i].name)}`) : null))))
      .map(judgingLine).filter(Boolean);
    if (!current()) {
      return;
    }
    const open = openGroups(groups);
    // A change point does not name its project; the list mixes projects, so each keeps the one it was read for.
    // One project's change points at one commit saying the same thing are one entry ("149 series: …").
    const changes = perProject.every((answer) => answer === null) && projects.length ? null
      : newestChanges(perProject.map((answer, i) => answer?.map((point) => ({ ...point,
        project: projects[i].name }))).filter(Boolean), CHANGE_POINTS, CHANGE_POINTS * 5, PER_COMMIT);
    const changePoints = changes?.flatMap((change) => change.points) ?? null;
    const inFlight = requests === null ? null : requestsInFlight(requests);
    const health = runnerHealth(runners, attempts);
    const queue = queues(queued, runners);
    replace(this.cards,
      card('home-alerts', 'Alert groups (open first)', open.length, list(recentGroups(groups, 10), (group) => [
        // What and where first, as the Alerts page's heading and the demo's terminal summary say it.
        h('a', { href: href('alerts', { project: group.project, ...(group.open ? {} : { status: 'all' }) }),
          class: 'group-lead' }, `${culprit(group).kind} at `, h('code', {}, culprit(group).range),
        `: ${group.summary}`),
        h('span', { class: group.open ? 'worse' : 'muted' }, ` · ${groupState(group)}`),
        h('span', { class: 'muted' }, ` · ${group.project} · `,
          h('a', { href: href('timeline', { project: group.project, commit: group.commit?.sha }) }, 'timeline'),
          ` · ${dateTime(group.createdAt)}`)],
      noAlerts(changePoints)), open.length > 10 ? `${open.length - 10} more on the alerts page of each project.` : null,
      // The list shows closed groups too: a bare "0" beside a fixed group read as a miscount.
      'open'),
      card('home-change-points', 'Newest change points', changePoints === null ? null : changePoints.length,
        [changes === null ? h('p', { class: 'muted' }, 'This server does not list change points.')
          : list(changes, ({ point, points, capped, more, lead }) => more
            ? moreAtCommit(point, points, more, capped) : [
            // By series: the case, metric and environment exactly (the change point's JVM label is not the
            // timeline's jvm parameter). Several series at one commit: the changes page at that commit lists them.
            // On a phone the name breaks after its dots and slashes, as on the alerts page: whole, it was wider
            // than the screen ("WrapperOverheadBenchmark.recordAllocat…" cut at the card's edge).
            points.length === 1
              ? h('a', { href: href('timeline', { series: point.series, commit: point.commit?.sha }) },
                breakable(benchmarkName(point.benchmark)), ` ${point.case ?? ''}`)
              : h('a', { class: 'series-count', href: href('changes', { project: point.project,
                commit: point.commit?.sha, environment: point.environment?.id, metric: point.metric === 'primary'
                  ? null : point.metric === 'gc.alloc.rate.norm' ? point.metric : 'all' }) },
              // named by the one that moved most, the amounts' upper end
              `${points.length}${capped ? '+' : ''} series: `, breakable(benchmarkName(lead.benchmark)),
              ` ${lead.case ?? ''}, …`),
            h('span', { class: 'metric' }, ` · ${metricName(point)}`),
            h('span', { class: point.direction === 'regression' ? 'worse' : point.direction === 'improvement'
              ? 'better' : '' }, ` ${point.direction} ${amounts(points)}`.trimEnd()),
            h('span', { class: 'muted' }, ' · ', h('span', { class: 'status', title: point.reason ?? '' },
              statusText(point)), ' · ', h('span', { class: 'project' }, point.project),
              ` · ${point.environment?.hostClass ?? ''} · `,
              h('code', {}, shortSha(point.commit?.sha ?? '')), ` ${dateTime(point.commit?.time)}`)],
          'No change points yet.'),
        judging.length ? h('div', { id: 'home-judging' }, h('p', { class: 'muted' }, 'Without change points so far:'),
          h('ul', { class: 'home-list' }, judging.map((line) => h('li', {}, line)))) : null]),
      card('home-requests', 'Requests in flight', inFlight === null ? null : inFlight.length,
        inFlight === null ? h('p', { class: 'muted' }, 'This server takes no benchmark requests.')
          : list(inFlight, (request) => [
            h('a', { href: href('comparison', { project: request.project, request: request.id }) },
              `${request.project}: ${shortSha(request.base ?? '')} → ${shortSha(request.head ?? '')}`),
            h('span', { class: 'muted' }, ` · ${request.status}`, request.pullRequest
              ? ` · ${request.pullRequest.repository}#${request.pullRequest.number}` : '',
            request.requestedBy ? ` · by ${request.requestedBy}` : '')],
          'No request is waiting or running.')),
      card('home-runners', 'Runner health', health.length, list(health, ({ runner, problem, failedInARow, job }) => [
        h('a', { href: problem === 'failing' ? href('requests', { hostClass: runner.hostClass, job })
          : href('runners', { hostClass: runner.hostClass, ...(problem === 'offline' ? { state: 'offline' } : {}) }) },
        runner.name),
        h('span', { class: 'worse' }, problem === 'failing' ? ` failed its last ${failedInARow} jobs`
          : problem === 'offline' ? ` ${offlineSince(runner)}`
            : problem === 'unproven' ? ` ${runner.health.noisyRuns} of its ${runner.health.recentRuns} runs so far`
              + ' on a loaded host, left out of detection (too few runs yet to judge the host)'
              : ` ${problem}: ${runner.health.reason ?? 'its runs are left out of detection'}`),
        h('span', { class: 'muted' }, ` · ${runner.hostClass}`, problem === 'failing'
          ? ` · last seen ${dateTime(runner.lastSeenAt)}` : ` · ${lastJob(runner)}`)],
      !runners.length ? 'No runner has registered yet.'
        : runners.every((r) => r.health?.state === 'healthy')
          ? 'Every runner is online, finishing its jobs on a quiet host.'
          : 'Every runner is online; some have too few runs yet to judge their hosts.')),
      card('home-queues', 'Queue per host class', null, list(queue, (q) => [
        h('a', { href: href('requests', { hostClass: q.hostClass }) }, q.hostClass),
        ` ${q.queued}${q.queued >= 1000 ? '+' : ''} queued`,
        h('span', { class: q.online ? 'muted' : 'worse' }, q.online ? ` · ${q.online} runner${q.online === 1 ? '' : 's'} online`
          : ' · no runner online to take them')],
      'Nothing is queued.')));
    this.status.textContent = projects.length === 0
      ? 'No results yet: upload a JMH run (see the README) or run ./scripts/demo.sh.'
      : `${projects.length} project${projects.length === 1 ? '' : 's'}, refreshed ${dateTime(Date.now())}.`;
    Object.assign(this.debug, { openGroups: open.length, changePoints: changePoints?.length ?? null,
      changes: changes?.length ?? null, judging,
      requests: inFlight?.length ?? null, health: health.map((x) => `${x.runner.name}:${x.problem}`),
      queues: Object.fromEntries(queue.map((q) => [q.hostClass, q.queued])) });
  }
}

