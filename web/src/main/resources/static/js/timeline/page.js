// The Timeline page: one benchmark case, one line per environment, the allocation chart linked below it, and the
// commit panel. Its whole state is the URL (docs/ui.md lists the parameters); the page only reacts to it.

import * as api from '../api.js';
import { checkbox, h, replace, select, typing } from '../dom.js';
import { benchmarkName, caseLabel, date, shortSha } from '../format.js';
import { seriesStyle, translucent } from '../palette.js';
import { navigate } from '../router.js';
import { annotationsOf, chartAnnotations } from './annotations.js';
import { timelineChart, visibleRange } from './charts.js';
import { renderCommitPanel } from './commit-panel.js';
import { ALLOC, environmentLabels, jvmOf, line, rollingMedian, sameCommit, valueAt, xAxis } from './data.js';

const REVS = [50, 100, 200, 500, 1000, 2000, 5000, 10000];
const DEFAULT_REVS = 200;
const MAX_REVS = 100000;
const MEDIANS = [0, 5, 9, 21];
const DEFAULT_MEDIAN = 9;

/** Parameters whose change means new data; the others only redraw or move the view. */
const DATA = ['project', 'branch', 'benchmark', 'case', 'metric', 'hostClass', 'jvm', 'revs'];
const VIEW = ['x', 'median', 'band', 'hide', 'base'];

export async function mount(root, params, context) {
  const page = new TimelinePage(root, context);
  await page.update(params);
  return page;
}

const list = (value) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : []);

function revsOf(params) {
  const value = Number.parseInt(params.get('revs') ?? '', 10);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, MAX_REVS) : DEFAULT_REVS;
}

function medianOf(params) {
  const value = Number.parseInt(params.get('median') ?? '', 10);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_MEDIAN;
}

function metricOrder(a, b) {
  const rank = (name) => (name === 'primary' ? 0 : name === ALLOC ? 1 : 2);
  return rank(a) - rank(b) || a.localeCompare(b);
}

