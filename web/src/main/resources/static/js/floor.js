// The y axis of the timeline's charts and the suite grid's tiles (docs/ui.md, "Y axis"): never below zero for results
// that cannot be negative (scores, times and allocations are never negative, yet their error bands, noise bands and
// the annotation plugin's box ranges reached below zero and drew a "-200,000 ops/ms" axis under results that were all
// positive), and set by the scores rather than by error bands far wider than they are.

/**
 * A Chart.js plugin: after the data limits are known (and after the annotation plugin widened them, a chart's own
 * plugins run after the registered ones), the y axis starts at 0 when every result (datasets of role "score") is at
 * or above 0, else where the data takes it. With results far from 0 the axis keeps starting at their low end.
 */
export const floorAtZero = {
  id: 'floorAtZero',
  afterDataLimits(chart, { scale }) {
    if (scale.axis !== 'y' || !(scale.min < 0)) {
      return;
    }
    const scores = chart.data.datasets.filter((d) => d.role === 'score');
    const negative = scores.some((d) => d.data.some((item) => item && item.y !== null && item.y < 0));
    if (scores.length > 0 && !negative) {
      scale.min = 0;
      if (scale.max <= 0) {
        scale.max = 1;
      }
    }
  },
};

/** The lower edge of a band around a result that cannot be negative: clamped at 0. */
export function lowerEdge(score, width) {
  return score >= 0 ? Math.max(0, score - width) : score - width;
}

/**
 * A Chart.js plugin: the y axis is set by the scores (every dataset but the error band: scores, medians, noise bands,
 * an overview's ranges), and an error band (datasets of role "band" and "band-lower") widens it only while the band is
 * of the scores' own order: at most by the scores' size (the largest of |lowest|, |highest| and highest − lowest)
 * beyond them, so results that are all positive get an axis of at most twice the highest score and a step of the
 * scores always moves their line by a visible share of the chart. A wider band is drawn clipped at the chart's edge
 * (its ± stays in the tooltip). An imported Catch2 history had ±500 ns beside scores of 8 µs (github-action-benchmark's
 * old parser): the band set a 0 to 500 axis and the scores' step from 20 to 8 was a flat line at its bottom.
 */
export const bandsWithinScores = {
  id: 'bandsWithinScores',
  afterDataLimits(chart, { scale }) {
    if (scale.axis !== 'y') {
      return;
    }
    let lowest = Infinity;
    let highest = -Infinity;
    chart.data.datasets.forEach((dataset, i) => {
      if (dataset.role === 'band' || dataset.role === 'band-lower' || !chart.isDatasetVisible(i)) {
        return;
      }
      for (const item of dataset.data) {
        const y = item?.y;
        if (y !== null && y !== undefined && Number.isFinite(y)) {
          lowest = Math.min(lowest, y);
          highest = Math.max(highest, y);
        }
      }
    });
    const size = Math.max(Math.abs(lowest), Math.abs(highest), highest - lowest);
    if (!(size > 0) || !Number.isFinite(size)) {
      return;
    }
    scale.max = Math.min(scale.max, highest + size);
    scale.min = Math.max(scale.min, lowest - size);
  },
};
