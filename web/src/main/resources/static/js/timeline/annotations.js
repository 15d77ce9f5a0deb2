// Change points and alerts drawn on a timeline at their first commit at the new level: a mark per status (see the
// legend drawn in the chart), labels stacked so that two changes a few commits apart never print over each other,
// and alerts triaged invalid or infra drawn grey and struck out. Marks come from GET /api/v1/change-points (docs/api.md,
// docs/pipeline.md "Change points"), which holds every change point, alerted or not; on a server without it the
// alerts API is read as before, and after one 404 the page stops asking until it is reloaded.

import { get, ApiError } from '../api.js';
import { GREY_STATUSES, statusText } from '../change-points.js';
import { change, percent, shortSha } from '../format.js';
import { OKABE_ITO } from '../palette.js';

/** Whether an API exists, per path: settled by the first request, which the others wait for. */
const available = new Map();

/** How each status is drawn: dash pattern, width, and the word the label and legend use. */
const STYLES = {
  alerted: { dash: [], width: 2, word: 'alerted' },
  confirmed: { dash: [6, 3], width: 1.5, word: 'confirmed' },
  confirming: { dash: [2, 3], width: 1.5, word: 'confirming' },
  suspected: { dash: [2, 3], width: 1.5, word: 'suspected' },
  unconfirmed: { dash: [8, 3, 2, 3], width: 1.5, word: 'unconfirmed (detector only)' },
  historical: { dash: [4, 4], width: 1, word: 'historical (notifies nobody)' },
  resolved: { dash: [1, 3], width: 1.5, word: 'resolved' },
  transient: { dash: [1, 5], width: 1, word: 'transient (level did not hold)' },
  withdrawn: { dash: [1, 5], width: 1, word: 'withdrawn (history no longer finds it)' },
  dismissed: { dash: [1, 6], width: 1, word: 'dismissed by re-runs' },
  // A mode change is filed dismissed too, by the detector's mode rule, not by re-runs (an import has none).
  mode: { dash: [1, 6], width: 1, word: 'mode change (a level held before)' },
  alert: { dash: [5, 4], width: 1.5, word: 'alert' },
};

/** The glyph the legend shows for a dash pattern. */
const GLYPHS = { alerted: '━━', confirmed: '╍╍', confirming: '┄┄', suspected: '┄┄', unconfirmed: '━ ·',
  historical: '─ ─', resolved: '┈┈', transient: '· ·', withdrawn: '· ·', dismissed: '· ·', mode: '· ·', alert: '╌╌' };

/** Label height in pixels, a row of the stack. */
const ROW = 20;

function projectOfPage() {
  const query = (location.hash.split('?')[1] ?? '') || location.search.slice(1);
  return new URLSearchParams(query).get('project');
}

async function lenient(path) {
  const key = path.split('?')[0];
  if (available.get(key) === false) {
    return null;
  }
  try {
    const body = await get(path);
    available.set(key, true);
    return body;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && !available.get(key)) {
      available.set(key, false);
      return null;
    }
    throw error;
  }
}

/** The marks of one series: its change points, or its alerts on a server without them. */
export async function seriesAnnotations(seriesId) {
  const project = projectOfPage();
  let marks = [];
  if (project) {
    const points = await lenient(`/api/v1/change-points?project=${encodeURIComponent(project)}`
      + `&series=${encodeURIComponent(seriesId)}&limit=200`).catch(() => null);
    if (Array.isArray(points)) {
      marks = points.map(markOfChangePoint).filter((mark) => mark.sha);
    }
  }
  // Alerts no change point carries (a bisected culprit, an alert raised by hand) are drawn as alerts.
  const body = await lenient(`/api/v1/alerts?series=${encodeURIComponent(seriesId)}`);
  const items = Array.isArray(body) ? body : (body?.alerts ?? body?.items ?? body?.content ?? []);
  const named = new Set(marks.filter((mark) => mark.alerted).map((mark) => mark.sha));
  return marks.concat(items.map(fromAlert).filter((mark) => mark.sha && !named.has(mark.sha)));
}

