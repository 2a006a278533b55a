// Presentation mode (`?present=1`, or the header's Present button): the page
// laid out for a projector at 1920×1080 and the back of a room. The root
// element carries data-present while it is on; www/shell/present.css (loaded
// here, every rule under [data-present]) sets the sizes, and the canvases read
// the same attribute (www/lib/present.js) to scale the text they draw.
// `present=1` is one of the page's own parameters: kept in every link the
// modes write while it is on, so a copied link or an embed code opens it so.

import { keepInLinks, dropFromLinks, replaceUrl } from '../lib/params.js';
import { clip } from '../lib/words.js';

/**
 * Reads the link's present=: on for 1 (or true, or empty), off for 0 or
 * false, and a sentence for anything else (off).
 * @param {string} search  location.search
 * @returns {{ on: boolean, problems: string[] }}
 */
function readPresent(search) {
  const raw = new URLSearchParams(search).get('present');
  if (raw === null) return { on: false, problems: [] };
  const wanted = raw.trim().toLowerCase();
  if (wanted === '1' || wanted === 'true' || wanted === '') return { on: true, problems: [] };
  if (wanted === '0' || wanted === 'false') return { on: false, problems: [] };
  return { on: false, problems: [`The link's present=${clip(raw)} is not 1 or 0. Showing the page at its usual size.`] };
}

/**
 * Turns presentation mode on or off: the root's data-present, the button's
 * state, present=1 in the links, and a resize for the canvases to redraw.
 * @param {boolean} on
 * @param {{ write?: boolean }} [options]  write: put the change in the address bar now
 */
function setPresenting(on, { write = true } = {}) {
  document.documentElement.toggleAttribute('data-present', on);
  for (const button of document.querySelectorAll('[data-part="present-toggle"]')) button.setAttribute('aria-pressed', String(on));
  if (on) keepInLinks('present', '1');
  else dropFromLinks('present');
  if (write) {
    const url = new URL(location.href);
    url.searchParams.delete('present');
    replaceUrl(url);
  }
  window.dispatchEvent(new Event('resize'));
}

/**
 * Loads present.css, wires the header's button and applies the link's
 * present=. Returns a sentence for a malformed present=.
 * @param {string} search  location.search
 * @returns {string[]}
 */
export function mountPresent(search) {
  if (!document.querySelector('link[data-present-style]')) {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: new URL('./present.css', import.meta.url).href });
    link.setAttribute('data-present-style', '');
    document.head.append(link);
  }
  const { on, problems } = readPresent(search);
  for (const button of document.querySelectorAll('[data-part="present-toggle"]')) {
    button.addEventListener('click', () => setPresenting(!document.documentElement.hasAttribute('data-present')));
  }
  setPresenting(on, { write: false });
  return problems;
}
