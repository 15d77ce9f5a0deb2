// The Environments page: two or more environments (host class × JVM) at one commit, like Codespeed's comparison of
// executables. Per case each environment's score, its ratio to the baseline (the first environment) with the 99%
// interval and verdict, and its allocation; bars normalised to the baseline (1 = the baseline's score).
// The API is GET /api/v1/environment-comparisons (docs/api.md, docs/ui.md).

import * as api from '../api.js';
import { breakable, h, replace, select } from '../dom.js';
import {
  allocation, benchmarkNames, caseLabel, dateTime, firstLine, number, shortSha, valueWithError,
} from '../format.js';
import { seriesStyle } from '../palette.js';
import { chosenProject, timelineHref, UrlPage } from '../page-kit.js';
import { drawWhisker } from '../whiskers.js';

const { Chart } = window;

const TONE = { slower: 'worse', faster: 'better', same: 'same', unclear: 'unclear' };
const SHA = /^[0-9a-f]{7,64}$/;
const CHART_ROWS = 40;

export async function mount(root, params, context) {
  const page = new EnvironmentsPage(root, context);
  await page.update(params);
  return page;
}

/** How much worse a cell is than the baseline, for "worse first": below 1 is worse whatever the direction. */
function goodness(row, cell) {
  if (!cell || cell.ratio === null || cell.ratio === undefined) {
    return Number.POSITIVE_INFINITY;
  }
  return row.direction === 'lower' ? 1 / cell.ratio : cell.ratio;
}

function ratioText(ratio) {
  return ratio === null || ratio === undefined ? '–' : `${ratio.toFixed(ratio >= 10 ? 1 : 3)}×`;
}

/** Whiskers of each bar's interval over every dataset (Chart.js has no error bars of its own). */
const whiskers = {
  id: 'whiskers',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    const x = chart.scales.x;
    ctx.save();
    ctx.strokeStyle = '#222';
    ctx.lineWidth = 1;
    chart.data.datasets.forEach((dataset, d) => {
      const meta = chart.getDatasetMeta(d);
      (dataset.intervals ?? []).forEach((interval, index) => {
        const bar = meta.data[index];
        if (!interval || !bar || meta.hidden) {
          return;
        }
        drawWhisker(ctx, x, interval, bar, 4);
      });
    });
    ctx.restore();
  },
};

class EnvironmentsPage extends UrlPage {
  constructor(root, context) {
    super('environments', root, context);
    this.chart = null;
    this.controls = h('div', { class: 'controls' });
    this.choices = h('fieldset', { class: 'legend', id: 'environments-choices' });
    this.head = h('div', { class: 'commit-head' });
    this.bars = h('div', { class: 'bars' });
    this.table = h('div', { class: 'table-box' });
    replace(this.section, this.controls, this.choices, this.head, this.status, this.bars, this.table,
      h('p', { class: 'hint' }, 'The first environment is the baseline: each other one is its ratio to it (1 = the ',
        'same, above 1 a higher score), with the 99% interval of that ratio over forks. A score\'s ± is JMH\'s score ',
        'error, half its 99.9% confidence interval, as on the changes page. Click a column heading to sort.'));
  }

  unmount() {
    this.chart?.destroy();
    super.unmount();
  }

