// The read API (docs/api.md) as the pages use it. Lists that change rarely are cached for the page's lifetime.

const cache = new Map();

export class ApiError extends Error {
  constructor(status, path, detail) {
    super(`${path}: ${status}${detail ? ` ${detail}` : ''}`);
    this.status = status;
  }
}

/** A token only matters when the server requires one for reads (PERFWATCH_READ_REQUIRES_TOKEN). */
function headers() {
  const token = localStorage.getItem('perfwatch.token');
  return token ? { Accept: 'application/json', Authorization: `Bearer ${token}` } : { Accept: 'application/json' };
}

export async function get(path) {
  const response = await fetch(path, { headers: headers() });
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

export const run = (id) => cached(`/api/v1/runs/${id}`);

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
