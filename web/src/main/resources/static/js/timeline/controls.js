// The timeline's controls: the pickers (project, branch, benchmark, case, metric), the view options and the
// legend of environments. Methods of the timeline page (Object.assign in page.js): they read this.params and
// write the URL through this.set.

import { checkbox, copyButton, h, replace, select } from '../dom.js';
import { benchmarkNames, caseLabel, number, userBranches } from '../format.js';
import * as api from '../api.js';
import { UNKNOWN_JVM } from './data.js';
import { overviewOf } from './overview.js';
import { addEntry, normalisationOf } from './several.js';
import { DEFAULT_MEDIAN, DEFAULT_REVS, MEDIANS, REVS, list, medianOf, revsOf } from './params.js';

/**
 * The smallest step the detector finds in a series within three runs, from the noise it measured there: a reader
 * should not expect a 2% regression to be caught on a series whose noise only lets 8% through.
 */
function detectable(series) {
  const mdc = series.minimalDetectableChange;
  if (mdc === null || mdc === undefined || !Number.isFinite(mdc)) {
    // Too few runs left to measure the noise (most on a loaded host): say so rather than a detector's floor.
    return series.noiseNote ? h('span', { class: 'detectable', title: 'the detector measures a series\' noise '
      + 'from its runs; runs on a loaded host are kept out of detection' }, ` · ${series.noiseNote}`) : null;
  }
  // Near-zero metrics (B/op, GCs) are judged in their unit: a percentage of a level near zero means nothing.
  const amount = (value) => (series.noiseInUnit ? `${number(value)} ${series.metric?.unit ?? ''}`.trim()
    : `${(value * 100).toFixed(1)}%`);
  const noise = Number.isFinite(series.noise) ? `; run-to-run noise ${amount(series.noise)}` : '';
  return h('span', { class: 'detectable', title: `minimal detectable change: the smallest step the detector `
    + `finds within three runs${noise}` }, ` · detects ≥ ${amount(mdc)}`);
}

