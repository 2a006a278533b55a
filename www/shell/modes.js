// The page's modes, one folder each, and `?mode=`, which picks one.
//
// A mode is a view of the page behind a tab: the visualizer, puzzle mode, race
// mode, Your search, many runs, count mode and Learn (MODES below, in tab
// order, is the list). Its folder www/<id>/ holds all of it:
// mode.js (a factory returning a Mode: www/modes.d.ts, the contract), its
// markup (view.html: its roots, and its line of keys) and its style
// (style.css). The mode owns its URL parameters (it parses and writes them),
// its keys while shown, and what it does after a trap. The shell knows no
// mode by name: frame.js makes the tabs and puts each folder's markup and
// style in the page, main.js walks MODES to show and hide them, route keys,
// read the link, attach the core and restart after a trap, and writes
// `?mode=` (the mode shown, the first one's left out) into every address.
//
// Adding a mode is its folder and one line here: nothing else.
//
// Every mode is loaded by a dynamic import. The first is the page's default
// view, and the one that shows searches, which the others open
// (Page.openSearch): the shell loads it at once (the build preloads it with
// the shell). Each of the others is loaded when the page is idle after its
// first board or when a link or a tab asks for it, and built (its DOM, its
// workers) the first time it is shown.

import { clip } from '../lib/words.js';

/** @typedef {(page: import('../modes.js').Page) => import('../modes.js').Mode} ModeFactory */
/** @typedef {{ id: string, label: string, load: () => Promise<ModeFactory> }} ModeEntry  a mode's id (its folder's name, and its factory's Mode's id), its tab's label and how to load its factory */

/**
 * The modes in tab order. The first is the page's default.
 * @type {ModeEntry[]}
 */
export const MODES = [
  { id: 'visualizer', label: 'Visualizer', load: async () => (await import('../visualizer/mode.js')).visualizerMode },
  { id: 'puzzle', label: 'Puzzle', load: async () => (await import('../puzzle/mode.js')).puzzleMode },
  { id: 'race', label: 'Race', load: async () => (await import('../race/mode.js')).raceMode },
  { id: 'code', label: 'Your search', load: async () => (await import('../code/mode.js')).codeMode },
  { id: 'runs', label: 'Many runs', load: async () => (await import('../runs/mode.js')).runsMode },
  { id: 'count', label: 'Count', load: async () => (await import('../count/mode.js')).countMode },
  { id: 'learn', label: 'Learn', load: async () => (await import('../learn/mode.js')).learnMode },
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
