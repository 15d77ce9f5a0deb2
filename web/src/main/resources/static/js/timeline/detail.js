// The timeline of a whole history (revs=all, overview.js): detail on zoom, the commit panel and baselines of
// commits the overview summed into a range, and the status line. Methods of the timeline page (Object.assign in
// page.js), next to view.js, which draws what they load.

import { date, shortSha } from '../format.js';
import { commitOrder, sameCommit } from './data.js';
import { bucketZoom, fetchOverview, fetchRange } from './overview.js';
import { list } from './params.js';

const count = (value) => value.toLocaleString('en');

/** The zoom of the URL as an x range, or null. */
function zoomOf(params) {
  const [min, max] = list(params.get('zoom')).map(Number);
  return Number.isFinite(min) && Number.isFinite(max) && min < max ? { min, max } : null;
}

export const detail = {
  /** "12,345 results in 2 of 2 environments, the whole history as ranges of about 6 results …". */
  overviewStatus(lines) {
    const total = lines.reduce((sum, l) => sum + (l.primary.overview?.total ?? l.primary.points.length), 0);
    const ranges = lines.reduce((sum, l) => sum + (l.primary.overview?.buckets.length ?? 0), 0);
    const shown = lines.reduce((sum, l) => sum + (l.primary.detail?.points?.length ?? 0), 0);
    const newest = lines.map((l) => l.primary.overview?.buckets.at(-1)?.last ?? l.primary.points.at(-1)?.commit)
      .filter(Boolean).reduce((a, b) => (a === null || Date.parse(b.time) > Date.parse(a.time) ? b : a), null);
    return `${count(total)} results in ${lines.length} of ${this.loaded.lines.length} environments, the whole `
      + `history${ranges ? `: ${count(ranges)} ranges of consecutive results (band from lowest to highest, line `
        + 'through the mean); zoom in to see each result' : ''}${shown ? `, ${count(shown)} shown one by one` : ''}`
      + (newest ? `; newest commit ${shortSha(newest.sha)} of ${date(newest.time)}.` : '.');
  },

  /**
   * Loads the detail of the URL's zoom for every series drawn in ranges, and redraws with it; without a zoom the
   * detail goes. The newest zoom wins when several are under way.
   */
  async syncDetail() {
    const loaded = this.loaded;
    if (!loaded?.overview) {
      return;
    }
    const range = zoomOf(this.params);
    const key = range ? `${range.min},${range.max}` : '';
    if (key === (this.detailKey ?? '')) {
      return;
    }
    this.detailKey = key;
    const generation = (this.detailGeneration = (this.detailGeneration ?? 0) + 1);
    performance.mark('timeline:detail');
    this.debug.detail = { state: 'loading', range };
    const datas = loaded.lines.flatMap((l) => [l.primary, l.alloc]).filter((d) => d?.overview);
    const from = range ? new Date(range.min).toISOString() : null;
    const to = range ? new Date(range.max).toISOString() : null;
    try {
      const answers = range ? await Promise.all(datas.map((d) => fetchOverview(d.series.id, loaded.buckets, from, to)))
        : datas.map(() => null);
      if (generation !== this.detailGeneration || this.loaded !== loaded) {
        return;
      }
      datas.forEach((data, i) => {
        const answer = answers[i];
        data.detail = answer ? { min: range.min, max: range.max, bucketed: answer.bucketed,
          buckets: answer.buckets, points: answer.points } : null;
      });
      this.redrawData();
      const bucketed = answers.some((a) => a?.bucketed);
      requestAnimationFrame(() => {
        const measure = performance.measure('timeline:detail-drawn', 'timeline:detail');
        this.debug.detailMs = Math.round(measure.duration);
        this.debug.detail = { state: range ? (bucketed ? 'ranges' : 'points') : 'overview', range,
          points: answers.reduce((sum, a) => sum + (a?.points.length ?? 0), 0) };
      });
    } catch (error) {
      if (generation === this.detailGeneration) {
        this.debug.detail = { state: 'error', range };
        this.detailKey = null;
        this.fail(error);
      }
    }
  },

  /** New data under the same view: the datasets, axis and annotations are rebuilt, the zoom stays. */
  redrawData() {
    this.buildAxis();
    const lines = this.visibleLines();
    for (const which of ['primary', 'alloc']) {
      const chart = this.charts[which];
      if (!chart) {
        continue;
      }
      const { datasets, counts, ranges } = this.datasets(lines, which);
      chart.data.datasets = datasets;
      chart.update('none');
      if (which === 'primary') {
        this.debug.counts = counts;
        this.debug.ranges = ranges;
        this.primaryFigure.dataset.points = JSON.stringify(counts);
      }
    }
    this.status.textContent = this.overviewStatus(lines);
    this.drawnAnnotations = {};
    this.updateAnnotations();
    this.renderPanel();
  },

  /** A click on a range zooms into it, which loads its results (or finer ranges). */
  zoomToBucket(bucket) {
    const chart = this.charts.primary;
    if (chart) {
      chart.zoomScale('x', bucketZoom(bucket), 'none');
      this.onZoom(chart);
    }
  },

  /**
   * The lines the commit panel needs for a commit: as drawn when their points hold it, else (a commit inside a
   * range of the overview) that commit and the result before it, read per series.
   */
  async panelLines(sha) {
    const lines = this.visibleLines();
    const held = (data) => !data || !data.overview || data.points.some((p) => sameCommit(p.commit.sha, sha))
      || data.detail?.points?.some((p) => sameCommit(p.commit.sha, sha));
    if (lines.every((l) => held(l.primary) && held(l.alloc))) {
      const withDetail = (data) => (data?.detail?.points ? { ...data, points: data.detail.points } : data);
      const drawn = lines.map((l) => ({ ...l, primary: withDetail(l.primary), alloc: withDetail(l.alloc) }));
      return { lines: drawn, order: this.axis.order };
    }
    const around = async (data) => (data ? { ...data,
      points: await fetchRange(data.series.id, { to: sha, limit: 2 }).catch(() => []) } : null);
    const read = await Promise.all(lines.map(async (l) => ({ ...l, primary: await around(l.primary),
      alloc: await around(l.alloc) })));
    const order = commitOrder(read.flatMap((l) => [l.primary?.points, l.alloc?.points]).filter(Boolean));
    return { lines: read, order };
  },

  /** A series' value at the base commit, read for that commit alone when the drawn points do not hold it. */
  async baselineOf(data, base, valueAt) {
    if (!data) {
      return null;
    }
    const value = valueAt(data.detail?.points ?? data.points, base);
    if (value !== null || (!data.overview && data.points.length < this.loaded.revs)) {
      return value;
    }
    return valueAt(await fetchRange(data.series.id, { from: base, to: base, limit: 100 }), base);
  },
};
