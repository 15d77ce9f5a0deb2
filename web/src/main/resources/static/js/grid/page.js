// The suite grid: a small timeline per case, to scan many cases of a benchmark (or a whole suite) for a step at
// once. A tile loads when it scrolls into view, a few at a time, so a suite of thousands of cases stays light.

import * as api from '../api.js';
import { h, replace, select } from '../dom.js';
import { benchmarkNames, caseLabel, change, number, userBranches } from '../format.js';
import { seriesStyle, translucent } from '../palette.js';
import { applyFilter, filterBox } from '../filter.js';
import { current, navigate } from '../router.js';
import { bySeries, changePoints, GREY_STATUSES, statusMarks, tone } from '../change-points.js';
import { Queue } from './queue.js';
import { bandsWithinScores, floorAtZero } from '../floor.js';
import { ALLOC, environmentLabels, jvmOf, levelChange, line, xAxis } from '../timeline/data.js';

const REVS = [15, 30, 50, 100, 200, 500];
const DEFAULT_REVS = 50;
const PARALLEL = 4;

export async function mount(root, params, context) {
  const page = new GridPage(root, context);
  await page.update(params);
  return page;
}

const list = (value) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : []);

function revsOf(params) {
  const value = Number.parseInt(params.get('revs') ?? '', 10);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, 100000) : DEFAULT_REVS;
}