/** "+64 B/op" near zero, "-29.0%" otherwise: never a percentage of nothing (nor of JMH's allocation residue). */
function amount(point) {
  if (typeof point.before === 'number' && typeof point.after === 'number') {
    return change(point.before, point.after, point.unit);
  }
  if (typeof point.magnitude === 'number') {
    return percent(point.magnitude);
  }
  if (typeof point.absoluteChange === 'number') {
    const value = Math.abs(point.absoluteChange) >= 10 ? Math.round(point.absoluteChange)
      : Number(point.absoluteChange.toFixed(1));
    return `${value >= 0 ? '+' : ''}${value} ${point.unit ?? ''}`.trim();
  }
  return '';
}

/** A change point as a mark: `style` names its line and legend entry (a mode change's is not its status's). */
export function markOfChangePoint(point) {
  const status = String(point.status ?? 'suspected');
  const triaged = point.alertStatus === 'invalid' || point.alertStatus === 'infra' ? point.alertStatus : null;
  const metric = point.metric && point.metric !== 'primary' ? `${point.metric} ` : '';
  const said = statusText(point);
  const word = triaged ? `${said}, triaged ${triaged}` : said;
  const kind = String(point.direction ?? 'change');
  const style = status === 'dismissed' && kind === 'mode-change' ? 'mode' : status;
  return { sha: point.commit?.sha ?? null, time: point.commit?.time ?? null, kind, status, style, triaged,
    id: point.id ?? null,
    metric: point.metric ?? null,
    alerted: point.alertGroup !== null && point.alertGroup !== undefined,
    label: `${metric}${kind} ${amount(point)} · ${word}`,
    // On a narrow chart: the allocation chart names its metric already, and "▼ +64 B/op" says the direction.
    short: [`${kind} ${amount(point)} · ${said}`, `${kind} ${amount(point)} · ${status}`, `${kind} ${amount(point)}`,
      amount(point)] };
}

function fromAlert(item) {
  const shaOf = (value) => (typeof value === 'string' ? value : value?.sha);
  const range = item.range ?? item.commits ?? {};
  const sha = shaOf(item.commit) ?? item.sha ?? shaOf(range.last) ?? shaOf(range.to) ?? shaOf(range.end)
    ?? shaOf(item.lastCommit) ?? null;
  const kind = String(item.kind ?? item.direction ?? 'alert');
  const triaged = item.status === 'invalid' || item.status === 'infra' ? item.status : null;
  const size = typeof item.magnitude === 'number' ? ` ${percent(item.magnitude)}` : '';
  const label = item.label ?? item.summary ?? item.title ?? `${kind}${size} at ${shortSha(sha)}`;
  return { sha, label: String(label), kind, status: 'alert', triaged, id: item.id ?? null };
}

/** Marks of several series, one request each, merged by commit, kind and status. */
export async function annotationsOf(seriesIds) {
  const lists = await Promise.all(seriesIds.map((id) => seriesAnnotations(id).catch(() => [])));
  const seen = new Map();
  for (const mark of lists.flat()) {
    const key = `${mark.sha}\u0000${mark.kind}\u0000${mark.status}`;
    if (!seen.has(key)) {
      seen.set(key, mark);
    }
  }
  return [...seen.values()];
}

/**
 * Grey for what did not happen or notifies nobody: triaged invalid or infra, dismissed, historical, and transient or
 * withdrawn (the level did not hold; history no longer finds it). An imported history's one change that did not
 * hold was the only coloured label on its timeline ("improvement +66% · transient" in green among grey historical
 * steps that held), the most salient mark on the chart for the one change the tracker had closed.
 */
function colorOf(mark) {
  if (mark.triaged || GREY_STATUSES.has(mark.status)) {
    return '#888';
  }
  const kind = mark.kind.toLowerCase();
  return /regress|worse|degrad/.test(kind) ? OKABE_ITO.vermillion
    : /improve|better/.test(kind) ? OKABE_ITO.bluishGreen
      : /mode/.test(kind) ? OKABE_ITO.reddishPurple ?? OKABE_ITO.black : OKABE_ITO.black;
}

