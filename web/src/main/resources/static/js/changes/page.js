// The Changes page: for one environment and commit, every case's change against its previous result and against
// the trend of the results before it, coloured by significance (the API judges it from the score errors, see
// docs/changes.md). ← and → (or the buttons) step to the previous and next measured commit.

import * as api from '../api.js';
import { breakable, h, replace, select, typing } from '../dom.js';
import {
  benchmarkName, caseLabel, change, dateTime, firstLine, number, shortSha, userBranches, valueWithError,
} from '../format.js';
import { applyFilter, filterBox } from '../filter.js';
import { changePoints } from '../change-points.js';
import { changePointCell, newestChangePoints } from './change-points.js';
import { chosenProject, judged, timelineHref, UrlPage } from '../page-kit.js';
import * as router from '../router.js';
import { environmentLabels, jvmOf } from '../timeline/data.js';

const TRENDS = [3, 5, 10, 20, 50, 100];
const SORTS = [['significance', 'Most significant first'], ['name', 'By benchmark']];
const METRICS = [['primary', 'Primary score'], ['gc.alloc.rate.norm', 'Allocation (B/op)'], ['all', 'Every metric']];

export async function mount(root, params, context) {
  const page = new ChangesPage(root, context);
  await page.update(params);
  return page;
}

/**
 * Worse first, then maybe worse, better, maybe better, the noise, the unjudged (too few results, or measured on a
 * noisy host): the order the summary counts in.
 */
const ORDER = ['worse', 'maybe-worse', 'better', 'maybe-better', 'same', 'unclear', 'not-judged', 'first'];

function tone(part, direction) {
  return part ? judged(part.verdict, part.z, direction).tone : 'first';
}

/** The change against the previous result decides the place, the trend breaks ties, then the larger |z|. */
function compareRows(a, b) {
  const rank = (row, column) => ORDER.indexOf(tone(row[column], row.metric.direction));
  return rank(a, 'previous') - rank(b, 'previous') || rank(a, 'trend') - rank(b, 'trend')
    || Math.abs(b.previous?.z ?? 0) - Math.abs(a.previous?.z ?? 0);
}

/** "8 worse, 1 maybe worse, 0 better …": counted from the same tones the rows are painted with. */
function summary(rows) {
  const counts = Object.fromEntries(ORDER.map((t) => [t, 0]));
  rows.forEach((row) => {
    counts[tone(row.previous, row.metric.direction)] += 1;
  });
  const parts = [`${counts.worse} worse`, counts['maybe-worse'] ? `${counts['maybe-worse']} maybe worse` : null,
    `${counts.better} better`, counts['maybe-better'] ? `${counts['maybe-better']} maybe better` : null]
    .filter(Boolean);
  return `${parts.join(', ')} than the previous commit, ${counts.same} within the noise`
    + `${counts.unclear ? `, ${counts.unclear} with too few results to judge` : ''}`
    + `${counts['not-judged'] ? `, ${counts['not-judged']} not judged (measured on a noisy host)` : ''}`
    + `${counts.first ? `, ${counts.first} first result${counts.first === 1 ? '' : 's'}` : ''}`;
}

class ChangesPage extends UrlPage {
  constructor(root, context) {
    super('changes', root, context);
    this.controls = h('div', { class: 'controls' });
    this.head = h('div', { class: 'commit-head' });
    this.table = h('div', { class: 'table-box' });
    this.points = h('div', { class: 'change-points-box' });
    this.elsewhere = h('p', { class: 'elsewhere', id: 'changes-elsewhere', hidden: true });
    replace(this.section, this.controls, this.head, this.status, this.elsewhere, this.table, this.points,
      h('p', { class: 'hint' }, '← → step to the previous and next measured commit. A change is coloured when the ',
        'difference is larger than both results\' errors allow (99.9%); "maybe" when only at 95%.'));
  }

  async render(current) {
    const { projects, project } = await chosenProject(this.params);
    if (!project) {
      this.status.textContent = 'No results yet: upload a JMH run (see docs/api.md) and reload.';
      return;
    }
    const query = {
      project: project.name, branch: this.params.get('branch'), environment: this.params.get('environment'),
      commit: this.params.get('commit'), trend: this.params.get('trend') ?? 10,
      metric: this.params.get('metric') ?? 'primary',
    };
    if (!query.environment && (this.params.get('hostClass') || this.params.get('jvm'))) {
      query.environment = await this.environmentOf(project, query);
    }
    this.status.textContent = 'Loading…';
    const [changes, points] = await Promise.all([api.get(`/api/v1/changes?${api.query(query)}`),
      changePoints(project.name)]);
    if (!current()) {
      return;
    }
    this.changes = changes;
    this.renderControls(projects, project, changes);
    this.renderHead(project, changes);
    const here = points.filter((point) => point.commit?.sha === changes.commit.sha);
    this.renderTable(project, changes, here);
    replace(this.points, newestChangePoints(points, project.name, changes.environment));
    this.debug.changePoints = { here: here.map((point) => point.id),
      listed: [...this.points.querySelectorAll('tbody tr')].map((row) => row.dataset.status) };
    this.filter(router.current().params.get('filter'));
    this.status.textContent = `${changes.rows.length} results at ${shortSha(changes.commit.sha)}: `
      + `${summary(changes.rows)}.`;
    this.renderElsewhere(here, changes);
    Object.assign(this.debug, { commit: changes.commit.sha, previous: changes.previous?.sha ?? null,
      next: changes.next?.sha ?? null, environment: changes.environment.id, rows: changes.rows.length });
  }

