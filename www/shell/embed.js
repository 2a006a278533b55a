// The page in a lesson's iframe (`?embed=1`): only the board, its controls and
// the panels the link names (`&panels=tree,counters`), fitted to the frame
// with no header, tabs or footer, and a bar with "Open full page" (the same
// state without embed, in a new tab). Also the "Copy embed code" buttons
// (data-copy-embed), which show and copy an <iframe> of the page as it stands.
//
// The layout is style.css's [data-embed] block. This module marks the body
// (data-embed: the link's mode) and each panel not asked for
// (data-embed-hidden), keeps embed and panels in the links the modes write,
// and keeps the bar's link current as they write (params.js).

import { flushUrls, keepInLinks, readEmbed, watchUrl } from '../lib/params.js';
import { clip } from '../lib/words.js';

/** The iframe's size in the embed code: the size the embedded page is laid out for. */
const FRAME = { width: 640, height: 480 };

/**
 * The link without the page's embed parameters: the full page at the same state.
 * @param {string} href
 */
function fullPageHref(href) {
  const url = new URL(href);
  url.searchParams.delete('embed');
  url.searchParams.delete('panels');
  url.search = url.search.replaceAll('%2C', ',');
  return url.href;
}

/**
 * An <iframe> of `href` embedded (embed=1 added), ready to paste into a lesson.
 * @param {string} href  the page's address as it stands
 * @param {string} title  what the frame shows, for screen readers
 */
function embedCode(href, title) {
  const url = new URL(href);
  url.searchParams.set('embed', '1');
  url.search = url.search.replaceAll('%2C', ',');
  const attr = (/** @type {string} */ text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return `<iframe src="${attr(url.href)}" width="${FRAME.width}" height="${FRAME.height}" title="${attr(title)}" loading="lazy"></iframe>`;
}

/** At most this many unknown panel names are echoed; the rest are counted. */
const MAX_NAMED = 5;

/**
 * Reads the link's embed=1 and panels=, and if embedded lays the page out for
 * a frame; wires the "Copy embed code" buttons either way. Returns a sentence
 * for each thing the link got wrong (a panel name this mode does not have is
 * left out).
 * @param {string} search  location.search
 * @param {string} modeId  the mode the link opens
 * @param {import('../modes.js').Mode[]} modes  every mode, each with its `panels`
 * @param {() => import('../modes.js').Mode | undefined} shown  the mode shown now (for the frame's title)
 * @returns {{ embedded: boolean, problems: string[] }}
 */
export function embedPage(search, modeId, modes, shown) {
  wireEmbedCode(shown);
  const { embed, panels, problems } = readEmbed(search);
  const known = modes.find((mode) => mode.id === modeId)?.panels ?? {};
  const names = Object.keys(known);
  if (!embed) {
    if (panels.length) problems.push('The link names panels=, which only an embedded page (embed=1) uses. Showing the full page.');
    return { embedded: false, problems };
  }
  const unknown = panels.filter((name) => !(name in known));
  if (unknown.length) {
    const offer = names.length ? `The ${modeId} has: ${names.join(', ')}.` : `The ${modeId} has no panels to add.`;
    const named = unknown.slice(0, MAX_NAMED).map((name) => `“${clip(name)}”`);
    if (unknown.length > MAX_NAMED) named.push(`${unknown.length - MAX_NAMED} more`);
    problems.push(`The link's panels= names ${named.join(', ')}, which ${unknown.length === 1 ? 'is not a panel' : 'are not panels'} here (left out). ${offer}`);
  }
  const asked = new Set(panels.filter((name) => name in known));
  // Every mode's panels are hidden but the ones asked for: another mode may be
  // opened from this one (a race lane's board opens the visualizer).
  for (const { id, panels: table } of modes) {
    for (const [name, selector] of Object.entries(table)) {
      const hide = id !== modeId || !asked.has(name);
      for (const element of document.querySelectorAll(selector)) {
        if (hide) element.setAttribute('data-embed-hidden', '');
        else element.removeAttribute('data-embed-hidden');
      }
    }
  }
  // The visualizer's panels scroll beside the board: a keyboard must reach them.
  const panelsBox = document.querySelector('#visualizer [data-part="panels"]');
  panelsBox?.setAttribute('tabindex', '0');
  panelsBox?.setAttribute('role', 'region');
  panelsBox?.setAttribute('aria-label', 'Panels');
  document.body.dataset.embed = modeId;
  keepInLinks('embed', '1');
  if (asked.size) keepInLinks('panels', [...asked].join(','));
  const bar = /** @type {HTMLElement} */ (document.getElementById('embed-bar'));
  const full = /** @type {HTMLAnchorElement} */ (bar.querySelector('a'));
  const follow = (/** @type {string} */ href) => { full.href = fullPageHref(href); };
  follow(location.href);
  watchUrl(follow);
  // The link follows the page at once when used, not only after the address bar's quiet time.
  for (const type of ['pointerdown', 'focus']) full.addEventListener(type, () => { flushUrls(); follow(location.href); });
  bar.hidden = false;
  return { embedded: true, problems };
}

/**
 * What the shown view is, for the frame's title: "N-Queens: Bitwise, 8×8".
 * @param {import('../modes.js').Mode | undefined} mode
 */
function frameTitle(mode) {
  const what = (mode?.title() ?? []).filter(Boolean).join(', ');
  return what ? `N-Queens: ${what}` : 'N-Queens, made visible';
}

/**
 * The "Copy embed code" buttons: each opens #embed-code with the code, copied if the browser lets it.
 * @param {() => import('../modes.js').Mode | undefined} shown
 */
function wireEmbedCode(shown) {
  const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById('embed-code'));
  if (!dialog) return;
  const text = /** @type {HTMLTextAreaElement} */ (dialog.querySelector('textarea'));
  const status = /** @type {HTMLElement} */ (dialog.querySelector('[data-part="embed-status"]'));
  for (const button of document.querySelectorAll('[data-copy-embed]')) {
    button.addEventListener('click', async () => {
      flushUrls(); // the address as the page stands now, not as it stood a moment ago
      text.value = embedCode(location.href, frameTitle(shown()));
      status.textContent = '';
      if (!dialog.open) dialog.showModal();
      text.select();
      try {
        await navigator.clipboard.writeText(text.value);
        status.textContent = 'Copied: paste it into your lesson page’s HTML. The frame opens the page as it is now.';
      } catch {
        status.textContent = 'Select the code and copy it (Ctrl+C or ⌘C): this browser did not let the page copy it.';
      }
    });
  }
}

/**
 * The dialogs' Close buttons (data-autofocus) take the focus when their
 * dialog opens, but not inside a frame: a browser refuses autofocus in a
 * cross-origin frame and says so in the host page's console. Comparing
 * window.top with window is allowed across origins.
 */
export function autofocusUnlessFramed() {
  if (window.top !== window.self) return;
  for (const element of document.querySelectorAll('[data-autofocus]')) element.setAttribute('autofocus', '');
}
