// Every view's state lives in the URL's hash, "#/<page>?<parameters>", so that any view is a permalink and the
// server only has to serve one static page.

/** The page and its parameters in the current URL; "#/?ben=…" (Codespeed's form) has the page "". */
export function current() {
  const hash = location.hash.startsWith('#/') ? location.hash.slice(2) : '';
  const question = hash.indexOf('?');
  const page = question < 0 ? hash : hash.slice(0, question);
  const params = new URLSearchParams(question < 0 ? '' : hash.slice(question + 1));
  return { page: page.replace(/\/+$/, ''), params };
}

/** "#/timeline?project=…" with parameters in a stable order and empty ones left out. */
export function href(page, params) {
  const query = new URLSearchParams();
  for (const [name, value] of params instanceof URLSearchParams ? params.entries() : Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') {
      query.set(name, String(value));
    }
  }
  const text = query.toString().replace(/%2C/gi, ',');
  return `#/${page}${text ? `?${text}` : ''}`;
}

let listener = () => {};

/**
 * Changes the URL to a view. A new view is a history entry (the back button returns to it); a refinement of the
 * same view (a zoom, a toggle) replaces the current entry.
 */
export function navigate(page, params, { replace = false } = {}) {
  const target = `${location.pathname}${href(page, params)}`;
  if (target === `${location.pathname}${location.hash}`) {
    return;
  }
  if (replace) {
    history.replaceState(null, '', target);
  } else {
    history.pushState(null, '', target);
  }
  listener();
}

/** Calls back on every URL change, whether made by navigate, the back button or an edited address. */
export function onChange(callback) {
  listener = callback;
  window.addEventListener('popstate', () => callback());
  window.addEventListener('hashchange', () => callback());
}
