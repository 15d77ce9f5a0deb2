// The Comparison page: a head commit against a base commit (typed in, or those of a benchmark request), per host
// class a table and a bar chart of each case's change normalised to the base (0% = the base's score), with the
// change's interval as whiskers. The API is GET /api/v1/comparisons (docs/ui.md).

import * as api from '../api.js';
import { breakable, h, replace, select } from '../dom.js';
import { benchmarkNames, dateTime, firstLine, number, shortSha, valueWithError } from '../format.js';
import { OKABE_ITO } from '../palette.js';
import { chosenProject, timelineHref, UrlPage } from '../page-kit.js';
import { drawWhisker } from '../whiskers.js';

const { Chart } = window;

/**
 * The level of the change intervals, as the server judged them: 99% for two commits, the level of a benchmark
 * request's last look otherwise (99.58% at the first of five looks), never rounded to a level it was not.
 */
const intervalLevel = (comparison) => `${Number((100 * (comparison?.confidence ?? 0.99)).toFixed(2))}%`;

/**
 * Runs its runner reported on a busy host: detection leaves them out of a series (and the timeline says "not
 * judged"), so a verdict here that rests on them says so, beside the allocation, which load does not move.
 */
function busyNote(group, index) {
  const busy = group.busy;
  if (!busy?.busy) {
    return null;
  }
  return h('p', { class: 'warnings busy-host', id: `busy-host-${index}` }, `Busy host: ${busy.busy} of ${busy.runs} `
    + `run${busy.runs === 1 ? '' : 's'} here ran while the runner reported its host busy`
    + `${busy.reason ? ` (${busy.reason})` : ''}. Detection leaves such runs out, so the throughput verdicts below `
    + 'rest on a loaded host: read them as unjudged. The allocation per operation does not depend on the load.');
}

const TONE = { slower: 'worse', faster: 'better', same: 'same', unclear: 'unclear' };
/** An allocation that grows is worse whatever the time does (docs/requests.md, "Allocation"). */
const ALLOCATION_TONE = { more: 'worse', less: 'better', same: 'same' };
const COLOR = { slower: OKABE_ITO.vermillion, faster: OKABE_ITO.bluishGreen, same: '#9a9a9a', unclear: '#cfcfcf' };
const SHA = /^[0-9a-fA-F]{7,64}$/;

export async function mount(root, params, context) {
  const page = new ComparisonPage(root, context);
  await page.update(params);
  return page;
}

/** Cases beyond which the chart repeats its scale above the bars. */
const TOP_AXIS_AFTER = 12;

/** Whiskers of each bar's interval, drawn over the bars (Chart.js has no error bars of its own). */
const whiskers = {
  id: 'whiskers',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    const meta = chart.getDatasetMeta(0);
    const x = chart.scales.x;
    const area = chart.chartArea;
    ctx.save();
    ctx.beginPath();
    ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
    ctx.clip();
    ctx.strokeStyle = '#222';
    ctx.lineWidth = 1.25;
    chart.data.datasets[0].intervals.forEach((interval, index) => {
      const bar = meta.data[index];
      if (!interval || !bar) {
        return;
      }
      drawWhisker(ctx, x, interval, bar, 5);
    });
    ctx.restore();
  },
};

function environmentText(environment) {
  if (!environment) {
    return '';
  }
  if (typeof environment === 'string') {
    return environment;
  }
  return [environment.hostClass, environment.jdkVersion && `JDK ${environment.jdkVersion}`].filter(Boolean).join(' · ');
}

function paramsText(params) {
  const entries = Object.entries(params ?? {});
  return entries.length ? entries.map(([name, value]) => `${name}=${value}`).join(', ') : '–';
}

class ComparisonPage extends UrlPage {
  constructor(root, context) {
    super('comparison', root, context);
    this.charts = [];
    this.controls = h('div', { class: 'controls' });
    this.head = h('div', { class: 'commit-head' });
    this.body = h('div', { id: 'comparison-body' });
    replace(this.section, this.controls, this.head, this.status, this.body);
  }

  unmount() {
    this.destroyCharts();
    super.unmount();
  }

  destroyCharts() {
    this.charts.forEach((chart) => chart.destroy());
    this.charts = [];
    this.debug.charts = 0;
  }

