// The page's frame, made from MODES: a tab for each mode, and each mode's
// folder put into the page, its markup (www/<id>/view.html) after #error and
// its style (www/<id>/style.css) after www/style.css, in MODES order.
//
// A view.html holds the mode's roots, each starting a line of its own with no
// indent and an id (what its tab's aria-controls names), and at most one line
// `<p class="footer-keys" data-keys="<id>">…</p>`, which goes into the footer
// (the ViewSwitcher shows the current tab's). Everything but mountFrame is
// DOM-free: the build (scripts/dist.mjs) writes the same frame into the built
// page, so the built page paints it at once and mountFrame finds it there.

/** @typedef {import('./modes.js').ModeEntry} ModeEntry */

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

/**
 * Where a mode's files are, from the folder of this module (www/shell/).
 * @param {string} id
 * @param {'view.html' | 'style.css'} file
 * @param {string} base  this module's URL (import.meta.url, or a file URL at build time)
 */
const modeFile = (id, file, base = import.meta.url) => new URL(`../${id}/${file}`, base).href;

/**
 * A view.html read: its roots' ids, the roots' markup, and its line of keys.
 * @param {string} id  the mode's id, for the sentence when the file breaks the rules above
 * @param {string} html
 * @returns {{ ids: string[], roots: string, keys: string }}
 */
export function splitView(id, html) {
  const keyLine = /^<p class="footer-keys"[^\n]*<\/p>[ \t]*$/gm;
  const keys = [...html.matchAll(keyLine)].map((m) => m[0].trim());
  if (keys.length > 1) throw new Error(`www/${id}/view.html has ${keys.length} lines of keys; one at most`);
  const roots = html.replace(keyLine, '').trim();
  const ids = [...roots.matchAll(/^<(\w+)\b([^>]*)>/gm)].map((m) => {
    const found = /\sid="([^"]+)"/.exec(m[2]);
    if (!found) throw new Error(`www/${id}/view.html has a root <${m[1]}> with no id (a root starts a line, unindented, and has an id)`);
    return found[1];
  });
  if (!ids.length) throw new Error(`www/${id}/view.html has no root (an element starting a line, unindented, with an id)`);
  return { ids, roots, keys: keys[0] ?? '' };
}

/**
 * The tabs: one link a mode, the first mode's at the page's own address and
 * current, each naming the roots it shows.
 * @param {{ id: string, label: string, ids: string[] }[]} modes
 */
export function tabsHtml(modes) {
  return modes
    .map(({ id, label, ids }, i) => `<a href="${i ? `?mode=${id}` : '?'}" id="tab-${id}" data-view="${id}" aria-controls="${ids.join(' ')}"${i ? '' : ' aria-current="page"'}>${escapeHtml(label)}</a>`)
    .join('\n');
}

/**
 * A line of keys as the page starts: shown for the first mode only.
 * @param {string} keys
 * @param {boolean} first
 */
export const keysAtStart = (keys, first) => (first || !keys ? keys : keys.replace(/^<p /, '<p hidden '));

/**
 * Puts every mode's style, markup and tab into the page, unless the build
 * has (the tabs are there). Resolves once the markup is in; a style may
 * still be loading.
 * @param {ModeEntry[]} modes
 */
export async function mountFrame(modes) {
  const nav = /** @type {HTMLElement} */ (document.querySelector('nav.views'));
  if (nav.querySelector('[data-view]')) return;
  let after = /** @type {Element} */ (document.querySelector('link[rel="stylesheet"][href$="www/style.css"]'));
  for (const { id } of modes) {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: modeFile(id, 'style.css') });
    after.after(link);
    after = link;
  }
  const views = await Promise.all(modes.map(async ({ id }) => {
    const response = await fetch(modeFile(id, 'view.html'));
    if (!response.ok) throw new Error(`www/${id}/view.html: HTTP ${response.status}`);
    return splitView(id, await response.text());
  }));
  const roots = document.createElement('template');
  roots.innerHTML = views.map((view) => view.roots).join('\n');
  /** @type {HTMLElement} */ (document.getElementById('error')).after(roots.content);
  const keys = document.createElement('template');
  keys.innerHTML = views.map((view, i) => keysAtStart(view.keys, i === 0)).join('\n');
  /** @type {HTMLElement} */ (document.querySelector('.site-footer')).prepend(keys.content);
  nav.innerHTML = tabsHtml(modes.map(({ id, label }, i) => ({ id, label, ids: views[i].ids })));
}
