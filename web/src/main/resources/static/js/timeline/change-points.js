// The detector's change points of the shown series (contract 1: GET /api/v1/change-points, built by the detection
// feature), as the {sha, label, kind, status} items annotations.js draws. A server without the endpoint answers 404:
// that means "none", and the page stops asking until it is reloaded.

import { ApiError, get, query } from '../api.js';
import { percent, shortSha } from '../format.js';

let available = true;

/** Change points of each series, newest first per series; [] without the endpoint. */
export async function changePointsOf(project, seriesIds) {
  if (!available || seriesIds.length === 0) {
    return [];
  }
  const lists = await Promise.all(seriesIds.map(async (series) => {
    try {
      return await get(`/api/v1/change-points?${query({ project, series, limit: 200 })}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        available = false;
        return [];
      }
      console.warn('change points', error);
      return [];
    }
  }));
  return lists.flat().filter((item) => item?.commit?.sha).map((item) => ({
    sha: item.commit.sha,
    kind: String(item.direction ?? 'change'),
    status: item.status ?? null,
    id: item.id ?? null,
    label: `${item.direction ?? 'change'}${typeof item.magnitude === 'number' ? ` ${percent(item.magnitude)}` : ''}`
      + ` at ${shortSha(item.commit.sha)}${item.status ? ` (${item.status})` : ''}`,
    changePoint: item,
  }));
}
