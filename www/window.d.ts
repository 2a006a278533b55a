// window.nqueens: the page's handle for tests and the console (main.js sets
// it once the core has loaded: wasm and algorithms are its own, the rest each
// mode's `expose` adds — modes.js). Page only: the workers' tsconfig leaves it out.

import type { AlgorithmInfo, Core, Session } from './types.js';
import type { Race } from './race/clock.js';

export interface NqueensHandle {
  /** The current core instance (a new one after a restart). */
  readonly wasm: Core;
  /** The visualizer's session (visualizer/mode.js). */
  readonly session: Session | null;
  /** Race mode's model, for tests and bench/. */
  readonly race: Race | null;
  readonly algorithms: AlgorithmInfo[];
  /** "Your search" (www/code/mode.js): the run's state, the step shown of how many, and each row's queen's column (-1: none) there; its search tree once built (www/program/search-tree.js). */
  readonly yourSearch?: {
    state: string; step: number; steps: number; queens: number[]; verdict: 'right' | 'wrong' | null; stale: boolean;
    tree: { entered: number; wrong: number; neverRoots: number; neverBoards: number; outside: number; nodes: number[][] | null; never: number[][] } | null;
  };
  /** Puzzle mode's board (www/puzzle/mode.js): squares as row × N + column; `queens` holds the given ones; `regions[square]` on a regions puzzle. */
  readonly puzzle?: { n: number; kind: 'classic' | 'regions'; givens: number[]; queens: number[]; marks: number[]; regions: number[] | null; level: string; seed: number | null; daily: string | null } | null;
  /** Redraws the visualizer from its session (visualizer/mode.js). */
  refresh(): void;
}

declare global {
  interface Window {
    nqueens?: NqueensHandle;
  }
}

