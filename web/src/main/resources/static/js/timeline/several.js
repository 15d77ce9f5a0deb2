// Several cases on one timeline (Bencher's several measures on one plot): add=<caseId> adds another case of the
// benchmark, add=<benchmark>/<caseId> a case of another benchmark of the project, each drawn in every shown
// environment with the same metric. norm=first|median divides each line by its first (or median) result, so that
// lines of different levels or units share one axis; when the units differ the page normalises to the first result
// by itself, since one axis cannot carry two units.

import * as api from '../api.js';
import { benchmarkName, caseLabel } from '../format.js';
import { list } from './params.js';

/** The added cases of the URL: [{benchmark (null: the page's), caseId}]. */
export function addedOf(params) {
  return list(params.get('add')).map((entry) => {
    const slash = entry.lastIndexOf('/');
    return slash < 0 ? { benchmark: null, caseId: entry, entry }
      : { benchmark: entry.slice(0, slash), caseId: entry.slice(slash + 1), entry };
  });
}

/** The add= entry of a case: its id alone in the page's benchmark, else prefixed with its benchmark's name. */
export function addEntry(benchmark, caseId, pageBenchmark) {
  return benchmark === pageBenchmark ? String(caseId) : `${benchmark}/${caseId}`;
}

/**
 * The series of each added case in the page's metric and environments: [{entry, benchmark, benchmarkCase,
 * series: [...]}]; a case the project does not have (any more) is left out and named in missing.
 */
export async function resolveAdded(params, selection) {
  const added = addedOf(params);
  const resolved = [];
  const missing = [];
  for (const one of added) {
    const benchmark = one.benchmark ?? selection.benchmark.name;
    const series = benchmark === selection.benchmark.name ? selection.allSeries
      : await api.series({ project: selection.project.name, benchmark, branch: selection.branch }).catch(() => []);
    const caseSeries = series.filter((s) => String(s.case.id) === one.caseId);
    if (caseSeries.length === 0 || (benchmark === selection.benchmark.name
      && one.caseId === String(selection.benchmarkCase.id))) {
      missing.push(one.entry);
      continue;
    }
    resolved.push({ entry: one.entry, benchmark, benchmarkCase: caseSeries[0].case, series: caseSeries });
  }
  return { added: resolved, missing };
}

/** What names an added case in a label: its parameters, with its benchmark when that is not the page's. */
export function addedName(added, pageBenchmark) {
  const label = caseLabel(added.benchmarkCase);
  return added.benchmark === pageBenchmark ? label : `${benchmarkName(added.benchmark)} ${label}`;
}

/** The normalisation in force: the URL's, or the first result when the lines' units differ and none was asked. */
export function normalisationOf(params, lines) {
  const asked = params.get('norm');
  if (asked === 'first' || asked === 'median') {
    return { mode: asked, forced: false };
  }
  if (asked === 'off') {
    return { mode: null, forced: false };
  }
  const units = new Set(lines.map((l) => l.primary?.unit));
  return units.size > 1 ? { mode: 'first', forced: true } : { mode: null, forced: false };
}

/**
 * The value a line is divided by: its first or median result (the mean of the first or the median of the ranges
 * in an overview). Null when it has none, or it is zero, or nothing is normalised.
 */
export function referenceOf(data, mode) {
  if (!mode || !data) {
    return null;
  }
  const values = data.points.length > 0 ? data.points.map((p) => p.score).filter((s) => s !== null && Number.isFinite(s))
    : (data.overview?.buckets ?? []).map((b) => b.mean).filter((m) => m !== null);
  if (values.length === 0) {
    return null;
  }
  let reference;
  if (mode === 'first') {
    reference = values[0];
  } else {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    reference = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
  return reference === 0 ? null : Math.abs(reference);
}
