// Puzzle mode's puzzles, made by the core: a classic puzzle from its size,
// level and seed (the core's puzzle()), a regions puzzle (regionsPuzzle(),
// where the core has it), the daily puzzle of a date (daily.js picks its
// size, level and seed), a link's puzzle made again, and New puzzle's at the
// level asked (the nearest size that offers it). Each answer is a board for
// the model, or null after the core's sentence was shown (guard).

import { guard, showProblem } from '../lib/errors.js';
import { capital } from './model.js';
import { dailyPuzzle } from './daily.js';

/** @typedef {import('./model.js').PuzzleBoard} PuzzleBoard */

/** The sizes of regions puzzles (the core's regions exports take these). */
const REGIONS_MIN_N = 5;
const REGIONS_MAX_N = 11;

/** @param {number} n */
const regionsSize = (n) => Math.min(REGIONS_MAX_N, Math.max(REGIONS_MIN_N, n));

export class PuzzleMaker {
  /**
   * @param {{ limits: import('../core/core.js').Limits, generate: (n: number, level: string, seed: number) => Uint32Array,
   *   levels: (n: number) => string[], regions: () => import('./mode.js').RegionsCoreApi | null }} core
   */
  constructor({ limits, generate, levels, regions }) {
    this.limits = limits;
    this.generate = generate;
    this.levels = levels;
    this.regions = regions;
  }

  /**
   * A classic puzzle.
   * @param {number} n
   * @param {string} level
   * @param {number} seed
   * @param {string} [daily]
   * @returns {PuzzleBoard | null}
   */
  classic(n, level, seed, daily) {
    const squares = guard(() => [...this.generate(n, level, seed)], null);
    if (!squares) return null;
    return { n, squares, given: squares, marks: [], puzzle: { kind: 'classic', level, seed, ...(daily ? { daily } : {}) } };
  }

  /**
   * A regions puzzle: at the level asked where its size offers it, else the hardest it offers.
   * @param {number} n
   * @param {number} seed
   * @param {string} level  '' for any
   * @param {string} [daily]
   * @returns {PuzzleBoard | null}
   */
  regionsBoard(n, seed, level, daily) {
    const api = this.regions();
    if (!api) {
      showProblem('This copy of the solver makes no regions puzzles: here is the classic board.', 'error');
      return null;
    }
    const size = regionsSize(n);
    const offered = api.regionsLevels(size);
    const wanted = level && !offered.includes(level) ? offered[offered.length - 1] : level;
    const made = guard(() => api.regionsPuzzle(size, seed, wanted || undefined), null);
    if (!made) return null;
    /** @type {import('./model.js').PuzzleSpec} */
    const puzzle = { kind: 'regions', level: made.level, seed, ...(daily ? { daily } : {}) };
    return { n: made.n, squares: [...made.givens], given: [...made.givens], marks: [], puzzle, regions: [...made.regions] };
  }

  /**
   * The daily puzzle of a date, of either kind.
   * @param {string} day  YYYY-MM-DD
   * @param {'classic' | 'regions'} [kind]
   * @returns {PuzzleBoard | null}
   */
  daily(day, kind = 'classic') {
    if (kind === 'regions') {
      const api = this.regions();
      const { n, level, seed } = dailyPuzzle(day, (size) => api?.regionsLevels(regionsSize(size)) ?? ['easy']);
      return this.regionsBoard(n, seed, level, day);
    }
    const { n, level, seed } = dailyPuzzle(day, (size) => this.levels(size));
    return this.classic(n, level, seed, day);
  }

  /**
   * A link's board with its puzzle made again where the link names it by seed or date (null puzzle: it could not be).
   * @param {PuzzleBoard} board
   * @returns {PuzzleBoard}
   */
  remake(board) {
    const { puzzle } = board;
    if (!puzzle) return board;
    const fallback = { ...board, puzzle: null };
    if (puzzle.daily) return this.daily(puzzle.daily, puzzle.kind) ?? fallback;
    if (puzzle.seed === null) return board;
    if (puzzle.kind === 'regions') return this.regionsBoard(board.n, puzzle.seed, puzzle.level) ?? fallback;
    if (board.given.length) return board;
    return this.classic(board.n, puzzle.level, puzzle.seed) ?? fallback;
  }

  /**
   * New puzzle: a board of the kind and level asked, near the size shown, and a sentence when the size moved.
   * @param {'classic' | 'regions'} kind
   * @param {string} level
   * @param {number} current  the size shown
   * @param {number} seed
   * @returns {{ board: PuzzleBoard, said: string } | null}
   */
  fresh(kind, level, current, seed) {
    if (kind === 'regions') {
      const board = this.regionsBoard(current, seed, level);
      if (!board) return null;
      const made = board.puzzle?.level ?? level;
      const sized = board.n !== current ? `Regions puzzles come in sizes ${REGIONS_MIN_N}×${REGIONS_MIN_N} to ${REGIONS_MAX_N}×${REGIONS_MAX_N}, so this one is ${board.n}×${board.n}.` : '';
      const leveled = made !== level ? `This ${board.n}×${board.n} regions board offers no ${level} puzzle, so this one is ${made}.` : '';
      return { board, said: [sized, leveled].filter(Boolean).join(' ') };
    }
    const { generatedMinN, generatedMaxN, defaultN } = this.limits;
    let n = current >= generatedMinN && current <= generatedMaxN ? current : defaultN;
    // A small board may be too small for a level's rules to be needed: the nearest size that offers it.
    const offered = this.levelSizes(level);
    const levelMoved = offered.length > 0 && !offered.includes(n);
    if (levelMoved) n = offered.reduce((best, m) => (Math.abs(m - n) < Math.abs(best - n) ? m : best));
    const board = this.classic(n, level, seed);
    if (!board) return null;
    let said = '';
    if (levelMoved) {
      const [min, max] = [offered[0], offered[offered.length - 1]];
      said = `${capital(level)} puzzles come in sizes ${min}×${min} to ${max}×${max}, so this one is ${n}×${n}.`;
    } else if (current !== n) {
      said = `Puzzles come in sizes ${this.generatedSizes()}, so this one is ${n}×${n}.`;
    }
    return { board, said };
  }

  /**
   * The generated sizes that offer a level (the core's puzzleLevels()).
   * @param {string} level
   * @returns {number[]}
   */
  levelSizes(level) {
    const sizes = [];
    for (let n = this.limits.generatedMinN; n <= this.limits.generatedMaxN; n++) if (this.levels(n).includes(level)) sizes.push(n);
    return sizes;
  }

  /** "4×4 to 12×12": the sizes the core generates puzzles in. */
  generatedSizes() {
    const { generatedMinN: min, generatedMaxN: max } = this.limits;
    return `${min}×${min} to ${max}×${max}`;
  }
}
