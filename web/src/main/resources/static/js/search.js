// The search box in the header: projects, benchmarks, cases (by parameter values) and commits, asked of
// GET /api/v1/search on every keystroke ("/" focuses it from anywhere). The current project scopes the search.

import * as api from './api.js';
import { h, replace, typing } from './dom.js';
import { benchmarkName, caseLabel, shortSha } from './format.js';
import * as router from './router.js';

/** Cases asked for and shown at once: what docs/ui.md#search measures any case being among. */
const SHOWN = 100;

const KINDS = { project: 'project', benchmark: 'benchmark', case: 'case', commit: 'commit' };

/** Where a hit leads: a project's timeline, a benchmark's grid, a case's timeline, every case at a commit. */
export function hitHref(hit) {
  switch (hit.kind) {
    case 'project':
      return router.href('timeline', { project: hit.project });
    case 'benchmark':
      return router.href('grid', { project: hit.project, benchmark: hit.benchmark });
    case 'case':
      return router.href('timeline', { project: hit.project, benchmark: hit.benchmark, case: hit.case.id });
    default:
      return router.href('changes', { project: hit.project, commit: hit.sha });
  }
}

function describe(hit, scoped) {
  const where = scoped ? '' : `${hit.project} · `;
  switch (hit.kind) {
    case 'project':
      return { title: hit.project, detail: '' };
    case 'benchmark':
      return { title: benchmarkName(hit.benchmark), detail: `${where}${hit.benchmark}` };
    case 'case':
      return { title: caseLabel(hit.case), detail: `${where}${hit.benchmark}` };
    default:
      return { title: `${shortSha(hit.sha)} ${hit.subject ?? ''}`, detail: `${where}${hit.sha}` };
  }
}

/** A case's own words: its parameters' values joined, then mode and threads when they differ in its group. */
function values(hit, names) {
  const params = hit.case.params ?? {};
  return names.map((name) => (name === 'mode' ? hit.case.mode
    : name === 'threads' ? `${hit.case.threads} threads` : params[name])).join(' · ');
}

/**
 * The answer as the box shows it: projects, benchmarks without cases here, then the cases grouped by benchmark —
 * a heading (the benchmark, its link to the grid) and one chip per case with only the values that tell the group's
 * cases apart, so 60 cases of one benchmark fit in a few lines (docs/ui.md#search) — then commits. Returned in
 * that order so that ↑/↓ walk it as it reads.
 */
export function arrange(hits) {
  const groups = new Map();
  const keyOf = (hit) => `${hit.project}\u0000${hit.benchmark}`;
  for (const hit of hits.filter((one) => one.kind === 'case')) {
    const key = keyOf(hit);
    if (!groups.has(key)) {
      groups.set(key, { heading: { kind: 'benchmark', project: hit.project, benchmark: hit.benchmark }, cases: [] });
    }
    groups.get(key).cases.push(hit);
  }
  for (const group of groups.values()) {
    const names = [...new Set(group.cases.flatMap((hit) => Object.keys(hit.case.params ?? {})))];
    const differ = (read) => new Set(group.cases.map(read)).size > 1;
    group.names = [...names.filter((name) => differ((hit) => hit.case.params?.[name])),
      ...(differ((hit) => hit.case.mode) ? ['mode'] : []),
      ...(differ((hit) => hit.case.threads) ? ['threads'] : [])];
    group.common = names.filter((name) => !group.names.includes(name))
      .map((name) => `${name}=${group.cases[0].case.params[name]}`).join(', ');
  }
  const before = hits.filter((hit) => hit.kind === 'project' || (hit.kind === 'benchmark' && !groups.has(keyOf(hit))));
  const after = hits.filter((hit) => hit.kind === 'commit');
  const order = [...before, ...[...groups.values()].flatMap((group) => [group.heading, ...group.cases]), ...after];
  return { order, groups: [...groups.values()] };
}

