// The Timeline page: one benchmark case, one line per environment, the allocation chart linked below it, and the
// commit panel. Its whole state is the URL (docs/ui.md lists the parameters); the page only reacts to it. This file
// resolves the URL into a selection and keeps the page's lifecycle; loading.js reads the data, controls.js renders the
// controls, view.js the charts, detail.js the whole history's detail on zoom.

import * as api from '../api.js';
import { h, replace, typing } from '../dom.js';
import { caseLabel, shortSha } from '../format.js';
import { navigate } from '../router.js';
import { renderCommitPanel } from './commit-panel.js';
import { ALLOC, jvmOf, sameCommit } from './data.js';
import { controls } from './controls.js';
import { detail } from './detail.js';
import { loading } from './loading.js';
import { list } from './params.js';
import { view } from './view.js';


/** Parameters whose change means new data; the others only redraw or move the view. */
const DATA = ['project', 'branch', 'benchmark', 'case', 'metric', 'hostClass', 'jvm', 'revs', 'buckets', 'add'];
const VIEW = ['x', 'median', 'band', 'noise', 'hide', 'base', 'norm'];

export async function mount(root, params, context) {
  const page = new TimelinePage(root, context);
  await page.update(params);
  return page;
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
    // From here to the chart on screen is what docs/ui.md's timeline figures measure (TimelineBenchmark).
    performance.mark('timeline:update');
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
        this.detailKey = null;
        this.painted = false;
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
      if (!this.painted) {
        this.painted = true;
        requestAnimationFrame(() => {
          const measure = performance.measure('timeline:drawn', 'timeline:update');
          this.debug.paintMs = Math.round(measure.duration);
          this.debug.sinceNavigationMs = Math.round(performance.now());
        });
      }
      this.syncDetail();
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
    return { ...selection, series: caseSeries, allSeries: series, environments, candidates, hostClasses, jvms };
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

  open(sha, { focus = false, replace = false } = {}) {
    this.focusPanel = focus;
    this.set({ commit: sha }, { replace });
  }

  async renderPanel() {
    const sha = this.params.get('commit');
    if (!sha || !this.loaded) {
      this.panel.hidden = true;
      this.panel.replaceChildren();
      delete this.panel.dataset.commit;
      return;
    }
    const loaded = this.loaded;
    const { lines, order } = await this.panelLines(sha);
    if (this.loaded !== loaded || this.params.get('commit') !== sha) {
      return;
    }
    const time = lines.flatMap((l) => l.primary?.points ?? []).find((p) => sameCommit(p.commit.sha, sha))?.commit.time;
    if (time && time !== this.selectedTime) {
      this.selectedTime = time;
      this.updateAnnotations();
    }
    const heading = renderCommitPanel(this.panel, sha, {
      lines,
      order,
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

}

// The controls (pickers, options, legend) and the charts (datasets, annotations, zoom) change for their own
// reasons; they live in controls.js and view.js as methods of this page.
Object.assign(TimelinePage.prototype, controls, view, detail, loading);
