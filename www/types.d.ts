// Types the page's JSDoc shares: the shapes of what the core builds and the
// messages between the page and its workers (window.nqueens is in window.d.ts,
// since the workers have no window). Nothing here is shipped or run; `tsc`
// reads it (tsconfig.json, tsconfig.workers.json).
//
// pkg/nqueens.d.ts, which wasm-bindgen writes, types every argument the core
// reads as `any` (the core checks them itself and throws a sentence) and every
// plain object it builds as `any`. The shapes below are those objects, as
// src/wasm/ builds them; the Session methods that return them are given those
// types by the augmentation at the end of this file.
//
// A shape that only one module makes or reads is a @typedef in that module
// (count/store.js's CountRecord, race/clock.js's Sample); this file is for what
// several modules, or the page and a worker, share.

import type { Session } from '../pkg/nqueens.js';

export type { Session };

/**
 * The core's module namespace, as loadCore() resolves it. `new Session(id, n)`
 * leaves out the fixed queens, and the puzzle exports the squares ruled out,
 * which the generated declaration makes required.
 */
export type Core = Omit<
  typeof import('../pkg/nqueens.js'),
  'Session' | 'completions' | 'completion' | 'deduce' | 'deductionRules' | 'puzzleLevels'
> & {
  Session: {
    new (id: string, n: number, fixedSquares?: Squares): Session;
    seeded(id: string, n: number, seed: number): Session;
    prototype: Session;
  };
  /** Solutions holding every queen on `squares` and none on `excluded`. */
  completions(n: number, squares: Squares, excluded?: Squares): bigint;
  /** The first such solution, each row's column, or null. */
  completion(n: number, squares: Squares, excluded?: Squares): Int32Array | null;
  /** The simplest deduction on the board, or null when a guess is needed or every row has a queen. */
  deduce(n: number, queens: Squares, excluded?: Squares): Deduction | null;
  /** The rules of deduction, simple to hard. */
  deductionRules(): DeductionRule[];
  /** The levels `puzzle(n, level, seed)` offers at N, easy to hard. */
  puzzleLevels(n: number): PuzzleLevel[];
};

/**
 * A caught value, to read its message: `catch` gives `unknown`, and what the
 * page catches is an Error, or at worst something without a message.
 */
export type Thrown = { message?: string } | null | undefined;

/**
 * What a search's steps cover: "tree" (rows, depth first), "all-boards" (N^N),
 * "permutations" (N!); "none" for the searches for one solution, which do
 * not account for the boards.
 */
export type SearchSpaceId = 'tree' | 'all-boards' | 'permutations' | 'none';

/** What a search looks for: every solution, or one. */
export type Goal = 'all' | 'one';

/** One entry of `algorithms()`, in page order. */
export interface AlgorithmInfo {
  id: string;
  name: string;
  /** The source write-up it follows ("002"); "" for none. */
  source: string;
  goal: Goal;
  minN: number;
  /** The largest N of a stepping session. */
  maxN: number;
  /** The largest N `findOne` takes (0 for goal "all"). */
  findMaxN: number;
  /** Whether the seed of a run changes it. */
  seeded: boolean;
  space: SearchSpaceId;
  takesFixedQueens: boolean;
  description: string;
  stepIs: string;
  /** What one check is, in a sentence. */
  checkIs: string;
  /** What one placement is (goal "all"), in a sentence; may be "" for goal "one". */
  placementIs: string;
  /** What one move is (goal "one"), in a sentence; "" for goal "all". */
  moveIs: string;
  /** What the conflicts chart says of the search (goal "one"), in a sentence; "" for goal "all". */
  conflictsNote: string;
  /** Each register the search shows, by name, with what it holds. */
  glossary: [string, string][];
  pseudocode: string[];
}

/** `limits()`: every limit the page takes from the core. */
export interface Limits {
  /** The largest seed (2^53 − 1: a JS number holds every whole number up to it exactly). */
  seedMax: number;
  /** The seed a session uses when none is given. */
  defaultSeed: number;
  /** The board the page opens on. */
  defaultN: number;
  /** The largest N of the searches for every solution. */
  maxN: number;
  /** The largest N of any stepping session. */
  stepMaxN: number;
  /** The largest N of `findOne`. */
  findMaxN: number;
  puzzleMinN: number;
  puzzleMaxN: number;
  generatedMinN: number;
  generatedMaxN: number;
  countMinN: number;
  /** The largest N count mode counts on the workers… */
  countMaxN: number;
  /** …and on a GPU (www/count/gpu.js). */
  countGpuMaxN: number;
  maxRememberedSolutions: number;
}

/** `session.space()`: the N^N boards as covered so far; total = ruledOut + solutions + pending. */
export interface Space {
  total: bigint;
  ruledOut: bigint;
  solutions: bigint;
  pending: bigint;
  outside: bigint;
}

