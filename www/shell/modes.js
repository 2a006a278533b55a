// The page's modes, one module each, and `?mode=`, which picks one.
//
// A mode is a view of the page behind a tab: the visualizer, puzzle mode, race
// mode, many runs, count mode and Learn. Each mode module owns its markup root
// in index.html, its URL parameters (it parses and writes them), its keys
// while shown, and what it does after a trap. main.js knows no mode by name: it
// walks MODES to show and hide them, route keys, read the link, attach the
// core and restart after a trap.
//
// Only the first mode is imported with the shell: it is the page's default
// view, and the one that shows searches, which the others open
// (Page.openSearch). Each of the others is a dynamic import, loaded when the
// page is idle after its first board or when a link or a tab asks for it, and
// built (its DOM, its workers) the first time it is shown.
//
// Adding a mode: a folder www/<mode>/ whose mode.js exports a factory
// returning a Mode (www/modes.d.ts, the contract), an entry in MODES, and its
// markup in index.html: a root element and a tab in nav.views (data-view =
// the mode's id, aria-controls = its root's id). Its embed panels, frame
// title and canvases to save are members of the Mode, not tables here.

import { visualizerMode } from '../visualizer/mode.js';
import { clip } from '../lib/words.js';

/** @typedef {(page: import('../modes.js').Page) => import('../modes.js').Mode} ModeFactory */
/** @typedef {{ id: string, load: () => Promise<ModeFactory> }} ModeEntry  a mode's id (its factory's Mode has the same) and how to load its factory */

/**
 * The modes in tab order. The first is the page's default.
 * @type {ModeEntry[]}
 */
export const MODES = [
  { id: 'visualizer', load: async () => visualizerMode },
  { id: 'puzzle', load: async () => (await import('../puzzle/mode.js')).puzzleMode },
  { id: 'race', load: async () => (await import('../race/mode.js')).raceMode },
  { id: 'code', load: async () => (await import('../code/mode.js')).codeMode },
  { id: 'runs', load: async () => (await import('../runs/mode.js')).runsMode },
  { id: 'count', load: async () => (await import('../count/mode.js')).countMode },
  { id: 'learn', load: async () => (await import('../learn/mode.js')).learnMode },
];

/**
 * Reads ?mode=: the mode a link asks for, or null (the default) with a
 * sentence when it names none that exists.
 * @param {string} search  location.search
 * @param {string[]} ids  the modes' ids, the default first
 * @returns {{ id: string|null, problems: string[] }}
 */
export function parseMode(search, ids) {
  const raw = new URLSearchParams(search).get('mode');
  if (raw === null || raw.trim() === '') return { id: null, problems: [] };
  const wanted = raw.trim();
  if (ids.includes(wanted)) return { id: wanted, problems: [] };
  return { id: null, problems: [`The link asks for mode “${clip(wanted)}”, which doesn't exist (try one of: ${ids.join(', ')}). Showing the ${ids[0]}.`] };
}
