// The timeline's charts: the datasets of each environment (scores, error band, moving median, noise band), the
// annotations (alerts, change points, baselines), zoom linked between the two charts, and the pixel of a point for
// the browser tests. Methods of the timeline page (Object.assign in page.js).

import { benchmarkNames, caseLabel, date, shortSha } from '../format.js';
import { translucent } from '../palette.js';
import { lowerEdge } from '../floor.js';
import { chartAnnotations } from './annotations.js';
import { timelineChart, visibleRange } from './charts.js';
import { ALLOC, line, pointTime, rollingMedian, sameCommit, xAxis } from './data.js';
import { overviewData, overviewOf } from './overview.js';
import { normalisationOf, referenceOf } from './several.js';
import { list, medianOf } from './params.js';

export const view = {
  visibleLines() {
    const hidden = new Set(list(this.params.get('hide')));
    return this.loaded.lines.filter((l) => !hidden.has(l.key));
  },

  /** Datasets of one chart: per environment its scores, the ±error band and the moving median. */
  datasets(lines, which) {
    const band = this.params.get('band') !== 'off';
    const median = medianOf(this.params);
    const datasets = [];
    const counts = {};
    const summed = {};
    const norm = normalisationOf(this.params, this.loaded.lines);
    for (const l of lines) {
      const data = l[which];
      if (!data) {
        continue;
      }
      // Normalised (several.js): each line over its own first or median result, on the primary chart only.
      const reference = which === 'primary' ? referenceOf(data, norm.mode) : null;
      const scale = reference ? 1 / reference : 1;
      if (which === 'primary') {
        this.scales.set(l.key, scale);
      }
      // In overview (revs=all) the ranges of results the server summed up, and the results of a zoom's detail.
      const drawn = overviewData(data);
      const { scores, upper, lower } = line(drawn.points, this.axis);
      for (const item of scale === 1 ? [] : [...scores, ...upper, ...lower]) {
        item.y *= scale;
      }
      counts[l.label] = scores.length;
      const many = scores.length > 400;
      const ranges = drawn.buckets.filter((e) => !e.gap);
      summed[l.label] = ranges.length;
      if (ranges.length > 0) {
        const edge = (e, value) => ({ x: e.x, y: e.gap ? null : value(e.bucket) * scale });
        datasets.push({ role: 'range-lower', label: `${l.label} min`, data: drawn.buckets.map((e) => edge(e, (b) => b.min)),
          borderWidth: 0, pointRadius: 0, pointHitRadius: 0, fill: false, spanGaps: false });
        datasets.push({ role: 'range', label: `${l.label} max`, data: drawn.buckets.map((e) => edge(e, (b) => b.max)),
          borderWidth: 0, pointRadius: 0, pointHitRadius: 0, fill: '-1', spanGaps: false,
          backgroundColor: translucent(l.color, 0.28) });
        scores.push(...ranges.map((e) => ({ x: e.x, y: e.bucket.mean * scale, bucket: e.bucket })));
        scores.sort((a, b) => a.x - b.x);
      }
      if (band && upper.length > 0) {
        datasets.push({ role: 'band-lower', label: `${l.label} −error`, data: lower, borderWidth: 0, pointRadius: 0,
          pointHitRadius: 0, fill: false });
        datasets.push({ role: 'band', label: `${l.label} +error`, data: upper, borderWidth: 0, pointRadius: 0,
          pointHitRadius: 0, fill: '-1', backgroundColor: translucent(l.color, 0.16) });
      }
      const medians = rollingMedian(ranges.length ? scores.filter((s) => s.point) : scores, median);
      // A noisy run (the runner's host check failed, contract 2: point.noisy) is drawn hollow, even among many.
      const noisy = (context) => context.raw?.point?.noisy === true;
      datasets.push({
        role: 'score', label: l.label, data: scores, environment: l.environment.id, unit: data.unit, scale,
        borderColor: medians.length ? translucent(l.color, 0.45) : l.color, borderWidth: medians.length ? 1 : 1.5,
        borderDash: l.dash, backgroundColor: l.color,
        pointBackgroundColor: (context) => (noisy(context) ? '#fff' : l.color), pointBorderColor: l.color,
        pointBorderWidth: (context) => (noisy(context) ? 1.5 : 0),
        pointRadius: (context) => (noisy(context) ? 3 : many || context.raw?.bucket ? 0 : 2.5), pointHoverRadius: 5,
        pointHitRadius: 6,
      });
      if (medians.length) {
        datasets.push({ role: 'median', label: `${l.label} median`, data: medians, borderColor: l.color,
          borderDash: l.dash, borderWidth: 2.25, pointRadius: 0, pointHitRadius: 0 });
        // The detector's noise of the series (its relative standard deviation per commit) as ±2σ around the
        // median: where single runs fall without a change, Bencher's boundary and Conbench's σ band.
        const noise = data.series?.noise;
        if (noise > 0 && this.params.get('noise') !== 'off') {
          const around = data.series.noiseInUnit
            ? (sign) => medians.map((m) => ({ x: m.x, y: sign < 0 ? lowerEdge(m.y, 2 * noise * scale)
              : m.y + 2 * noise * scale }))
            : (sign) => medians.map((m) => ({ x: m.x, y: sign < 0 ? lowerEdge(m.y, 2 * noise * m.y)
              : m.y * (1 + 2 * noise) }));
          for (const [sign, role] of [[-1, 'noise-lower'], [1, 'noise-upper']]) {
            datasets.push({ role, label: `${l.label} ${sign < 0 ? '−' : '+'}2σ noise`, data: around(sign),
              borderColor: translucent(l.color, 0.7), borderDash: [2, 3], borderWidth: 1, pointRadius: 0,
              pointHitRadius: 0, fill: false });
          }
        }
      }
    }
    return { datasets, counts, ranges: summed };
  },

  destroyCharts() {
    for (const name of ['primary', 'alloc']) {
      this.charts[name]?.destroy();
      this.charts[name] = null;
    }
  },

  draw() {
    this.destroyCharts();
    this.drawnAnnotations = {};
    const lines = this.visibleLines();
    const { selection } = this.loaded;
    this.buildAxis();

    const norm = normalisationOf(this.params, this.loaded.lines);
    const primaryUnit = norm.mode ? `× ${norm.mode} result` : this.loaded.lines[0]?.primary.unit;
    const directions = new Set(this.loaded.lines.map((l) => l.primary.direction));
    const primaryDirection = directions.size === 1 ? [...directions][0] : null;
    this.scales = new Map();
    const primary = this.datasets(lines, 'primary');
    this.primaryFigure.hidden = false;
    this.charts.primary = timelineChart(this.primaryBox.querySelector('canvas'), {
      axis: this.axis, datasets: primary.datasets, unit: primaryUnit, direction: primaryDirection,
      title: `${benchmarkNames((selection.benchmarks ?? []).map((b) => b.name))(selection.benchmark.name)} · `
        + `${caseLabel(selection.benchmarkCase)} · ${selection.metric}`
        + (this.loaded.added?.length ? ` and ${this.loaded.added.length} more case${this.loaded.added.length > 1 ? 's'
          : ''}` : ''),
      annotations: this.createdAnnotations('primary'),
      onCommit: (sha) => this.open(sha, { focus: true }), onZoom: (chart) => this.onZoom(chart),
      onBucket: (bucket) => this.zoomToBucket(bucket),
    });
    this.debug.counts = primary.counts;
    this.debug.ranges = primary.ranges;
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
        onBucket: (bucket) => this.zoomToBucket(bucket),
      });
    }
    this.debug.charts = this.charts;
    const total = Object.values(primary.counts).reduce((a, b) => a + b, 0);
    const newest = lines.map((l) => l.primary.points.at(-1)).filter(Boolean)
      .reduce((a, b) => (a === null || pointTime(b) > pointTime(a) ? b : a), null)?.commit.sha;
    this.status.classList.remove('error');
    if (this.loaded.overview) {
      this.status.textContent = this.overviewStatus(lines);
      this.setState('ready');
      return;
    }
    this.status.textContent = total === 0 ? 'No results for this selection.'
      : `${total} result${total === 1 ? '' : 's'} in ${lines.length} of ${this.loaded.lines.length} `
        + `${this.loaded.added?.length ? 'lines' : `environment${this.loaded.lines.length === 1 ? '' : 's'}`}, `
        + `${overviewOf(this.params) ? 'the whole history'
          : `the last ${this.loaded.revs} of each`}; newest commit ${shortSha(newest)} of `
        + `${date(this.axis.times.get(newest))}.`
        + (allocLine || selection.metric === ALLOC ? '' : ` No ${ALLOC} for this case (JMH's -prof gc adds it).`);
    this.setState('ready');
  },

  /**
   * The x axis of the loaded points. A whole history in overview has no equidistant axis (that needs every commit,
   * which the overview does not read), so it is drawn on commit dates.
   */
  buildAxis() {
    const all = this.loaded.lines.flatMap((l) => [l.primary, l.alloc]).filter(Boolean)
      .flatMap((data) => [data.points, data.detail?.points]).filter(Boolean);
    const index = this.params.get('x') === 'index' && !this.loaded.overview;
    this.axis = xAxis(index ? 'index' : 'date', all);
    this.debug.xMode = this.axis.mode;
    Object.defineProperty(this.debug, 'order', { configurable: true, enumerable: true, get: () => this.axis.order });
  },

  /**
   * The x of a commit on the current axis, or undefined when no loaded point has it; on the date axis a mark that
   * knows its commit's time (a change point) is drawn there even when the overview holds no point of it; outside the
   * overview, only if that time lies within the loaded points (at "last 200", an older change point was pinned to
   * the chart's left edge).
   */
  xOf(sha, time = null) {
    if (!sha || !this.axis) {
      return undefined;
    }
    const full = this.axis.times.has(sha) ? sha : [...this.axis.times.keys()].find((s) => sameCommit(s, sha));
    if (!full) {
      const at = this.axis.mode === 'date' && time ? Date.parse(time) : NaN;
      if (this.loaded?.overview) {
        return Number.isNaN(at) ? undefined : at; // the whole history: its buckets' points need not hold the ends
      }
      const [first, last] = this.axis.range;
      return at >= first && at <= last ? at : undefined;
    }
    return this.axis.mode === 'index' ? this.axis.indexOf(full) : this.axis.times.get(full) ?? undefined;
  },

  annotations(which) {
    // Change points and alerts: a mark per status, stacked labels, a legend (annotations.js).
    // An allocation change is labelled on the allocation chart when the page draws one, on the primary otherwise.
    const allocChart = (this.params.get('metric') ?? 'primary') !== ALLOC
      && this.visibleLines().some((l) => l.alloc);
    const result = chartAnnotations(this.alerts, (sha, mark) => this.xOf(sha, mark?.time), which,
      (mark) => (allocChart && mark.metric === ALLOC ? 'alloc' : 'primary'));
    const base = this.params.get('base');
    if (base) {
      let labelled = false;
      for (const l of this.visibleLines()) {
        const raw = this.baselines.get(l)?.[which];
        if (raw === null || raw === undefined) {
          continue;
        }
        const value = which === 'primary' ? raw * (this.scales?.get(l.key) ?? 1) : raw;
        // One label says what the dashed lines are; one per environment would pile up over the points.
        result[`base-${l.environment.id}`] = { type: 'line', yMin: value, yMax: value, borderColor: l.color,
          borderWidth: 1.5, borderDash: [8, 4], drawTime: 'beforeDatasetsDraw',
          label: { display: !labelled, content: `baseline ${shortSha(base)}`, position: 'start',
            backgroundColor: 'rgba(255, 255, 255, 0.85)', color: '#333', font: { size: 10 }, padding: 2 } };
        labelled = true;
      }
    }
    const selected = this.xOf(this.params.get('commit'), this.selectedTime);
    if (selected !== undefined) {
      result.selected = { type: 'line', xMin: selected, xMax: selected, borderColor: '#222', borderWidth: 1 };
    }
    return result;
  },

  createdAnnotations(which) {
    const annotations = this.annotations(which);
    this.drawnAnnotations[which] = JSON.stringify(annotations);
    return annotations;
  },

  updateAnnotations() {
    if (!this.loaded || !this.axis) {
      return;
    }
    this.debug.annotations = this.alerts.map((a) => ({ ...a, x: this.xOf(a.sha, a.time) ?? null }));
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
  },

  onZoom(chart) {
    if (this.syncing) {
      return;
    }
    // A tooltip open when the drag began names a commit the zoom may have left out: it stayed until the mouse moved.
    for (const each of Object.values(this.charts)) {
      if (each?.tooltip?.getActiveElements().length) {
        each.tooltip.setActiveElements([], { x: 0, y: 0 });
        each.setActiveElements([]);
        each.update('none');
      }
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
  },

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
  },

  resetZoom() {
    for (const chart of Object.values(this.charts)) {
      chart?.resetZoom('none');
    }
    this.set({ zoom: null }, { replace: true });
  },

  zoomBy(factor) {
    const chart = this.charts.primary;
    if (!chart) {
      return;
    }
    chart.zoom({ x: factor }, 'none');
    this.onZoom(chart);
  },

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
  },
};
