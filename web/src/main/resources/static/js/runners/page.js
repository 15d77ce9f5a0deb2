// The Runners page: each host with its host class, state, current job and progress, its record of recent jobs,
// its health (noisy runs, reference workload, quarantine) and its facts (CPU, cores, memory, OS, kernel, JDKs).
// Warnings point at what makes a host class's results noisy or incomparable: hosts of one class that differ,
// offline, failing, noisy or quarantined hosts, and a class whose jobs wait with no runner able to take them.

import * as api from '../api.js';
import { h, replace, select } from '../dom.js';
import { dateTime } from '../format.js';
import { UrlPage } from '../page-kit.js';

const REFRESH_MS = 10000;
const FACTS = [['cpuModel', 'CPU model'], ['cores', 'cores'], ['memoryMb', 'memory'], ['kernel', 'kernel'],
  ['os', 'OS']];

export async function mount(root, params, context) {
  const page = new RunnersPage(root, context);
  await page.update(params);
  return page;
}

/**
 * Warnings of one host class: results compare only between identical hosts, so any fact that differs between its
 * runners is named, with the runners on each side.
 */
export function hostClassWarnings(runners, queue = null) {
  const warnings = [];
  for (const [fact, name] of FACTS) {
    const values = new Map();
    for (const runner of runners) {
      const value = runner[fact];
      if (value !== null && value !== undefined) {
        values.set(String(value), [...(values.get(String(value)) ?? []), runner.name]);
      }
    }
    if (values.size > 1) {
      warnings.push(`Hosts differ in ${name}: ${[...values].map(([value, names]) => `${value} (${names.join(', ')})`)
        .join(' vs ')}. Their results are not comparable; give them different host classes.`);
    }
  }
  // A stopped runner exited on purpose and said so (a finished demo, --exit-when-idle): no warning unless jobs wait.
  const offline = runners.filter((r) => r.state === 'offline');
  const online = runners.filter((r) => r.state !== 'offline' && r.state !== 'stopped');
  if (queue?.stranded) {
    warnings.push(`${plural(queue.queued, 'job')} waiting and no runner able to take them: `
      + (runners.length === 0 ? 'no runner has registered with this host class.'
        : 'every runner of this host class is offline, stopped or quarantined.'));
  } else if (online.length === 0 && offline.length > 0) {
    warnings.push('No runner of this host class is online: its jobs wait in the queue.');
  } else if (offline.length > 0) {
    warnings.push(`${offline.length} of ${runners.length} runners are offline.`);
  }
  for (const r of runners.filter((x) => x.state === 'failing')) {
    warnings.push(`${r.name} failed its last ${plural(r.activity.failingStreak, 'job')}`
      + `${r.activity.lastFailure ? ` (last: ${r.activity.lastFailure})` : ''}: look at the runner before trusting it.`);
  }
  for (const r of runners.filter((x) => x.health?.state === 'quarantined' || x.health?.state === 'noisy')) {
    warnings.push(r.health.state === 'quarantined'
      ? `${r.name} is quarantined and takes no job until its reference checks are back in line: ${r.health.reason}.`
      : r.health.reason?.includes('no other runner')
        ? `${r.name} ran most of its jobs on a busy host: ${r.health.reason}.`
        : `${r.name} is much noisier than its host class: ${r.health.reason}.`);
  }
  return warnings;
}

/** "48 of 48 failed", with the last outcome: a runner that fails every job must not look idle. */
function record(activity) {
  if (!activity || activity.attempts === 0) {
    return '–';
  }
  const summary = activity.failed > 0 ? `${activity.failed} of ${activity.attempts} failed`
    : `${activity.succeeded} of ${activity.attempts} succeeded`;
  return [h('span', { class: activity.failed > 0 ? 'worse' : '' }, summary),
    h('div', { class: 'muted', title: activity.lastFailure ?? '' },
      `last: ${activity.lastOutcome}${activity.lastFailure ? ` – ${activity.lastFailure}` : ''}`)];
}

