// The Requests page: benchmark requests (when the server has the requests API), running jobs with progress bars
// from the runners' heartbeats, the queue, and failed jobs with the log tail of their last attempt. It refreshes
// itself every few seconds while open.

import * as api from '../api.js';
import { h, replace, select } from '../dom.js';
import { dateTime, shortSha } from '../format.js';
import { UrlPage } from '../page-kit.js';

const REFRESH_MS = 5000;
const LIMIT = 200;

export async function mount(root, params, context) {
  const page = new RequestsPage(root, context);
  await page.update(params);
  return page;
}

function duration(seconds) {
  if (seconds === null || seconds === undefined) {
    return '';
  }
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const sha = (commit) => (typeof commit === 'string' ? commit : commit?.sha);

class RequestsPage extends UrlPage {
  constructor(root, context) {
    super('requests', root, context);
    this.controls = h('div', { class: 'controls' });
    this.requests = h('section', { id: 'benchmark-requests', 'aria-labelledby': 'requests-title', hidden: true });
    this.running = h('section', { id: 'running-jobs', 'aria-labelledby': 'running-title' });
    this.queued = h('section', { id: 'queued-jobs', 'aria-labelledby': 'queued-title' });
    this.failed = h('section', { id: 'failed-jobs', 'aria-labelledby': 'failed-title' });
    this.finished = h('section', { id: 'finished-jobs', 'aria-labelledby': 'finished-title' });
    replace(this.section, this.controls, this.status, this.requests, this.running, this.queued, this.failed,
      this.finished);
    this.timer = setInterval(() => {
      if (!document.hidden && this.debug.state === 'ready') {
        this.refresh();
      }
    }, REFRESH_MS);
  }

  /** A refresh keeps whatever is open (a log) and never steals focus. */
  async refresh() {
    const generation = this.generation;
    try {
      await this.render(() => generation === this.generation);
    } catch (error) {
      console.warn('refresh', error);
    }
  }

  async render(current) {
    const project = this.params.get('project') ?? '';
    const hostClass = this.params.get('hostClass') ?? '';
    const filter = { project, hostClass, limit: LIMIT };
    const [jobs, requests, projects] = await Promise.all([
      api.get(`/api/v1/jobs?${api.query(filter)}`),
      api.optional(`/api/v1/requests?${api.query({ project })}`).catch((error) => {
        console.warn('requests', error);
        return null;
      }),
      api.projects(),
    ]);
    if (!current()) {
      return;
    }
    const by = (status) => jobs.filter((j) => j.status === status);
    const hostClasses = [...new Set(jobs.map((j) => j.hostClass))].sort();
    this.keepFocus(() => replace(this.controls,
      select('requests-project', 'Project', [['', 'Every project'], ...projects.map((p) => [p.name, p.name])], project,
        (value) => this.set({ project: value })),
      select('requests-host-class', 'Host class', [['', 'Every host class'],
        ...[...new Set([...hostClasses, hostClass].filter(Boolean))].map((c) => [c, c])], hostClass,
      (value) => this.set({ hostClass: value }))));
    this.renderRequests(Array.isArray(requests) ? requests : requests?.requests ?? null);
    const running = by('running');
    const queued = by('queued').sort((a, b) => b.priority - a.priority
      || Date.parse(a.createdAt) - Date.parse(b.createdAt));
    const failed = by('failed');
    replace(this.running, h('h2', { id: 'running-title' }, `Running (${running.length})`),
      running.length ? this.jobTable(running, 'running') : h('p', { class: 'muted' }, 'No job is running.'));
    replace(this.queued, h('h2', { id: 'queued-title' }, `Queued (${queued.length})`),
      queued.length ? this.jobTable(queued, 'queued') : h('p', { class: 'muted' }, 'The queue is empty.'));
    replace(this.failed, h('h2', { id: 'failed-title' }, `Failed (${failed.length})`),
      failed.length ? this.jobTable(failed, 'failed') : h('p', { class: 'muted' }, 'No failed job.'));
    const done = jobs.filter((j) => j.status === 'succeeded' || j.status === 'cancelled');
    replace(this.finished, h('details', { open: this.finished.querySelector('details')?.open },
      h('summary', { id: 'finished-title' }, `Finished recently (${done.length})`),
      this.jobTable(done, 'finished')));
    this.status.textContent = `${jobs.length} jobs${jobs.length === LIMIT ? ` (the newest ${LIMIT})` : ''}, `
      + `refreshed ${dateTime(Date.now())}.`;
    Object.assign(this.debug, { running: running.length, queued: queued.length, failed: failed.length,
      requests: Array.isArray(requests) ? requests.length : null,
      progress: Object.fromEntries(running.map((j) => [j.id, j.progress?.percent ?? null])) });
    const open = this.params.get('job');
    if (open) {
      await this.showLog(open);
    }
  }

  renderRequests(requests) {
    if (!requests) {
      this.requests.hidden = true;
      return;
    }
    this.requests.hidden = false;
    replace(this.requests, h('h2', { id: 'requests-title' }, `Benchmark requests (${requests.length})`),
      requests.length === 0 ? h('p', { class: 'muted' }, 'No benchmark request yet.')
        : h('table', { class: 'data', id: 'requests-table' },
          h('thead', {}, h('tr', {}, ['Request', 'Project', 'From', 'Base → head', 'Status', 'Jobs', ''].map((t) => h('th',
            { scope: 'col' }, t)))),
          h('tbody', {}, requests.map((request) => {
            const jobs = request.jobs ?? [];
            const done = jobs.filter((j) => j.status === 'succeeded').length;
            return h('tr', { dataset: { request: request.id } },
              h('th', { scope: 'row' }, h('code', { title: String(request.id) }, String(request.id).slice(0, 8))),
              h('td', {}, request.project),
              h('td', {}, request.pullRequest
                ? `${request.pullRequest.repository}#${request.pullRequest.number}` : request.requestedBy ?? '–'),
              h('td', {}, h('code', {}, shortSha(sha(request.base))), ' → ', h('code', {}, shortSha(sha(request.head)))),
              h('td', { title: request.failure ?? request.outcome ?? undefined },
                h('span', { class: `badge ${request.status}` }, request.status)),
              h('td', {}, jobs.length ? [h('progress', { max: jobs.length, value: done,
                'aria-label': `${done} of ${jobs.length} jobs done` }), ` ${done}/${jobs.length}`] : '–'),
              h('td', {}, h('a', { href: `#/comparison?${api.query({ request: request.id })}` }, 'comparison')));
          }))));
  }

  jobTable(jobs, kind) {
    return h('div', { class: 'table-box' }, h('table', { class: 'data', id: `${kind}-table` },
      h('thead', {}, h('tr', {}, ['Job', 'Project · commit', 'Host class · JVM', 'Kind', kind === 'queued' ? 'Priority'
        : 'Runner', kind === 'running' ? 'Progress' : kind === 'queued' ? 'Queued' : 'Finished', '']
        .map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, jobs.flatMap((job) => this.jobRows(job, kind)))));
  }

  jobRows(job, kind) {
    const progress = job.progress;
    let progressCell;
    if (kind === 'running') {
      const percent = progress?.percent;
      progressCell = h('td', { class: 'progress-cell' },
        percent === null || percent === undefined ? h('progress', { 'aria-label': 'progress unknown' })
          : h('progress', { max: 100, value: percent, 'aria-label': `${Math.round(percent)}% done` }),
        ` ${percent === null || percent === undefined ? '' : `${Math.round(percent)}%`}`,
        h('div', { class: 'muted' }, [progress?.phase, progress?.benchmark, progress?.iteration,
          progress?.etaSeconds ? `${duration(progress.etaSeconds)} left` : null].filter(Boolean).join(' · ')));
    } else {
      progressCell = h('td', {}, dateTime(kind === 'queued' ? job.createdAt : job.finishedAt ?? job.updatedAt));
    }
    const row = h('tr', { id: `job-${job.id}`, dataset: { job: job.id, status: job.status } },
      h('th', { scope: 'row' }, h('code', { title: job.id }, job.id.slice(0, 8))),
      h('td', {}, `${job.project} · `, h('code', {}, shortSha(job.commit))),
      h('td', {}, `${job.hostClass} · ${job.jvm}`),
      h('td', {}, `${job.kind} (${job.profile})`),
      h('td', {}, kind === 'queued' ? String(job.priority) : job.runner ?? '–'),
      progressCell,
      h('td', {}, kind === 'failed' ? h('button', { type: 'button', class: 'link', id: `log-toggle-${job.id}`,
        'aria-expanded': String(this.params.get('job') === job.id), 'aria-controls': `log-${job.id}`,
        onclick: () => this.set({ job: this.params.get('job') === job.id ? null : job.id }, { replace: true }) },
      'log') : null));
    if (kind !== 'failed') {
      return [row];
    }
    return [row, h('tr', { id: `log-${job.id}`, class: 'log-row', hidden: this.params.get('job') !== job.id },
      h('td', { colspan: '7' }, h('p', { class: 'error' }, job.failure ?? '')))];
  }

  /** The failed job's attempts, the newest first, each with its failure and the last lines it logged. */
  async showLog(id) {
    const row = document.getElementById(`log-${id}`);
    if (!row) {
      return;
    }
    const job = await api.get(`/api/v1/jobs/${encodeURIComponent(id)}`);
    const attempts = [...(job.attempts ?? [])].sort((a, b) => b.number - a.number);
    row.hidden = false;
    replace(row.firstChild,
      h('p', { class: 'error' }, job.failure ?? ''),
      attempts.map((attempt) => h('div', { class: 'attempt' },
        h('p', {}, `Attempt ${attempt.number} on ${attempt.runner ?? '–'}, ${attempt.status}, `
          + `${dateTime(attempt.startedAt)}–${dateTime(attempt.finishedAt)}`
          + `${attempt.failure ? `: ${attempt.failure}` : ''}`),
        attempt.logTail ? h('pre', { class: 'log', tabindex: '0', 'aria-label': `log of attempt ${attempt.number}` },
          attempt.logTail) : h('p', { class: 'muted' }, 'No log was sent.'))));
    this.debug.log = { id, attempts: attempts.length, text: attempts.map((a) => a.logTail ?? '').join('\n') };
  }
}
