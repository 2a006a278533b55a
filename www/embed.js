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

import { flushUrls, keepInLinks, readEmbed, watchUrl } from './params.js';
import { clip } from './words.js';

/** The iframe's size in the embed code: the size the embedded page is laid out for. */
export const FRAME = { width: 640, height: 480 };

/**
 * The panels a link may ask for, by mode and name: a selector for each in the
 * mode's root. The board and its controls are always shown; so is the chart
 * of "Many runs", which is its board. `tree` is the search's picture: the
 * tree, or for a search for one solution the conflicts chart in its stead.
 * @type {Record<string, Record<string, string>>}
 */
export const PANELS = {
  visualizer: {
    counters: 'section[aria-labelledby="counters-heading"]',
    tree: '[data-part="tree-panel"], [data-part="conflicts-panel"]',
    conflicts: '[data-part="conflicts-panel"]',
    registers: 'section[aria-labelledby="registers-heading"]',
    algorithm: 'section[aria-labelledby="algorithm-heading"]',
    gallery: 'section[aria-labelledby="gallery-heading"]',
  },
  puzzle: {
    new: 'section[aria-labelledby="puzzle-new-heading"]',
    finish: 'section[aria-labelledby="puzzle-finish-heading"]',
  },
  race: {
    chart: '.race-chart-panel',
    results: '[data-part="results-panel"]',
  },
  runs: {
    table: '.runs-table-panel',
  },
  // Count mode is one panel: the form, its progress and the result.
  count: {},
};

/**
 * The link without the page's embed parameters: the full page at the same state.
 * @param {string} href
 */
export function fullPageHref(href) {
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
export function embedCode(href, title) {
  const url = new URL(href);
  url.searchParams.set('embed', '1');
  url.search = url.search.replaceAll('%2C', ',');
  const attr = (/** @type {string} */ text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return `<iframe src="${attr(url.href)}" width="${FRAME.width}" height="${FRAME.height}" title="${attr(title)}" loading="lazy"></iframe>`;
}

/**
 * Reads the link's embed=1 and panels=, and if embedded lays the page out for
 * a frame; wires the "Copy embed code" buttons either way. Returns a sentence
 * for each thing the link got wrong (a panel name this mode does not have is
 * left out).
 * @param {string} search  location.search
 * @param {string} modeId  the mode the link opens
 * @returns {{ embedded: boolean, problems: string[] }}
 */
export function embedPage(search, modeId) {
  wireEmbedCode();
  const { embed, panels, problems } = readEmbed(search);
  const known = PANELS[modeId] ?? {};
  const names = Object.keys(known);
  if (!embed) {
    if (panels.length) problems.push('The link names panels=, which only an embedded page (embed=1) uses. Showing the full page.');
    return { embedded: false, problems };
  }
  const unknown = panels.filter((name) => !(name in known));
  if (unknown.length) {
    const offer = names.length ? `The ${modeId} has: ${names.join(', ')}.` : `The ${modeId} has no panels to add.`;
    problems.push(`The link's panels= names ${unknown.map((name) => `“${clip(name)}”`).join(', ')}, which ${unknown.length === 1 ? 'is not a panel' : 'are not panels'} here (left out). ${offer}`);
  }
  const shown = new Set(panels.filter((name) => name in known));
  // Every mode's panels are hidden but the ones asked for: another mode may be
  // opened from this one (a race lane's board opens the visualizer).
  for (const [mode, table] of Object.entries(PANELS)) {
    for (const [name, selector] of Object.entries(table)) {
      const hide = mode !== modeId || !shown.has(name);
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
  if (shown.size) keepInLinks('panels', [...shown].join(','));
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

/** What the shown view is, for the frame's title: "N-Queens: Bitwise, 8×8". */
function frameTitle() {
  const shown = [...document.querySelectorAll('main')].find((main) => !main.hidden);
  const picked = (/** @type {string} */ id) => {
    const select = /** @type {HTMLSelectElement | null} */ (shown?.querySelector(`#${id}`));
    return select?.selectedOptions[0]?.textContent?.trim() ?? '';
  };
  const n = (/** @type {string} */ id) => (picked(id) ? `${picked(id)}×${picked(id)}` : '');
  const parts = {
    visualizer: [picked('algorithm'), n('n')],
    puzzle: ['puzzle', n('puzzle-n')],
    race: ['race', n('race-n')],
    runs: ['many runs'],
  }[shown?.id ?? ''] ?? (document.getElementById('count-mode')?.hidden === false ? ['count mode'] : []);
  const what = parts.filter(Boolean).join(', ');
  return what ? `N-Queens: ${what}` : 'N-Queens, made visible';
}

/** The "Copy embed code" buttons: each opens #embed-code with the code, copied if the browser lets it. */
function wireEmbedCode() {
  const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById('embed-code'));
  if (!dialog) return;
  const text = /** @type {HTMLTextAreaElement} */ (dialog.querySelector('textarea'));
  const status = /** @type {HTMLElement} */ (dialog.querySelector('[data-part="embed-status"]'));
  for (const button of document.querySelectorAll('[data-copy-embed]')) {
    button.addEventListener('click', async () => {
      flushUrls(); // the address as the page stands now, not as it stood a moment ago
      text.value = embedCode(location.href, frameTitle());
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