/** One of `session.solutions()`: the step that found it and its queens (column per row). */
export interface FoundSolution {
  step: number;
  queens: Int32Array;
}

/** One of `session.registers()`: a named value of the search's state, drawn by its kind. */
export type Register = { group: string; name: string; role?: 'permutation' | 'swap' } & (
  | { kind: 'bits'; value: number; width: number }
  | { kind: 'board'; value: bigint; hex: string; n: number }
  | { kind: 'list'; value: number[] }
  | { kind: 'number'; value: number; hex: string }
  /** A real number: annealing's temperature T. */
  | { kind: 'real'; value: number }
  /** A count for each square of a row or each line of the board; `highlight` the one marked. */
  | { kind: 'counts'; values: Int32Array; highlight?: number }
);

/**
 * `session.conflictTrace(maxPoints)`: the attacking pairs after each step up
 * to the current one (thinned, first and last kept) and the steps that restarted.
 */
export interface ConflictTrace {
  steps: Float64Array;
  conflicts: Float64Array;
  restarts: Float64Array;
}

/** A unit of work the core measures: the race clock's budgets, `seekWork`, `runWithin`, `nextWork`. */
export type WorkUnit = 'checks' | 'steps';

/** `countMethod(n)`: how count mode counts N. */
export interface CountMethod {
  id: 'symmetric' | 'quadrants' | 'gpu-symmetry';
  description: string;
}

/** `countSymmetries(n)`: the solutions each kind of symmetry leaves unchanged (Burnside's lemma). */
export interface Symmetries {
  rot90: bigint;
  rot180: bigint;
  mirror: bigint;
}

/** `hintWithReason(n, squares)`: a square that keeps a completion possible, and why. */
export interface Hint {
  square: number;
  row: number;
  col: number;
  reason: string;
}

/** A puzzle's level: the hardest rules it needs. */
export type PuzzleLevel = 'easy' | 'medium' | 'hard';

/** A rule of deduction's id, simple to hard. */
export type DeductionRuleId = 'attacked' | 'last-in-row' | 'last-in-column' | 'empties-line' | 'pair' | 'look-ahead';

/** One entry of `deductionRules()`. */
export interface DeductionRule {
  id: DeductionRuleId;
  name: string;
  /** The lowest level whose puzzles may need it. */
  level: PuzzleLevel;
  summary: string;
}

/** A line of the board: row and column from 0; diagonal (↘) row - col + n - 1, anti-diagonal (↙) row + col. */
export interface DeductionLine {
  kind: 'row' | 'column' | 'diagonal' | 'anti-diagonal';
  index: number;
}

/** `deduce(n, queens, excluded)`: one step of reasoning. */
export interface Deduction {
  kind: 'place' | 'rule-out';
  /** The square it concludes. */
  row: number;
  col: number;
  rule: DeductionRuleId;
  /** One sentence naming the lines used. */
  reason: string;
  lines: DeductionLine[];
  /** The other squares it used (row * n + col): the attacking queen, the squares a queen would take, the pair's squares, the queens a look-ahead forces. */
  squares: number[];
}

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
  | { type: 'deduction'; job: number; deduction: Deduction }
  | { type: 'chain'; job: number; steps: ReasoningStep[]; solved: boolean; queens: number[]; excluded: number[] }
  | { type: 'done'; job: number }
  /** the job is past its budget and goes on to its limit (coach.js) */
  | { type: 'slow'; job: number }
  | { type: 'timeout'; job: number }
  | { type: 'error'; job: number; message: string }
  /** Once a worker has made its core (for any job): coach.js starts the budget then. */
  | { type: 'loaded' };

// ---- The generated Session, with the shapes of what it returns ------------------
//
// These overloads come first, so calls get these types. Once src/wasm/ declares
// them itself (wasm-bindgen's `unchecked_return_type`, and Option<JsValue> for
// the optional arguments), this block can go.

declare module '../pkg/nqueens.js' {
  interface Session {
    /** null for the searches for one solution. */
    space(): Space | null;
    /** null for the searches for every solution. */
    conflictTrace(maxPoints: number): ConflictTrace | null;
    /** null for a search from fixed queens or for one solution. */
    icicle(width: number): Float32Array | null;
    /** null for a search from fixed queens or for one solution. */
    decidedBetween(from: bigint | number, to: bigint | number): bigint | null;
    solutions(limit: number, skip?: number): FoundSolution[];
    registers(): Register[];
    pseudocode(): string[];
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

/** `runLengths(id, n, firstSeed, count, cap, options)`: one entry a seed, in seed order. */
export interface RunLengths {
  steps: Float64Array;
  checks: Float64Array;
  /** 1 where the cap stopped the run unsolved (its steps are the cap). */
  capped: Uint8Array;
}

/** `runLengthsBudget(id, n)`: the most runs one call makes, and the most steps their caps may add up to. */
export interface RunsBudget {
  maxRuns: number;
  budget: number;
}

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
