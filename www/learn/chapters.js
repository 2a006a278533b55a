// The Learn tab's chapters, in order: what each says, the live view it opens
// (an algorithm, N and step of the real core, or the board by hand), its
// "try this" task and its kind of practice question.
//
// Numbers in the text are never typed: `facts(core)` reads them from the core
// when the chapter opens, and the same facts are shown in the live view
// beside its counters, so what the text quotes is what the view shows.

import { formatCount } from '../lib/dom.js';
import { TailChart } from './tail-chart.js';
import { fitGrowth, roughly } from '../workers/plain-backtracking.js';

/** @typedef {import('../core/core.js').Core} Core */
/** @typedef {import('../types.js').Session} Session */
/** @typedef {Record<string, string>} Facts  numbers read from the core, formatted, by name */

/**
 * @typedef {object} Chapter
 * @property {string} id  a short name, for data-chapter-id and the CSS
 * @property {string} title
 * @property {(core: Core) => Facts} facts  the numbers the text quotes, read from the core
 * @property {(f: Facts) => string[]} text  its paragraphs
 * @property {[string, string][]} links  [text, address] of the other tabs it sends the learner to
 * @property {{ algorithm: string, n: number, step?: number, seed?: number, panel: import('./live.js').LiveSpec['panel'], choices?: string[], sizes?: number[], playSpeed?: number, panelTitle?: string, panelNote?: string } | { hand: number }} view
 * @property {(f: Facts) => [string, string][]} shown  the facts the live view shows, as [label, value]
 * @property {(f: Facts) => import('./live.js').FactsTable} [table]  numbers of the text as a table in the live view
 * @property {(core: Core) => TailChart} [figure]  a picture of numbers the text quotes, in the live view
 * @property {(f: Facts) => import('./lecture.js').Slide[]} lecture  the chapter as slides, each moving the live view
 * @property {string} tryThis
 * @property {{ kind: string, label: string, options?: Record<string, any> }[]} practice  its kinds of question, the first opened by default
 */

/**
 * The solutions of n, from the core's count.
 * @param {Core} core
 * @param {number} n
 */
const solutionsOf = (core, n) => Number(core.wasm.countSolutions(n));

/**
 * The boards with one queen a row at n (n^n), as the core's session counts its space.
 * @param {Core} core
 * @param {string} algorithm
 * @param {number} n
 */
function spaceOf(core, algorithm, n) {
  const s = new core.wasm.Session(algorithm, n);
  try {
    return { total: s.space()?.total ?? 0n, steps: s.totalSteps ?? null };
  } finally {
    s.free();
  }
}

/**
 * The median, mean and longest of some run lengths.
 * @param {ArrayLike<number>} lengths
 */
export function summary(lengths) {
  const sorted = Array.from(lengths).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return { median, mean, longest: sorted[sorted.length - 1] };
}

/** Seeds of the heavy-tail chapter's runs, and how far each may go. */
const TAIL = { n: 30, runs: 100, cap: 1_000_000 };

/** @type {WeakMap<object, { plain: number[], luby: number[] }>} the heavy-tail runs, by core instance */
const tailRuns = new WeakMap();

/**
 * The steps of TAIL.runs seeded runs of randomised backtracking at TAIL.n, without and with restarts (the core's runLengths).
 * @param {Core} core
 */
function runsOf(core) {
  let runs = tailRuns.get(core.wasm);
  if (!runs) {
    const { n, runs: count, cap } = TAIL;
    // One call of runLengths may do only so much work (runLengthsBudget): the
    // seeds 1..count go in as many calls as that takes, each seed's run the same.
    const { budget } = core.wasm.runLengthsBudget('restarts', n);
    const per = Math.max(1, Math.floor(budget / cap));
    const steps = (/** @type {{ restarts?: boolean }} */ options) => {
      /** @type {number[]} */
      const out = [];
      for (let from = 0; from < count; from += per) {
        out.push(...core.wasm.runLengths('restarts', n, 1 + from, Math.min(per, count - from), cap, options).steps);
      }
      return out;
    };
    runs = { plain: steps({ restarts: false }), luby: steps({}) };
    tailRuns.set(core.wasm, runs);
  }
  return runs;
}

/** The board sizes chapter 7 compares: backtracking's (up to its limit) and min-conflicts'. */
const SCALING = { backtracking: Array.from({ length: 13 }, (_, i) => 8 + i), repair: [64, 1000, 10000] };

/**
 * Backtracking's steps to its first solution at n (a session run and freed at once).
 * @param {Core} core
 * @param {number} n
 */
