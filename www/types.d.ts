// Types the page's JSDoc shares: the shapes of what the core builds and the
// messages between the page and its workers (window.nqueens is in window.d.ts,
// since the workers have no window). Nothing here is shipped or run; `tsc`
// reads it (tsconfig.json, tsconfig.workers.json).
//
// pkg/nqueens.d.ts, which wasm-bindgen writes, types every argument the core
// reads as `any` (the core checks them itself and throws a sentence). The
// structured results are declared there too, generated from their Rust types
// (src/wasm/shapes.rs): this file names them for the page and adds only what
// is the page's own (the augmentation at the end types the Session methods
// whose results and optional arguments are not generated yet).
//
// A shape that only one module makes or reads is a @typedef in that module
// (count/store.js's CountRecord, race/clock.js's Sample); this file is for what
// several modules, or the page and a worker, share.

import type { AlgorithmEntry, ConflictTrace, CountMethod as CoreCountMethod, DeadEnd, Deduction, DeductionRule, FoundSolution, Hint, Limits, PuzzleLevel, Register, RegionsPuzzle, RegionsTrace, RunBudget, RunLengths, Session, Space, Symmetries } from '../pkg/nqueens.js';

export type { ConflictTrace, DeadEnd, Deduction, DeductionRule, FoundSolution, Hint, Limits, PuzzleLevel, Register, RegionsPuzzle, RegionsTrace, RunLengths, Session, Space, Symmetries };

/**
 * The core's module namespace, as loadCore() resolves it. `new Session(id, n)`
 * leaves out the fixed queens, which the generated declaration makes required.
 */
export type Core = Omit<typeof import('../pkg/nqueens.js'), 'Session'> & {
  Session: {
    new (id: string, n: number, fixedSquares?: Squares): Session;
    seeded(id: string, n: number, seed: number): Session;
    prototype: Session;
  };
};

/**
 * A caught value, to read its message: `catch` gives `unknown`, and what the
 * page catches is an Error, or at worst something without a message.
 */
export type Thrown = { message?: string } | null | undefined;

/** One entry of `algorithms()`, in page order. */
export type AlgorithmInfo = AlgorithmEntry;

/** What a search's steps cover. */
export type SearchSpaceId = AlgorithmEntry['space'];

/** What a search looks for: every solution, or one. */
export type Goal = AlgorithmEntry['goal'];

/** A unit of work the core measures: the race clock's budgets, `seekWork`, `runWithin`, `nextWork`. */
export type WorkUnit = 'checks' | 'steps';

/** How count mode counts N: the core's methods (`countMethod(n)`), or the page's own GPU engine (www/count/gpu.js). */
export type CountMethod = Omit<CoreCountMethod, 'id'> & { id: CoreCountMethod['id'] | 'gpu-symmetry' };

/** Squares (row * n + col) of queens, as the puzzle exports and the coach take them. */
export type Squares = Int32Array | number[];

// ---- Count mode: count/pool.js <-> count-worker.js -----------------------------

/** A count job's id: a number, or 'warm' for the pool's first plan. */
export type CountJobId = number | string;

export type CountRequest =
  | { type: 'plan'; job: CountJobId; n: number }
  /** ranges: from, to, from, to, … (to excluded) */
  | { type: 'task'; job: CountJobId; batch: number; n: number; ranges: Uint32Array }
  | { type: 'symmetries'; job: CountJobId; n: number }
  | { type: 'prepare'; job: CountJobId; n: number };

export type CountReply =
  | { type: 'plan'; job: CountJobId; n: number; count: number; weights: Float64Array; method: CountMethod; key: string }
  | { type: 'result'; job: CountJobId; batch: number; total: bigint; ms: number; setupMs: number; memory: number }
  | ({ type: 'symmetries'; job: CountJobId; ms: number } & Symmetries)
  | { type: 'error'; job: CountJobId; message: string };

// ---- Puzzle mode's coach: coach.js <-> puzzle-worker.js --------------------------

/** What the page asks the coach (coach.js adds the job number). */
export interface CoachRequest {
  type: 'analyse' | 'hint' | 'chain';
  n: number;
  squares: Squares;
  /** the squares ruled out: the learner's marks ('analyse'), with the attacked squares ('hint', 'chain') */
  excluded?: Squares;
  /** a regions puzzle's region of every square (regions-coach.js answers) */
  regions?: number[];
  /** the queens the puzzle gave ('analyse'): the queen to move is never one of them */
  given?: Squares;
}

/** One step of "Solve by reasoning": a deduction and the board it was made on. */
export interface ReasoningStep {
  deduction: Deduction;
  queens: number[];
  excluded: number[];
}

export type CoachJob = CoachRequest & { job: number };

/** The worker's answers, and the coach's own 'slow', 'timeout' and 'error'. */
export type CoachReply =
  | { type: 'completion'; job: number; solution: Int32Array | null }
  | { type: 'count'; job: number; count: bigint }
  | { type: 'culprit'; job: number; square: number | null }
  | { type: 'rank'; job: number; index: bigint; total: bigint }
  | { type: 'hint'; job: number; hint: Hint | null }
  /** count null: some completion keeps off every mark, not counted yet */
  | { type: 'marks'; job: number; count: bigint | null; wrong: number[] }
  /** cleared: every square the same technique rules out, the deduction's own first (techniqueSquares) */
  | { type: 'deduction'; job: number; deduction: Deduction; cleared?: number[] }
  | { type: 'chain'; job: number; steps: ReasoningStep[]; solved: boolean; queens: number[]; excluded: number[] }
  | { type: 'done'; job: number }
  /** the job is past its budget and goes on to its limit (coach.js) */
  | { type: 'slow'; job: number }
  | { type: 'timeout'; job: number }
  | { type: 'error'; job: number; message: string }
  /** Once a worker has made its core (for any job): coach.js starts the budget then. */
  | { type: 'loaded' };

