// What puzzle mode's board shows and says, without the DOM: a deduction as
// the hint drawn on the board, a step of Solve by reasoning as a board, the
// board's square flags and bands (board.js draws them), its label for a screen
// reader, the cursor's line, the caption of the puzzle played and the rules
// each level needs. The view (puzzle.js) puts these on the page.

import { CELL } from '../components/cells.js';
import { counted } from '../lib/dom.js';
import { isNauck, lineEnds, lineName } from './reasoning.js';
import { boardMarks, capital, openSquares, where } from './model.js';

/** @typedef {import('./model.js').ShownHint} ShownHint */

/** The levels, easiest first. */
const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'];

/**
 * A deduction as the board shows it; a look-ahead's forced queens are its
 * chain (the core's `chain`, or on the classic board its squares).
 * @param {number} n
 * @param {import('../types.js').Deduction & { chain?: number[] }} d
 * @returns {ShownHint}
 */
export function shownHint(n, d) {
  const chain = d.chain ?? (d.rule === 'look-ahead' ? d.squares : []);
  return { square: d.row * n + d.col, kind: d.kind, rule: d.rule, lines: d.lines, squares: d.squares, chain, reason: d.reason };
}

/**
 * The board at a step of Solve by reasoning: its queens, the squares the
 * rules ruled out that no queen attacks (the attacked ones are hatched
 * already), and the step's deduction as a hint.
 * @param {number} n
 * @param {{ steps: import('../types.js').ReasoningStep[], index: number, queens: number[], excluded: number[] }} replay
 * @param {number[] | null} regions
 * @returns {{ queens: number[], marks: number[], hint: ShownHint | null }}
 */
export function replayBoard(n, { steps, index, queens: last, excluded: lastExcluded }, regions) {
  const step = steps[index];
  const queens = step ? step.queens : last;
  const excluded = step ? step.excluded : lastExcluded;
  const { cells } = boardMarks(n, queens, -1, [], [], [], regions);
  const d = step?.deduction;
  return { queens, marks: excluded.filter((s) => !(cells[s] & CELL.THREATENED)), hint: d ? shownHint(n, d) : null };
}

/**
 * @typedef {object} Picture  what board.js draws for the board shown
 * @property {Uint16Array} cells  CELL flags per square
 * @property {import('../components/board.js').Lines} lines  the attacks between queens
 * @property {import('../components/board.js').Lines} bands  the hint's lines as bands, its squares as discs
 * @property {number[]} open  the open squares, dotted
 * @property {number[]} crossed  the squares the queens attack, drawn crossed (the auto-mark "crossed")
 * @property {number[]} numbered  a look-ahead's forced queens, numbered at the conclusion
 */

/**
 * The board's picture: the queens and their attacks, the given ones framed,
 * the marks (wrong ones as conflicts), a hint's square at its third stage (a
 * queen it places faint), the squares the queens attack as the player chose
 * (hatched, `shading`; crossed, `cross`: a plain X each, in `crossed`; or not
 * marked) unless the board is shown solved, the open squares dotted, and the
 * square the watched search probes.
 * @param {{ n: number, queens: number[], given: number[], marks: number[], wrong: number[], regions: number[] | null,
 *   hint: ShownHint | null, stage: number, solvedClean: boolean, shading: boolean, cross?: boolean, replaying: boolean, probe: number }} board
 * @returns {Picture}
 */
export function boardPicture({ n, queens, given, marks, wrong, regions, hint, stage, solvedClean, shading, cross = false, replaying, probe }) {
  const chain = hint?.chain ?? [];
  const { cells, lines } = boardMarks(n, queens, hint && stage === 3 ? hint.square : -1, given, marks, wrong, regions);
  // A queen a hint places shows as a faint queen; a square it rules out keeps the ring.
  if (hint?.kind === 'place' && stage === 3) cells[hint.square] |= CELL.GHOST;
  // A technique that rules out several squares shows them all at the conclusion.
  if (hint?.kind === 'rule-out' && stage === 3) for (const s of hint.cleared ?? []) cells[s] |= CELL.CANDIDATE;
  /** @type {number[]} */
  const crossed = [];
  if (cross && !solvedClean && !replaying) cells.forEach((flags, s) => { if (flags & CELL.THREATENED && !(flags & (CELL.QUEEN | CELL.RULED_OUT))) crossed.push(s); });
  if (solvedClean || !shading || cross) cells.forEach((flags, s) => { cells[s] = flags & ~CELL.THREATENED; });
  // The lines the hint used as bands, and the squares it used as discs (a look-ahead's forced queens are numbered instead, at the conclusion).
  const disc = (/** @type {number} */ s) => /** @type {[number, number]} */ ([s, s]);
  const used = hint?.lines ?? [];
  const bands = [
    ...used.filter((line) => line.kind !== 'region').map((line) => lineEnds(n, line)),
    // A region is no straight line: its squares as discs.
    ...used.filter((line) => line.kind === 'region').flatMap((line) => (regions ?? []).flatMap((r, s) => (r === line.index ? [disc(s)] : []))),
    ...(hint?.squares ?? []).filter((s) => !chain.includes(s)).map(disc),
  ];
  if (probe >= 0) cells[probe] |= CELL.PROBED;
  const open = !solvedClean && !replaying && queens.length ? openSquares(n, queens, marks, regions) : [];
  return { cells, lines, bands, open, crossed, numbered: stage === 3 ? chain : [] };
}