  async render(current) {
    const { projects, project } = await chosenProject(this.params);
    if (!project) {
      this.status.textContent = 'No results yet: upload a JMH run (see docs/api.md) and reload.';
      return;
    }
    const commit = this.params.get('commit') ?? '';
    const benchmark = this.params.get('benchmark') ?? '';
    const benchmarks = await api.benchmarks(project.name);
    this.renderControls(projects, project, commit, benchmark, benchmarks);
    if (commit && !SHA.test(commit)) {
      this.status.textContent = 'A commit is a sha or its first 7 characters; leave it empty for the newest.';
      return;
    }
    this.status.textContent = 'Loading…';
    const base = { project: project.name, commit, benchmark };
    // Every environment measured at the commit, to choose from; then the chosen ones in the chosen order.
    const all = await api.get(`/api/v1/environment-comparisons?${api.query(base)}`);
    const wanted = (this.params.get('environments') ?? '').split(',').filter(Boolean).map(Number)
      .filter((id) => all.environments.some((e) => e.id === id));
    const comparison = wanted.length >= 2
      ? await api.get(`/api/v1/environment-comparisons?${api.query({ ...base, environments: wanted.join(',') })}`)
      : all;
    if (!current()) {
      return;
    }
    this.renderChoices(all.environments, comparison.environments);
    this.renderHead(comparison);
    this.renderBody(project, comparison);
  }

  renderControls(projects, project, commit, benchmark, benchmarks) {
    const named = benchmarkNames(benchmarks.map((b) => b.name));
    const commitInput = h('input', { id: 'environments-commit', type: 'text', value: commit, size: '12',
      spellcheck: 'false', autocomplete: 'off', placeholder: 'newest' });
    const form = h('form', { class: 'controls', onsubmit: (event) => {
      event.preventDefault();
      this.set({ commit: commitInput.value.trim().toLowerCase() });
    } },
    select('environments-project', 'Project', projects.map((p) => [p.name, p.name]), project.name,
      (value) => this.set({ project: value, commit: null, environments: null, benchmark: null })),
    select('environments-benchmark', 'Benchmark', [['', 'every benchmark'],
      ...benchmarks.map((b) => [b.name, named(b.name), b.name])], benchmark,
    (value) => this.set({ benchmark: value })),
    h('label', { class: 'field', for: 'environments-commit' }, h('span', {}, 'Commit'), commitInput),
    h('button', { type: 'submit', id: 'environments-go' }, 'Show'));
    this.keepFocus(() => replace(this.controls, form));
  }

  /** A checkbox per environment measured at the commit; "baseline" moves one to the front. */
  renderChoices(all, shown) {
    const shownIds = shown.map((e) => e.id);
    const write = (ids) => this.set({ environments: ids.length >= 2 && ids.length < all.length + 1 ? ids.join(',')
      : null });
    replace(this.choices, h('legend', {}, `Environments (${all.length})`),
      all.map((environment) => {
        const on = shownIds.includes(environment.id);
        const id = `environment-${environment.id}`;
        return h('span', { class: 'legend-item' },
          h('input', { type: 'checkbox', id, checked: on, disabled: on && shownIds.length <= 2,
            onchange: (event) => write(event.target.checked ? [...shownIds, environment.id]
              : shownIds.filter((x) => x !== environment.id)) }),
          h('label', { for: id }, environment.label),
          on && shownIds[0] === environment.id ? h('span', { class: 'badge' }, 'baseline')
            : on ? h('button', { type: 'button', class: 'link', dataset: { baseline: environment.id },
              onclick: () => write([environment.id, ...shownIds.filter((x) => x !== environment.id)]) },
            'make baseline') : null);
      }));
  }

  renderHead(comparison) {
    const commit = comparison.commit;
    replace(this.head, h('div', { class: 'commit-summary' },
      h('h2', { id: 'environments-heading' }, `${comparison.project} at `, h('code', {}, shortSha(commit.sha)),
        this.params.get('commit') ? '' : ' (the newest measured commit)'),
      h('p', { class: 'meta' }, firstLine(commit.message ?? ''), commit.time ? ` · ${dateTime(commit.time)}` : '')));
  }

  sorted(comparison) {
    const sort = this.params.get('sort') ?? 'worse';
    const rows = [...comparison.rows];
    const byName = (a, b) => a.benchmark.localeCompare(b.benchmark) || a.caseKey.localeCompare(b.caseKey);
    if (sort === 'name') {
      return rows.sort(byName);
    }
    const column = /^ratio-(\d+)$/.exec(sort);
    const index = column ? comparison.environments.findIndex((e) => e.id === Number(column[1])) : -1;
    const worst = (row) => (index >= 0 ? goodness(row, row.cells[index])
      : Math.min(...row.cells.slice(1).map((cell) => goodness(row, cell))));
    return rows.sort((a, b) => worst(a) - worst(b) || byName(a, b));
  }