// ---- The generated Session, with the arguments the page passes -----------------
//
// These overloads come first, so calls get these types: the optional arguments,
// which the generated declaration makes required, and the units of work. Once
// src/wasm/ declares them itself (Option<JsValue> for the optional arguments),
// this block can go.

declare module '../pkg/nqueens.js' {
  interface Session {
    solutions(limit: number, skip?: number): FoundSolution[];
    seekWork(unit: WorkUnit, budget: number): void;
    seekNear(stepIndex: number): number;
    seekWorkNear(unit: WorkUnit, budget: number): number;
    runWithin(unit: WorkUnit, budget: number, maxSteps: number): number;
    nextWork(unit: WorkUnit): number | undefined;
  }
}

// --- solve big ---
//
// Solve big's panel (solve-big.js) and its worker (find-worker.js).

/** What solve big reads of an `algorithms()` entry: the find-one ones have a findMaxN > 0. */
export interface FindAlgorithm {
  id: string;
  name: string;
  minN: number;
  /** The largest N `findOne()`/`Finder` take; absent or 0 for the searches for every solution. */
  findMaxN?: number;
  /** Whether the seed changes the run. */
  seeded?: boolean;
}

/** The worker's own judgement of a solution: ok, or the first thing wrong in a sentence's words. */
export interface FindCheck {
  ok: boolean;
  /** "" when ok; else e.g. "the queens in rows 3 and 7 share a diagonal". */
  problem: string;
  ms: number;
}

/** A solution binned into grid × grid pixels: a shade per pixel, 0 where no queen stands. */
export interface FindPicture {
  grid: number;
  shades: Uint8Array;
  ms: number;
}

/** Messages to find-worker.js. The seed is a whole number from 0 to 2^53 − 1. */
export type FindRequest =
  | { type: 'solve'; job: number; id: string; n: number; seed: number; size: number }
  | { type: 'check'; job: number; n: number; queens: Int32Array };

/** Messages from find-worker.js. */
export type FindReply =
  | { type: 'progress'; job: number; steps: number; conflicts: number; initialConflicts: number; ms: number }
  | { type: 'solved'; job: number; n: number; steps: number; restarts: number; ms: number; check: FindCheck; picture: FindPicture }
  | { type: 'checked'; job: number; check: FindCheck }
  | { type: 'error'; job: number; message: string };

// --- many runs ---

/** `runLengthsBudget(id, n)`: the most runs one call makes, and the most steps their caps may add up to. */
export type RunsBudget = RunBudget;

/** "Many runs": runs/pool.js -> runs-worker.js. `restarts` false switches restarts off (`restarts` only). */
export type RunsRequest = { type: 'runs'; job: number; slice: number; id: string; n: number; first: number; count: number; cap: number; restarts: boolean };

export type RunsReply =
  | ({ type: 'runs'; job: number; slice: number; ms: number } & RunLengths)
  | { type: 'error'; job: number; message: string };

/**
 * "Many runs"'s scaling view: one run to the first solution. A search for
 * every solution (goal "all") runs as a Session with runToSolution, one for
 * one solution as a Finder from `seed`; both stop at `cap` steps. `board`
 * asks for the queens back.
 */
export type FirstRequest = { type: 'first'; job: number; task: number; id: string; goal: 'all' | 'one'; n: number; seed: number; cap: number; board: boolean };

/** One run to the first solution. `placements`: queens put down (a Session's placements, a Finder's moves); `attacked` and `pairs`: what the board held when every row first held a queen (NaN if it never did within N steps); `queens` if asked for. */
export interface FirstRun {
  steps: number;
  placements: number;
  solved: boolean;
  attacked: number;
  pairs: number;
  ms: number;
  queens: Int32Array | null;
}

export type FirstReply =
  | ({ type: 'first'; job: number; task: number } & FirstRun)
  | { type: 'error'; job: number; message: string };

/** An entry of `algorithms()` with the fields "Many runs" reads: its goal ("all" or "one") and whether the seed changes its run. */
export type RunsAlgorithm = AlgorithmInfo & { goal: 'all' | 'one'; seeded: boolean };

/**
 * The GIF recorder (www/lib/gif.js) -> its worker (www/workers/gif-worker.js):
 * the size and the colour behind the canvas first, then each frame as a
 * bitmap at `at` ms (performance.now()), then `finish` at the time the
 * recording stopped.
 */
export type GifRequest =
  | { type: 'start'; width: number; height: number; backdrop: string }
  | { type: 'frame'; at: number; bitmap: ImageBitmap }
  | { type: 'finish'; at: number };

/** The GIF worker's replies: `done` frames taken in so far; the file; or what went wrong. */
export type GifReply =
  | { type: 'progress'; done: number }
  | { type: 'gif'; bytes: ArrayBuffer; frames: number }
  | { type: 'error'; message: string };
