// Chart.js configuration of a timeline chart: lines with decimation (LTTB over pre-sorted, unparsed data, so a
// 10,000-point series stays interactive), drag-to-zoom and shift-drag pan on x, tooltips and annotations.

import { date, dateTime, firstLine, shortSha, valueWithError } from '../format.js';
import { OKABE_ITO } from '../palette.js';
import { bandsWithinScores, floorAtZero } from '../floor.js';
import { pointWhen } from './data.js';
import { bucketSpan } from './overview.js';

const { Chart } = window;

const Y_AXIS_WIDTH = 78;

/** How far (pixels) from the pointer a point may be and still be picked by its distance in x and y. */
const PICK_RADIUS = 28;

/**
 * Hover and click pick score points only (never the band or the median): the point nearest to the pointer in x
 * AND y within PICK_RADIUS, so two commits of one day (one x on the date axis) are both reachable by pointing at
 * each; else the nearest on x. Every other environment's point of that same commit joins it, so one tooltip
 * compares the environments at a commit.
 */
Chart.Interaction.modes.commit = (chart, event) => {
  const area = chart.chartArea;
  if (!area || event.x < area.left || event.x > area.right) {
    return [];
  }
  const scores = [];
  chart.data.datasets.forEach((dataset, datasetIndex) => {
    if (dataset.role === 'score' && chart.isDatasetVisible(datasetIndex)) {
      scores.push({ datasetIndex, elements: chart.getDatasetMeta(datasetIndex).data, data: dataset.data });
    }
  });
  let best = null;
  for (const { datasetIndex, elements } of scores) {
    for (let i = lowerBound(elements, event.x - PICK_RADIUS); i < elements.length; i++) {
      const element = elements[i];
      if (element.x > event.x + PICK_RADIUS) {
        break;
      }
      const distance = Math.hypot(element.x - event.x, element.y - event.y);
      if (Number.isFinite(distance) && distance <= PICK_RADIUS && (!best || distance < best.distance)) {
        best = { element, datasetIndex, index: i, distance };
      }
    }
  }
  if (!best) {
    let nearest = Infinity;
    for (const { datasetIndex, elements } of scores) {
      const index = nearestIndex(elements, event.x);
      const distance = index < 0 ? Infinity : Math.abs(elements[index].x - event.x);
      if (distance < nearest) {
        nearest = distance;
        best = { element: elements[index], datasetIndex, index };
      }
    }
  }
  if (!best) {
    return [];
  }
  const sha = chart.data.datasets[best.datasetIndex].data[best.index]?.point?.commit.sha;
  const found = [{ element: best.element, datasetIndex: best.datasetIndex, index: best.index }];
  for (const { datasetIndex, elements, data } of scores) {
    if (datasetIndex === best.datasetIndex) {
      continue;
    }
    const x = best.element.x;
    for (let i = lowerBound(elements, x - 0.5); i < elements.length && elements[i].x <= x + 0.5; i++) {
      if (data[i]?.point?.commit.sha === sha) {
        found.push({ element: elements[i], datasetIndex, index: i });
        break;
      }
    }
  }
  return found;
};

