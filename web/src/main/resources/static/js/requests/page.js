// The Requests page: benchmark requests (when the server has the requests API), running jobs with progress bars
// from the runners' heartbeats, the queue, and failed jobs with the log tail of their last attempt. It refreshes
// itself every few seconds while open.

import * as api from '../api.js';
import { h, replace, select } from '../dom.js';
import { dateTime, shortSha } from '../format.js';
import { applyFilter, filterBox } from '../filter.js';
import { UrlPage } from '../page-kit.js';
import * as router from '../router.js';

const REFRESH_MS = 5000;
const LIMIT = 200;

/** The badge style of a finished request's outcome: failure as a failed job, success as a succeeded one. */
const OUTCOME_BADGE = { failure: 'failed', success: 'succeeded', neutral: 'queued' };

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

/** Why a job exists, in words (the job's kind, docs/runner.md). */
const PURPOSE = {
  confirmation: 'confirmation: re-runs a suspected change',
  bisection: 'bisection: measures a commit between good and bad',
  request: 'benchmark request: base or head of a comparison',
  nightly: 'nightly',
  api: 'submitted through the API',
};

/**
 * Which benchmarks a job runs: its suite's include patterns, or every benchmark of the suite. A confirmation's
 * pattern is one benchmark's quoted full name (^a\.b\.C\.m$): shown as that name.
 */
function target(job) {
  const include = job.suite?.include ?? [];
  return include.length ? include.map((pattern) => pattern.replace(/^\^|\$$/g, '').replace(/\\(.)/g, '$1'))
    .join(', ') : 'every benchmark';
}

class RequestsPage extends UrlPage {
  constructor(root, context) {
    super('requests', root, context);
    this.tokenBox = h('div', { class: 'token-box', id: 'token-box' });
    this.controls = h('div', { class: 'controls' });
    this.requests = h('section', { id: 'benchmark-requests', 'aria-labelledby': 'requests-title', hidden: true });
    this.running = h('section', { id: 'running-jobs', 'aria-labelledby': 'running-title' });
    this.queued = h('section', { id: 'queued-jobs', 'aria-labelledby': 'queued-title' });
    this.failed = h('section', { id: 'failed-jobs', 'aria-labelledby': 'failed-title' });
    this.finished = h('section', { id: 'finished-jobs', 'aria-labelledby': 'finished-title' });
    replace(this.section, this.tokenBox, this.controls, this.status, this.requests, this.running, this.queued, this.failed,
      this.finished);
    this.timer = setInterval(() => {
      // Not while a priority is being typed: the refresh rebuilds the tables.
      if (!document.hidden && this.debug.state === 'ready'
        && !document.activeElement?.classList.contains('priority-input') && document.activeElement?.type !== 'search') {
        this.refresh();
      }
    }, REFRESH_MS);
  }

