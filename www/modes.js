// The page's modes, one module each, and `?mode=`, which picks one.
//
// A mode is a view of the page behind a tab: the visualizer, puzzle mode, race
// mode, many runs and count mode. Each mode module owns its markup root in
// index.html, its URL parameters (it parses and writes them), its keys while
// shown, and what it does after a trap. main.js knows no mode by name: it
// walks MODES to show and hide them, route keys, read the link, attach the
// core and restart after a trap.
//
// Adding a mode: a module that exports a factory returning a Mode (below), an
// entry in MODES, and its markup in index.html: a root element and a tab in
// nav.views (data-view = the mode's id, aria-controls = its root's id).

import { countMode } from './mode-count.js';
import { puzzleMode } from './mode-puzzle.js';
import { raceMode } from './mode-race.js';
import { runsMode } from './mode-runs.js';
import { visualizerMode } from './mode-visualizer.js';
import { clip } from './words.js';

/**
 * @typedef {object} Page  what main.js hands every mode's factory
 * @property {(id: string) => void} show  shows mode `id`, as a click on its tab does
 * @property {{ (id: 'visualizer'): import('./mode-visualizer.js').VisualizerMode, (id: string): Mode | undefined }} mode
 *   another mode, by id (e.g. to open a search in the visualizer)
 */

/**
 * @typedef {object} Mode
 * @property {string} id  its tab's data-view, and its value of ?mode=
 * @property {(search: string, core: import('./core.js').Core) => { problems: string[] }} parse
 *   reads the link's parameters (only the mode the link names is asked);
 *   anything malformed is a sentence in `problems` and a default
 * @property {(core: import('./core.js').Core, wanted: any) => void} attach
 *   the core is loaded: build what needs it and open what the link asked
 *   for (`wanted`: parse's answer, or null when the link is another mode's)
 * @property {(on: boolean) => void} setActive  shown or hidden; the mode shown keeps the URL
 * @property {(event: KeyboardEvent) => void} onKey  a keydown anywhere on the page, while shown
 * @property {() => void} halt  the core trapped: stop at once, call nothing
 * @property {(core: import('./core.js').Core) => string|null} recover
 *   a fresh core after a trap: carry on where the mode stood; returns what to
 *   tell the user ('' for nothing), or null if it could not
 * @property {() => void} [coreFailed]  the core could not be loaded at all
 * @property {Partial<import('./window.js').NqueensHandle>} [expose]  getters added to
 *   window.nqueens (for tests and the console)
 */

/**
 * The modes in tab order: each a factory `(page) => Mode`. The first is the page's default.
 * @type {((page: Page) => Mode)[]}
 */
export const MODES = [visualizerMode, puzzleMode, raceMode, runsMode, countMode];

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