/** The first element whose x is at least x (elements are sorted by x). */
function lowerBound(elements, x) {
  let low = 0;
  let high = elements.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (elements[middle].x < x) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

const SI = [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k'], [1, ''], [1e-3, 'm'], [1e-6, 'µ'], [1e-9, 'n']];

/**
 * A y tick as few characters as its neighbours need: 12,345,678 reads "12.35M" and 0.000021 "21µ" (SI prefixes, so
 * an 8-digit tick never runs into the axis title), and only as many decimals as the step between ticks has, so
 * 472.003 B/op ticks do not read "472.0030".
 */
export function siTick(value, index, ticks) {
  const step = ticks.length > 1 ? Math.abs(ticks[1].value - ticks[0].value) : Math.abs(value) || 1;
  const largest = Math.max(...ticks.map((t) => Math.abs(t.value)));
  const [scale, prefix] = largest >= 1e4 || (largest > 0 && largest < 1e-2)
    ? SI.find(([factor]) => largest >= factor) ?? SI.at(-1) : [1, ''];
  const decimals = Math.max(0, Math.min(6, Math.ceil(-Math.log10(step / scale) - 1e-9)));
  return `${(value / scale).toFixed(decimals)}${prefix}`;
}

function nearestIndex(elements, x) {
  if (elements.length === 0) {
    return -1;
  }
  let low = 0;
  let high = elements.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (elements[middle].x < x) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  if (low > 0 && Math.abs(elements[low - 1].x - x) <= Math.abs(elements[low].x - x)) {
    return low - 1;
  }
  return low;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEPS = [HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY];
const MONTHS = [1, 2, 3, 6, 12, 24, 60];

/**
 * Ticks on calendar boundaries (midnights, Mondays' weeks, first days of months) rather than on round numbers of
 * milliseconds, at most about one per 110 pixels.
 */
export function timeTicks(min, max, width) {
  const wanted = Math.max(2, Math.floor(width / 110));
  const span = max - min;
  const step = STEPS.find((s) => span / s <= wanted);
  const ticks = [];
  if (step !== undefined) {
    const start = new Date(min);
    if (step >= DAY) {
      start.setHours(0, 0, 0, 0);
    } else {
      start.setMinutes(0, 0, 0);
    }
    for (let t = start.getTime(); t <= max; t += step) {
      if (t >= min) {
        ticks.push({ value: t });
      }
    }
    return ticks;
  }
  const months = MONTHS.find((m) => span / (m * 30 * DAY) <= wanted) ?? 120;
  const cursor = new Date(min);
  cursor.setHours(0, 0, 0, 0);
  cursor.setDate(1);
  cursor.setMonth(Math.floor(cursor.getMonth() / Math.min(months, 12)) * Math.min(months, 12));
  while (cursor.getTime() <= max) {
    if (cursor.getTime() >= min) {
      ticks.push({ value: cursor.getTime() });
    }
    cursor.setMonth(cursor.getMonth() + months);
  }
  return ticks;
}

/** The tick text of an x value: a date on both axes, since a commit index means nothing to a reader. */
function xTick(axis) {
  return (value) => {
    if (axis.mode !== 'index') {
      return new Date(value).getHours() === 0 ? date(value) : dateTime(value);
    }
    if (!Number.isInteger(value)) {
      return '';
    }
    const sha = axis.order[value];
    return sha ? date(axis.times.get(sha)) : '';
  };
}

/**
 * A timeline chart. options: axis {mode, order, times}, datasets, unit, direction, annotations, onCommit(sha),
 * onZoom({min, max}), title.
 */
export function timelineChart(canvas, options) {
  const { axis, unit, direction } = options;
  // Lines of several cases may disagree (ops/s beside ns/op): each line's own unit is in its tooltip.
  const better = direction === 'higher' ? 'higher is better' : direction === 'lower' ? 'lower is better'
    : 'better: see each line';
  return new Chart(canvas, {
    type: 'line',
    data: { datasets: options.datasets },
    plugins: [bandsWithinScores, floorAtZero, yTitleFits(unit ?? '', better)],
    options: {
      animation: false,
      parsing: false,
      responsive: true,
      maintainAspectRatio: false,
      spanGaps: true,
      interaction: { mode: 'commit', intersect: false },
      onClick: (event, elements, chart) => {
        if (elements.length > 0) {
          const item = chart.data.datasets[elements[0].datasetIndex].data[elements[0].index];
          if (item.bucket) {
            options.onBucket?.(item.bucket);
          } else if (item.point) {
            options.onCommit(item.point.commit.sha);
          }
        }
      },
      onHover: (event, elements, chart) => {
        chart.canvas.style.cursor = elements.length ? 'pointer' : 'crosshair';
      },
      // The title's lines are for the width the chart has: drawn at a desktop's and then narrowed to a phone's,
      // one line was squeezed illegible.
      onResize: (chart, size) => {
        if (options.title) {
          chart.options.plugins.title.text = wrapTitle(options.title, size.width);
        }
      },
      scales: {
        x: {
          type: 'linear',
          bounds: 'data',
          ticks: { callback: xTick(axis), maxRotation: 0, autoSkipPadding: 16, precision: 0 },
          // One commit (or several at one time) left Chart.js to widen the axis by 5% of the epoch: one point on a
          // five-year axis. A few days around it say when it was measured.
          afterDataLimits: axis.mode === 'index' ? undefined : (scale) => {
            const { min, max } = scale.getMinMax(false);
            if (Number.isFinite(min) && min === max) {
              scale.min = min - 3 * DAY;
              scale.max = max + 3 * DAY;
            }
          },
          afterBuildTicks: axis.mode === 'index' ? undefined : (scale) => {
            scale.ticks = timeTicks(scale.min, scale.max, scale.width);
          },
          grid: { color: '#e8e8e8' },
        },
        y: {
          title: { display: true, text: `${unit ?? ''} (${better})` },
          // One width for every chart's y axis, so that linked charts put the same commit at the same x.
          afterFit: (scale) => {
            scale.width = Y_AXIS_WIDTH;
          },
          grid: { color: '#e8e8e8' },
          ticks: { maxTicksLimit: 8, callback: siTick },
        },
      },
      plugins: {
        legend: { display: false },
        title: { display: !!options.title, text: wrapTitle(options.title, canvas.parentElement?.clientWidth),
          align: 'start', font: { size: 13, weight: '600' } },
        decimation: { enabled: true, algorithm: 'lttb' },
        tooltip: {
          filter: (item) => item.dataset.role === 'score',
          callbacks: {
            title: (items) => {
              const { point, bucket } = items[0]?.raw ?? {};
              if (bucket) {
                return `${bucket.count} results · ${bucketSpan(bucket, dateTime)}`;
              }
              return point ? `${shortSha(point.commit.sha)} · ${pointWhen(point)}` : '';
            },
            // A range of the overview reads as its mean and its lowest to highest result.
            label: (item) => (item.raw.bucket ? `${item.dataset.label}: mean ${valueWithError(item.raw.bucket.mean, null,
              item.dataset.unit ?? unit)} (${siRange(item.raw.bucket)})`
              : `${item.dataset.label}: ${valueWithError(item.raw.point.score, item.raw.point.error,
                item.dataset.unit ?? unit)}${item.dataset.scale && item.dataset.scale !== 1
                ? ` (×${item.raw.y.toFixed(3)})` : ''}`),
            afterBody: (items) => {
              const commit = items[0]?.raw?.point?.commit;
              if (!commit) {
                return [];
              }
              return [firstLine(commit.message), commit.author ? `by ${commit.author}` : ''].filter(Boolean);
            },
            footer: (items) => (items[0]?.raw?.bucket ? 'Click to zoom in' : 'Click for the commit'),
          },
          footerFont: { weight: 'normal', size: 11 },
        },
        zoom: {
          limits: { x: { min: 'original', max: 'original', minRange: axis.mode === 'index' ? 4 : 3_600_000 } },
          pan: { enabled: true, mode: 'x', modifierKey: 'shift', onPanComplete: ({ chart }) => options.onZoom(chart) },
          zoom: {
            mode: 'x',
            wheel: { enabled: true, modifierKey: 'ctrl' },
            pinch: { enabled: true },
            drag: { enabled: true, threshold: 6, backgroundColor: 'rgba(0, 114, 178, 0.12)',
              borderColor: OKABE_ITO.blue, borderWidth: 1 },
            onZoomComplete: ({ chart }) => options.onZoom(chart),
          },
        },
        annotation: { annotations: options.annotations ?? {} },
      },
    },
  });
}

/**
 * The y axis's title on two lines ("B/op", "(lower is better)") when one line is longer than the axis is tall: on a
 * 390 px phone the allocation chart's axis is about 100 px and its title ran past both ends, cut off. The axis's
 * width is fixed (Y_AXIS_WIDTH), so a second line changes no layout and is decided once the axis has its height.
 */
function yTitleFits(unit, better) {
  return {
    id: 'yTitleFits',
    afterLayout(chart) {
      const y = chart.scales.y;
      const title = y?.options.title;
      if (!title?.display) {
        return;
      }
      const one = `${unit} (${better})`;
      chart.ctx.save();
      chart.ctx.font = Chart.helpers.toFont(title.font).string;
      const fits = chart.ctx.measureText(one).width <= y.bottom - y.top;
      chart.ctx.restore();
      const text = fits ? one : [unit, `(${better})`];
      if (JSON.stringify(title.text) !== JSON.stringify(text)) {
        title.text = text;
      }
    },
  };
}

function siRange(bucket) {
  const ticks = [{ value: bucket.min }, { value: bucket.max }];
  return `${siTick(bucket.min, 0, ticks)} to ${siTick(bucket.max, 1, ticks)}`;
}

/**
 * A title as lines that fit the chart's width, broken at its " · " parts: Chart.js squeezes a line wider than the
 * chart into it (fillText's maxWidth), which made long names on a phone illegible.
 */
export function wrapTitle(title, width) {
  if (!title || !width) {
    return title;
  }
  const fits = Math.max(20, Math.floor(width / 7.2));
  const lines = [];
  for (const part of title.split(' · ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 3 + part.length <= fits) {
      lines[last] = `${lines[last]} · ${part}`;
    } else {
      lines.push(part);
    }
  }
  return lines.length === 1 ? lines[0] : lines;
}

/** The visible x range of a chart, or null when it shows everything. */
export function visibleRange(chart) {
  if (!chart.isZoomedOrPanned()) {
    return null;
  }
  return { min: chart.scales.x.min, max: chart.scales.x.max };
}