function health(runner) {
  const health = runner.health;
  if (!health) {
    return '–';
  }
  const runs = health.recentRuns ? `${health.noisyRuns} of ${health.recentRuns} recent runs noisy` : 'no judged run yet';
  const reference = health.referenceNanos ? `reference ${(health.referenceNanos / 1e6).toFixed(1)} ms` : null;
  return [badge(health.state),
    h('div', { class: 'muted' }, [runs, reference].filter(Boolean).join(' · ')),
    health.reason ? h('div', { class: 'reason' }, health.reason) : null];
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? '' : word.endsWith('s') ? 'es' : 's'}`;
}

/** The badge of a state; the states that need a look also carry the warning colour. */
function badge(state) {
  return h('span', { class: `badge ${state}${WARN_STATES.has(state) ? ' warn' : ''}` }, state);
}

const WARN_STATES = new Set(['failing', 'quarantined', 'noisy']);

function memory(mb) {
  return mb ? `${Math.round(mb / 1024)} GB` : '–';
}

class RunnersPage extends UrlPage {
  constructor(root, context) {
    super('runners', root, context);
    this.controls = h('div', { class: 'controls' });
    this.list = h('div', { class: 'cards', id: 'runner-classes' });
    replace(this.section, this.controls, this.status, this.list);
    this.timer = setInterval(() => {
      if (!document.hidden && this.debug.state === 'ready') {
        const generation = this.generation;
        this.render(() => generation === this.generation).catch((error) => console.warn('refresh', error));
      }
    }, REFRESH_MS);
  }

  async render(current) {
    const [runners, queues] = await Promise.all([api.get('/api/v1/runners'), api.get('/api/v1/host-classes')]);
    if (!current()) {
      return;
    }
    const queueOf = new Map(queues.map((q) => [q.hostClass, q]));
    const hostClass = this.params.get('hostClass') ?? '';
    const state = this.params.get('state') ?? '';
    const classes = [...new Set([...runners.map((r) => r.hostClass),
      ...queues.filter((q) => q.stranded).map((q) => q.hostClass)])].sort();
    this.keepFocus(() => replace(this.controls,
      select('runners-host-class', 'Host class', [['', 'Every host class'], ...classes.map((c) => [c, c])], hostClass,
        (value) => this.set({ hostClass: value })),
      select('runners-state', 'State', [['', 'Every state'], ...['busy', 'idle', 'failing', 'quarantined', 'stopped', 'offline'].map((v) => [v, v])],
        state, (value) => this.set({ state: value }))));
    const byClass = classes.filter((c) => !hostClass || c === hostClass)
      .map((c) => ({ hostClass: c, runners: runners.filter((r) => r.hostClass === c), queue: queueOf.get(c) }));
    replace(this.list, byClass.map(({ hostClass: name, runners: all, queue }) => {
      const warnings = hostClassWarnings(all, queue);
      const shown = all.filter((r) => !state || r.state === state);
      return h('article', { class: 'card', dataset: { hostClass: name }, 'aria-labelledby': `class-${name}` },
        h('div', { class: 'card-head' }, h('h3', { id: `class-${name}` }, name),
          h('span', { class: 'muted' },
            `${plural(all.length, 'runner')}, ${all.filter((r) => r.state === 'busy').length} busy`
            + `${queue?.queued ? `, ${plural(queue.queued, 'job')} waiting` : ''}`),
          warnings.length ? h('span', { class: 'badge warn' }, plural(warnings.length, 'warning')) : null),
        warnings.length ? h('ul', { class: 'warnings' }, warnings.map((w) => h('li', {}, w))) : null,
        h('div', { class: 'table-box' }, h('table', { class: 'data' },
          h('thead', {}, h('tr', {}, ['Runner', 'State', 'Current job', 'Recent jobs', 'Health', 'CPU', 'Memory', 'OS · kernel', 'JDKs',
            'Last seen'].map((t) => h('th', { scope: 'col' }, t)))),
          h('tbody', {}, shown.map((r) => h('tr', { dataset: { runner: r.name, state: r.state } },
            h('th', { scope: 'row' }, r.name, r.version ? h('div', { class: 'muted' }, `agent ${r.version}`) : null),
            h('td', {}, badge(r.state), r.state === 'stopped' && r.stopReason
              ? h('div', { class: 'muted' }, r.stopReason) : null),
            h('td', {}, r.job ? [h('a', { href: `#/requests?job=${r.job}` }, h('code', {}, String(r.job).slice(0, 8))),
              r.progress?.percent !== undefined && r.progress?.percent !== null
                ? [' ', h('progress', { max: 100, value: r.progress.percent,
                  'aria-label': `${Math.round(r.progress.percent)}% done` })] : null,
              h('div', { class: 'muted' }, [phase(r.progress), r.progress?.benchmark].filter(Boolean).join(' · '))]
              : '–'),
            h('td', { class: 'record' }, record(r.activity)),
            h('td', { class: 'health' }, health(r)),
            h('td', {}, `${r.cpuModel ?? '–'}${r.cores ? `, ${r.cores} cores` : ''}`),
            h('td', { class: 'num' }, memory(r.memoryMb)),
            h('td', {}, [r.os, r.kernel].filter(Boolean).join(' · ') || '–'),
            h('td', {}, (r.jdks ?? []).join(', ') || '–'),
            h('td', {}, dateTime(r.lastSeenAt))))))));
    }));
    this.status.textContent = runners.length === 0
      ? 'No runner has registered yet: start one with java -jar perfwatch-runner.jar run (docs/runner.md).'
      : `${plural(runners.length, 'runner')} in ${plural(classes.length, 'host class')}, refreshed ${dateTime(Date.now())}.`;
    Object.assign(this.debug, { runners: runners.length,
      warnings: Object.fromEntries(byClass.map((c) => [c.hostClass, hostClassWarnings(c.runners, c.queue)])) });
  }
}

/** The phase with its time for the waits (a quiet host, a build): "wait 12 s" says whether it is stuck. */
function phase(progress) {
  if (!progress?.phase) {
    return null;
  }
  const seconds = progress.phaseSeconds;
  return progress.phase !== 'run' && Number.isFinite(seconds) ? `${progress.phase} ${seconds} s` : progress.phase;
}