/** A label's width in pixels as the chart draws it (bold 11 px, the chart's font, 3 px padding on both sides). */
function labelWidth(chart, text, italic) {
  const ctx = chart.ctx;
  ctx.save();
  // The annotation plugin draws labels bold unless told otherwise.
  ctx.font = `${italic ? 'italic ' : ''}bold 11px ${window.Chart?.defaults.font.family ?? 'sans-serif'}`;
  const width = ctx.measureText(text).width;
  ctx.restore();
  return Math.ceil(width) + 2 * 3;
}

/**
 * Where each label goes, from the pixels of the chart's layout: centred on its line but shifted inside the chart
 * area at its edges, stacked upwards from the x axis in x order (each label takes the lowest row no label it
 * would overlap uses), and left out rather than drawn over another or outside the area when no row is free there
 * (its line stays; the legend's rows at the top are kept free). Computed when the chart lays out, so that zooming
 * and resizing re-stack them, on both axes (dates or equidistant commits).
 */
export function labelPlaces(chart, items, reserved = 0) {
  const area = chart.chartArea;
  const scale = chart.scales.x;
  const rowsFree = Math.max(1, Math.floor((area.bottom - area.top - reserved - 4) / ROW));
  const top = stackAtTop(chart, reserved);
  const out = items.map(() => ({ shown: false, row: 0, shift: 0, top }));
  const placed = [];
  items.forEach((item, index) => {
    const x = scale.getPixelForValue(item.x);
    if (!Number.isFinite(x) || x < area.left - 0.5 || x > area.right + 0.5) {
      return;
    }
    // A label wider than the chart was cut at both edges ("…· re", "nprovement −784 B/op" at 360 px): the first
    // shorter form that fits, else the shortest cut with an ellipsis.
    const room = area.right - area.left;
    const forms = [item.content, ...(item.short ?? [])];
    let text = forms.find((form) => labelWidth(chart, form, item.triaged) <= room);
    if (text === undefined) {
      text = forms.at(-1);
      while (text.length > 1 && labelWidth(chart, `${text}…`, item.triaged) > room) {
        text = text.slice(0, -1);
      }
      text = `${text}…`;
    }
    const width = Math.min(labelWidth(chart, text, item.triaged), room);
    const left = Math.min(Math.max(x - width / 2, area.left), area.right - width);
    placed.push({ index, left, width, text, shift: left + width / 2 - pluginCentre(x, width, area) });
  });
  placed.sort((a, b) => a.left - b.left);
  const ends = [];
  for (const label of placed) {
    let row = 0;
    while (row < rowsFree && ends[row] !== undefined && ends[row] > label.left - 4) {
      row++;
    }
    if (row < rowsFree) {
      ends[row] = label.left + label.width;
      out[label.index] = { shown: true, row, shift: label.shift, text: label.text, top };
    }
  }
  return out;
}

/**
 * Where the annotation plugin centres a line's label before adding its xAdjust: on the line, but moved inside the
 * chart area (and the label's 3 px padding) when it would stick out. The shift is counted from there: counted from the
 * line, a label near the right edge was moved twice, out of the chart at the left, over the y axis, on a phone.
 */
function pluginCentre(x, width, area, padding = 3) {
  const half = width / 2;
  if (width > area.right - area.left) {
    return (area.left + area.right) / 2;
  }
  let centre = x;
  if (area.left >= centre - padding - half) {
    centre = area.left + padding + half;
  }
  if (area.right <= centre + padding + half) {
    centre = area.right - padding - half;
  }
  return centre;
}

/**
 * Whether the labels go at the top of the chart (below the legend's rows) rather than up from the x axis: when more
 * results lie in the bottom rows than in the top ones, as an allocation at 0 B/op does, labels at the bottom covered
 * them.
 */