/**
 * The board's label for a screen reader: whose board, its queens (the given
 * ones said), the squares ruled out, the lines a hint used, and the keys.
 * @param {{ n: number, queens: number[], given: number[], marks: number[], hint: ShownHint | null,
 *   replay: { index: number, steps: unknown[] } | null, tool: 'queen' | 'mark' }} board
 */
export function boardLabel({ n, queens, given, marks, hint, replay, tool }) {
  const placed = queens.map((s) => `${where(n, s)}${given.includes(s) ? ' (given)' : ''}`);
  const ruled = marks.length ? ` Ruled out: ${marks.map((s) => where(n, s)).join('; ')}.` : '';
  const used = hint?.lines.length ? ` The hint used ${hint.lines.map((l) => lineName(n, l)).join(', ')}.` : '';
  const whose = replay ? `Solving by reasoning, step ${replay.index} of ${replay.steps.length}: ` : '';
  const does = tool === 'mark' ? 'rules a square out or lets it back in' : 'places or takes off a queen';
  return `${whose}${n}×${n} puzzle board, ${counted(queens.length, 'queen')}${placed.length ? `: ${placed.join('; ')}` : ''}.${ruled}${used} Arrow keys move the cursor, Enter or Space ${does}, X rules a square out.`;
}

/**
 * What is on `square`, for the cursor's line.
 * @param {{ n: number, squares: number[], marks: number[], regions: number[] | null }} board
 * @param {number} square
 * @returns {string}
 */
export function describeSquare({ n, squares, marks, regions }, square) {
  const { cells } = boardMarks(n, squares, -1, [], marks, [], regions);
  const flags = cells[square];
  const ruled = flags & CELL.RULED_OUT ? ', ruled out' : '';
  const what = flags & CELL.QUEEN ? (flags & CELL.CONFLICT ? 'a queen under attack' : 'a queen') : flags & CELL.THREATENED ? `empty, threatened${ruled}` : `empty${ruled || ', safe'}`;
  const region = regions ? `, region ${regions[square] + 1} (${String.fromCharCode(65 + regions[square])})` : '';
  // The board's coordinates as well: the column's letter and the row's number ("b4").
  return `Row ${Math.floor(square / n) + 1}, column ${(square % n) + 1} (${String.fromCharCode(97 + (square % n))}${Math.floor(square / n) + 1})${region}: ${what}.`;
}

/**
 * The caption over the board: Nauck's problem, the puzzle played (regions,
 * daily, generated, shared), or '' for a board of one's own.
 * @param {{ n: number, given: number[], puzzle: import('./model.js').PuzzleSpec | null }} board
 * @param {string} [today]  the player's date (YYYY-MM-DD): a daily of another date is every player's on its own day
 * @returns {string}
 */
export function puzzleCaption({ n, given, puzzle: p }, today = '') {
  if (!p && isNauck(n, given)) return 'Nauck\'s problem of 1850: the two framed queens are given; place the other six.';
  if (p?.kind === 'regions') {
    const rules = ' One queen in every row, column and coloured region, and no two queens touching, not even at a corner.';
    return `${p.daily ? `The daily regions puzzle of ${p.daily}` : `Regions puzzle ${n}×${n}, seed ${p.seed}`}: ${p.level}, exactly one solution.${rules}`;
  }
  if (p?.daily) return `The daily puzzle of ${p.daily}: ${n}×${n}, ${p.level}, exactly one way to finish it, the same for every player ${!today || p.daily === today ? 'today' : 'on that day'}. The queens it gives stand on framed squares.`;
  if (p && p.seed !== null) return `Puzzle ${n}×${n}, ${p.level}, seed ${p.seed}: exactly one way to finish it. The queens it gives stay put: they stand on framed squares.`;
  return given.length ? 'A shared puzzle: exactly one way to finish it. The queens it gives stay put: they stand on framed squares.' : '';
}

/**
 * "Easy: … · Medium: … · Hard: …", the rules each level needs: one line a
 * level whose rules the core names (expert where it has look-ahead on its
 * own), the smallest size that offers it where that is above the smallest
 * generated size.
 * @param {{ level: string, name: string }[]} rules  the core's deductionRules() (or its regions rules)
 * @param {(level: string) => number | null} smallest  the smallest size a level is made at, or null to say none
 * @returns {{ level: string, text: string }[]}
 */
export function levelRules(rules, smallest) {
  const levels = DIFFICULTIES.filter((level) => rules.some((r) => r.level === level));
  return levels.map((level, upTo) => {
    const own = rules.filter((r) => r.level === level).map((r) => r.name);
    const from = smallest(level);
    const sizes = from === null ? '' : ` (${from}×${from} and up)`;
    const text = upTo === 0 ? `${capital(level)}${sizes}: ${own.join(', ')}.` : `${capital(level)}${sizes}: the ${levels[upTo - 1]} rules, and at least once ${own.join(' or ')}.`;
    return { level, text };
  });
}

/**
 * The first row that holds two of these queens, or -1: a search places one
 * queen a row, so it cannot finish such a board.
 * @param {number} n
 * @param {number[]} squares
 */
export function sharedRow(n, squares) {
  const rows = squares.map((s) => Math.floor(s / n));
  return rows.find((r, i) => rows.indexOf(r) !== i) ?? -1;
}