class GridPage {
  constructor(root, context) {
    this.context = context;
    this.params = new URLSearchParams();
    this.key = null;
    this.charts = [];
    this.queue = new Queue(PARALLEL);
    this.generation = 0;
    this.debug = { state: 'loading', tiles: 0, drawn: 0, counts: {} };
    window.perfwatch.page = 'grid';
    window.perfwatch.grid = this.debug;
    this.controls = h('div', { class: 'controls pickers' });
    this.status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
    this.legend = h('p', { class: 'grid-legend' });
    this.tiles = h('ul', { class: 'grid', id: 'grid', dataset: { state: 'loading' } });
    this.section = h('section', { class: 'grid-page', 'aria-label': 'Suite grid' },
      this.controls, this.legend, this.status, this.tiles);
    root.append(this.section);
    this.observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          this.observer.unobserve(entry.target);
          entry.target.load?.();
        }
      }
    }, { rootMargin: '300px' });
  }

  unmount() {
    this.destroy();
    this.observer.disconnect();
    this.section.remove();
    window.perfwatch.grid = null;
  }

  destroy() {
    this.queue.clear();
    this.charts.forEach((chart) => chart.destroy());
    this.charts = [];
    this.tiles.replaceChildren();
  }

  set(changes) {
    const params = new URLSearchParams(this.params);
    if (current().params.get('filter')) {
      params.set('filter', current().params.get('filter'));
    }
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === '') {
        params.delete(name);
      } else {
        params.set(name, String(value));
      }
    }
    navigate('grid', params);
  }

  async update(params) {
    this.params = new URLSearchParams(params);
    const generation = ++this.generation;
    try {
      const projects = await api.projects();
      if (projects.length === 0) {
        this.status.textContent = 'No results yet: upload a JMH run (see docs/api.md) and reload.';
        this.setState('empty');
        return;
      }
      const project = projects.find((p) => p.name === params.get('project'));
      if (!project) {
        const next = new URLSearchParams(params);
        next.set('project', projects[0].name);
        next.delete('benchmark');
        navigate('grid', next, { replace: true });
        return;
      }
      const branch = params.get('branch') || project.defaultBranch;
      const benchmarks = await api.benchmarks(project.name);
      const benchmark = params.get('benchmark') ?? '';
      const metric = params.get('metric') || 'primary';
      const [series, points] = await Promise.all([
        api.series({ project: project.name, benchmark: benchmark || undefined, metric, branch }),
        changePoints(project.name)]);
      if (generation !== this.generation) {
        return;
      }
      this.renderControls(projects, project, branch, benchmarks, benchmark, metric);
      const key = ['project', 'branch', 'benchmark', 'metric', 'hostClass', 'jvm', 'revs']
        .map((name) => params.get(name) ?? '').join('\u0000');
      if (key !== this.key) {
        this.key = key;
        this.build(project, branch, series, metric, generation, bySeries(points));
      }
    } catch (error) {
      this.status.textContent = `Could not load the grid: ${error.message}`;
      this.setState('error');
      console.warn(error);
    }
  }

  setState(state) {
    this.debug.state = state;
    this.tiles.dataset.state = state;
  }

  renderControls(projects, project, branch, benchmarks, benchmark, metric) {
    const focused = document.activeElement?.id;
    const revs = revsOf(this.params);
    const named = benchmarkNames(benchmarks.map((b) => b.name));
    replace(this.controls,
      select('grid-project', 'Project', projects.map((p) => [p.name, p.name]), project.name,
        (value) => this.set({ project: value, benchmark: null, branch: null })),
      userBranches(project.branches).length > 1 ? select('grid-branch', 'Branch',
          userBranches(project.branches).map((b) => [b, b]), branch,
        (value) => this.set({ branch: value === project.defaultBranch ? null : value })) : null,
      select('grid-benchmark', 'Benchmark', [['', 'all benchmarks of the suite'],
        ...benchmarks.map((b) => [b.name, `${named(b.name)} (${b.cases})`, b.name])], benchmark,
      (value) => this.set({ benchmark: value })),
      select('grid-metric', 'Metric', [['primary', 'primary score'], [ALLOC, ALLOC]], metric,
        (value) => this.set({ metric: value === 'primary' ? null : value })),
      select('grid-revs', 'Results', [...new Set([...REVS, revs])].sort((a, b) => a - b)
        .map((n) => [String(n), `last ${n}`]), String(revs),
      (value) => this.set({ revs: Number(value) === DEFAULT_REVS ? null : value })),
      filterBox('grid-filter', current().params.get('filter'), (query) => this.filter(query)));
    if (focused) {
      document.getElementById(focused)?.focus();
    }
  }

  build(project, branch, series, metric, generation, changesBySeries = new Map()) {
    this.destroy();
    const hostClasses = list(this.params.get('hostClass'));
    const jvms = list(this.params.get('jvm'));
    const shown = series.filter((s) => (hostClasses.length === 0 || hostClasses.includes(s.environment.hostClass))
      && (jvms.length === 0 || jvms.includes(jvmOf(s.environment))));
    const environments = [...new Map(shown.map((s) => [s.environment.id, s.environment])).values()]
      .sort((a, b) => a.hostClass.localeCompare(b.hostClass, 'en', { numeric: true })
        || jvmOf(a).localeCompare(jvmOf(b), 'en', { numeric: true }) || a.id - b.id);
    const labels = environmentLabels(environments);
    const styles = new Map(environments.map((e, i) => [e.id, seriesStyle(i)]));
    replace(this.legend, ...environments.map((e) => h('span', { class: 'legend-item' },
      h('span', { class: 'swatch', style: `background:${styles.get(e.id).color}`, 'aria-hidden': 'true' }),
      labels.get(e.id))));
    const cases = new Map();
    for (const s of shown) {
      const key = s.case.id;
      if (!cases.has(key)) {
        cases.set(key, { benchmark: s.benchmark, benchmarkCase: s.case, series: [] });
      }
      cases.get(key).series.push(s);
    }
    const tiles = [...cases.values()].sort((a, b) => a.benchmark.localeCompare(b.benchmark)
      || caseLabel(a.benchmarkCase).localeCompare(caseLabel(b.benchmarkCase), 'en', { numeric: true }));
    this.debug.tiles = tiles.length;
    this.debug.drawn = 0;
    this.debug.counts = {};
    this.debug.marks = {};
    const revs = revsOf(this.params);
    this.status.textContent = tiles.length === 0 ? `No ${metric} results on branch ${branch}.`
      : `${tiles.length} cases, the last ${revs} results of each; a tile opens its timeline.`;
    this.setState(tiles.length === 0 ? 'empty' : 'loading');
    const named = benchmarkNames(tiles.map((t) => t.benchmark));
    for (const tile of tiles) {
      const single = !!this.params.get('benchmark');
      const title = single ? caseLabel(tile.benchmarkCase)
        : `${named(tile.benchmark)} · ${caseLabel(tile.benchmarkCase)}`;
      const params = new URLSearchParams({ project: project.name, benchmark: tile.benchmark,
        case: String(tile.benchmarkCase.id) });
      if (branch !== project.defaultBranch) {
        params.set('branch', branch);
      }
      if (metric !== 'primary') {
        params.set('metric', metric);
      }
      const canvas = h('canvas', { 'aria-hidden': 'true' });
      const summary = h('span', { class: 'tile-summary' }, '…');
      tile.changePoints = tile.series.flatMap((s) => changesBySeries.get(s.id) ?? []);
      const marks = statusMarks(tile.changePoints);
      if (marks.length > 0) {
        this.debug.marks[String(tile.benchmarkCase.id)] = marks.map((mark) => mark.dataset.status);
      }
      const item = h('li', { class: 'tile', dataset: { state: 'waiting', case: String(tile.benchmarkCase.id) } },
        h('a', { href: `#/timeline?${params.toString()}`, title },
          h('span', { class: 'tile-title' }, title), summary,
          marks.length > 0 && h('span', { class: 'tile-marks' }, marks),
          h('div', { class: 'tile-chart' }, canvas)));
      item.dataset.filterText = `${tile.benchmark} ${caseLabel(tile.benchmarkCase)}`;
      item.load = () => this.queue.run(() => this.drawTile(item, canvas, summary, tile, styles, labels, revs,
        generation));
      this.tiles.append(item);
      this.observer.observe(item);
    }
    this.filter(current().params.get('filter'));
  }

  /** Hidden tiles never scroll into view, so the filter also spares their reads. */
  filter(query) {
    this.debug.shown = applyFilter(this.tiles.querySelectorAll('.tile'), query);
  }

  async drawTile(item, canvas, summary, tile, styles, labels, revs, generation) {
    if (generation !== this.generation && !this.tiles.contains(item)) {
      return;
    }
    const loaded = await Promise.all(tile.series.map(async (s) => ({ series: s,
      points: await api.points(s.id, revs) })));
    if (!this.tiles.contains(item)) {
      return;
    }
    const axis = xAxis('index', loaded.map((l) => l.points));
    const datasets = [];
    const changes = [];
    const counts = {};
    for (const { series, points } of loaded) {
      const { scores, upper, lower } = line(points, axis);
      const style = styles.get(series.environment.id);
      counts[labels.get(series.environment.id)] = scores.length;
      if (upper.length > 0) {
        datasets.push({ role: 'band-lower', data: lower, borderWidth: 0, pointRadius: 0, fill: false });
        datasets.push({ role: 'band', data: upper, borderWidth: 0, pointRadius: 0, fill: '-1',
          backgroundColor: translucent(style.color, 0.16) });
      }
      // A line needs two results: a new project's first night drew every tile empty. A lone result is a dot.
      datasets.push({ role: 'score', data: scores, borderColor: style.color, borderDash: style.dash, borderWidth: 1.5,
        pointRadius: scores.length === 1 ? 3 : 0,
        pointBackgroundColor: style.color });
      const judged = tileChange(scores, series);
      if (judged !== null) {
        const label = labels.get(series.environment.id);
        changes.push(h('span', { class: `change${judged.level ? '' : ' not-judged'}`,
          dataset: { verdict: judged.level ? 'judged' : 'not-judged' }, title: `${label}: ${judged.title}` },
        h('span', { style: `color:${style.color}`, 'aria-hidden': 'true' }, '■'),
        ` ${judged.level ? change(judged.level.before, judged.level.after, series.metric.unit) : 'not judged'}`));
      }
    }
    const last = loaded[0]?.points.at(-1);
    replace(summary, last ? `${number(last.score)} ${loaded[0].series.metric.unit} ` : 'no results', changes);
    this.charts.push(new window.Chart(canvas, {
      type: 'line',
      data: { datasets },
      plugins: [bandsWithinScores, floorAtZero],
      options: {
        animation: false, parsing: false, responsive: true, maintainAspectRatio: false, spanGaps: true,
        events: [],
        plugins: { legend: { display: false }, tooltip: { enabled: false }, decimation: { enabled: true },
          annotation: { annotations: changeLines(tile.changePoints, axis) } },
        scales: { x: { type: 'linear', display: false }, y: { ticks: { maxTicksLimit: 3, font: { size: 10 } } } },
      },
    }));
    this.debug.counts[String(tile.benchmarkCase.id)] = counts;
    this.debug.drawn += 1;
    item.dataset.state = 'ready';
    item.dataset.points = JSON.stringify(counts);
    if (this.debug.drawn === this.debug.tiles) {
      this.setState('ready');
    }
  }
}