class TimelinePage {
  constructor(root, context) {
    this.context = context;
    this.params = new URLSearchParams();
    this.generation = 0;
    this.dataKey = null;
    this.viewKey = null;
    this.loaded = null;
    this.alerts = [];
    this.baselines = new Map();
    this.charts = { primary: null, alloc: null };
    this.drawnAnnotations = {};
    this.syncing = false;
    this.focusPanel = false;
    this.debug = { state: 'loading', counts: {}, allocCounts: {}, annotations: [], baseline: {} };
    window.perfwatch.page = 'timeline';
    window.perfwatch.timeline = this.debug;
    this.debug.pixelOf = (label, sha, which = 'primary') => this.pixelOf(label, sha, which);

    this.pickers = h('div', { class: 'controls pickers' });
    this.options = h('div', { class: 'controls options' });
    this.legend = h('fieldset', { class: 'legend', id: 'environments' });
    this.status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
    this.primaryBox = h('div', { class: 'canvas-box', tabindex: '0', id: 'primary-chart',
      'aria-label': 'Timeline chart. Left and right arrows step through commits, Enter opens the commit.' },
    h('canvas', {}));
    this.allocBox = h('div', { class: 'canvas-box small', tabindex: '0', id: 'alloc-chart',
      'aria-label': 'Allocation per operation, linked to the timeline above.' }, h('canvas', {}));
    this.primaryFigure = h('figure', { class: 'chart', id: 'timeline-primary', dataset: { state: 'loading' } },
      this.primaryBox);
    this.allocFigure = h('figure', { class: 'chart', id: 'timeline-alloc', dataset: { state: 'loading' } },
      this.allocBox);
    this.panel = h('aside', { class: 'commit-panel', id: 'commit-panel', 'aria-labelledby': 'commit-heading',
      hidden: true });
    this.hint = h('p', { class: 'hint' },
      'Drag across a chart to zoom, Shift+drag to pan, Ctrl+wheel to zoom, 0 to reset. ',
      '← → step through commits, Esc closes the commit.');
    this.section = h('section', { class: 'timeline', 'aria-label': 'Timeline' },
      this.pickers, this.options, this.legend, this.status,
      h('div', { class: 'workspace' },
        h('div', { class: 'charts' }, this.primaryFigure, this.allocFigure, this.hint),
        this.panel));
    root.append(this.section);

    this.keydown = (event) => this.onKey(event);
    document.addEventListener('keydown', this.keydown);
    this.primaryBox.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !this.params.get('commit') && this.loaded) {
        const last = this.axis?.order.at(-1);
        if (last) {
          this.open(last, { focus: true });
        }
      }
    });
  }

  unmount() {
    document.removeEventListener('keydown', this.keydown);
    this.destroyCharts();
    this.section.remove();
    window.perfwatch.timeline = null;
  }

  /** Writes a change to the URL; the router then calls update. */
  set(changes, { replace = false } = {}) {
    const params = new URLSearchParams(this.params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === '') {
        params.delete(name);
      } else {
        params.set(name, String(value));
      }
    }
    navigate('timeline', params, { replace });
  }

  async update(params) {
    this.params = new URLSearchParams(params);
    const generation = ++this.generation;
    try {
      const selection = await this.resolve(this.params);
      if (generation !== this.generation) {
        return;
      }
      if (selection.redirect) {
        navigate('timeline', selection.redirect, { replace: true });
        return;
      }
      this.selection = selection;
      this.renderPickers(selection);
      if (selection.empty) {
        this.showEmpty(selection.empty);
        return;
      }
      const dataKey = DATA.map((name) => this.params.get(name) ?? '').join('\u0000');
      if (dataKey !== this.dataKey) {
        this.setState('loading');
        this.status.textContent = 'Loading…';
        const started = performance.now();
        const loaded = await this.load(selection);
        this.debug.loadMs = Math.round(performance.now() - started);
        if (generation !== this.generation) {
          return;
        }
        this.loaded = loaded;
        this.dataKey = dataKey;
        this.viewKey = null;
        this.fetchAnnotations(loaded, generation);
      }
      this.renderOptions(selection);
      this.renderLegend();
      const viewKey = VIEW.map((name) => this.params.get(name) ?? '').join('\u0000');
      if (viewKey !== this.viewKey) {
        const started = performance.now();
        this.draw();
        this.debug.drawMs = Math.round(performance.now() - started);
        this.viewKey = viewKey;
        this.fetchBaselines(generation);
      }
      this.applyZoom();
      this.updateAnnotations();
      this.renderPanel();
    } catch (error) {
      if (generation === this.generation) {
        this.fail(error);
      }
    }
  }

  /** The selection the URL names, or the URL to go to when it leaves something open (the first of each). */
  async resolve(params) {
    if (params.get('series')) {
      return { redirect: await this.seriesView(params) };
    }
    const projects = await api.projects();
    if (projects.length === 0) {
      return { empty: 'No results yet: upload a JMH run (see docs/api.md) and reload.', projects };
    }
    const redirect = {};
    let project = projects.find((p) => p.name === params.get('project'));
    if (!project) {
      if (params.get('project')) {
        this.context.notice([`There is no project ${params.get('project')}; showing ${projects[0].name}.`]);
      }
      project = projects[0];
      redirect.project = project.name;
      redirect.benchmark = null;
      redirect.case = null;
    }
    const branch = params.get('branch') || project.defaultBranch;
    const benchmarks = await api.benchmarks(project.name);
    let benchmark = redirect.project ? null : benchmarks.find((b) => b.name === params.get('benchmark'));
    if (!benchmark && benchmarks.length > 0) {
      benchmark = benchmarks[0];
      redirect.benchmark = benchmark.name;
      redirect.case = null;
    }
    const series = benchmark ? await api.series({ project: project.name, benchmark: benchmark.name, branch }) : [];
    const cases = [...new Map(series.map((s) => [s.case.id, s.case])).values()]
      .sort((a, b) => caseLabel(a).localeCompare(caseLabel(b), 'en', { numeric: true }));
    let benchmarkCase = redirect.case === null ? null : cases.find((c) => String(c.id) === params.get('case'));
    if (!benchmarkCase && cases.length > 0) {
      benchmarkCase = cases[0];
      redirect.case = String(benchmarkCase.id);
    }
    const caseSeries = benchmarkCase ? series.filter((s) => s.case.id === benchmarkCase.id) : [];
    const metrics = [...new Set(caseSeries.map((s) => s.metric.name))].sort(metricOrder);
    let metric = params.get('metric') || 'primary';
    if (metrics.length > 0 && !metrics.includes(metric)) {
      metric = metrics[0];
      redirect.metric = metric === 'primary' ? null : metric;
    }
    if (Object.keys(redirect).length > 0) {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(redirect)) {
        if (value === null) {
          next.delete(name);
        } else {
          next.set(name, value);
        }
      }
      if (next.toString() !== params.toString()) {
        return { redirect: next };
      }
    }
    const selection = { projects, project, branch, benchmarks, benchmark, cases, benchmarkCase, metrics, metric };
    if (!benchmark || !benchmarkCase) {
      return { ...selection, empty: `No results on branch ${branch} of ${project.name} yet.` };
    }
    const environments = [...new Map(caseSeries.map((s) => [s.environment.id, s.environment])).values()]
      .sort((a, b) => a.hostClass.localeCompare(b.hostClass, 'en', { numeric: true })
        || jvmOf(a).localeCompare(jvmOf(b), 'en', { numeric: true }) || a.id - b.id);
    const hostClasses = list(params.get('hostClass'));
    const jvms = list(params.get('jvm'));
    const candidates = environments.filter((e) => (hostClasses.length === 0 || hostClasses.includes(e.hostClass))
      && (jvms.length === 0 || jvms.includes(jvmOf(e))));
    return { ...selection, series: caseSeries, environments, candidates, hostClasses, jvms };
  }

  /**
   * A link to one series (alert messages link `#/timeline?series=<id>`) opens its case with its environment
   * ticked, in the page's own parameters.
   */
  async seriesView(params) {
    const next = new URLSearchParams(params);
    next.delete('series');
    try {
      const series = await api.get(`/api/v1/series/${encodeURIComponent(params.get('series'))}`);
      const projects = await api.projects();
      const project = projects.find((p) => p.name === series.project);
      next.set('project', series.project);
      if (project && series.branch !== project.defaultBranch) {
        next.set('branch', series.branch);
      } else {
        next.delete('branch');
      }
      next.set('benchmark', series.benchmark);
      next.set('case', String(series.case.id));
      if (series.metric.name === 'primary') {
        next.delete('metric');
      } else {
        next.set('metric', series.metric.name);
      }
      next.set('hostClass', series.environment.hostClass);
      next.set('jvm', jvmOf(series.environment));
    } catch (error) {
      this.context.notice([`There is no series ${params.get('series')}: ${error.message}`]);
    }
    return next;
  }

  /** A sha is the baseline itself; anything else is looked up as a tagged revision (a release) of the project. */
  async setBaseline(value) {
    if (!value || /^[0-9a-fA-F]{7,64}$/.test(value)) {
      this.set({ base: value.toLowerCase() || null });
      return;
    }
    const project = this.params.get('project');
    const tagged = await api.get(`/api/v1/codespeed/revisions?${api.query({ project, tag: value })}`)
      .catch(() => []);
    if (tagged.length === 0) {
      this.context.notice([`No commit of ${project} is tagged ${value}.`]);
      return;
    }
    this.context.notice([`Baseline: ${value} is ${shortSha(tagged[0].sha)}.`]);
    this.set({ base: tagged[0].sha });
  }

  /** Points of every candidate environment, for the chosen metric and for allocation per operation. */
  async load(selection) {
    const revs = revsOf(this.params);
    const labels = environmentLabels(selection.environments);
    const metricSeries = (name, environment) => selection.series
      .find((s) => s.metric.name === name && s.environment.id === environment.id);
    const lines = await Promise.all(selection.candidates.map(async (environment) => {
      const index = selection.environments.indexOf(environment);
      const style = seriesStyle(index);
      const fetchOf = async (series) => (series ? {
        series, points: await api.points(series.id, revs), unit: series.metric.unit,
        direction: series.metric.direction,
      } : null);
      const [primary, alloc] = await Promise.all([fetchOf(metricSeries(selection.metric, environment)),
        selection.metric === ALLOC ? null : fetchOf(metricSeries(ALLOC, environment))]);
      return { environment, label: labels.get(environment.id), color: style.color, dash: style.dash, primary, alloc };
    }));
    return { selection, revs, lines: lines.filter((l) => l.primary) };
  }

  fetchAnnotations(loaded, generation) {
    this.alerts = [];
    const ids = loaded.lines.flatMap((l) => [l.primary?.series.id, l.alloc?.series.id]).filter(Boolean);
    annotationsOf(ids).then((alerts) => {
      if (generation === this.generation || this.loaded === loaded) {
        this.alerts = alerts;
        this.updateAnnotations();
      }
    });
  }

  /** Baseline values at the base commit; when it is older than the loaded points, the whole series is read once. */
  fetchBaselines(generation) {
    const base = this.params.get('base');
    this.baselines = new Map();
    if (!base || !this.loaded) {
      this.debug.baseline = {};
      return;
    }
    const loaded = this.loaded;
    const valueOf = async (data) => {
      if (!data) {
        return null;
      }
      const value = valueAt(data.points, base);
      if (value !== null || data.points.length < loaded.revs) {
        return value;
      }
      return valueAt(await api.points(data.series.id, MAX_REVS), base);
    };
    Promise.all(loaded.lines.map(async (l) => [l, await valueOf(l.primary), await valueOf(l.alloc)]))
      .then((values) => {
        if (this.loaded !== loaded || this.params.get('base') !== base) {
          return;
        }
        this.baselines = new Map(values.map(([l, primary, alloc]) => [l, { primary, alloc }]));
        this.debug.baseline = Object.fromEntries(values.map(([l, primary]) => [l.label, primary]));
        this.updateAnnotations();
      })
      .catch((error) => console.warn('baseline', error));
  }

  setState(state) {
    this.debug.state = state;
    this.primaryFigure.dataset.state = state;
    this.allocFigure.dataset.state = state;
  }

  fail(error) {
    this.setState('error');
    this.status.textContent = `Could not load the timeline: ${error.message}`;
    this.status.classList.add('error');
    console.warn(error);
  }

  showEmpty(message) {
    this.destroyCharts();
    this.options.replaceChildren();
    this.legend.replaceChildren();
    this.panel.hidden = true;
    this.primaryFigure.hidden = true;
    this.allocFigure.hidden = true;
    this.status.textContent = message;
    this.setState('empty');
    this.dataKey = null;
    this.viewKey = null;
  }

  /** Rebuilding the controls keeps keyboard focus on the control that was used. */
  keepFocus(render) {
    const focused = document.activeElement?.id;
    render();
    if (focused && document.activeElement?.id !== focused) {
      document.getElementById(focused)?.focus();
    }
  }

  renderPickers(selection) {
    this.keepFocus(() => {
      const { projects, project, branch, benchmarks = [], benchmark, cases = [], benchmarkCase, metrics = [] } = selection;
      if (!project) {
        this.pickers.replaceChildren();
        return;
      }
      const units = new Map((selection.series ?? []).map((s) => [s.metric.name, s.metric.unit]));
      replace(this.pickers,
        select('pick-project', 'Project', projects.map((p) => [p.name, p.name]), project.name,
          (value) => this.set({ project: value, branch: null, benchmark: null, case: null, metric: null, commit: null,
            zoom: null, base: null })),
        project.branches.length > 1 ? select('pick-branch', 'Branch', project.branches.map((b) => [b, b]), branch,
          (value) => this.set({ branch: value === project.defaultBranch ? null : value, commit: null, zoom: null }))
          : null,
        select('pick-benchmark', 'Benchmark',
          benchmarks.map((b) => [b.name, `${benchmarkName(b.name)} (${b.cases})`, b.name]), benchmark?.name,
          (value) => this.set({ benchmark: value, case: null, commit: null, zoom: null, base: null })),
        select('pick-case', 'Case', cases.map((c) => [String(c.id), caseLabel(c)]), String(benchmarkCase?.id),
          (value) => this.set({ case: value, commit: null, zoom: null, base: null })),
        select('pick-metric', 'Metric',
          metrics.map((m) => [m, units.get(m) ? `${m} (${units.get(m)})` : m]), selection.metric,
          (value) => this.set({ metric: value === 'primary' ? null : value, zoom: null })),
        benchmark ? h('a', { class: 'side-link', id: 'grid-link',
          href: `#/grid?${new URLSearchParams({ project: project.name, benchmark: benchmark.name,
            ...(selection.metric !== 'primary' ? { metric: selection.metric } : {}) }).toString()}` },
        'All cases in a grid') : null);
    });
  }

  renderOptions() {
    this.keepFocus(() => {
      const revs = revsOf(this.params);
      const revOptions = [...new Set([...REVS, revs])].sort((a, b) => a - b)
        .map((n) => [String(n), `last ${n}`]);
      const median = medianOf(this.params);
      const medianOptions = [...new Set([...MEDIANS, median])].sort((a, b) => a - b)
        .map((n) => [String(n), n === 0 ? 'off' : `of ${n}`]);
      const base = this.params.get('base');
      replace(this.options,
        select('opt-revs', 'Results', revOptions, String(revs),
          (value) => this.set({ revs: Number(value) === DEFAULT_REVS ? null : value, zoom: null })),
        select('opt-x', 'X axis', [['date', 'commit date'], ['index', 'equidistant commits']],
          this.params.get('x') === 'index' ? 'index' : 'date',
          (value) => this.set({ x: value === 'date' ? null : value, zoom: null }, { replace: true })),
        select('opt-median', 'Moving median', medianOptions, String(median),
          (value) => this.set({ median: Number(value) === DEFAULT_MEDIAN ? null : value }, { replace: true })),
        checkbox('opt-band', 'Error band', this.params.get('band') !== 'off',
          (checked) => this.set({ band: checked ? null : 'off' }, { replace: true })),
        h('label', { class: 'field', for: 'opt-base' }, h('span', {}, 'Baseline commit or tag'),
          h('input', { id: 'opt-base', type: 'text', value: base ?? '', placeholder: 'sha or tag', size: '12',
            spellcheck: 'false', autocomplete: 'off',
            onchange: (event) => this.setBaseline(event.target.value.trim()) })),
        h('button', { type: 'button', id: 'reset-zoom', onclick: () => this.resetZoom(),
          title: 'Show all loaded results (0)' }, 'Reset zoom'));
    });
  }

  renderLegend() {
    const selection = this.selection;
    const hidden = new Set(list(this.params.get('hide')));
    const filtered = selection.hostClasses.length > 0 || selection.jvms.length > 0;
    this.keepFocus(() => {
      replace(this.legend,
        h('legend', {}, 'Environments'),
        this.loaded.lines.map((l) => checkbox(`env-${l.environment.id}`,
          [h('span', { class: 'swatch', style: `background:${l.color}`, 'aria-hidden': 'true' }), l.label,
            h('span', { class: 'count' }, ` ${l.primary.points.length}`), detectable(l.primary.series)],
          !hidden.has(String(l.environment.id)),
          (checked) => {
            const next = new Set(hidden);
            if (checked) {
              next.delete(String(l.environment.id));
            } else {
              next.add(String(l.environment.id));
            }
            this.set({ hide: [...next].join(',') }, { replace: true });
          },
          { title: [l.environment.vmName, l.environment.vmVersion, ...(l.environment.jvmArgs ?? [])]
            .filter(Boolean).join(' ') })),
        filtered ? h('button', { type: 'button', class: 'link', id: 'all-environments',
          onclick: () => this.set({ hostClass: null, jvm: null, hide: null }) },
        `Only ${[...selection.hostClasses, ...selection.jvms.map((j) => `JDK ${j}`)].join(', ')}: `
          + `show all ${selection.environments.length} environments`) : null,
        this.loaded.lines.length === 0 ? h('span', { class: 'muted' }, 'No environment matches.') : null);
    });
  }

  visibleLines() {
    const hidden = new Set(list(this.params.get('hide')));
    return this.loaded.lines.filter((l) => !hidden.has(String(l.environment.id)));
  }

  /** Datasets of one chart: per environment its scores, the ±error band and the moving median. */
  datasets(lines, which) {
    const band = this.params.get('band') !== 'off';
    const median = medianOf(this.params);
    const datasets = [];
    const counts = {};
    for (const l of lines) {
      const data = l[which];
      if (!data) {
        continue;
      }
      const { scores, upper, lower } = line(data.points, this.axis);
      counts[l.label] = scores.length;
      const many = scores.length > 400;
      if (band && upper.length > 0) {
        datasets.push({ role: 'band-lower', label: `${l.label} −error`, data: lower, borderWidth: 0, pointRadius: 0,
          pointHitRadius: 0, fill: false });
        datasets.push({ role: 'band', label: `${l.label} +error`, data: upper, borderWidth: 0, pointRadius: 0,
          pointHitRadius: 0, fill: '-1', backgroundColor: translucent(l.color, 0.16) });
      }
      const medians = rollingMedian(scores, median);
      datasets.push({
        role: 'score', label: l.label, data: scores, environment: l.environment.id,
        borderColor: medians.length ? translucent(l.color, 0.45) : l.color, borderWidth: medians.length ? 1 : 1.5,
        borderDash: l.dash, backgroundColor: l.color, pointBackgroundColor: l.color, pointBorderWidth: 0,
        pointRadius: many ? 0 : 2.5, pointHoverRadius: 5, pointHitRadius: 6,
      });
      if (medians.length) {
        datasets.push({ role: 'median', label: `${l.label} median`, data: medians, borderColor: l.color,
          borderDash: l.dash, borderWidth: 2.25, pointRadius: 0, pointHitRadius: 0 });
      }
    }
    return { datasets, counts };
  }

  destroyCharts() {
    for (const name of ['primary', 'alloc']) {
      this.charts[name]?.destroy();
      this.charts[name] = null;
    }
  }

  draw() {
    this.destroyCharts();
    this.drawnAnnotations = {};
    const lines = this.visibleLines();
    const { selection } = this.loaded;
    const all = this.loaded.lines.flatMap((l) => [l.primary?.points, l.alloc?.points]).filter(Boolean);
    this.axis = xAxis(this.params.get('x') === 'index' ? 'index' : 'date', all);
    this.debug.xMode = this.axis.mode;
    Object.defineProperty(this.debug, 'order', { configurable: true, enumerable: true, get: () => this.axis.order });

    const primaryUnit = this.loaded.lines[0]?.primary.unit;
    const primaryDirection = this.loaded.lines[0]?.primary.direction;
    const primary = this.datasets(lines, 'primary');
    this.primaryFigure.hidden = false;
    this.charts.primary = timelineChart(this.primaryBox.querySelector('canvas'), {
      axis: this.axis, datasets: primary.datasets, unit: primaryUnit, direction: primaryDirection,
      title: `${benchmarkName(selection.benchmark.name)} · ${caseLabel(selection.benchmarkCase)} · ${selection.metric}`,
      annotations: this.createdAnnotations('primary'),
      onCommit: (sha) => this.open(sha, { focus: true }), onZoom: (chart) => this.onZoom(chart),
    });
    this.debug.counts = primary.counts;
    this.primaryFigure.dataset.points = JSON.stringify(primary.counts);

    const allocLine = this.loaded.lines.find((l) => l.alloc);
    const alloc = this.datasets(lines, 'alloc');
    this.debug.allocCounts = alloc.counts;
    this.allocFigure.dataset.points = JSON.stringify(alloc.counts);
    this.allocFigure.hidden = !allocLine;
    if (allocLine) {
      this.charts.alloc = timelineChart(this.allocBox.querySelector('canvas'), {
        axis: this.axis, datasets: alloc.datasets, unit: allocLine.alloc.unit, direction: allocLine.alloc.direction,
        title: `${ALLOC} (${allocLine.alloc.unit})`, annotations: this.createdAnnotations('alloc'),
        onCommit: (sha) => this.open(sha, { focus: true }), onZoom: (chart) => this.onZoom(chart),
      });
    }
    this.debug.charts = this.charts;
    const total = Object.values(primary.counts).reduce((a, b) => a + b, 0);
    const newest = lines.map((l) => l.primary.points.at(-1)?.commit)
      .filter(Boolean).reduce((a, b) => (Date.parse(b.time ?? 0) > Date.parse(a.time ?? 0) ? b : a), { time: null })?.sha;
    this.status.classList.remove('error');
    this.status.textContent = total === 0 ? 'No results for this selection.'
      : `${total} results in ${lines.length} of ${this.loaded.lines.length} environments, the last `
        + `${this.loaded.revs} of each; newest commit ${shortSha(newest)} of ${date(this.axis.times.get(newest))}.`
        + (allocLine || selection.metric === ALLOC ? '' : ` No ${ALLOC} for this case (JMH's -prof gc adds it).`);
    this.setState('ready');
  }

  /** The x of a commit on the current axis, or undefined when no loaded point has it. */
  xOf(sha) {
    if (!sha || !this.axis) {
      return undefined;
    }
    const full = this.axis.times.has(sha) ? sha : [...this.axis.times.keys()].find((s) => sameCommit(s, sha));
    if (!full) {
      return undefined;
    }
    return this.axis.mode === 'index' ? this.axis.indexOf(full) : this.axis.times.get(full) ?? undefined;
  }

  annotations(which) {
    // Change points and alerts: a mark per status, stacked labels, a legend (annotations.js).
    const result = chartAnnotations(this.alerts, (sha) => this.xOf(sha), which);
    const base = this.params.get('base');
    if (base) {
      let labelled = false;
      for (const l of this.visibleLines()) {
        const value = this.baselines.get(l)?.[which];
        if (value === null || value === undefined) {
          continue;
        }
        // One label says what the dashed lines are; one per environment would pile up over the points.
        result[`base-${l.environment.id}`] = { type: 'line', yMin: value, yMax: value, borderColor: l.color,
          borderWidth: 1.5, borderDash: [8, 4], drawTime: 'beforeDatasetsDraw',
          label: { display: !labelled, content: `baseline ${shortSha(base)}`, position: 'start',
            backgroundColor: 'rgba(255, 255, 255, 0.85)', color: '#333', font: { size: 10 }, padding: 2 } };
        labelled = true;
      }
    }
    const selected = this.xOf(this.params.get('commit'));
    if (selected !== undefined) {
      result.selected = { type: 'line', xMin: selected, xMax: selected, borderColor: '#222', borderWidth: 1 };
    }
    return result;
  }

  createdAnnotations(which) {
    const annotations = this.annotations(which);
    this.drawnAnnotations[which] = JSON.stringify(annotations);
    return annotations;
  }

  updateAnnotations() {
    if (!this.loaded || !this.axis) {
      return;
    }
    this.debug.annotations = this.alerts.map((a) => ({ ...a, x: this.xOf(a.sha) ?? null }));
    for (const which of ['primary', 'alloc']) {
      const chart = this.charts[which];
      const annotations = this.annotations(which);
      // An update redraws every point: skip it when the annotations are the ones drawn.
      const text = JSON.stringify(annotations);
      if (chart && text !== this.drawnAnnotations[which]) {
        chart.options.plugins.annotation.annotations = annotations;
        chart.update('none');
        this.drawnAnnotations[which] = text;
      }
    }
  }

  onZoom(chart) {
    if (this.syncing) {
      return;
    }
    const range = visibleRange(chart);
    this.syncing = true;
    try {
      for (const other of Object.values(this.charts)) {
        if (other && other !== chart) {
          if (range) {
            other.zoomScale('x', range, 'none');
          } else {
            other.resetZoom('none');
          }
        }
      }
    } finally {
      this.syncing = false;
    }
    const round = (value) => (this.axis.mode === 'index' ? Math.round(value * 100) / 100 : Math.round(value));
    this.set({ zoom: range ? `${round(range.min)},${round(range.max)}` : null }, { replace: true });
  }

  /** Applies the URL's zoom to both charts unless they already show it (the URL was written by a zoom). */
  applyZoom() {
    const [min, max] = list(this.params.get('zoom')).map(Number);
    const wanted = Number.isFinite(min) && Number.isFinite(max) && min < max ? { min, max } : null;
    for (const chart of Object.values(this.charts)) {
      if (!chart) {
        continue;
      }
      const range = visibleRange(chart);
      const tolerance = this.axis.mode === 'index' ? 0.01 : 1;
      if (wanted && (!range || Math.abs(range.min - wanted.min) > tolerance
        || Math.abs(range.max - wanted.max) > tolerance)) {
        chart.zoomScale('x', wanted, 'none');
      } else if (!wanted && range) {
        chart.resetZoom('none');
      }
    }
  }

  resetZoom() {
    for (const chart of Object.values(this.charts)) {
      chart?.resetZoom('none');
    }
    this.set({ zoom: null }, { replace: true });
  }

  zoomBy(factor) {
    const chart = this.charts.primary;
    if (!chart) {
      return;
    }
    chart.zoom({ x: factor }, 'none');
    this.onZoom(chart);
  }

  open(sha, { focus = false, replace = false } = {}) {
    this.focusPanel = focus;
    this.set({ commit: sha }, { replace });
  }

  renderPanel() {
    const sha = this.params.get('commit');
    if (!sha || !this.loaded) {
      this.panel.hidden = true;
      this.panel.replaceChildren();
      delete this.panel.dataset.commit;
      return;
    }
    const heading = renderCommitPanel(this.panel, sha, {
      lines: this.visibleLines(),
      order: this.axis.order,
      repository: this.loaded.selection.project.repository,
      project: this.loaded.selection.project.name,
      metricLabel: this.loaded.selection.metric,
      base: this.params.get('base'),
      onSelect: (next) => this.open(next, { replace: true }),
      onClose: () => {
        this.set({ commit: null });
        this.primaryBox.focus();
      },
      onBaseline: (commit) => this.set({ base: commit }),
    });
    if (this.focusPanel) {
      heading.focus();
      this.focusPanel = false;
    }
  }

  /** Keys work anywhere on the page except in form controls; arrows step through commits in branch order. */
  onKey(event) {
    if (typing(event) || !this.loaded || !this.axis) {
      return;
    }
    const order = this.axis.order;
    const current = order.findIndex((s) => sameCommit(s, this.params.get('commit')));
    const step = (index) => {
      event.preventDefault();
      const target = order[Math.max(0, Math.min(order.length - 1, index))];
      if (target) {
        this.open(target, { replace: current >= 0 });
      }
    };
    const inChart = this.primaryBox.contains(event.target) || this.allocBox.contains(event.target);
    switch (event.key) {
      case 'ArrowLeft':
        if (inChart || this.panel.contains(event.target) || event.target === document.body) {
          step(current < 0 ? order.length - 1 : current - 1);
        }
        break;
      case 'ArrowRight':
        if (inChart || this.panel.contains(event.target) || event.target === document.body) {
          step(current < 0 ? order.length - 1 : current + 1);
        }
        break;
      case 'Home':
        if (inChart) {
          step(0);
        }
        break;
      case 'End':
        if (inChart) {
          step(order.length - 1);
        }
        break;
      case 'Escape':
        if (this.params.get('commit')) {
          event.preventDefault();
          this.set({ commit: null });
          this.primaryBox.focus();
        }
        break;
      case '+':
      case '=':
        this.zoomBy(1.5);
        break;
      case '-':
        this.zoomBy(1 / 1.5);
        break;
      case '0':
        this.resetZoom();
        break;
      default:
    }
  }

  /** Where a commit's point of an environment is drawn, in CSS pixels from the canvas' top left (for tests). */
  pixelOf(label, sha, which) {
    const chart = this.charts[which];
    if (!chart) {
      return null;
    }
    const datasetIndex = chart.data.datasets.findIndex((d) => d.role === 'score' && d.label === label);
    if (datasetIndex < 0) {
      return null;
    }
    const index = chart.data.datasets[datasetIndex].data.findIndex((d) => sameCommit(d.point.commit.sha, sha));
    const element = chart.getDatasetMeta(datasetIndex).data[index];
    return element ? { x: element.x, y: element.y, width: chart.width, height: chart.height } : null;
  }
}

/**
 * The smallest step the detector finds in a series within three runs, from the noise it measured there: a reader
 * should not expect a 2% regression to be caught on a series whose noise only lets 8% through.
 */
function detectable(series) {
  const mdc = series.minimalDetectableChange;
  if (mdc === null || mdc === undefined || !Number.isFinite(mdc)) {
    return null;
  }
  const noise = Number.isFinite(series.noise) ? `; run-to-run noise ${(series.noise * 100).toFixed(1)}%` : '';
  return h('span', { class: 'detectable', title: `minimal detectable change: the smallest step the detector `
    + `finds within three runs${noise}` }, ` · detects ≥ ${(mdc * 100).toFixed(1)}%`);
}
