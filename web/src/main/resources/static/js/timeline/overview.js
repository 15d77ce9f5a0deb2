// A whole history at the chart's width (revs=all): the server splits each series into at most BUCKETS runs of
// consecutive results with their min, max and mean (GET /api/v1/series/{id}/points?buckets=, docs/api.md), drawn
// as a band and a mean line; a zoom asks the same for the visible range only, which answers the results themselves
// once the range holds no more of them than BUCKETS (detail on zoom). Reading 100,000 results to draw 1,000 pixels
// would cost seconds; this keeps every read at most BUCKETS long.

import { get, query } from '../api.js';

/** About two buckets per pixel of a wide screen: the band looks the same as the points would. */
export const BUCKETS = 2000;

/** The bucket count of the URL (buckets=, for tests and for slow machines), else BUCKETS. */
export function bucketsOf(params) {
  const value = Number.parseInt(params.get('buckets') ?? '', 10);
  return Number.isInteger(value) && value >= 1 && value <= 10000 ? value : BUCKETS;
}

/** Whether the URL asks for the whole history through the overview (revs=all). */
export function overviewOf(params) {
  return params.get('revs') === 'all';
}

/** One series' overview of a range (null = open on that side; ISO times), as the endpoint answers it. */
export function fetchOverview(seriesId, buckets, from = null, to = null) {
  return get(`/api/v1/series/${encodeURIComponent(seriesId)}/points?${query({ buckets, from, to })}`);
}

/** The results of a series from one commit to another (both included; shas or ISO times), newest limit. */
export function fetchRange(seriesId, { from = null, to = null, limit = 10 }) {
  return get(`/api/v1/series/${encodeURIComponent(seriesId)}/points?${query({ from, to, limit })}`);
}

/**
 * The chart data of one series in overview: an entry per bucket (x in the middle of its commits' times) outside
 * the detail range, the detail's finer buckets or results inside it. `points` are the real results (pickable like
 * any point, with their error band and median); `buckets` the ranges, each {x, bucket}.
 */
export function overviewData(data) {
  const detail = data.detail;
  const inDetail = (bucket) => detail && bucketEnd(bucket) >= detail.min && bucketStart(bucket) <= detail.max;
  const outside = (data.overview?.buckets ?? []).filter((b) => !inDetail(b));
  const before = outside.filter((b) => bucketEnd(b) < (detail?.min ?? Infinity));
  const after = outside.filter((b) => detail && bucketStart(b) > detail.max);
  const inner = detail?.buckets ?? [];
  // A gap (y null) at each edge of the detail, so that the band does not span across the results drawn there.
  const gap = (x) => ({ x, y: null, gap: true });
  const entries = [...before.map(entry), ...(detail ? [gap(detail.min)] : []), ...inner.map(entry),
    ...(detail ? [gap(detail.max)] : []), ...after.map(entry)];
  return { buckets: entries, points: detail?.points ?? (data.overview ? [] : data.points) };
}

function entry(bucket) {
  return { x: (bucketStart(bucket) + bucketEnd(bucket)) / 2, bucket };
}

export function bucketStart(bucket) {
  return Date.parse(bucket.first.time);
}

export function bucketEnd(bucket) {
  return Date.parse(bucket.last.time);
}

/** A bucket's time span in the page's words, for its tooltip. */
export function bucketSpan(bucket, format) {
  const first = format(bucket.first.time);
  const last = format(bucket.last.time);
  return first === last ? first : `${first} – ${last}`;
}

/** The x range a click on a bucket zooms to: its commits, with a little room on each side. */
export function bucketZoom(bucket) {
  const start = bucketStart(bucket);
  const end = bucketEnd(bucket);
  const pad = Math.max((end - start) * 0.05, 1_800_000);
  return { min: start - pad, max: end + pad };
}