  async render(current) {
    if (this.params.get('request')) {
      await this.renderRequest(this.params.get('request'), current);
      return;
    }
    const { projects, project } = await chosenProject(this.params);
    const base = this.params.get('base') ?? '';
    const head = this.params.get('head') ?? '';
    this.renderControls(projects, project, base, head);
    if (!project || !SHA.test(base) || !SHA.test(head)) {
      this.destroyCharts();
      this.head.replaceChildren();
      this.body.replaceChildren();
      this.status.textContent = 'Give a base and a head commit (a sha or its first 7 characters) to compare, or '
        + 'open a benchmark request from the Requests page.';
      this.debug.hostClasses = [];
      return;
    }
    this.status.textContent = 'Loading…';
    const comparison = await api.get(`/api/v1/comparisons?${api.query({ project: project.name, base, head,
      hostClass: this.params.get('hostClass') })}`);
    if (!current()) {
      return;
    }
    this.renderHead(project, comparison);
    this.renderBody(project, comparison);
  }

  /**
   * A benchmark request's own answer: the comparison over the runs of its interleaved jobs only, once it succeeded
   * (GET /api/v1/requests/{id}); before that, its progress. Every run of the two commits is one click away.
   */
  async renderRequest(id, current) {
    const request = await api.optional(`/api/v1/requests/${encodeURIComponent(id)}`);
    if (!current()) {
      return;
    }
    const { projects, project } = await chosenProject(new URLSearchParams({ project: request?.project ?? '' }));
    this.renderControls(projects, project, request?.base ?? '', request?.head ?? '');
    this.destroyCharts();
    this.debug.hostClasses = [];
    if (!request) {
      this.head.replaceChildren();
      this.body.replaceChildren();
      this.status.textContent = `There is no benchmark request ${id}.`;
      return;
    }
    const jobs = request.jobs ?? [];
    const done = jobs.filter((j) => j.status === 'succeeded').length;
    const all = request.base && request.head ? h('a', { id: 'comparison-all-runs', href: `#/comparison?${api.query({
      project: request.project, base: request.base, head: request.head })}` }, 'every run of these two commits') : null;
    const from = request.pullRequest ? `${request.pullRequest.repository}#${request.pullRequest.number}`
      : request.requestedBy;
    if (request.comparison) {
      this.renderHead(project, request.comparison);
      this.renderBody(project, request.comparison);
      // The outcome with its reason first, as the commit status says it: "failure: 1 of 3 cases allocates more: …".
      this.status.textContent = `Benchmark request ${String(request.id).slice(0, 8)} from ${from}: `
        + `${request.outcome ?? request.status}${request.outcomeReason ? ` — ${request.outcomeReason}` : ''}. `
        + `Its own ${jobs.length} jobs: ${this.status.textContent}`;
      this.status.dataset.outcome = request.outcome ?? '';
      this.head.append(h('p', { class: 'meta' }, 'Compare ', all));
      return;
    }
    replace(this.head, h('div', { class: 'commit-summary' },
      // A request that failed before its commits were resolved has neither: no "…: against".
      h('h2', { id: 'comparison-heading' }, `Benchmark request ${String(request.id).slice(0, 8)}`,
        request.head && request.base ? [': ', h('code', {}, shortSha(request.head)), ' against ',
          h('code', {}, shortSha(request.base))] : null),
      h('p', { class: 'meta' }, `from ${from} · ${request.status}`, request.failure ? ` · ${request.failure}` : '')));
    replace(this.body, jobs.length ? h('p', {}, h('progress', { max: jobs.length, value: done,
      'aria-label': `${done} of ${jobs.length} jobs done` }), ` ${done} of ${jobs.length} jobs done`) : null,
    request.status === 'failed' || request.status === 'cancelled'
      ? h('p', { class: 'error' }, `This request ${request.status}${request.failure ? `: ${request.failure}` : ''}; `
        + 'it will not compare. ', h('a', { href: `#/requests?${api.query({ project: request.project })}` },
        'Its jobs'), all ? [' · compare ', all, ' instead'] : null)
      : all ? h('p', {}, 'The comparison appears here when every job has run; meanwhile compare ', all, '. ',
        h('a', { href: `#/requests?${api.query({ project: request.project })}` }, 'See its jobs'), '.') : null);
    this.status.textContent = `Benchmark request ${request.status}.`;
  }

