// The shell: navigation, the router that mounts one page per URL, and the translation of Codespeed permalinks.
// A page is a module exporting mount(root, params, context) that returns {update(params), unmount()}.

import { h, replace } from './dom.js';
import * as router from './router.js';
import {
  choiceLines, isCodespeed, isCodespeedComparison, translate, translateChanges, translateComparison, viewHref,
} from './codespeed.js';
import { search } from './search.js';
import { labelTables } from './responsive.js';

/** The pages in navigation order; each also answers at its own path (/changes?…), see pathRedirect. */
const PAGES = [
  { id: 'home', label: 'Home', load: () => import('./home/page.js') },
  { id: 'timeline', label: 'Timeline', load: () => import('./timeline/page.js') },
  { id: 'grid', label: 'Suite grid', load: () => import('./grid/page.js') },
  { id: 'changes', label: 'Changes', load: () => import('./changes/page.js') },
  { id: 'comparison', label: 'Comparison', load: () => import('./comparison/page.js') },
  { id: 'environments', label: 'Environments', load: () => import('./environments/page.js') },
  { id: 'alerts', label: 'Alerts', load: () => import('./alerts/page.js') },
  { id: 'requests', label: 'Requests', load: () => import('./requests/page.js') },
  { id: 'runners', label: 'Runners', load: () => import('./runners/page.js') },
];

// "/" opens what changed lately across projects, not one project's timeline.
const DEFAULT_PAGE = 'home';

/** A debug handle for the browser tests and for curious users: each page publishes its state here. */
window.perfwatch = { page: null };

const main = document.getElementById('main');
let mounted = null;
let mountedId = null;
let rendering = Promise.resolve();

function renderNav(active) {
  const nav = document.getElementById('nav');
  replace(nav, ...PAGES.map((page) => h('li', {},
    h('a', { href: `#/${page.id}${carry(page.id)}`, 'aria-current': page.id === active ? 'page' : undefined },
      page.label))));
}

/** Moving between pages keeps what they share (the project, benchmark and filters). */
function carry(target) {
  const { params } = router.current();
  const shared = new URLSearchParams();
  for (const name of ['project', 'branch', 'benchmark', 'metric', 'hostClass', 'jvm']) {
    if (params.has(name)) {
      shared.set(name, params.get(name));
    }
  }
  if (target === 'timeline' && params.has('case')) {
    shared.set('case', params.get('case'));
  }
  const text = shared.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}

export function notice(lines) {
  const element = document.getElementById('notice');
  if (!lines || lines.length === 0) {
    element.hidden = true;
    element.replaceChildren();
    return;
  }
  element.hidden = false;
  replace(element, h('span', {}, lines.join('; ')),
    h('button', { type: 'button', class: 'link', 'aria-label': 'Dismiss', onclick: () => notice([]) }, '×'));
}

/** Codespeed links arrive as /timeline/?ben=… (old), /timeline/#/?ben=… (0.11+) or on our own page. */
async function codespeedRedirect() {
  const search = new URLSearchParams(location.search);
  const { page, params } = router.current();
  const source = isCodespeed(search) ? search : (page === '' && isCodespeed(params) ? params : null);
  if (!source) {
    return false;
  }
  const view = await translate(source);
  history.replaceState(null, '', `/${router.href(view.page, view.params)}`);
  notice([`Opened a Codespeed link: ${view.notes.join(', ')}`]);
  return true;
}

/**
 * A page's own path (/comparison?project=…, as a pull request comment links it; /changes/?rev=… as Codespeed's
 * reports page does) becomes the same view at "/#/<page>?…", the one address form the router reads.
 */
async function pathRedirect() {
  const match = /^\/([a-z]+)\/?$/.exec(location.pathname);
  const page = match && PAGES.find((p) => p.id === match[1]);
  if (!page) {
    return;
  }
  const { page: hashPage, params } = router.current();
  if (hashPage !== '') {
    history.replaceState(null, '', `/${location.hash}`);
    return;
  }
  let query = new URLSearchParams(location.search);
  for (const [name, value] of params) {
    query.set(name, value);
  }
  if (page.id === 'changes' && isCodespeed(query)) {
    const view = await translateChanges(query);
    if (!view.page) {
      notice([`A Codespeed link that needs a choice: ${choiceLines(view).join('; ')}`]);
      history.replaceState(null, '', '/');
      return;
    }
    query = new URLSearchParams(Object.entries(view.params).filter(([, value]) => value));
    notice([`Opened a Codespeed link: ${view.notes.join(', ')}`]);
  }
  if (page.id === 'comparison' && isCodespeedComparison(query)) {
    const view = await translateComparison(query);
    location.replace(viewHref(view));
    return;
  }
  history.replaceState(null, '', `/${router.href(page.id, query)}`);
}

let rendered = null;

async function render() {
  if (mounted && rendered === location.href) {
    return undefined;
  }
  rendered = location.href;
  const { page, params } = router.current();
  const entry = PAGES.find((p) => p.id === page);
  if (!entry) {
    history.replaceState(null, '', `${location.pathname}${router.href(DEFAULT_PAGE, params)}`);
    return render();
  }
  renderNav(entry.id);
  if (mounted && mountedId === entry.id) {
    await mounted.update(params);
    return undefined;
  }
  if (mounted) {
    mounted.unmount();
    mounted = null;
    // A notice (a triage result, a translated Codespeed link) belongs to the page it was given on.
    notice([]);
  }
  const module = await entry.load();
  main.replaceChildren();
  mountedId = entry.id;
  mounted = await module.mount(main, params, { notice });
  return undefined;
}

/** URL changes are rendered one after another, so a fast back-and-forth cannot interleave two renders. */
function schedule() {
  rendering = rendering.then(render).catch((error) => {
    replace(main, h('p', { class: 'error', role: 'alert' }, `This view failed: ${error.message}`));
    console.warn(error);
  });
  return rendering;
}

/**
 * On a narrow screen the navigation folds behind the menu button (CSS decides when; the button only toggles). A new
 * view closes it again, and so does Escape.
 */
function menu() {
  const button = document.getElementById('menu-button');
  const header = button.closest('.top');
  const toggle = (open) => {
    header.classList.toggle('open', open);
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => toggle(!header.classList.contains('open')));
  document.getElementById('nav').addEventListener('click', (event) => {
    if (event.target.closest('a')) {
      toggle(false);
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && header.classList.contains('open')) {
      toggle(false);
      button.focus();
    }
  });
}

async function start() {
  menu();
  labelTables(main);
  search(document.getElementById('search'));
  document.getElementById('skip-link').addEventListener('click', (event) => {
    event.preventDefault();
    main.focus();
  });
  try {
    if (!/^\/changes\/?$/.test(location.pathname)) {
      await codespeedRedirect();
    }
    await pathRedirect();
  } catch (error) {
    notice([`This Codespeed link could not be read: ${error.message}`]);
  }
  router.onChange(schedule);
  await schedule();
}

start();
