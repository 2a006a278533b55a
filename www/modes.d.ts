// The contract of a page mode (a tab): what shell/main.js asks of every mode,
// and the Page it hands each mode's factory. A new mode is a folder (its
// mode.js with a factory `(page: Page) => Mode`, its view.html and its
// style.css) and one line of shell/modes.js's MODES; nothing in the shell
// names a mode. Page only: the workers' tsconfig leaves it out.

import type { Core } from './core/core.js';
import type { NqueensHandle } from './window.js';
import type { Visualizer } from './components/visualizer.js';

/** Where to open a search: from fixed queens, or at a step. */
export interface SearchPlace {
  fixed?: number[] | null;
  step?: number | null;
}

/** Finished runs kept by board size, for the modes that offer them (the shell holds one for the page). */
export interface KeptRuns {
  /** Keeps `run` as the one at `n`, and tells the listeners. */
  keep(n: number, run: import('./program/trace.js').Trace): void;
  /** The run kept at `n`, or null. */
  get(n: number): import('./program/trace.js').Trace | null;
  /** The sizes a run is kept at, ascending. */
  sizes(): number[];
  /** Calls `listener` after each keep. */
  onKeep(listener: () => void): void;
}

/** What main.js hands every mode's factory. */
export interface Page {
  /** Shows mode `id`, as a click on its tab does. */
  show(id: string): void;
  /**
   * Shows a search in the mode that shows searches (the one with
   * `openSearch`): opens `algorithm` at `n` and brings its board into view.
   * The visualizer, or null if the core refused.
   */
  openSearch(algorithm: string, n: number, at?: SearchPlace): Visualizer | null;
  /** The board size the page's searches are shown at (the mode with `boardN`), for a mode to start from. */
  boardN(): number | null;
  /** The learner's finished runs of this tab, one a board size: Your search keeps them, Race replays them. */
  keptRuns: KeptRuns;
}

/** One mode of the page, behind a tab. */
export interface Mode {
  /** Its folder's name, its tab's data-view and its value of ?mode=. */
  id: string;
  /** Reads the link's parameters (only the mode the link names is asked); anything malformed is a sentence in `problems` and a default. */
  parse(search: string, core: Core): { problems: string[] };
  /** The core is loaded: build what needs it and open what the link asked for (`wanted`: parse's answer, or null when the link is another mode's); a promise when it finishes in later tasks (the page is ready once it settles). */
  attach(core: Core, wanted: any): void | Promise<void>;
  /** Shown or hidden; the mode shown keeps the URL (its own parameters: the shell writes ?mode=). */
  setActive(on: boolean): void;
  /** A keydown anywhere on the page, while shown. */
  onKey(event: KeyboardEvent): void;
  /** The core trapped: stop at once, call nothing. */
  halt(): void;
  /** A fresh core after a trap: carry on where the mode stood; what to tell the user ('' for nothing), or null if it could not. */
  recover(core: Core): string | null;
  /** The core could not be loaded at all. */
  coreFailed?(): void;
  /** Getters added to window.nqueens (for tests and the console). */
  expose?: Partial<NqueensHandle>;
  /**
   * The panels an embedded page (`?embed=1&panels=`) may show, by name: a
   * selector in the mode's root for each. The board and its controls always
   * show; an empty table means the mode is one panel.
   */
  panels: Record<string, string>;
  /** What the mode shows, in words for a frame's title ("Bitwise", "8×8"); empty parts are left out. */
  title(): string[];
  /** The canvases Save PNG may save, by element id, each with its file name (without .png) as the page stands. */
  canvases: Record<string, () => string>;
  /** Opens a search and shows it (the one mode that shows searches has it; see Page.openSearch). */
  openSearch?(algorithm: string, n: number, at?: SearchPlace): Visualizer | null;
  /** The board size the mode shows, for other modes to start from (see Page.boardN). */
  boardN?(): number;
}