  renderControls(projects, project, base, head) {
    const baseInput = h('input', { id: 'comparison-base', type: 'text', value: base, size: '12', spellcheck: 'false',
      autocomplete: 'off', placeholder: 'sha' });
    const headInput = h('input', { id: 'comparison-head', type: 'text', value: head, size: '12', spellcheck: 'false',
      autocomplete: 'off', placeholder: 'sha' });
    const form = h('form', { class: 'controls', onsubmit: (event) => {
      event.preventDefault();
      this.set({ base: baseInput.value.trim().toLowerCase(), head: headInput.value.trim().toLowerCase(),
        request: null });
    } },
    select('comparison-project', 'Project', projects.map((p) => [p.name, p.name]), project?.name ?? '',
      (value) => this.set({ project: value, base: null, head: null, hostClass: null, request: null })),
    h('label', { class: 'field', for: 'comparison-base' }, h('span', {}, 'Base commit'), baseInput),
    h('label', { class: 'field', for: 'comparison-head' }, h('span', {}, 'Head commit'), headInput),
    h('button', { type: 'submit', id: 'comparison-go' }, 'Compare'),
    base && head ? h('button', { type: 'button', class: 'link', id: 'comparison-swap',
      onclick: () => this.set({ base: head, head: base }) }, 'swap') : null);
    this.keepFocus(() => replace(this.controls, form));
  }

  renderHead(project, comparison) {
    const line = (label, commit) => h('p', { class: 'meta' }, `${label} `, h('code', {}, shortSha(commit?.sha)), ' ',
      firstLine(commit?.message ?? ''), commit?.time ? ` · ${dateTime(commit.time)}` : '');
    replace(this.head, h('div', { class: 'commit-summary' },
      h('h2', { id: 'comparison-heading' }, `${comparison.project ?? project.name}: `,
        h('code', {}, shortSha(comparison.head?.sha)), ' against ', h('code', {}, shortSha(comparison.base?.sha))),
      line('head', comparison.head), line('base', comparison.base)));
  }