export function search(root) {
  const debug = { state: 'idle', hits: [] };
  window.perfwatch.search = debug;
  const input = h('input', {
    type: 'search', id: 'search-input', placeholder: 'Search  /', autocomplete: 'off', spellcheck: 'false',
    role: 'combobox', 'aria-expanded': 'false', 'aria-controls': 'search-results', 'aria-autocomplete': 'list',
    'aria-label': 'Search projects, benchmarks, cases and commits (shortcut /)',
  });
  const list = h('ul', { id: 'search-results', class: 'search-results', role: 'listbox', hidden: true });
  root.append(input, list);
  let hits = [];
  let selected = -1;
  let asked = 0;
  let controller = null;

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  };

  let groups = [];

  const option = (hit, index, scoped, chip) => {
    const { title, detail } = describe(hit, scoped);
    const attributes = { id: `search-hit-${index}`, role: 'option', 'aria-selected': String(index === selected) };
    if (chip) {
      return h('a', { ...attributes, class: 'chip', href: hitHref(hit), tabindex: '-1', title: `${title}\n${detail}`,
        onclick: close }, chip);
    }
    return h('li', attributes,
      h('a', { href: hitHref(hit), tabindex: '-1', title: detail || title, onclick: close },
        h('span', { class: 'kind' }, KINDS[hit.kind]), title, detail && h('span', { class: 'detail' }, detail)));
  };

  const show = (scoped) => {
    const rows = [];
    const index = new Map(hits.map((hit, at) => [hit, at]));
    const headings = new Map(groups.map((group) => [group.heading, group]));
    for (const hit of hits) {
      const group = headings.get(hit);
      if (group) {
        const single = group.cases.length === 1 || group.names.length === 0;
        rows.push(option(hit, index.get(hit), scoped), h('li', { class: 'cases', role: 'presentation' },
          !single && h('span', { class: 'detail' }, `${group.cases.length} cases${group.common ? ` with ${group.common}`
            : ''}, by ${group.names.join(' · ')}`),
          group.cases.map((one) => option(one, index.get(one), scoped,
            single ? caseLabel(one.case) : values(one, group.names)))));
      } else if (hit.kind !== 'case') {
        rows.push(option(hit, index.get(hit), scoped));
      }
    }
    replace(list, hits.length === 0
      ? h('li', { class: 'muted', role: 'presentation' }, h('span', { class: 'detail' }, 'Nothing found'))
      : rows);
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    if (selected >= 0) {
      input.setAttribute('aria-activedescendant', `search-hit-${selected}`);
      list.querySelector(`#search-hit-${selected}`)?.scrollIntoView({ block: 'nearest' });
    }
  };

  const ask = async () => {
    const text = input.value.trim();
    const generation = ++asked;
    controller?.abort();
    if (!text) {
      hits = [];
      debug.state = 'idle';
      close();
      return;
    }
    controller = new AbortController();
    const project = router.current().params.get('project');
    debug.state = 'loading';
    try {
      const answer = await fetch(`/api/v1/search?${api.query({ q: text, project, limit: SHOWN })}`,
        { headers: { Accept: 'application/json' }, signal: controller.signal });
      const everywhere = () => fetch(`/api/v1/search?${api.query({ q: text, limit: SHOWN })}`);
      const found = answer.ok ? await answer.json()
        : answer.status === 404 && project ? await (await everywhere()).json() : [];
      if (generation !== asked) {
        return;
      }
      ({ order: hits, groups } = arrange(found));
      // When no project or benchmark name matched, the typed words were about cases: Enter opens the best one.
      selected = found[0]?.kind === 'case' ? hits.indexOf(found[0]) : hits.length ? 0 : -1;
      debug.selected = selected;
      debug.hits = hits;
      debug.state = 'ready';
      show(Boolean(project) && answer.ok);
    } catch (error) {
      if (error.name !== 'AbortError') {
        debug.state = 'error';
        console.warn(error);
      }
    }
  };

  input.addEventListener('input', ask);
  input.addEventListener('focus', () => {
    if (hits.length && input.value.trim()) {
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    }
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length) {
        selected = (selected + (event.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length;
        debug.selected = selected;
        show(router.current().params.has('project'));
      }
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[Math.max(selected, 0)];
      if (hit) {
        close();
        location.hash = hitHref(hit).slice(1);
        input.blur();
      }
    } else if (event.key === 'Escape') {
      close();
      input.blur();
    }
  });
  document.addEventListener('click', (event) => {
    if (!root.contains(event.target)) {
      close();
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === '/' && !typing(event)) {
      event.preventDefault();
      input.focus();
      input.select();
    }
  });
}