/**
 * A tile's change per environment, judged as the timeline and the Changes page judge: results measured on a host
 * the runner's checks flagged (point.noisy) are left out of a throughput-like metric, as detection leaves them out;
 * with too few quiet results left the tile says "not judged" and why, rather than a step nobody reached. Allocation
 * per operation and GC counts do not depend on the host's load and keep every result.
 */
export function tileChange(scores, series) {
  const counted = /^gc\.(alloc\.rate\.norm|count)$/.test(series.metric?.name ?? '')
    || ['B/op', 'counts'].includes(series.metric?.unit);
  const noisy = counted ? [] : scores.filter((s) => s.point?.noisy);
  const level = levelChange(noisy.length ? scores.filter((s) => !s.point?.noisy) : scores);
  const reasons = [...new Set(noisy.map((s) => s.point.noiseReason ?? 'the runner flagged the run as noisy'))];
  const leftOut = noisy.length ? `; ${noisy.length} of ${scores.length} results on a loaded host left out `
    + `(${reasons.join('; ')})` : '';
  if (level !== null) {
    return { level, title: `median of the last ${level.k} results against the first ${level.k}${leftOut}` };
  }
  return noisy.length ? { level: null, title: `not judged: ${noisy.length} of ${scores.length} results measured on `
    + `a loaded host (${reasons.join('; ')}), too few quiet ones left to compare` } : null;
}

const LINE_COLOURS = { worse: '#D55E00', better: '#009E73', neutral: '#777' };

/** A thin vertical line at each change point's commit among the tile's results (dotted while not confirmed). */
function changeLines(points, axis) {
  const lines = {};
  points.forEach((point, i) => {
    const x = axis.indexOf(point.commit?.sha);
    if (x !== undefined) {
      const firm = point.status === 'alerted' || point.status === 'confirmed';
      // grey where the change did not hold or notifies nobody, as on the timeline; its mark above keeps the arrow
      const colour = GREY_STATUSES.has(point.status) ? LINE_COLOURS.neutral : LINE_COLOURS[tone(point)];
      lines[`change${i}`] = { type: 'line', xMin: x, xMax: x, borderColor: colour,
        borderWidth: 1, borderDash: firm ? [] : [2, 2] };
    }
  });
  return lines;
}