function stackAtTop(chart, reserved) {
  const area = chart.chartArea;
  let low = 0;
  let high = 0;
  chart.data.datasets.forEach((dataset, i) => {
    if (dataset.role !== 'score' || !chart.isDatasetVisible(i)) {
      return;
    }
    for (const element of chart.getDatasetMeta(i).data) {
      if (element.x < area.left || element.x > area.right || !Number.isFinite(element.y)) {
        continue;
      }
      if (element.y > area.bottom - 2 * ROW) {
        low++;
      } else if (element.y < area.top + reserved + 2 * ROW) {
        high++;
      }
    }
  });
  return low > high;
}

/**
 * Chart.js annotations for the marks: a vertical line per mark at {@code xOf(sha)}, styled by status, its label on
 * the chart of its metric ({@code labelChart(mark)}: 'primary' or 'alloc'), stacked so that none overlaps another,
 * and a legend of the statuses shown.
 */
export function chartAnnotations(marks, xOf, which, labelChart = () => 'primary') {
  const items = [];
  for (const mark of marks) {
    const x = xOf(mark.sha, mark);
    if (x !== undefined) {
      items.push({ ...mark, x });
    }
  }
  const result = {};
  const statuses = [...new Set(items.map((item) => item.style ?? item.status))];
  const labelled = items.map((item) => ({ ...item,
    content: item.triaged ? `${item.label} ✗` : item.label }));
  const reserved = statuses.length * 12 + 8;
  const here = (item) => item.status !== 'dismissed' && labelChart(item) === which;
  let cache = null;
  const placeOf = (chart, i) => {
    const area = chart.chartArea;
    if (!cache || cache.chart !== chart || cache.width !== chart.width || cache.height !== chart.height
        || cache.min !== chart.scales.x.min || cache.max !== chart.scales.x.max || cache.left !== area.left) {
      cache = { chart, width: chart.width, height: chart.height, min: chart.scales.x.min, max: chart.scales.x.max,
        left: area.left, places: labelPlaces(chart, labelled.filter(here), reserved) };
      // Dismissed marks and other charts' marks carry no label here: map the places back onto every item's index.
      const places = cache.places;
      let next = 0;
      cache.places = labelled.map((item) => (here(item) ? places[next++] : { shown: false }));
    }
    return cache.places[i];
  };
  labelled.forEach((item, i) => {
    const style = STYLES[item.style ?? item.status] ?? STYLES.alert;
    const color = colorOf(item);
    const content = item.content;
    result[`mark${i}`] = { type: 'line', xMin: item.x, xMax: item.x, borderColor: color, borderWidth: style.width,
      borderDash: style.dash,
      label: here(item)
        ? { content: (context) => placeOf(context.chart, i).text ?? content,
          position: (context) => (placeOf(context.chart, i).top ? 'end' : 'start'),
          backgroundColor: item.triaged ? '#bbb' : color,
          color: '#fff', font: { size: 11, style: item.triaged ? 'italic' : 'normal' }, padding: 3,
          display: (context) => placeOf(context.chart, i).shown,
          xAdjust: (context) => placeOf(context.chart, i).shift ?? 0,
          yAdjust: (context) => {
            const place = placeOf(context.chart, i);
            return place.top ? reserved + 2 + (place.row ?? 0) * ROW : -(place.row ?? 0) * ROW;
          } }
        : { display: false } };
  });
  if (which === 'primary' && statuses.length > 0) {
    result.legend = { type: 'label', drawTime: 'afterDraw',
      xValue: (context) => context.chart.scales.x.max, yValue: (context) => context.chart.scales.y.max,
      position: { x: 'end', y: 'start' }, backgroundColor: 'rgba(255, 255, 255, 0.85)', color: '#333',
      font: { size: 10 }, padding: 3, textAlign: 'left',
      content: statuses.map((status) => `${GLYPHS[status] ?? '╌╌'} ${(STYLES[status] ?? STYLES.alert).word}`) };
  }
  return result;
}
