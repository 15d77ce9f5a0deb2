// Builds DOM nodes from data with textContent only, so commit messages and names can never inject markup.

/** h('a', {href, class: 'x', onclick}, 'text', child) — attributes starting with "on" become listeners. */
export function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) {
      continue;
    }
    if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2), value);
    } else if (name === 'style') {
      // Through the CSSOM, not the style attribute: a Content-Security-Policy without 'unsafe-inline' allows this.
      node.style.cssText = String(value);
    } else if (name === 'dataset') {
      Object.assign(node.dataset, value);
    } else if (name === 'style') {
      // Through the CSSOM: the Content-Security-Policy (style-src 'self') refuses a style attribute, not this.
      if (typeof value === 'object') {
        Object.assign(node.style, value);
      } else {
        node.style.cssText = String(value);
      }
    } else if (value === true) {
      node.setAttribute(name, '');
    } else {
      node.setAttribute(name, String(value));
    }
  }
  append(node, children);
  return node;
}

/** Replaces a node's children, skipping null and false and flattening arrays as h does. */
export function replace(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) {
      continue;
    }
    if (Array.isArray(child)) {
      append(node, child);
    } else {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
}

/**
 * A name as text that may break after its dots and slashes (a <wbr> after each): `valueUpdate.ROCKS` and
 * `Fibonacci/Iterative/20` wrap between their parts on a phone, not inside a word.
 */
export function breakable(name) {
  return String(name).split(/(?<=[./])/).flatMap((part, i) => (i === 0 ? [part] : [h('wbr'), part]));
}

/** A labelled select; options are [value, text] pairs. */
export function select(id, label, options, selected, onchange) {
  const control = h('select', { id, onchange: (event) => onchange(event.target.value) },
    options.map(([value, text, title]) => h('option', { value, selected: value === selected, title }, text)));
  return h('label', { class: 'field', for: id }, h('span', {}, label), control);
}

/** A labelled checkbox. */
export function checkbox(id, label, checked, onchange, attributes = {}) {
  return h('label', { class: 'check', for: id, ...attributes },
    h('input', { type: 'checkbox', id, checked, onchange: (event) => onchange(event.target.checked) }), label);
}

/** True when a key press belongs to a form control rather than to the page's shortcuts. */
export function typing(event) {
  const target = event.target;
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement
    || target instanceof HTMLTextAreaElement || event.ctrlKey || event.metaKey || event.altKey;
}

/**
 * A button that puts a full name on the clipboard (names are long: a JMH benchmark with its package and a case's
 * parameters). Without the Clipboard API (plain http on another host) it selects the text instead.
 */
export function copyButton(text, label = 'copy') {
  const button = h('button', { type: 'button', class: 'copy', title: `Copy: ${text}`, 'aria-label': `Copy ${text}` },
    label);
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = 'copied';
    } catch {
      const range = document.createRange();
      range.selectNodeContents(button.previousSibling ?? button);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      button.textContent = 'selected';
    }
    setTimeout(() => {
      button.textContent = label;
    }, 1500);
  });
  return button;
}