function firstSolutionSteps(core, n) {
  const s = new core.wasm.Session('backtracking', n);
  try {
    while (!s.runToSolution(1_000_000) && !s.done);
    return s.stepIndex;
  } finally {
    s.free();
  }
}

/**
 * Min-conflicts from seed 1 at n: its steps to a solution and the attacking pairs its greedy start left.
 * @param {Core} core
 * @param {number} n
 */
function repairRun(core, n) {
  const finder = new core.wasm.Finder('min-conflicts', n, 1);
  try {
    while (!finder.run(1_000_000));
    return { steps: finder.steps, start: finder.initialConflicts };
  } finally {
    finder.free();
  }
}

/** @type {Chapter[]} */
export const CHAPTERS = [
  {
    id: 'problem',
    title: 'The problem: eight queens by hand',
    facts: (core) => ({ solutions: formatCount(solutionsOf(core, 8)) }),
    text: (f) => [
      'A queen attacks every square in its row, its column and both of its diagonals, as far as the board goes. The puzzle: put eight queens on a chess board so that no queen attacks another.',
      'Try it on the board. Each queen you place tints the squares it attacks; a queen that another attacks turns red. You will soon find that each row and each column can hold only one queen, so eight queens means exactly one a row: that single fact is what every search in this tab builds on.',
      `The core counts the solutions that keep every queen you placed. On the empty board that is every solution: ${f.solutions}. Watch the number fall as you place queens; when it reaches 0, the board can no longer be finished, even if no two queens attack yet.`,
    ],
    view: { hand: 8 },
    shown: () => [],
    links: [['Puzzle mode: more boards to finish by hand, with a coach', '?mode=puzzle&n=8']],
    lecture: () => [
      { say: 'A queen attacks every square of its row, its column and its two diagonals, as far as the board goes. The tinted squares are the ones this queen attacks.', go: { queens: [27] } },
      { say: 'Two queens in one row always attack each other (they turn red). So eight queens need eight different rows: exactly one a row.', go: { queens: [24, 29] } },
      { say: 'The same holds for columns: one queen a column.', go: { queens: [2, 50] } },
      { say: 'And for diagonals: these two are on one diagonal, so they attack each other although their rows and columns differ.', go: { queens: [0, 27] } },
      { say: 'A queen in the corner attacks nobody yet, but watch the count beside the board: only a few of the solutions keep a queen there.', go: { queens: [0] } },
      { say: 'Here is a whole solution: one queen in every row and every column, and no two on a diagonal. The count says 1: only this board keeps all eight.', go: { queens: [0, 12, 23, 29, 34, 46, 49, 59] } },
      { say: 'Now the board is yours: every search in this tab builds on one fact, one queen a row.', go: { queens: [] } },
    ],
    tryThis: 'Place a queen in the top-left corner. How many solutions still keep it? Now move it one square right and compare. Then finish a solution.',
    practice: [{ kind: 'next-row', label: 'Safe squares of the next row' }, { kind: 'queen-attacks', label: 'What one queen attacks' }, { kind: 'is-solution', label: 'Solution or not?' }],
  },
  {
    id: 'brute-force',
    title: 'Brute force: every board',
    facts: (core) => {
      const { total } = spaceOf(core, 'brute-force', 8);
      return { boards: formatCount(total), solutions: formatCount(solutionsOf(core, 8)) };
    },
    text: (f) => [
      'The plainest search uses only "one queen a row": it writes down every way to put one queen in each of the eight rows, like an odometer with eight wheels of eight columns, and tests each board.',
      `That is 8 × 8 × … × 8 = 8⁸ = ${f.boards} boards, of which ${f.solutions} are solutions. A step here is one board: it is built row by row and rejected at the first queen that another attacks.`,
      'Read the counters with that in mind. Every queen put down is a placement, the attacked one too; every queen but the first row\'s is then checked against the queens above it. So a board rejected at row r costs r checks and r + 1 placements, and Placements runs ahead of Checks by one a board. (The definitions are beside the counters, for each search.)',
      'Brute force never learns anything: a board with two queens in the first two columns of the first two rows is rejected, and then the next board, which has the very same two queens, is built and rejected all over again.',
    ],
    view: { algorithm: 'brute-force', n: 8, panel: 'tree', playSpeed: 6 },
    shown: (f) => [['Boards in all (8⁸)', f.boards], ['Solutions (the core’s count)', f.solutions]],
    links: [['Brute force in the visualizer, with every panel', '?algo=brute-force&n=8']],
    lecture: (f) => [
      { say: `Brute force writes down every board with one queen a row, ${f.boards} of them, and tests each. Nothing is tested yet.`, go: { step: 0 } },
      { say: 'Board 1: every queen starts in column 1. The queen of row 2 is attacked by row 1\'s at once, so the board is rejected after one check (the status line names the pair).', go: { step: 1 } },
      { say: 'Board 2: the odometer turned its first wheel, row 1. The board is rejected at row 2 again: one check, two placements.', go: { step: 2 } },
      { say: 'Board 9: row 1 went round all eight columns and row 2 moved on. Most boards die at row 2 or 3, yet each counts as a step.', go: { step: 9 } },
      { say: 'The first solution: read Steps. That many boards were built and thrown away before it.', go: { until: 'solutions', count: 1 } },
      { say: 'The second solution. The tree below shows how little of the space is decided so far: brute force rules boards out one at a time.', go: { until: 'solutions', count: 2 } },
    ],
    tryThis: 'Press Next solution and read the Steps counter: that many boards went by before the first solution. Then press it again: how far apart are the first two?',
    practice: [{ kind: 'is-solution', label: 'Solution or not?' }, { kind: 'space-size', label: 'How many boards?', options: { space: 'power' } }, { kind: 'first-reject', label: 'Where is the board rejected?' }],
  },
  {
    id: 'permutations',
    title: 'Permutations: one queen a column too',
    facts: (core) => {
      const { total, steps } = spaceOf(core, 'permutations', 8);
      return { boards: formatCount(total), permutations: formatCount(steps ?? 0), solutions: formatCount(solutionsOf(core, 8)) };
    },
    text: (f) => [
      'Use the column rule as well: every column holds exactly one queen, so a board is an ordering of the eight columns, one per row. Those orderings are the permutations of 8, and there are 8! = 8 × 7 × … × 1 of them.',
      `So instead of ${f.boards} boards there are ${f.permutations} to test, and rows and columns can never clash: only the diagonals are left to check. Heap's algorithm walks through all of them, each from the one before by swapping two rows.`,
      'Still, every permutation is built in full before it is checked, even when its first two rows already attack. The next chapter fixes that.',
    ],
    view: { algorithm: 'permutations', n: 8, panel: 'tree', playSpeed: 6 },
    shown: (f) => [['Permutations (8!)', f.permutations], ['Boards with one queen a row (8⁸)', f.boards], ['Solutions (the core’s count)', f.solutions]],
    links: [['Race brute force, permutations and backtracking', '?mode=race&n=8']],
    lecture: (f) => [
      { say: `Permutations put one queen in each row and each column: ${f.permutations} boards instead of ${f.boards}. Nothing is tested yet.`, go: { step: 0 } },
      { say: 'Board 1 is the first ordering. Its rows 1 and 2 sit on one diagonal, so it is rejected at row 2: columns can never clash here, only diagonals.', go: { step: 1 } },
      { say: 'Board 2 comes from board 1 by swapping two rows: the queens of rows 1 and 2 exchanged columns (the status line says which rows swapped).', go: { step: 2 } },
      { say: 'Board 3: another swap, this time involving row 3. Each step is one swap, so a board differs from the one before in just two rows.', go: { step: 3 } },
      { say: 'The first solution. Compare Steps with brute force\'s: far fewer boards, because no board repeats a column.', go: { until: 'solutions', count: 1 } },
      { say: 'Yet each permutation is still built in full before it is checked, even when rows 1 and 2 already attack. Backtracking, next, fixes that.', go: { until: 'solutions', count: 2 } },
    ],
    tryThis: 'Step slowly and watch which two rows swap each time. Then Run to end and compare the Steps counter with the number of permutations.',
    practice: [{ kind: 'is-solution', label: 'Solution or not?', options: { permutation: true } }, { kind: 'space-size', label: 'How many permutations?', options: { space: 'factorial' } }, { kind: 'first-reject', label: 'Where is it rejected?', options: { permutation: true } }],
  },
  {
    id: 'backtracking',
    title: 'Backtracking and the search tree',
    facts: (core) => ({ boards: formatCount(spaceOf(core, 'backtracking', 8).total), solutions: formatCount(solutionsOf(core, 8)) }),
    text: (f) => [
      'Backtracking checks each queen as soon as it is placed. It fills the rows from the top: in the current row it tries, left to right, the columns no queen above holds (the green rings), puts a queen on the first one no diagonal attacks, and goes down a row. When a row has no candidate left, it backs up: it lifts the queen of the row above and tries that queen further right.',
      `Picture the choices as a tree: the root is the empty board, each node a board with queens in its first rows, each child one more queen. Brute force visits every leaf, all ${f.boards} boards. Backtracking cuts a whole branch the moment its newest queen is attacked, so the boards below are never built: they are ruled out without being looked at.`,
      `Run it to the end: it finds all ${f.solutions} solutions. Compare its Steps counter with brute force's board count: that gap is the whole point of backtracking.`,
    ],
    view: { algorithm: 'backtracking', n: 8, sizes: [4, 5, 6, 7, 8], panel: 'tree', playSpeed: 4 },
    shown: (f) => [['Boards with one queen a row (8⁸)', f.boards], ['Solutions (the core’s count)', f.solutions]],
    links: [['Backtracking in the visualizer, with the gallery of solutions', '?algo=backtracking&n=8']],
    lecture: () => [
      { say: 'On a 4×4 board the whole search tree fits on the screen: the root is the empty board, each level a row, each node a square tried.', n: 4, go: { step: 0 } },
      { say: 'Step 1: row 1, column 1 is safe, so a queen goes there and the search goes down to row 2 (the first node under the root is ringed).', n: 4, go: { step: 1 } },
      { say: 'Row 2, column 2 is on that queen\'s diagonal: a cross in the tree. The branch is cut there, and nothing below it is ever built.', n: 4, go: { until: 'rejects', count: 1 } },
      { say: 'The first backtrack: a row ran out of candidates, so the queen above comes off and moves on (the status line names the row).', n: 4, go: { until: 'backtracks', count: 1 } },
      { say: 'The first solution, a star in the tree. Every cross above it is a subtree brute force would have walked leaf by leaf.', n: 4, go: { until: 'solutions', count: 1 } },
      { say: 'The whole tree, done: count the crosses. Each cut whole branches, which is why Steps stays far below the boards of brute force.', n: 4, go: { end: true } },
      { say: 'At 8×8 the same tree is too big to draw node by node, so it is drawn as bands: each band a row, each node 1/8 of its parent.', n: 8, go: { until: 'backtracks', count: 1 } },
    ],
    tryThis: 'Step until the search backs up for the first time (the Backtracks counter goes to 1). Which row ran out of squares? Find that moment in the tree.',
    practice: [{ kind: 'next-probe', label: 'The square tried next' }, { kind: 'prune-size', label: 'Boards one rejection rules out' }, { kind: 'next-row', label: 'Where can the next queen go?' }],
  },
  {
    id: 'bits',
    title: 'Bits: ld, col, rd and poss & -poss',
    facts: (core) => ({ solutions: formatCount(solutionsOf(core, 8)) }),
    text: () => [
      'The bitwise search is backtracking with the board kept as three numbers of N bits, one bit a column of the current row. col has a 1 under every queen. ld has a 1 where a diagonal going down-left from a queen crosses this row, rd where a diagonal going down-right crosses it.',
      'ld | col | rd is every attacked square of the row at once, so poss = ~(ld | col | rd) (within the board) is every safe square. poss & -poss keeps only the lowest 1 of poss: that is the next square to try, found with no loop over columns. Going down a row is just as quick: ld shifts one way, rd the other, col stays.',
      'Why the lowest 1? The machine stores -poss in two\'s complement: -poss = ~poss + 1. Flipping poss turns its trailing 0s (the bits below its lowest 1) into 1s and that lowest 1 into a 0; adding 1 then carries through those 1s, turning them back into 0s, and stops at the lowest 1\'s place, which becomes 1 again. Above it, -poss is still ~poss, the opposite of poss bit by bit. So poss and -poss share exactly one 1, and the AND keeps it: 01011000 & 10101000 = 00001000. The table under the registers does this sum for the row being filled, at every step.',
      'So a step is a whole row\'s worth of checks in a few machine instructions, which is why counting much bigger boards takes seconds rather than days.',
    ],
    view: { algorithm: 'bitwise', n: 8, panel: 'registers', playSpeed: 3 },
    shown: (f) => [['Solutions (the core’s count)', f.solutions]],
    links: [['The bitwise search at N = 12 in the visualizer', '?algo=bitwise&n=12']],
    lecture: () => [
      { say: 'The bitwise search keeps three numbers for the row being filled: ld, col and rd. At the start all are 0, so poss, the safe squares, is all 1s.', go: { step: 0 } },
      { say: 'Step 1: the lowest 1 of poss, column 1, takes the queen. Under the registers, poss & -poss is worked out in binary: -poss = ~poss + 1.', go: { step: 1 } },
      { say: 'Row 2: col has the queen\'s bit, ld and rd the bits its diagonals reach one row down. poss is what none of them covers.', go: { step: 1 } },
      { say: 'Step 2: poss & -poss picked column 3, the lowest safe square of row 2, with no loop over columns. Check the worked sum below the registers.', go: { step: 2 } },
      { say: 'Step 4: four queens down. Watch ld shift right and rd shift left by one bit from each row to the next: a diagonal moves one column a row.', go: { step: 4 } },
      { say: 'The first backtrack: poss of the deepest row is 0, nothing is safe, so the search backs up a row and takes the next bit of that row\'s poss.', go: { until: 'backtracks', count: 1 } },
      { say: 'The first solution: every row\'s col is full. Each step cost a few machine instructions, whatever the N.', go: { until: 'solutions', count: 1 } },
    ],
    tryThis: 'From the empty board, press Step → once at a time and watch poss in the registers: before each placement, find its lowest 1 yourself, then check it against the poss & -poss line under them and the board.',
    practice: [{ kind: 'free-columns', label: 'The free columns' }, { kind: 'lowest-bit', label: 'poss & -poss' }, { kind: 'register-meaning', label: 'Which register is it?' }],
  },
  {
    id: 'counting',
    title: 'Counting and symmetry',
    facts: (core) => {
      const { total, fundamental } = core.wasm.countBoth(8);
      return { solutions: formatCount(total), classes: formatCount(fundamental) };
    },
    text: (f) => [
      `The square can be turned by a quarter, a half and three quarters, and mirrored four ways: with doing nothing, eight symmetries. Turn or mirror a solution and you get a solution. So the ${f.solutions} solutions of 8×8 fall into ${f.classes} classes of boards that turn or mirror into each other.`,
      'Most classes hold eight different boards; a solution that looks the same after a half turn makes a class of four. That is why the count is not simply eight times the number of classes.',
      'Counters use this. A solution and its mirror image have their first queen on opposite halves of the top row, so counting the solutions whose first queen is in the left half and doubling gives the total for half the work (on an odd board the middle column is counted on its own). The Count tab counts much bigger boards, with its work shared among several threads.',
    ],
    view: { algorithm: 'bitwise', n: 8, sizes: [4, 5, 6, 7, 8, 9, 10], panel: 'gallery', playSpeed: 20 },
    shown: (f) => [['Solutions of 8×8', f.solutions], ['Classes under the 8 symmetries', f.classes]],
    links: [['Count mode: every solution of bigger boards', '?mode=count&n=12']],
    lecture: (f) => [
      { say: 'Counting runs the bitwise search to its end and counts the solutions it meets. Nothing found yet.', go: { step: 0 } },
      { say: 'The first solution found, drawn in the gallery below.', go: { until: 'solutions', count: 1 } },
      { say: 'Four solutions found. Turn or mirror any of them and you get another solution: the square has eight symmetries.', go: { until: 'solutions', count: 4 } },
      { say: `All ${f.solutions} solutions of 8×8 found. Press Group by symmetry in the gallery to see them fall into ${f.classes} classes.`, go: { end: true } },
      { say: 'A class holds 8 boards, or 4 when a half turn leaves the board unchanged. Look for the class with fewer boards.', go: { end: true } },
      { say: 'Counters use the mirror: a solution and its mirror image have their first queen on opposite halves of row 1, so counting one half and doubling gives the total.', go: { end: true } },
    ],
    tryThis: 'Run to end, then press Group by symmetry. Find the class with fewer than eight boards and say which turn leaves its boards unchanged.',
    practice: [{ kind: 'count', label: 'How many solutions?' }, { kind: 'class-size', label: 'How big is its class?' }, { kind: 'symmetry-image', label: 'Turn or mirror a solution' }],
  },
  {
    id: 'repair',
    title: 'Repair at any N: min-conflicts, queen search, the construction',
    facts: (core) => {
      /** @type {Facts} */
      const f = {};
      /** @type {{ n: number, work: number }[]} */
      const measured = [];
      for (const n of SCALING.backtracking) {
        const steps = firstSolutionSteps(core, n);
        measured.push({ n, work: steps });
        f[`bt${n}`] = formatCount(steps);
      }
      // An estimate, said to be one: the line through log(steps) of N = 8 to 20, read at N = 100.
      const fit = fitGrowth(measured);
      if (fit) {
        f.growth = fit.perQueen.toFixed(2);
        f.bt100 = roughly(fit.at(100));
        f.years100 = roughly(fit.at(100) / 1e9 / (365.25 * 24 * 3600));
      }
      for (const n of SCALING.repair) {
        const { steps, start } = repairRun(core, n);
        f[`mc${n}`] = formatCount(steps);
        f[`start${n}`] = formatCount(start);
      }
      return f;
    },
    text: (f) => [
      'To find one solution of a big board, stop building boards row by row. Min-conflicts starts from a complete board, one queen a row, and repairs it: it picks an attacked queen and moves it, within its row, to a square the fewest other queens attack. Its greedy start leaves few conflicts, and on a big board a repair usually removes one. Not always: when every square of the row is attacked, the least attacked square may leave a conflict where it was, and the search can shuffle the same pair of queens back and forth for many moves (on the 64×64 board the chart shows such plateaus). Over a whole run the repairs still follow the few conflicts of the start, not N.',
      'Its counters: Moves are repairs that took a queen to another column; Steps also count the N steps of its greedy start, the step that lists the attacked queens, and repairs that moved nothing; Conflicts is the attacking pairs left. For the construction the counter says Queens placed, as that is all it does.',
      'Queen search (Sosič and Gu) works the same way with swaps of two queens\' columns, keeping one queen a column as well. The construction needs no search at all: for every N other than 2 and 3 a formula places the queens directly, in one pass.',
      `Backtracking cannot do this. Its steps to its first solution: ${f.bt8} at N = 8, ${f.bt14} at 14, ${f.bt18} at 18 but only ${f.bt19} at 19, then ${f.bt20} at 20. The work explodes, and not evenly: some N are far harder than their neighbours. Min-conflicts from seed 1 takes ${f.mc64} steps at N = 64, ${f.mc1000} at 1,000 and ${f.mc10000} at 10,000: one step to place each queen of its start, then a few repairs. Its start is greedy (each queen in turn goes on its row's least attacked square), and that start leaves only ${f.start64}, ${f.start1000} and ${f.start10000} attacking pairs to repair.`,
      `So why does plain backtracking stall at N = 100? Its work grows by a factor per queen added: the least-squares line through log(steps) of N = 8 to 20 above grows about ×${f.growth} a queen, and read at N = 100 it gives ${f.bt100} steps to the first solution. That is an estimate from the growth, not a run: at a billion steps a second it would take ${f.years100} years. The visualizer steps boards up to 20×20; Many runs' Work against N runs plain backtracking on past 20 until a cap of placements stops it, and marks every number past that as estimated.`,
    ],
    view: { algorithm: 'min-conflicts', n: 64, seed: 1, panel: 'conflicts', choices: ['min-conflicts', 'queen-search', 'construction'], playSpeed: 8 },
    shown: () => [],
    table: (f) => ({
      id: 'scaling',
      caption: 'Steps to the first solution against N (the core, run when this chapter opened)',
      head: ['search and N', 'steps', 'attacking pairs at the start'],
      rows: [
        ...SCALING.backtracking.map((n) => [`backtracking, N = ${formatCount(n)}`, f[`bt${n}`], '–']),
        ...SCALING.repair.map((n) => [`min-conflicts, N = ${formatCount(n)}`, f[`mc${n}`], f[`start${n}`]]),
      ],
    }),
    links: [['Work to the first solution against N (Many runs)', '?mode=runs&view=scaling'], ['Repair at N = 1,000: min-conflicts and queen search over many seeds', '?mode=runs&curves=min-conflicts.1000.200.100000.1,queen-search.1000.200.100000.1'], ['Solve big: one solution of a huge board, in the visualizer tab', '?#solve-big']],
    lecture: () => [
      { say: 'Min-conflicts does not build boards row by row: it starts from a complete board. Step 0: the board is empty.', go: { step: 0 } },
      { say: 'Its greedy start puts each row\'s queen on a least attacked square, one row a step: here half the board is placed.', go: { step: 32 } },
      { say: 'The start is complete: 64 queens, and only a few attacking pairs (Conflicts) left to repair.', go: { step: 64 } },
      { say: 'Repairs: an attacked queen moves, within its row, to a square the fewest others attack. Moves counts the repairs that moved a queen.', go: { until: 'moves', count: 10 } },
      { say: 'Not every repair removes a conflict: the chart shows stretches where the count stays flat while queens shuffle.', go: { until: 'moves', count: 40 } },
      { say: 'Solved: no two of the 64 queens attack each other. A few dozen repairs, where backtracking at N = 64 would not finish.', go: { end: true } },
    ],
    tryThis: 'Press Run to the solution and read Moves. Then choose queen search, and the construction, on the same 64×64 board: which needs the fewest steps?',
    practice: [{ kind: 'min-conflicts-move', label: 'Where may the queen go?' }, { kind: 'conflicts-count', label: 'Count the attacking pairs' }, { kind: 'swap-effect', label: 'What does an exchange do?' }],
  },
  {
    id: 'restarts',
    title: 'Heavy tails and restarts',
    facts: (core) => {
      const { plain: plainRuns, luby: lubyRuns } = runsOf(core);
      const plain = summary(plainRuns);
      const luby = summary(lubyRuns);
      const f = (/** @type {number} */ x) => formatCount(Math.round(x));
      return {
        n: String(TAIL.n), runs: String(TAIL.runs), cap: formatCount(TAIL.cap),
        plainMedian: f(plain.median), plainMean: f(plain.mean), plainLongest: f(plain.longest),
        lubyMedian: f(luby.median), lubyMean: f(luby.mean), lubyLongest: f(luby.longest),
      };
    },
    figure: (core) => {
      const { plain, luby } = runsOf(core);
      return new TailChart([{ label: 'without restarts', lengths: plain, colour: 'danger' }, { label: 'with Luby restarts', lengths: luby, colour: 'accent' }]);
    },
    text: (f) => [
      `Randomised backtracking tries each row's columns in a random order. Run it from ${f.runs} seeds at N = ${f.n} and most runs are short, but a few are enormous: the median run takes ${f.plainMedian} steps, the mean ${f.plainMean}, the longest ${f.plainLongest}. When a few runs are vastly longer than the typical one, so that the chance of a run longer than t falls only like a power of t, the run time has a heavy tail.`,
      'A long run is usually one that made a bad choice near the top of the tree and is stuck exploring a huge dead subtree. Starting again from the empty board, with fresh random choices, is then cheaper than finishing that subtree.',
      `These ${f.runs} runs were made when this chapter opened, each capped at ${f.cap} steps. The Many runs preset linked below runs 500 seeds with a cap of 10,000,000, so its numbers differ from these: with a heavy tail the median soon settles, but the mean and the longest run keep growing as more runs are made, because each new long run pulls them up. That is the heavy tail itself, not a disagreement.`,
      `How long to wait before restarting? Luby's sequence 1, 1, 2, 1, 1, 2, 4, … (times N backtracks) needs no knowledge of the run times and is never worse than the best fixed cutoff by more than a log factor. With it, over the same seeds: median ${f.lubyMedian}, mean ${f.lubyMean}, longest ${f.lubyLongest}.`,
    ],
    view: { algorithm: 'restarts', n: 30, seed: 1, panel: 'conflicts', playSpeed: 30, panelTitle: 'Restarts over the steps', panelNote: 'Each dashed line is a restart from the empty board. Backtracking never places an attacked queen, so the line of attacking pairs stays at 0.' },
    shown: () => [],
    table: (f) => ({
      id: 'tail',
      caption: `${f.runs} runs at N = ${f.n} (seeds 1 to ${f.runs}), steps to the first solution`,
      head: ['runs', 'median', 'mean', 'longest'],
      rows: [['without restarts', f.plainMedian, f.plainMean, f.plainLongest], ['with Luby restarts', f.lubyMedian, f.lubyMean, f.lubyLongest]],
    }),
    links: [['Many runs, the heavy-tail preset: backtracking with and without restarts', '?mode=runs&curves=restarts.30.500.10000000.1.off,restarts.30.500.10000000.1'], ['Many runs, the local-search preset', '?mode=runs&curves=hill-climbing.20.300.100000.1,annealing.20.300.100000.1,min-conflicts.20.300.100000.1']],
    lecture: (f) => [
      { say: `Randomised backtracking at N = ${f.n} tries each row's columns in a random order. Nothing placed yet.`, go: { step: 0 } },
      { say: 'It backtracks like plain backtracking: the chart stays at 0 attacking pairs, since it never places an attacked queen.', go: { until: 'backtracks', count: 10 } },
      { say: 'The first restart (a dashed line): the run used up its budget of backtracks, so it starts again from the empty board with fresh random choices.', go: { until: 'restarts', count: 1 } },
      { say: 'More restarts. Each budget follows Luby\'s sequence 1, 1, 2, 1, 1, 2, 4, … times N backtracks.', go: { until: 'restarts', count: 3 } },
      { say: 'Solved. A run stuck under a bad early choice is cut short instead of searching its whole dead subtree.', go: { end: true } },
      { say: `Over ${f.runs} seeds, the runs without restarts have a heavy tail (the chart below): median ${f.plainMedian} steps but the longest ${f.plainLongest}. With restarts the longest is ${f.lubyLongest}.`, go: { end: true } },
    ],
    tryThis: 'Press Run to the solution and watch the dashed lines on the chart: each is a restart. Then open the heavy-tail preset in Many runs and compare the two survival curves.',
    practice: [{ kind: 'luby', label: 'Luby\'s cutoffs', options: { n: TAIL.n } }, { kind: 'heavy-tail', label: 'Which tail is heavy?' }, { kind: 'cutoff', label: 'Which cutoff is cheaper?' }],
  },
  {
    id: 'write-your-own',
    title: 'Write your own search',
    facts: (core) => {
      const s = new core.wasm.Session('backtracking', 6);
      try {
        while (!s.done) s.run(100_000);
        return { placements: formatCount(s.placements), solutions: formatCount(solutionsOf(core, 6)) };
      } finally {
        s.free();
      }
    },
    text: (f) => [
      'Every search so far was the page\'s. In Your search, the tab after Race, you write your own: a function solve(n, board) in JavaScript or Python. The page runs it in a worker of its own, draws each of its steps on the board with the line of your program that made it, and checks it against every solution.',
      'Your program talks to the board only through five calls. board.place(row, col) puts a queen and board.remove(row, col) takes it back: each is a step. board.safe(row, col) asks whether any queen on the board attacks that square: a check, answered by the page, never by your code. board.found() says that the board as it stands is a solution: a step, which the page judges. board.say(text) sets the sentence shown with the next step. Rows and columns count from 0, and you may keep any state of your own (arrays, bit masks): only these calls are steps.',
      'A bad call (a square off the board, a second queen on one square, taking back a queen that is not there) stops the run with a sentence that names its line, and so does a run past 2,000,000 calls or 10 seconds; the steps made until then are kept.',
      `The starter "Row backtracking" is this chapter's view written to that contract: at N = 6 it makes ${f.placements} placements and reports the ${f.solutions} solutions, as the core's row backtracking beside this text does. Check my search runs your program for every N up to the one you chose and says whether it reports each solution once and nothing else. Where it does more work than row backtracking, it links the first step at which your search stood on a partial board backtracking never enters.`,
      'The practice below hands you a starter with a planted bug: fix it in the editor, and Check judges it the same way.',
    ],
    view: { algorithm: 'backtracking', n: 6, panel: 'tree', playSpeed: 4 },
    shown: (f) => [['Placements of row backtracking at 6×6', f.placements], ['Solutions (the core’s count)', f.solutions]],
    links: [['Row backtracking in Your search (JavaScript)', '?mode=code&lang=js&n=6&starter=backtracking'], ['The same in Python', '?mode=code&lang=py&n=6&starter=backtracking'], ['A starter with a planted bug', '?mode=code&lang=js&n=6&starter=bug-diagonal']],
    lecture: () => [
      { say: 'Your program starts as solve(6, board) with the empty board. This view is the core\'s row backtracking: your own version makes the same moves through the tracer calls.', go: { step: 0 } },
      { say: 'Step 1: board.safe(0, 0) answers true (a check), then board.place(0, 0) puts the queen (a step). Rows and columns count from 0 in your program.', go: { step: 1 } },
      { say: 'A square a queen attacks: board.safe answers false. That is a check, not a step, and your program must not place a queen there.', go: { until: 'rejects', count: 1 } },
      { say: 'A dead end: no square of the row is safe, so the loop ends and board.remove(row, col) takes the queen above back. A remove is a step.', go: { until: 'backtracks', count: 1 } },
      { say: 'A full board: your program calls board.found(), a step the page judges against every solution.', go: { until: 'solutions', count: 1 } },
      { say: 'The end: every solution reported once. Check my search asks exactly that of your program, for every N up to the one you choose.', go: { end: true } },
    ],
    tryThis: 'Open Row backtracking in Your search (the first link below), press Run and step through it: each place and remove is a step of the view above. Then press Check my search, and compare its placements with the number beside this view.',
    practice: [{ kind: 'fix-bug', label: 'Fix the planted bug' }, { kind: 'tracer-steps', label: 'Steps, checks and placements' }, { kind: 'next-probe', label: 'The square safe() asks next' }],
  },
];
