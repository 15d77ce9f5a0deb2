// Reading what the timeline draws: the points (or, for a whole history, the overview's ranges) of the page's case
// and of the added cases in each environment, their change points and alerts, and the baseline's values. Methods of
// the timeline page (Object.assign in page.js).

import * as api from '../api.js';
import { caseLabel } from '../format.js';
import { seriesStyle } from '../palette.js';
import { annotationsOf } from './annotations.js';
import { ALLOC, environmentLabels, pointsFromColumns, valueAt } from './data.js';
import { bucketsOf, fetchOverview, overviewOf } from './overview.js';
import { revsOf } from './params.js';
import { addedName, resolveAdded } from './several.js';

export const loading = {
  /** Points of every candidate environment, for the chosen metric and for allocation per operation. */
  async load(selection) {
    const revs = revsOf(this.params);
    const labels = environmentLabels(selection.environments);
    const overview = overviewOf(this.params);
    const buckets = bucketsOf(this.params);
    // The whole history in at most `buckets` ranges per series (overview.js), or the newest revs results.
    const read = async (series) => {
      if (!overview) {
        return { points: pointsFromColumns(await api.pointColumns(series.id, revs)), overview: null };
      }
      const answer = await fetchOverview(series.id, buckets);
      return answer.bucketed ? { points: [], overview: { total: answer.total, buckets: answer.buckets } }
        : { points: answer.points, overview: null };
    };
    const fetchOf = async (series) => (series ? {
      series, ...(await read(series)), detail: null, unit: series.metric.unit, direction: series.metric.direction,
    } : null);
    // The page's case in each environment, then each added case (several.js) in the same environments.
    const { added, missing } = await resolveAdded(this.params, selection);
    if (missing.length > 0) {
      this.context.notice([`Not on this chart (no such case of ${selection.project.name}): ${missing.join(', ')}.`]);
    }
    const named = added.length > 0;
    const cases = [{ key: null, name: caseLabel(selection.benchmarkCase), series: selection.series }, ...added.map((a) => ({
      key: a.entry, caseId: a.benchmarkCase.id, name: addedName(a, selection.benchmark.name), series: a.series }))];
    const wanted = cases.flatMap((c, caseIndex) => selection.candidates.map((environment) => ({ c, caseIndex, environment })));
    const lines = await Promise.all(wanted.map(async ({ c, caseIndex, environment }) => {
      // Colours by environment for the page's case as before; the added cases' lines take the next ones.
      const index = caseIndex === 0 ? selection.environments.indexOf(environment)
        : selection.environments.length + (caseIndex - 1) * selection.candidates.length
          + selection.candidates.indexOf(environment);
      const style = seriesStyle(index);
      const metricSeries = (name) => c.series.find((s) => s.metric.name === name && s.environment.id === environment.id);
      const [primary, alloc] = await Promise.all([fetchOf(metricSeries(selection.metric)),
        selection.metric === ALLOC ? null : fetchOf(metricSeries(ALLOC))]);
      const label = named ? `${c.name} · ${labels.get(environment.id)}` : labels.get(environment.id);
      // hide= keys: the environment's id for the page's case, "<case id>-<environment id>" for an added case.
      return { environment, key: c.key ? `${c.caseId}-${environment.id}` : String(environment.id), added: c.key,
        caseName: c.name, label, color: style.color, dash: style.dash, primary, alloc };
    }));
    const drawn = lines.filter((l) => l.primary);
    return { selection, revs, buckets, lines: drawn, added,
      overview: drawn.some((l) => l.primary.overview || l.alloc?.overview) };
  },

  fetchAnnotations(loaded, generation) {
    this.alerts = [];
    const ids = loaded.lines.flatMap((l) => [l.primary?.series.id, l.alloc?.series.id]).filter(Boolean);
    // Alerts and the detector's change points, one mark per commit, kind and status (annotations.js).
    annotationsOf(ids).then((marks) => {
      if (generation === this.generation || this.loaded === loaded) {
        this.alerts = marks;
        this.debug.changePoints = marks.filter((m) => m.status !== 'alert').length;
        this.updateAnnotations();
      }
    });
  },

  /** Baseline values at the base commit; when it is older than the loaded points, the whole series is read once. */
  fetchBaselines(generation) {
    const base = this.params.get('base');
    this.baselines = new Map();
    if (!base || !this.loaded) {
      this.debug.baseline = {};
      return;
    }
    const loaded = this.loaded;
    const valueOf = (data) => this.baselineOf(data, base, valueAt);
    Promise.all(loaded.lines.map(async (l) => [l, await valueOf(l.primary), await valueOf(l.alloc)]))
      .then((values) => {
        if (this.loaded !== loaded || this.params.get('base') !== base) {
          return;
        }
        this.baselines = new Map(values.map(([l, primary, alloc]) => [l, { primary, alloc }]));
        this.debug.baseline = Object.fromEntries(values.map(([l, primary]) => [l.label, primary]));
        this.updateAnnotations();
      })
      .catch((error) => console.warn('baseline', error));
  },
};
