// The search box in the header: projects, benchmarks, cases (by parameter values) and commits, asked of
// GET /api/v1/search on every keystroke ("/" focuses it from anywhere). The current project scopes the search.

import * as api from './api.js';
import { h, replace, typing } from './dom.js';
import { benchmarkName, caseLabel, shortSha } from './format.js';
import * as router from './router.js';

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

  const show = (scoped) => {
    replace(list, hits.length === 0
      ? h('li', { class: 'muted', role: 'presentation' }, h('span', { class: 'detail' }, 'Nothing found'))
      : hits.map((hit, index) => {
        const { title, detail } = describe(hit, scoped);
        return h('li', { id: `search-hit-${index}`, role: 'option', 'aria-selected': String(index === selected) },
          h('a', { href: hitHref(hit), tabindex: '-1', title: detail || title, onclick: close },
            h('span', { class: 'kind' }, KINDS[hit.kind]), title, detail && h('span', { class: 'detail' }, detail)));
      }));
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    if (selected >= 0) {
      input.setAttribute('aria-activedescendant', `search-hit-${selected}`);
      list.children[selected]?.scrollIntoView({ block: 'nearest' });
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
      const answer = await fetch(`/api/v1/search?${api.query({ q: text, project, limit: 20 })}`,
        { headers: { Accept: 'application/json' }, signal: controller.signal });
      const found = answer.ok ? await answer.json()
        : answer.status === 404 && project ? await (await fetch(`/api/v1/search?${api.query({ q: text })}`)).json()
          : [];
      if (generation !== asked) {
        return;
      }
      hits = found;
      selected = hits.length ? 0 : -1;
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