  /** The write token (shared with the Alerts page, sessionStorage) enables cancel, retry and priority. */
  renderToken() {
    if (api.writeToken()) {
      replace(this.tokenBox, h('span', {}, 'A write token is kept for this tab: jobs can be cancelled, retried and '
        + 'reprioritised.'), h('button', { type: 'button', id: 'token-forget', onclick: () => {
        api.setWriteToken(null);
        this.refresh();
      } }, 'Forget token'));
      return;
    }
    const input = h('input', { id: 'token-input', type: 'password', autocomplete: 'off', size: '34',
      placeholder: 'a token with the write role' });
    const keep = () => {
      if (input.value.trim()) {
        api.setWriteToken(input.value.trim());
        this.refresh();
      }
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        keep();
      }
    });
    replace(this.tokenBox, h('label', { class: 'field', for: 'token-input' },
      h('span', {}, 'Cancel, retry and priority need an API token (write role)'), input),
    h('button', { type: 'button', id: 'token-keep', onclick: keep }, 'Use token'));
  }

  /** A job action with the pasted token; the answer (or the refusal) is the page's notice. */
  async act(job, action, body) {
    const path = `/api/v1/jobs/${encodeURIComponent(job.id)}/${action}`;
    try {
      if (action === 'priority') {
        const response = await fetch(path, { method: 'PUT', headers: { Authorization: `Bearer ${api.writeToken()}`,
          'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
        if (!response.ok) {
          const problem = await response.json().catch(() => ({}));
          throw new Error(`${response.status} ${problem.detail ?? ''}`);
        }
      } else {
        await api.post(path, body ?? {});
      }
      this.context.notice([`Job ${job.id.slice(0, 8)}: ${action === 'priority' ? `priority ${body.priority}`
        : action === 'cancel' ? 'cancelled' : 'queued again'}`]);
    } catch (error) {
      this.context.notice([`Job ${job.id.slice(0, 8)}: ${action} was refused: ${error.message}`]);
    }
    await this.refresh();
  }

  actions(job) {
    if (!api.writeToken()) {
      return null;
    }
    const buttons = [];
    if (job.status === 'queued' || job.status === 'running') {
      buttons.push(h('button', { type: 'button', class: 'link', dataset: { action: 'cancel' },
        onclick: () => this.act(job, 'cancel') }, 'cancel'));
    }
    if (job.status === 'failed' || job.status === 'cancelled') {
      buttons.push(h('button', { type: 'button', class: 'link', dataset: { action: 'retry' },
        onclick: () => this.act(job, 'retry') }, 'retry'));
    }
    if (job.status === 'queued') {
      const input = h('input', { type: 'number', value: String(job.priority), size: '4', class: 'priority-input',
        'aria-label': `priority of job ${job.id.slice(0, 8)}`, id: `priority-${job.id}` });
      buttons.push(input, h('button', { type: 'button', class: 'link', dataset: { action: 'priority' },
        onclick: () => this.act(job, 'priority', { priority: Number(input.value) }) }, 'set priority'));
    }
    return buttons;
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
    if (!this.tokenBox.contains(document.activeElement)) {
      this.renderToken();
    }
    const by = (status) => jobs.filter((j) => j.status === status);
    const hostClasses = [...new Set(jobs.map((j) => j.hostClass))].sort();
    this.keepFocus(() => replace(this.controls,
      select('requests-project', 'Project', [['', 'Every project'], ...projects.map((p) => [p.name, p.name])], project,
        (value) => this.set({ project: value })),
      select('requests-host-class', 'Host class', [['', 'Every host class'],
        ...[...new Set([...hostClasses, hostClass].filter(Boolean))].map((c) => [c, c])], hostClass,
      (value) => this.set({ hostClass: value })),
      filterBox('requests-filter', router.current().params.get('filter'), (query) => this.filter(query),
        'project, commit, benchmark, runner…')));
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
    this.filter(router.current().params.get('filter'));
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
          h('thead', {}, h('tr', {}, ['Request', 'Project', 'From', 'Base → head', 'Benchmarks', 'Status', 'Jobs', '']
            .map((t) => h('th',
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
              h('td', { class: 'wrap' }, request.benchmarks || 'every benchmark'),
              // A request that ran to the end may still fail the pull request: its outcome is the badge then.
              h('td', { title: request.failure ?? (request.outcome ? `${request.status}, outcome ${request.outcome}`
                : undefined), dataset: { outcome: request.outcome ?? '' } },
                request.outcome
                  ? h('span', { class: `badge ${OUTCOME_BADGE[request.outcome] ?? 'queued'}` }, request.outcome)
                  : h('span', { class: `badge ${request.status}` }, request.status)),
              h('td', {}, jobs.length ? [h('progress', { max: jobs.length, value: done,
                'aria-label': `${done} of ${jobs.length} jobs done` }), ` ${done}/${jobs.length}`]
                : h('a', { href: `#/comparison?${api.query({ request: request.id })}` }, 'progress')),
              h('td', {}, h('a', { href: `#/comparison?${api.query({ request: request.id })}` }, 'comparison')));
          }))));
  }

  jobTable(jobs, kind) {
    return h('div', { class: 'table-box' }, h('table', { class: 'data', id: `${kind}-table` },
      h('thead', {}, h('tr', {}, ['Job', 'Project · commit', 'Host class · JVM', 'Purpose · benchmarks',
        kind === 'queued' ? 'Priority' : 'Runner · attempt',
        kind === 'running' ? 'Progress' : kind === 'queued' ? 'Queued' : 'Finished', '']
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
      h('td', { class: 'wrap', title: PURPOSE[job.kind] ?? job.kind },
        h('span', { class: 'purpose' }, `${job.kind} (${job.profile})`),
        h('span', { class: 'detail muted' }, ` ${target(job)}`)),
      h('td', {}, kind === 'queued' ? String(job.priority)
        : [job.runner ?? (kind === 'failed' ? 'see log' : '–'),
          job.attempt ? h('span', { class: 'detail muted' }, ` attempt ${job.attempt} of ${job.maxAttempts}`) : null]),
      progressCell,
      h('td', {}, kind === 'failed' ? h('button', { type: 'button', class: 'link', id: `log-toggle-${job.id}`,
        'aria-expanded': String(this.params.get('job') === job.id), 'aria-controls': `log-${job.id}`,
        onclick: () => this.set({ job: this.params.get('job') === job.id ? null : job.id }, { replace: true }) },
      'log') : null, this.actions(job)));
    if (kind !== 'failed') {
      return [row];
    }
    return [row, h('tr', { id: `log-${job.id}`, class: 'log-row', hidden: this.params.get('job') !== job.id },
      h('td', { colspan: '7' }, h('p', { class: 'error' }, job.failure ?? '')))];
  }

  /** Hides the jobs and requests the filter box leaves out (a failed job's log row follows its job). */
  filter(query) {
    const rows = [...this.section.querySelectorAll('tbody tr[data-job], tbody tr[data-request]')];
    this.debug.shown = applyFilter(rows, query);
    for (const row of rows) {
      const log = row.dataset.job ? document.getElementById(`log-${row.dataset.job}`) : null;
      if (log && row.hidden) {
        log.hidden = true;
      }
    }
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