  renderBody(project, comparison) {
    this.destroyCharts();
    // Worse first: slower, then faster, unclear, the same (the API's order within each).
    const RANK = { slower: 0, faster: 1, unclear: 2, same: 3 };
    const groups = (comparison.hostClasses ?? []).map((g) => ({ ...g,
      rows: g.rows.map((r, i) => [r, i]).sort(([a, i], [b, j]) => (RANK[a.verdict] ?? 2) - (RANK[b.verdict] ?? 2) || i - j)
        .map(([r]) => r) }));
    const all = groups.flatMap((g) => g.rows);
    const count = (verdict) => all.filter((r) => r.verdict === verdict).length;
    const allocating = (change) => all.filter((r) => r.allocation?.change === change).length;
    const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 'es'}`;
    this.status.textContent = groups.length === 0 ? 'Neither commit has results to compare yet.'
      : `${all.length} case${all.length === 1 ? '' : 's'} on ${plural(groups.length, 'host class')}: `
        + `${count('slower')} slower, ${count('faster')} faster, `
        + `${count('same')} the same, ${count('unclear')} unclear`
        + `${allocating('more') ? `; ${allocating('more')} allocate${allocating('more') === 1 ? 's' : ''} more` : ''}`
        + `${allocating('less') ? `; ${allocating('less')} allocate${allocating('less') === 1 ? 's' : ''} less` : ''}.`;
    const hostClassFilter = this.params.get('hostClass');
    replace(this.body,
      groups.length > 1 || hostClassFilter ? h('p', {}, hostClassFilter
        ? h('button', { type: 'button', class: 'link', onclick: () => this.set({ hostClass: null }) },
          'Show every host class')
        : ['Only: ', [...new Set(groups.map((g) => g.hostClass))].map((hostClass) => [h('a', {
          href: `#/comparison?${api.query({ project: project.name, base: this.params.get('base'),
            head: this.params.get('head'), hostClass })}`, class: 'side-link' }, hostClass), ' '])]) : null,
      groups.map((group, index) => this.hostClassSection(project, comparison, group, index)));
    this.debug.hostClasses = groups.map((g) => ({ hostClass: g.hostClass, rows: g.rows.length,
      verdicts: g.rows.map((r) => r.verdict) }));
  }

  hostClassSection(project, comparison, group, index) {
    const canvas = h('canvas', { role: 'img', 'aria-label': `Change of each case on ${group.hostClass}, head against `
      + 'base, with its interval' });
    const rows = group.rows;
    const box = h('div', { class: 'bars', style: `height:${Math.max(140, 26 * rows.length + 60)}px` }, canvas);
    const section = h('section', { class: 'host-class', id: `host-class-${index}`, dataset: { hostClass: group.hostClass },
      'aria-labelledby': `host-class-${index}-title` },
    h('h3', { id: `host-class-${index}-title` }, environmentText(group.environment) || group.hostClass),
    busyNote(group, index),
    box,
    h('div', { class: 'table-box' }, this.table(project, comparison, group)));
    queueMicrotask(() => {
      this.charts.push(this.chart(canvas, rows));
      this.debug.charts = this.charts.length;
    });
    return section;
  }

  chart(canvas, rows) {
    // One benchmark's cases differ only in their parameters; several benchmarks need the method name too.
    const single = new Set(rows.map((r) => r.benchmark)).size === 1;
    const name = benchmarkNames(rows.map((r) => r.benchmark));
    const parts = (r) => {
      const named = [single ? null : name(r.benchmark),
        Object.keys(r.params ?? {}).length ? paramsText(r.params) : null,
        r.metric && r.metric !== 'primary' ? r.metric : null].filter(Boolean);
      return named.length ? named : [name(r.benchmark)];
    };
    const whole = rows.map((r) => parts(r).join(' · '));
    // Chart.js gives the case axis at most half the chart's width; a longer label was cut at the canvas's left edge
    // (a phone's Comparison showed "…ization · length=16"). Tick font: 11 px in the chart's family. Fitted to the
    // chart's width at each layout: fitted once, a page opened wide and then narrowed (a phone turned upright, a
    // window made narrower) drew "nch.dispatch_8_megamorphic_java" cut at the canvas's edge.
    const context = document.createElement('canvas').getContext('2d');
    context.font = `11px ${Chart.defaults.font.family}`;
    const fitted = (width, index) => fitLabel(parts(rows[index]), width / 2 - 12,
      (text) => context.measureText(text).width);
    // An axis of at least ±1 % around 0, so that changes of 0 % still show where the base is, and wide enough
    // for the whiskers that are not absurd (an interval wider than ±100 % is left to the table).
    const sane = (interval) => Array.isArray(interval) && interval[1] - interval[0] <= 200;
    const reach = Math.max(1, ...rows.flatMap((r) => [Math.abs(r.changePercent ?? 0),
      ...(sane(r.interval) ? r.interval.map(Math.abs) : [])]));
    const axis = niceReach(reach * 1.1);
    return new Chart(canvas, {
      type: 'bar',
      data: {
        labels: whole,
        datasets: [{
          label: 'head vs base (%)',
          data: rows.map((r) => r.changePercent ?? 0),
          intervals: rows.map((r) => (sane(r.interval) ? r.interval : null)),
          backgroundColor: rows.map((r) => COLOR[r.verdict] ?? COLOR.unclear),
          borderWidth: 0,
        }],
      },
      plugins: [whiskers],
      options: {
        indexAxis: 'y',
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { min: -axis.end, max: axis.end, ticks: { stepSize: axis.step },
            title: { display: true, text: 'head against base, % of the base\'s score (0 = the same)' },
            grid: { color: (c) => (c.tick.value === 0 ? '#444' : '#e8e8e8') } },
          // The scale above the bars too when they run past a screen: Groovy's 102 cases put it 2,700 px down.
          xTop: { type: 'linear', display: rows.length > TOP_AXIS_AFTER, position: 'top', min: -axis.end, max: axis.end,
            ticks: { stepSize: axis.step }, grid: { drawOnChartArea: false } },
          y: { ticks: { autoSkip: false, font: { size: 11 },
            callback(value, index) { return fitted(this.chart.width, index); } } },
        },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { title: (items) => whole[items[0].dataIndex], label: (item) => {
            const r = rows[item.dataIndex];
            const interval = Array.isArray(r.interval) ? ` [${number(r.interval[0])}, ${number(r.interval[1])}]` : '';
            return `${number(r.changePercent)}%${interval} · ${r.verdict}`;
          } } },
        },
      },
    });
  }

  table(project, comparison, group) {
    const side = (result, unit) => (result ? valueWithError(result.score, result.error, unit) : '–');
    const forks = (result) => (result ? `${result.forks} fork${result.forks === 1 ? '' : 's'}; ± is the 99% interval`
      : undefined);
    const percent = (value) => (value === null || value === undefined ? '–'
      : `${value > 0 ? '+' : ''}${value.toFixed(Math.abs(value) < 10 ? 1 : 0)}%`);
    const name = benchmarkNames(group.rows.map((r) => r.benchmark));
    return h('table', { class: 'data comparison-table', dataset: { hostClass: group.hostClass,
      environment: environmentText(group.environment) } },
      h('thead', {}, h('tr', {}, ['Benchmark', 'Parameters', 'Metric', 'Base', 'Head', 'Change (hover: interval)',
        'Allocation']
        .map((text) => h('th', { scope: 'col' }, text)))),
      h('tbody', {}, group.rows.map((row) => {
        const interval = Array.isArray(row.interval)
          ? `${intervalLevel(comparison)} interval ${percent(row.interval[0])} to ${percent(row.interval[1])}`
          : 'no interval: a side has fewer than two forks';
        // An interval wider than ±100 % says the forks disagree wildly, not that the change is 0 %.
        const wild = Array.isArray(row.interval) && row.interval[1] - row.interval[0] > 200;
        const words = wild ? 'too noisy to tell' : row.verdict;
        // The server's words ("from none to 896 B/op", "±0 B/op" for JMH's residue), toned like the change column;
        // the raw means on hover.
        const allocation = row.allocation ? h('span', { class: 'words' }, row.allocation.text
          ?? `${number(row.allocation.base)} → ${number(row.allocation.head)} B/op`) : '–';
        const allocationTone = ALLOCATION_TONE[row.allocation?.change] ?? 'same';
        const allocationTitle = row.allocation
          ? `${number(row.allocation.base)} → ${number(row.allocation.head)} B/op (mean of the forks)` : undefined;
        return h('tr', { dataset: { verdict: row.verdict, caseKey: row.caseKey ?? '' } },
          h('th', { scope: 'row' }, h('a', { title: row.benchmark, href: timelineHref({ project: project.name,
            benchmark: row.benchmark, hostClass: group.hostClass, jvm: group.jdkVersion, commit: comparison.head?.sha }) },
          breakable(name(row.benchmark)))),
          h('td', {}, paramsText(row.params)),
          h('td', {}, row.metric ?? 'primary'),
          h('td', { class: 'num', title: forks(row.base) }, side(row.base, row.unit)),
          h('td', { class: 'num', title: forks(row.head) }, side(row.head, row.unit)),
          h('td', { class: `sig ${TONE[row.verdict] ?? 'unclear'}`, dataset: { verdict: row.verdict }, title: interval },
            h('span', { class: 'num' }, wild ? '' : percent(row.changePercent)), ' ', h('span', { class: 'words' }, words)),
          h('td', { class: `num sig ${allocationTone}`, title: allocationTitle,
            dataset: { allocation: row.allocation?.change ?? '' } }, allocation));
      })));
  }
}

/**
 * A case's label within {@code room} pixels as {@code measure} measures text: one line when the whole fits, else a
 * line per part (benchmark, parameters, metric), each too long for the room shortened from its left ("…Benchmark
 * .serialize": a method's end and a parameter's value tell cases apart). A benchmark's name keeps its method whole
 * and as much of its class's start as fits ("RedisCluster….asyncSetBatch"): cut from the left,
 * RedisClientBenchmark.asyncSetBatch and RedisClusterClientBenchmark.asyncSetBatch both read
 * "…ClientBenchmark.asyncSetBatch" on a phone, as most class names end alike ("Benchmark"). The tooltip gives the
 * label whole.
 */
export function fitLabel(parts, room, measure) {
  const whole = parts.join(' · ');
  if (measure(whole) <= room) {
    return whole;
  }
  return parts.map((part) => {
    if (measure(part) <= room) {
      return part;
    }
    const dot = part.lastIndexOf('.');
    const method = part.slice(dot);
    if (/^[\w$]+(\.[\w$]+)+$/.test(part) && measure(`…${method}`) <= room) {
      let start = part.slice(0, dot);
      while (start.length > 1 && measure(`${start}…${method}`) > room) {
        start = start.slice(0, -1);
      }
      return `${start}…${method}`;
    }
    let cut = part;
    while (cut.length > 1 && measure(`…${cut}`) > room) {
      cut = cut.slice(1);
    }
    return `…${cut}`;
  });
}

/**
 * The axis's end, the next of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × a power of ten, and a tick step that divides it:
 * Chart.js labels a given min and max as ticks, and 10% of room past the widest bar read "-104.2 … 104.2".
 */
export function niceReach(value) {
  const power = 10 ** Math.floor(Math.log10(value));
  const ends = [[1, 0.5], [1.5, 0.5], [2, 1], [2.5, 0.5], [3, 1], [4, 2], [5, 2.5], [6, 2], [8, 2], [10, 5]];
  const [end, step] = ends.find(([nice]) => nice * power >= value * (1 - 1e-12));
  return { end: end * power, step: step * power };
}