  /**
   * Change points at this commit on another metric of the environment: a culprit found by its allocation read "0
   * worse, 0 better" under the default metric, as if nothing had happened there.
   */
  renderElsewhere(pointsHere, changes) {
    const shown = this.params.get('metric') ?? 'primary';
    const others = shown === 'all' ? [] : pointsHere.filter((point) => point.environment?.id === changes.environment.id
      && (point.metric ?? 'primary') !== shown);
    const metrics = [...new Set(others.map((point) => point.metric ?? 'primary'))];
    this.debug.elsewhere = metrics;
    this.elsewhere.hidden = metrics.length === 0;
    if (metrics.length === 0) {
      this.elsewhere.replaceChildren();
      return;
    }
    const label = (metric) => METRICS.find(([value]) => value === metric)?.[1] ?? metric;
    // "1 regression and 1 improvement": counted per direction, a mix is never one plural.
    const found = (metric) => {
      const directions = others.filter((point) => (point.metric ?? 'primary') === metric)
        .map((point) => point.direction ?? 'change');
      return [...new Set(directions)].map((direction) => {
        const n = directions.filter((d) => d === direction).length;
        return `${n} ${direction}${n === 1 ? '' : 's'}`;
      }).join(' and ');
    };
    replace(this.elsewhere, 'At this commit the detector also found ',
      metrics.flatMap((metric, i) => [i === 0 ? '' : i === metrics.length - 1 ? ' and ' : ', ',
        h('button', { type: 'button', class: 'link', dataset: { metric },
          onclick: () => this.set({ metric: METRICS.some(([value]) => value === metric)
            ? (metric === 'primary' ? null : metric) : 'all' }) },
        `${found(metric)} in ${label(metric)}`)]),
      '.');
  }

  /** A Codespeed link or a carried filter names a host class and JVM rather than an environment id. */
  async environmentOf(project, query) {
    const first = await api.get(`/api/v1/changes?${api.query({ ...query, commit: null, environment: null })}`);
    const hostClass = this.params.get('hostClass')?.split(',')[0];
    const jvm = this.params.get('jvm')?.split(',')[0];
    const found = first.environments.find((e) => (!hostClass || e.hostClass === hostClass)
      && (!jvm || jvmOf(e) === jvm || jvmOf(e).startsWith(`${jvm}.`)));
    if (!found) {
      this.context.notice([`No environment of ${project.name} on ${[hostClass, jvm && `JDK ${jvm}`]
        .filter(Boolean).join(' with ')}; showing ${environmentLabels(first.environments).get(first.environment.id)}.`]);
    }
    return found?.id ?? null;
  }

  renderControls(projects, project, changes) {
    const labels = environmentLabels(changes.environments);
    this.keepFocus(() => replace(this.controls,
      select('changes-project', 'Project', projects.map((p) => [p.name, p.name]), project.name,
        (value) => this.set({ project: value, environment: null, commit: null, branch: null, hostClass: null,
          jvm: null })),
      userBranches(project.branches).length > 1 ? select('changes-branch', 'Branch',
          userBranches(project.branches).map((b) => [b, b]),
        changes.branch, (value) => this.set({ branch: value, commit: null })) : null,
      select('changes-environment', 'Environment',
        changes.environments.map((e) => [String(e.id), labels.get(e.id)]), String(changes.environment.id),
        (value) => this.set({ environment: value, hostClass: null, jvm: null })),
      select('changes-metric', 'Metric', METRICS, this.params.get('metric') ?? 'primary',
        (value) => this.set({ metric: value === 'primary' ? null : value })),
      select('changes-trend', 'Trend over', TRENDS.map((n) => [String(n), `${n} results back`]),
        String(changes.trend), (value) => this.set({ trend: value === '10' ? null : value })),
      select('changes-sort', 'Order', SORTS, this.params.get('sort') ?? 'significance',
        (value) => this.set({ sort: value === 'significance' ? null : value }, { replace: true })),
      filterBox('changes-filter', router.current().params.get('filter'), (query) => this.filter(query)),
    ));
  }

