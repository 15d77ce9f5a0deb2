// The read API (docs/api.md) as the pages use it. Lists that change rarely are cached for the page's lifetime.

const cache = new Map();

export class ApiError extends Error {
  constructor(status, path, detail) {
    super(`${path}: ${status}${detail ? ` ${detail}` : ''}`);
    this.status = status;
  }
}

const WRITE_TOKEN = 'perfwatch.writeToken';

/**
 * The token pasted for write actions (triage) lives in sessionStorage: it is gone when the tab closes and is never
 * in a URL. The stored read token (PERFWATCH_READ_REQUIRES_TOKEN) is the fallback.
 */
export function writeToken() {
  return sessionStorage.getItem(WRITE_TOKEN);
}

export function setWriteToken(token) {
  if (token) {
    sessionStorage.setItem(WRITE_TOKEN, token);
  } else {
    sessionStorage.removeItem(WRITE_TOKEN);
  }
}

/**
 * A token only matters for reads when the server requires one (PERFWATCH_READ_REQUIRES_TOKEN). Reads never send the
 * pasted write token: a mistyped one would make the server refuse every read.
 */
function headers(token = localStorage.getItem('perfwatch.token')) {
  return token ? { Accept: 'application/json', Authorization: `Bearer ${token}` } : { Accept: 'application/json' };
}

export async function get(path) {
  return answer(path, await fetch(path, { headers: headers() }));
}

/** A write with the pasted token: 401 and 403 come back as ApiError like any other refusal. */
export async function post(path, body) {
  return answer(path, await fetch(path, {
    method: 'POST',
    headers: { ...headers(writeToken()), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }));
}

async function answer(path, response) {
  if (!response.ok) {
    let detail = '';
    try {
      detail = (await response.json()).detail ?? '';
    } catch {
      // not a problem document
    }
    throw new ApiError(response.status, path, detail);
  }
  return response.json();
}

function cached(path) {
  if (!cache.has(path)) {
    const request = get(path);
    request.catch(() => cache.delete(path));
    cache.set(path, request);
  }
  return cache.get(path);
}

function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') {
      search.set(name, value);
    }
  }
  return search.toString();
}

export const projects = () => cached('/api/v1/projects');

export const benchmarks = (project) => cached(`/api/v1/benchmarks?${query({ project })}`);

/** Series of a project, optionally of one benchmark, metric and branch. */
export const series = (filter) => cached(`/api/v1/series?${query(filter)}`);

/** The newest limit points of a series in branch order. */
export const points = (id, limit) => cached(`/api/v1/series/${id}/points?${query({ limit })}`);

/**
 * The same points as columns (form=columns): what the timeline reads, timeline/data.js turns them into points. The
 * timeline asks only for the columns it draws (fields=): no runs (read for a clicked commit, pointsAt) and no
 * confidence intervals, a third of the bytes of 10,000 points.
 */
export const TIMELINE_FIELDS = 'score,error,recordedAt,noisy,noiseReason';

export const pointColumns = (id, limit) => cached(`/api/v1/series/${id}/points?${query({ limit, form: 'columns',
  fields: TIMELINE_FIELDS })}`);

/** The points of one commit in a series (its runs, with their ids): a range of that commit alone. */
export const pointsAt = (id, sha) => cached(`/api/v1/series/${id}/points?${query({ from: sha, to: sha })}`);

export const run = (id) => cached(`/api/v1/runs/${id}`);

export { query };

/** A read that answers null on 404: an API another feature has not shipped on this server. */
export async function optional(path) {
  try {
    return await get(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return null;
    }
    throw error;
  }
}

/** Codespeed's ids and names (the Codespeed compatibility feature); empty where the server has none. */
export async function codespeed(kind) {
  try {
    return await cached(`/api/v1/codespeed/${kind}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return [];
    }
    throw error;
  }
}