export const controls = {
  renderPickers(selection) {
    this.keepFocus(() => {
      const { projects, project, branch, benchmarks = [], benchmark, cases = [], benchmarkCase, metrics = [] } = selection;
      if (!project) {
        this.pickers.replaceChildren();
        return;
      }
      const units = new Map((selection.series ?? []).map((s) => [s.metric.name, s.metric.unit]));
      const named = benchmarkNames(benchmarks.map((b) => b.name));
      replace(this.pickers,
        select('pick-project', 'Project', projects.map((p) => [p.name, p.name]), project.name,
          (value) => this.set({ project: value, branch: null, benchmark: null, case: null, metric: null, commit: null,
            zoom: null, base: null })),
        userBranches(project.branches).length > 1 ? select('pick-branch', 'Branch',
          userBranches(project.branches).map((b) => [b, b]), branch,
          (value) => this.set({ branch: value === project.defaultBranch ? null : value, commit: null, zoom: null }))
          : null,
        select('pick-benchmark', 'Benchmark',
          benchmarks.map((b) => [b.name, `${named(b.name)} (${b.cases})`, b.name]), benchmark?.name,
          (value) => this.set({ benchmark: value, case: null, commit: null, zoom: null, base: null })),
        select('pick-case', 'Case', cases.map((c) => [String(c.id), caseLabel(c), caseLabel(c)]),
          String(benchmarkCase?.id),
          (value) => this.set({ case: value, commit: null, zoom: null, base: null })),
        select('pick-metric', 'Metric',
          metrics.map((m) => [m, units.get(m) ? `${m} (${units.get(m)})` : m]), selection.metric,
          (value) => this.set({ metric: value === 'primary' ? null : value, zoom: null })),
        benchmark ? this.addPicker(selection) : null,
        benchmark ? h('a', { class: 'side-link', id: 'grid-link',
          href: `#/grid?${new URLSearchParams({ project: project.name, benchmark: benchmark.name,
            ...(selection.metric !== 'primary' ? { metric: selection.metric } : {}) }).toString()}` },
        'All cases in a grid') : null,
        // The whole name, wrapped rather than cut as a select cuts it, with a copy button.
        benchmark ? h('p', { class: 'full-name', id: 'full-name' }, h('span', {}, benchmark.name,
          benchmarkCase ? ` · ${caseLabel(benchmarkCase)}` : ''), copyButton(benchmark.name)) : null);
    });
  },

  /**
   * Another case on the same chart: a case of this benchmark, or of another one picked in "from" (its cases are
   * read when it is picked). The choice goes into add= (several.js).
   */
  addPicker(selection) {
    const { benchmarks = [], benchmark, cases = [], benchmarkCase } = selection;
    const from = benchmarks.some((b) => b.name === this.addFrom) ? this.addFrom : benchmark.name;
    const entries = list(this.params.get('add'));
    const fromCases = from === benchmark.name ? cases : this.addCases?.get(from) ?? [];
    const addable = fromCases.filter((c) => !(from === benchmark.name && c.id === benchmarkCase?.id)
      && !entries.includes(addEntry(from, c.id, benchmark.name)));
    const named = benchmarkNames(benchmarks.map((b) => b.name));
    return h('span', { class: 'add-series' },
      benchmarks.length > 1 ? select('add-from', 'Add from', benchmarks.map((b) => [b.name, named(b.name), b.name]),
        from, (value) => this.pickAddFrom(value)) : null,
      select('add-case', 'Add a case to the chart',
        [['', addable.length ? 'choose a case…' : 'no other case'],
          ...addable.map((c) => [String(c.id), caseLabel(c), caseLabel(c)])], '',
        (value) => value && this.set({ add: [...entries, addEntry(from, value, benchmark.name)].join(',') })));
  },

  async pickAddFrom(name) {
    this.addFrom = name;
    this.addCases ??= new Map();
    if (!this.addCases.has(name)) {
      const { project, branch } = this.selection;
      const series = await api.series({ project: project.name, benchmark: name, branch }).catch(() => []);
      this.addCases.set(name, [...new Map(series.map((s) => [s.case.id, s.case])).values()]
        .sort((a, b) => caseLabel(a).localeCompare(caseLabel(b), 'en', { numeric: true })));
    }
    this.renderPickers(this.selection);
  },

  renderOptions() {
    this.keepFocus(() => {
      const revs = revsOf(this.params);
      const revOptions = [...[...new Set([...REVS, revs])].sort((a, b) => a - b)
        .map((n) => [String(n), `last ${n}`]), ['all', 'whole history (ranges, detail on zoom)']];
      const median = medianOf(this.params);
      const medianOptions = [...new Set([...MEDIANS, median])].sort((a, b) => a - b)
        .map((n) => [String(n), n === 0 ? 'off' : `of ${n}`]);
      const base = this.params.get('base');
      const norm = this.loaded ? normalisationOf(this.params, this.loaded.lines) : { mode: null, forced: false };
      replace(this.options,
        select('opt-revs', 'Results', revOptions, overviewOf(this.params) ? 'all' : String(revs),
          (value) => this.set({ revs: Number(value) === DEFAULT_REVS ? null : value, zoom: null })),
        // The equidistant axis needs every commit; a whole history in ranges is drawn on commit dates.
        select('opt-x', 'X axis', [['date', 'commit date (or when recorded)'], ['index', 'equidistant commits']],
          this.params.get('x') === 'index' && !this.loaded?.overview ? 'index' : 'date',
          (value) => this.set({ x: value === 'date' ? null : value, zoom: null }, { replace: true })),
        select('opt-median', 'Moving median', medianOptions, String(median),
          (value) => this.set({ median: Number(value) === DEFAULT_MEDIAN ? null : value }, { replace: true })),
        select('opt-norm', 'Normalise', [['off', 'off (values in their unit)'], ['first', 'to each line\'s first result'],
          ['median', 'to each line\'s median']], norm.mode ?? 'off',
        // Off is the default unless the lines' units differ: then it has to be said in the URL.
        (value) => this.set({ norm: value === 'off' && !norm.forced ? null : value }, { replace: true })),
        checkbox('opt-band', 'Error band', this.params.get('band') !== 'off',
          (checked) => this.set({ band: checked ? null : 'off' }, { replace: true })),
        checkbox('opt-noise', 'Noise band', this.params.get('noise') !== 'off',
          (checked) => this.set({ noise: checked ? null : 'off' }, { replace: true }),
          { title: '±2σ of the detector\'s noise of each series around its moving median' }),
        h('label', { class: 'field', for: 'opt-base' }, h('span', {}, 'Baseline commit or tag'),
          h('input', { id: 'opt-base', type: 'text', value: base ?? '', placeholder: 'sha or tag', size: '12',
            spellcheck: 'false', autocomplete: 'off',
            onchange: (event) => this.setBaseline(event.target.value.trim()) })),
        h('button', { type: 'button', id: 'reset-zoom', onclick: () => this.resetZoom(),
          title: 'Show all loaded results (0)' }, 'Reset zoom'));
    });
  },

  renderLegend() {
    const selection = this.selection;
    const hidden = new Set(list(this.params.get('hide')));
    const filtered = selection.hostClasses.length > 0 || selection.jvms.length > 0;
    this.keepFocus(() => {
      replace(this.legend,
        h('legend', {}, 'Environments'),
        this.loaded.lines.map((l) => [checkbox(`env-${l.key.replace(/[^0-9A-Za-z_-]/g, '-')}`,
          [h('span', { class: 'swatch', style: `background:${l.color}`, 'aria-hidden': 'true' }), l.label,
            h('span', { class: 'count' }, ` ${(l.primary.overview?.total ?? l.primary.points.length).toLocaleString('en')}`),
            detectable(l.primary.series)],
          !hidden.has(l.key),
          (checked) => {
            const next = new Set(hidden);
            if (checked) {
              next.delete(l.key);
            } else {
              next.add(l.key);
            }
            this.set({ hide: [...next].join(',') }, { replace: true });
          },
          { title: [l.environment.vmName, l.environment.vmVersion, ...(l.environment.jvmArgs ?? [])]
            .filter(Boolean).join(' ') }),
        // An added case leaves the chart with its button (once, at its first line).
        l.added && this.loaded.lines.find((other) => other.added === l.added) === l
          ? h('button', { type: 'button', class: 'link remove-case', title: `Take ${l.caseName} off the chart`,
            onclick: () => this.set({ add: list(this.params.get('add')).filter((e) => e !== l.added).join(','),
              hide: [...hidden].filter((key) => !key.startsWith(`${l.key.split('-')[0]}-`)).join(',') }) },
            `remove ${l.caseName}`)
          : null]),
        // "Show all 1 environment" offered nothing: with one environment in all, the filter hides none.
        filtered && (selection.environments.length > 1 || this.loaded.lines.length === 0)
          ? h('button', { type: 'button', class: 'link', id: 'all-environments',
            onclick: () => this.set({ hostClass: null, jvm: null, hide: null }) },
          `Only ${[...selection.hostClasses, ...selection.jvms.map(jdkWords)].join(', ')}: `
            + (selection.environments.length === 1 ? 'show the one environment'
              : `show all ${selection.environments.length} environments`))
          : null,
        this.loaded.lines.length > 1 ? h('a', { id: 'compare-environments', class: 'side-link',
          href: `#/environments?${new URLSearchParams({ project: selection.project.name,
            benchmark: selection.benchmark.name, ...(this.params.get('commit') ? { commit: this.params.get('commit') } : {}),
            environments: this.visibleLines().map((l) => l.environment.id).join(',') }).toString().replace(/%2C/gi, ',')}`,
          title: 'Every case of this benchmark in these environments at one commit (the selected or the newest)' },
        'compare environments') : null,
        this.loaded.lines.length === 0 ? h('span', { class: 'muted' }, 'No environment matches.') : null);
    });
  },
};

/** "JDK 17.0.2"; an environment that reported no JDK is not "JDK unknown JVM", as if that were a version's name. */
function jdkWords(jvm) {
  return jvm === UNKNOWN_JVM ? 'an unreported JDK' : `JDK ${jvm}`;
}
