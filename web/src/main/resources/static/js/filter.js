// The filter box of the list pages (grid, changes, alerts, requests): narrows what the page shows as you type,
// without asking the server again. Every word must appear in an item's name (in any order, any case), so
// "1024 non" keeps the NON_ASCII cases of length 1024. Unlike the search box, which ranks fuzzy matches, a filter
// has no ranking to push loose matches down, so it matches words as typed. The text is kept in the URL (filter=).

import { h } from './dom.js';

/** Whether every word of the query appears in the text (case-insensitive). */
export function matches(text, query) {
  const haystack = text.toLowerCase();
  return query.toLowerCase().split(/[\s,;]+/).filter(Boolean).every((word) => haystack.includes(word));
}

/** Hides the items whose text does not match; answers how many are shown. */
export function applyFilter(items, query) {
  let shown = 0;
  for (const item of items) {
    const keep = !query || matches(item.dataset.filterText ?? item.textContent, query);
    item.hidden = !keep;
    shown += keep ? 1 : 0;
  }
  return shown;
}

/**
 * A labelled filter input. apply(query) runs on every keystroke; the URL's filter= follows through replaceState,
 * so typing neither reloads the page's data nor adds history entries.
 */
export function filterBox(id, query, apply, placeholder = 'words of names, parameter values') {
  const input = h('input', { id, type: 'search', value: query ?? '', placeholder, autocomplete: 'off',
    spellcheck: 'false' });
  input.addEventListener('input', () => {
    const value = input.value.trim();
    const [path, search = ''] = location.hash.split('?');
    const params = new URLSearchParams(search);
    if (value) {
      params.set('filter', value);
    } else {
      params.delete('filter');
    }
    const text = params.toString().replace(/%2C/gi, ',');
    history.replaceState(null, '', `${location.pathname}${path}${text ? `?${text}` : ''}`);
    apply(value);
  });
  return h('label', { class: 'field filter', for: id }, h('span', {}, 'Filter'), input);
}
