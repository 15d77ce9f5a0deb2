// What the list pages share: a URL-driven page class, the project picker and significance styling.

import * as api from './api.js';
import { h } from './dom.js';
import { current, navigate } from './router.js';

/**
 * A page whose whole state is its URL parameters: set() writes the URL, the router calls update(), and a newer
 * update makes an older one's answer stale (generation), so a slow response never overwrites a newer view.
 */
export class UrlPage {
  constructor(id, root, context) {
    this.id = id;
    this.context = context;
    this.params = new URLSearchParams();
    this.generation = 0;
    this.debug = { state: 'loading' };
    window.perfwatch.page = id;
    window.perfwatch[id] = this.debug;
    this.status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
    this.section = h('section', { class: `page ${id}`, id: `${id}-page`, 'aria-label': id });
    root.append(this.section);
    this.keydown = (event) => this.onKey?.(event);
    document.addEventListener('keydown', this.keydown);
  }

  unmount() {
    document.removeEventListener('keydown', this.keydown);
    clearInterval(this.timer);
    this.section.remove();
    window.perfwatch[this.id] = null;
  }

  set(changes, { replace = false } = {}) {
    const params = new URLSearchParams(this.params);
    // The filter box writes the URL without a render (js/filter.js): keep what it wrote.
    const filter = current().params.get('filter');
    if (filter) {
      params.set('filter', filter);
    }
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === '') {
        params.delete(name);
      } else {
        params.set(name, String(value));
      }
    }
    navigate(this.id, params, { replace });
  }

  async update(params) {
    this.params = new URLSearchParams(params);
    const generation = ++this.generation;
    this.setState('loading');
    try {
      await this.render(() => generation === this.generation);
      if (generation === this.generation) {
        this.setState('ready');
      }
    } catch (error) {
      if (generation === this.generation) {
        this.setState('error');
        this.status.classList.add('error');
        this.status.textContent = `Could not load this page: ${error.message}`;
        console.warn(error);
      }
    }
  }

  setState(state) {
    this.debug.state = state;
    this.section.dataset.state = state;
    if (state !== 'error') {
      this.status.classList.remove('error');
    }
  }

  /** Rebuilding the controls keeps keyboard focus on the control that was used. */
  keepFocus(render) {
    const focused = document.activeElement?.id;
    render();
    if (focused && document.activeElement?.id !== focused) {
      document.getElementById(focused)?.focus();
    }
  }
}

/** The project the URL names, or the first one (null when nothing is stored yet). */
export async function chosenProject(params) {
  const projects = await api.projects();
  return { projects, project: projects.find((p) => p.name === params.get('project')) ?? projects[0] ?? null };
}

/**
 * How a judged change is shown: {tone, words}. Significant at 99.9% (the API's verdict better/worse) is a strong
 * tone; significant only at 95% (|z| ≥ 1.96) a light "maybe" tone; so colour follows the evidence, not the
 * percentage. The words say the same, since colour is never the only carrier.
 */
export function judged(verdict, z, direction) {
  if (verdict === 'not-judged') {
    return { tone: 'not-judged', words: 'not judged' };
  }
  if (verdict === 'better' || verdict === 'worse') {
    return { tone: verdict, words: verdict };
  }
  if (verdict === 'same' && z !== null && z !== undefined && Math.abs(z) >= 1.96) {
    const better = (z > 0) === (direction === 'higher');
    return { tone: better ? 'maybe-better' : 'maybe-worse', words: better ? 'maybe better' : 'maybe worse' };
  }
  return verdict === 'same' ? { tone: 'same', words: 'within noise' } : { tone: 'unclear', words: 'too few to judge' };
}

/** A link into the timeline of one case of a project. */
export function timelineHref(params) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') {
      query.set(name, String(value));
    }
  }
  return `#/timeline?${query.toString().replace(/%2C/gi, ',')}`;
}
