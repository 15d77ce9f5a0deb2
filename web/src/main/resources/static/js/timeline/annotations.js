// Alerts drawn on a timeline at their first bad commit. The layer reads a list of {sha, label, kind} per series from
// the alerts API (docs/alerts.md); on a server without it a 404 means "no alerts", and after one 404 the page stops
// asking until it is reloaded.

import { get, ApiError } from '../api.js';
import { percent, shortSha } from '../format.js';

/** Whether the alerts API exists: settled by the first request, which the others wait for. */
let available = null;

/**
 * The alerts of one series as {sha, label, kind}. The alert shape is read leniently because the alerts API is built
 * elsewhere: the commit is `commit.sha`, `sha`, `commit` or the last commit of `range`; the label is `label`,
 * `summary` or `title`; the kind is `kind`, `direction` or `status`.
 */
export async function seriesAnnotations(seriesId) {
  const request = () => get(`/api/v1/alerts?series=${encodeURIComponent(seriesId)}`);
  let body;
  if (available === null) {
    const first = request();
    available = first.then(() => true, (error) => !(error instanceof ApiError && error.status === 404));
    body = await first.catch((error) => {
      if (error instanceof ApiError && error.status === 404) {
        return [];
      }
      throw error;
    });
  } else if (await available) {
    body = await request();
  } else {
    return [];
  }
  const items = Array.isArray(body) ? body : (body?.alerts ?? body?.items ?? body?.content ?? []);
  return items.map(toAnnotation).filter((annotation) => annotation.sha);
}

function toAnnotation(item) {
  const shaOf = (value) => (typeof value === 'string' ? value : value?.sha);
  const range = item.range ?? item.commits ?? {};
  const sha = shaOf(item.commit) ?? item.sha ?? shaOf(range.last) ?? shaOf(range.to) ?? shaOf(range.end)
    ?? shaOf(item.lastCommit) ?? null;
  const kind = String(item.kind ?? item.direction ?? item.status ?? 'alert');
  const size = typeof item.magnitude === 'number' ? ` ${percent(item.magnitude)}` : '';
  const label = item.label ?? item.summary ?? item.title ?? `${kind}${size} at ${shortSha(sha)}`;
  return { sha, label: String(label), kind, id: item.id ?? null, status: item.status ?? null };
}

/** Annotations of several series, one request each, merged by commit and kind. */
export async function annotationsOf(seriesIds) {
  const lists = await Promise.all(seriesIds.map((id) => seriesAnnotations(id).catch(() => [])));
  const seen = new Map();
  for (const annotation of lists.flat()) {
    const key = `${annotation.sha}\u0000${annotation.kind}`;
    if (!seen.has(key)) {
      seen.set(key, annotation);
    }
  }
  return [...seen.values()];
}
