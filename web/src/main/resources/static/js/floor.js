// A y axis that never goes below zero for results that cannot: scores, times and allocations are never negative,
// yet their error bands, noise bands and the annotation plugin's box ranges reached below zero and drew a
// "-200,000 ops/ms" axis under results that were all positive (docs/ui.md, "Axes").

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