  renderBody(project, comparison) {
    const environments = comparison.environments;
    const rows = this.sorted(comparison);
    const named = benchmarkNames(rows.map((r) => r.benchmark));
    const others = environments.slice(1);
    const count = (verdict) => rows.filter((r) => r.cells.slice(1).some((c) => c?.verdict === verdict)).length;
    this.status.textContent = environments.length < 2
      ? `Only ${environments.length} environment has results at this commit: nothing to compare.`
      : `${rows.length} case${rows.length === 1 ? '' : 's'} in ${environments.length} environments against `
        + `${environments[0].label}: ${count('slower')} slower somewhere, ${count('faster')} faster somewhere `
        + '(99% interval clear of the equivalence margin).';
    this.debug.environments = environments.map((e) => e.id);
    this.debug.rows = rows.map((r) => ({ caseKey: r.caseKey, verdicts: r.cells.map((c) => c?.verdict ?? null) }));
    this.renderChart(rows, environments);
    const sortButton = (key, text) => h('button', { type: 'button', class: 'link', dataset: { sort: key },
      'aria-pressed': String((this.params.get('sort') ?? 'worse') === key), onclick: () => this.set({ sort: key }) },
    text);
    replace(this.table, h('table', { class: 'data', id: 'environments-table' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, sortButton('name', 'Case')),
        environments.map((e, i) => h('th', { scope: 'col', title: e.label }, i === 0 ? `${e.label} (baseline, ± 99.9% CI)`
          : sortButton(`ratio-${e.id}`, `${e.label}: ratio`))),
        h('th', { scope: 'col' }, 'Allocation (B/op)'))),
      h('tbody', {}, rows.map((row) => h('tr', { dataset: { caseKey: row.caseKey } },
        h('th', { scope: 'row' }, h('a', { title: row.benchmark, href: timelineHref({ project: project.name,
          benchmark: row.benchmark, commit: comparison.commit.sha }) }, breakable(named(row.benchmark))),
        h('br'), h('span', { class: 'muted' }, caseLabel({ params: row.params, mode: row.caseKey.split(';')[0] }))),
        row.cells.map((cell, i) => (i === 0
          ? h('td', { class: 'num', dataset: { score: '' } }, cell ? scoreText(cell, row.unit) : '–')
          : this.ratioCell(row, cell))),
        h('td', { class: 'num', title: `${row.cells.map((c) => number(c?.allocation)).join(' / ')} B/op` },
          row.cells.map((c) => allocation(c?.allocation)).join(' / ')))))));
    if (others.length === 0) {
      this.bars.style.height = '';
      this.bars.replaceChildren();
    }
  }

  ratioCell(row, cell) {
    if (!cell) {
      return h('td', { class: 'sig unclear' }, 'no result');
    }
    const interval = cell.interval ? `99% interval ${ratioText(cell.interval[0])} to ${ratioText(cell.interval[1])}`
      : 'no interval: fewer than two forks on a side';
    return h('td', { class: `sig ${TONE[cell.verdict] ?? 'unclear'}`, dataset: { verdict: cell.verdict ?? '' },
      title: `${scoreText(cell, row.unit)}; ${interval}` },
    h('span', { class: 'num' }, ratioText(cell.ratio)), ' ', h('span', { class: 'words' },
      cell.verdict === 'unclear' ? 'unclear' : cell.verdict ?? ''),
    cell.interval ? h('span', { class: 'detail muted' }, ` [${ratioText(cell.interval[0])}, ${ratioText(cell.interval[1])}]`)
      : null);
  }

  /** Grouped bars per case, one per environment, normalised to the baseline like Codespeed's comparison. */
  renderChart(rows, environments) {
    this.chart?.destroy();
    this.chart = null;
    if (environments.length < 2 || rows.length === 0) {
      // The height a previous chart needed would stay behind as a blank gap above the table.
      this.bars.style.height = '';
      this.bars.replaceChildren();
      return;
    }
    const shown = rows.slice(0, CHART_ROWS);
    const canvas = h('canvas', { role: 'img', 'aria-label': `Each case's score in each environment as a ratio to `
      + `${environments[0].label}` });
    const single = new Set(shown.map((r) => r.benchmark)).size === 1;
    const named = benchmarkNames(rows.map((r) => r.benchmark));
    // On a phone a case's label is one line per parameter: on one line it would take the whole width or be cut.
    const narrow = window.matchMedia('(max-width: 640px)').matches;
    const labels = shown.map((r) => {
      const lines = [single ? null : named(r.benchmark),
        ...(narrow ? Object.entries(r.params ?? {}).map(([k, v]) => `${k}=${v}`)
          : [Object.entries(r.params ?? {}).map(([k, v]) => `${k}=${v}`).join(', ')])].filter(Boolean);
      return lines.length === 0 ? r.caseKey : narrow ? lines : lines.join(' · ');
    });
    const lineCount = Math.max(1, ...labels.map((label) => (Array.isArray(label) ? label.length : 1)));
    const perRow = Math.max(10 + 8 * environments.length, 13 * lineCount + 4);
    this.bars.style.height = `${Math.max(160, shown.length * perRow + 70)}px`;
    replace(this.bars, canvas);
    if (rows.length > shown.length) {
      this.bars.append(h('p', { class: 'hint' }, `The chart shows the first ${CHART_ROWS} of ${rows.length} cases `
        + 'in the table\'s order.'));
    }
    this.chart = new Chart(canvas, {
      type: 'bar',
      data: {
        labels,
        datasets: environments.map((e, i) => ({
          label: i === 0 ? `${e.label} (baseline)` : e.label,
          data: shown.map((r) => (i === 0 ? (r.cells[0] ? 1 : null) : r.cells[i]?.ratio ?? null)),
          intervals: shown.map((r) => (i === 0 ? null : r.cells[i]?.interval ?? null)),
          backgroundColor: i === 0 ? '#bdbdbd' : seriesStyle(i - 1).color,
          borderWidth: 0,
        })),
      },
      plugins: [whiskers],
      options: {
        indexAxis: 'y',
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { title: { display: true, text: `score as a ratio to ${environments[0].label}` },
            grid: { color: (c) => (c.tick.value === 1 ? '#444' : '#e8e8e8') } },
          y: { ticks: { autoSkip: false, font: { size: 11 } } },
        },
        plugins: {
          legend: { position: 'top' },
          tooltip: { callbacks: { label: (item) => {
            const cell = shown[item.dataIndex].cells[item.datasetIndex];
            return `${item.dataset.label}: ${ratioText(item.raw)}${cell?.verdict ? ` · ${cell.verdict}` : ''}`;
          } } },
        },
      },
    });
    this.debug.charts = 1;
  }
}

/**
 * A cell's score as the changes page and the timeline state it: JMH's score ± its error, half the 99.9% confidence
 * interval. Only when several runs measured the commit is there no such error: then the mean of their forks and the
 * 99% interval over them, said so (with two forks that interval is wide: a t quantile of one degree of freedom).
 */
function scoreText(cell, unit) {
  if (cell.jmhScore !== null && cell.jmhScore !== undefined) {
    return valueWithError(cell.jmhScore, cell.jmhError, unit);
  }
  return `${valueWithError(cell.score, cell.error, unit)}${cell.error === null ? '' : ` (99% interval over ${cell.forks} forks)`}`;
}
