// Puzzle mode's panels that start another board: the daily puzzles, Nauck's
// position (how many ways it can be finished, counted by the core), Complete
// this board (kind, difficulty, the rules each level needs, New puzzle,
// makers.js), and Let an algorithm finish this (the searches that take fixed
// queens).

import { counted, el, part } from '../lib/dom.js';
import { newSeed } from '../core/seeds.js';
import { NAUCK } from './reasoning.js';
import { localDay } from './daily.js';
import { levelRules, sharedRow } from './shown.js';

/** @typedef {import('./model.js').PuzzleBoard} PuzzleBoard */

/**
 * @typedef {object} PickerHost  what the panels need of the puzzle view
 * @property {import('./model.js').PuzzleModel} model
 * @property {(board: PuzzleBoard, said?: string) => void} play  a new puzzle to play (the coach off), with a sentence about it
 * @property {(board: PuzzleBoard) => void} leave  a board that is no generated puzzle
 * @property {(text: string) => void} say  the note under the coach line
 */

export class PuzzlePickers {
  /**
   * @param {HTMLElement} root  #puzzle
   * @param {{ maker: import('./makers.js').PuzzleMaker, limits: import('../core/core.js').Limits, algorithms: import('../types.js').AlgorithmInfo[],
   *   rules: import('../types.js').DeductionRule[], count: (n: number, squares: number[]) => bigint,
   *   regions: () => import('./mode.js').RegionsCoreApi | null,
   *   onFinish: (algorithmId: string, n: number, squares: number[]) => void }} core
   * @param {PickerHost} host
   */
  constructor(root, { maker, limits, algorithms, rules, count, regions, onFinish }, host) {
    const $ = (/** @type {string} */ name) => part(root, name);
    this.core = { maker, limits, rules, regions, onFinish };
    this.host = host;
    this.kind = /** @type {HTMLSelectElement} */ ($('kind'));
    this.difficulty = /** @type {HTMLSelectElement} */ ($('difficulty'));
    this.levelRules = $('level-rules');
    this.algorithm = /** @type {HTMLSelectElement} */ ($('finish-algorithm'));
    const offersRegions = regions() !== null;
    $('kind-field').hidden = !offersRegions;
    $('daily-regions').hidden = !offersRegions;
    $('generated-note').textContent = `A generated board with exactly one way to finish it (${maker.generatedSizes()}).`;
    for (const a of algorithms.filter((a) => a.takesFixedQueens)) this.algorithm.append(el('option', { value: a.id, text: a.name }));
    this.showLevelRules();
    // Nauck's position: how many ways it can be finished, counted now by the core.
    const nauckCount = count(NAUCK.n, [...NAUCK.squares]);
    const nauckText = $('nauck-count');
    nauckText.textContent = `It can be finished in ${counted(nauckCount, 'way')}: the solver has just counted them.`;
    nauckText.dataset.completions = String(nauckCount);

    this.difficulty.addEventListener('change', () => this.showLevelRules());
    this.kind.addEventListener('change', () => this.showLevelRules());
    $('nauck-load').addEventListener('click', () => host.leave({ n: NAUCK.n, squares: [...NAUCK.squares], given: [...NAUCK.squares], marks: [], puzzle: null }));
    $('new-puzzle').addEventListener('click', () => this.newPuzzle());
    $('finish').addEventListener('click', () => this.finish());
    $('daily').addEventListener('click', () => this.loadDaily(localDay(new Date())));
    $('daily-regions').addEventListener('click', () => this.loadDaily(localDay(new Date()), 'regions'));
  }

  /** "Easy: … · Medium: … · Hard: …", the rules each level needs (the core's deductionRules()). */
  showLevelRules() {
    const { maker, limits } = this.core;
    const regions = this.kind.value === 'regions' ? this.core.regions() : null;
    const smallest = (/** @type {string} */ level) => {
      const [from] = regions ? [null] : maker.levelSizes(level);
      return from != null && from > limits.generatedMinN ? from : null;
    };
    const lines = levelRules(regions ? regions.regionsRules() : this.core.rules, smallest);
    const expert = /** @type {HTMLOptionElement | null} */ (this.difficulty.querySelector('option[value="expert"]'));
    if (expert) expert.hidden = !lines.some((line) => line.level === 'expert');
    this.levelRules.replaceChildren(...lines.map(({ level, text }) => el('li', level === this.difficulty.value ? { 'data-current': '' } : {}, text)));
  }

  /** A puzzle is played: the kind and difficulty pickers say which (a hard daily shows Hard, not Medium). */
  follow() {
    const p = this.host.model.puzzle;
    if (!p) return;
    let changed = false;
    if (p.kind === 'regions' && this.kind.value !== 'regions') {
      this.kind.value = 'regions';
      changed = true;
    }
    const option = p.level ? this.difficulty.querySelector(`option[value="${p.level}"]`) : null;
    if (option && this.difficulty.value !== p.level) {
      /** @type {HTMLOptionElement} */ (option).hidden = false;
      this.difficulty.value = p.level;
      changed = true;
    }
    if (changed) this.showLevelRules();
  }

  /**
   * Plays the daily puzzle of a date (the Daily buttons: today, in the player's time zone).
   * @param {string} day
   * @param {'classic' | 'regions'} [kind]
   */
  loadDaily(day, kind = 'classic') {
    const board = this.core.maker.daily(day, kind);
    if (board) this.host.play(board);
  }

  newPuzzle() {
    const kind = this.kind.value === 'regions' ? 'regions' : 'classic';
    const made = this.core.maker.fresh(kind, this.difficulty.value, this.host.model.n, newSeed());
    if (made) this.host.play(made.board, made.said);
  }

  finish() {
    const { n, squares } = this.host.model;
    const shared = sharedRow(n, squares);
    if (shared >= 0) {
      this.host.say(`Two queens share row ${shared + 1}, and a search places one queen a row: take one of them off first.`);
      return;
    }
    this.core.onFinish(this.algorithm.value, n, squares);
  }
}