  renderHead(project, changes) {
    const { commit, previous, next } = changes;
    const step = (target, label, id, key) => (target
      ? h('button', { type: 'button', id, title: `${shortSha(target.sha)} · ${firstLine(target.message)} (${key})`,
        onclick: () => this.set({ commit: target.sha }) }, label)
      : h('button', { type: 'button', id, disabled: true }, label));
    replace(this.head,
      step(previous, `← ${previous ? shortSha(previous.sha) : 'first'}`, 'changes-previous', '←'),
      h('div', { class: 'commit-summary' },
        // A Codespeed link's revision id as its client sent it (Flink's "<sha>-<sha>-<time>"), not our hash of it.
        h('h2', { id: 'changes-heading' }, h('code', {}, this.params.get('commit') === commit.sha
          && this.params.get('revision') ? this.params.get('revision') : shortSha(commit.sha)), ' ',
        firstLine(commit.message)),
        h('p', { class: 'meta' }, [commit.author, dateTime(commit.time)].filter(Boolean).join(' · '), ' · ',
          h('a', { href: timelineHref({ project: project.name, commit: commit.sha }) }, 'timeline'))),
      step(next, `${next ? shortSha(next.sha) : 'newest'} →`, 'changes-next', '→'));
  }

  renderTable(project, changes, pointsHere = []) {
    const rows = [...changes.rows];
    if ((this.params.get('sort') ?? 'significance') === 'significance') {
      rows.sort(compareRows);
    }
    const env = changes.environment;
    const cell = (row, part, id) => {
      const direction = row.metric.direction;
      if (!part) {
        return h('td', { class: 'sig first', dataset: { verdict: 'first', column: id } },
          h('span', { class: 'muted' }, 'first'));
      }
      const { tone, words } = judged(part.verdict, part.z, direction);
      const basis = { noise: '; no error on a side: judged by the series\' noise',
        spread: '; no error on a side: judged by the spread of the results before' }[part.basis] ?? '';
      const reference = id === 'previous'
        ? `previous ${shortSha(part.sha)}: ${valueWithError(part.score, part.error)}${basis}`
        : `mean of ${part.points}: ${number(part.mean)}${part.spread === null ? '' : ` (sd ${number(part.spread)})`}`;
      const judgedBy = part.verdict === 'not-judged' ? `not judged: ${row.noiseReason}`
        : `z = ${part.z === null ? '–' : number(part.z)}`;
      const amount = change(id === 'previous' ? part.score : part.mean, row.score, row.metric.unit);
      // A number nobody judged is no verdict: muted, in parentheses, with the reason beside the change vs previous.
      // "-55%" in a muted cell next to a judged "+12%" was read as the larger change.
      if (part.verdict === 'not-judged') {
        return h('td', { class: `sig ${tone}`, dataset: { verdict: part.verdict, column: id }, title:
          `${reference}; ${judgedBy}; the amount is no verdict` },
        h('span', { class: 'num not-verdict' }, `(${amount})`), ' ', h('span', { class: 'words' }, words),
        id === 'previous' && row.noiseReason ? h('span', { class: 'why' }, row.noiseReason) : null);
      }
      return h('td', { class: `sig ${tone}`, dataset: { verdict: part.verdict, column: id }, title:
        `${reference}; ${judgedBy}` },
      h('span', { class: 'num' }, amount), ' ',
      h('span', { class: 'words' }, words));
    };
    this.table.replaceChildren(h('table', { class: 'data', id: 'changes-table' },
      h('caption', {}, `${rows.length} results of ${environmentLabels([env]).get(env.id)}`),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, 'Benchmark'), h('th', { scope: 'col' }, 'Case'), h('th', { scope: 'col' }, 'Metric'),
        h('th', { scope: 'col', class: 'num' }, 'Result ± 99.9% CI'),
        h('th', { scope: 'col' }, 'Change vs previous'), h('th', { scope: 'col' }, `Trend vs ${changes.trend} back`),
        h('th', { scope: 'col' }, 'Change point'))),
      h('tbody', {}, rows.map((row) => h('tr', { dataset: { series: row.series, benchmark: row.benchmark,
        filterText: `${row.benchmark} ${caseLabel(row.case)} ${row.metric.name}` } },
        h('th', { scope: 'row' }, h('a', { title: row.benchmark, href: timelineHref({ project: project.name,
          branch: changes.branch === project.defaultBranch ? null : changes.branch, benchmark: row.benchmark,
          case: row.case.id, metric: row.metric.name === 'primary' ? null : row.metric.name,
          hostClass: env.hostClass, jvm: jvmOf(env), commit: changes.commit.sha }) },
        breakable(benchmarkName(row.benchmark)))),
        h('td', {}, caseLabel(row.case)),
        h('td', {}, row.metric.name),
        h('td', { class: 'num' }, valueWithError(row.score, row.error, row.metric.unit)),
        cell(row, row.previous, 'previous'),
        cell(row, row.trend, 'trend'),
        changePointCell(pointsHere.filter((point) => point.series === row.series),
          !changes.next && ['worse', 'better'].includes(row.previous?.verdict)))))));
  }

  /** Hides the rows the filter box leaves out; the summary still counts every row of the commit. */
  filter(query) {
    this.debug.shown = applyFilter(this.table.querySelectorAll('tbody tr'), query);
  }

  onKey(event) {
    if (typing(event) || !this.changes) {
      return;
    }
    const target = event.key === 'ArrowLeft' ? this.changes.previous : event.key === 'ArrowRight' ? this.changes.next
      : null;
    if (target) {
      event.preventDefault();
      this.set({ commit: target.sha });
    }
  }
}
