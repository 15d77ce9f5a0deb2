// The timeline's URL parameters with their defaults, shared by the page, its controls and its charts.

export const REVS = [50, 100, 200, 500, 1000, 2000, 5000, 10000];
export const DEFAULT_REVS = 200;
export const MAX_REVS = 100000;
export const MEDIANS = [0, 5, 9, 21];
export const DEFAULT_MEDIAN = 9;

/** "a, b," as ['a', 'b']. */
export const list = (value) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : []);

/** How many of the newest results per environment to read (revs=). */
export function revsOf(params) {
  const value = Number.parseInt(params.get('revs') ?? '', 10);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, MAX_REVS) : DEFAULT_REVS;
}

/** The moving median's window (median=), 0 for none. */
export function medianOf(params) {
  const value = Number.parseInt(params.get('median') ?? '', 10);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_MEDIAN;
}
