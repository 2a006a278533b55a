// Count mode (its own tab): every solution of N counted without drawing, in
// workers (ui.js), with what it stands on: the visualizer's bitwise
// search and the symmetry classes, and for larger N meet in the middle.
// Owns the link `?mode=count&n=` and nothing of the visualizer's; while no N
// is chosen it follows the visualizer's board size.
//
// A mode of the registry in modes.js: see there for what a mode does.

import { mountCountMode } from './ui.js';
import { knownCounts } from './records-view.js';
import { GPU_FROM } from './gpu.js';
import { el } from '../lib/dom.js';
import { replaceUrl, wholeNumber } from '../lib/params.js';
import { clip } from '../lib/words.js';

/** @typedef {'auto' | 'gpu' | 'cpu'} Engine  which engine counts: the GPU, the workers, or as count mode chooses */

/**
 * Reads ?n= and ?engine= for count mode: the N to count, or null (follow
 * the visualizer), and the engine the link forces (gpu or cpu), else auto.
 * @param {string} search  location.search
 * @param {{ countMinN: number, countMaxN: number, countGpuMaxN?: number }} limits  the core's limits()
 * @returns {{ n: number | null, engine: Engine, problems: string[] }}
 */
function parseCountParams(search, { countMinN, countMaxN: workersMaxN, countGpuMaxN = workersMaxN }) {
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  /** @type {Engine} */
  let engine = 'auto';
  if (params.has('engine')) {
    const raw = /** @type {string} */ (params.get('engine')).trim();
    const wanted = raw.toLowerCase();
    if (wanted === 'gpu' || wanted === 'cpu') engine = wanted;
    else problems.push(`The link's engine=${clip(raw)} is neither gpu nor cpu, so count mode chooses its engine itself: the GPU when this browser offers one, else the workers.`);
  }
  // Past the workers' limit only the GPU counts: a link may ask for it unless it asks for the workers.
  const countMaxN = engine === 'cpu' ? workersMaxN : Math.max(workersMaxN, countGpuMaxN);
  if (!params.has('n')) return { n: null, engine, problems };
  const raw = /** @type {string} */ (params.get('n')).trim(); // has() said it is there
  const n = wholeNumber(raw);
  if (n >= countMinN && n <= countMaxN) return { n, engine, problems };
  problems.push(`The link's board size n=${clip(raw)} is not a whole number from ${countMinN} to ${countMaxN}, the sizes count mode counts. Choose N and press Count.`);
  return { n: null, engine, problems };
}

/**
 * The paragraphs that tie count mode to what the other views show.
 * @param {number | null} halvesFrom  the first N counted by meeting in the middle (the core's countMethod), if any
 * @param {number} workersMaxN  the largest N the workers count (limits()'s countMaxN)
 * @returns {HTMLElement}
 */
function howItCounts(halvesFrom, workersMaxN) {
  const link = (/** @type {string} */ href, /** @type {string} */ text) => el('a', { href }, text);
  return el('div', 'count-how', [
    el('h3', '', 'How it counts'),
    el('p', '', [
      halvesFrom ? `Up to N = ${halvesFrom - 1} it is the ` : 'It is the ',
      link('?algo=bitwise&n=8', 'bitwise search (ld / col / rd)'),
      ' you can step through in the visualizer, without drawing, run only on one board of each class of eight symmetric ones (',
      link('?algo=bitwise&n=6&step=1000', 'group the solutions by symmetry'),
      ' in the visualizer to see the classes); the classes give the "fundamental" count.',
    ]),
    el('p', '', [
      el('strong', '', 'Meet in the middle'),
      `${halvesFrom ? ` (from N = ${halvesFrom})` : ''}: instead of one search N rows deep, it lists once every way to fill the left half of the board and every way to fill the right half, `
      + 'then counts the pairs of halves whose diagonals do not clash. Two lists of half-boards, matched in bulk, cost far less than searching every whole board.',
    ]),
    el('p', '', [
      el('strong', '', 'On the GPU'),
      ` (from N = ${GPU_FROM} when this browser offers WebGPU, or with `,
      link('?mode=count&engine=gpu', 'engine=gpu'),
      ` in the link; past N = ${workersMaxN} only there): the CPU lists every way to fill the first few rows (7 rows at N = 20, 13.8 million prefixes), each as the columns of its queens, `
      + 'and a GPU thread takes one prefix and finishes the board with the same bitwise search, keeping its own stack of rows instead of recursing. '
      + 'Prefixes, because a GPU runs thousands of threads at once and each needs a small piece of the tree of its own that no other thread touches. '
      + 'It searches one board of each class of eight symmetric ones, by the queens on the edges: either row 0\'s queen is in a corner (and row 1\'s queen nearer the corner than column 1\'s), '
      + 'or no queen is, and row 0\'s queen is the edge queen nearest a corner, in the left half; a board whose rotation also starts so is kept only if it comes first. '
      + 'Each board found stands for its class: eight boards, or four or two for a board equal to its half or quarter turn. '
      + 'A GPU thread counts in 32 bits and N = 20 has 39 billion solutions: each thread writes its count as two 32-bit words, and the CPU sums them exactly.',
    ]),
  ]);
}

/**
 * The count mode.
 * @param {import('../modes.js').Page} page
 * @returns {import('../modes.js').Mode}
 */
export function countMode(page) {
  /** @type {ReturnType<typeof mountCountMode>|null} */
  let count = null;
  const root = /** @type {HTMLElement} */ (document.getElementById('count-mode'));
  let active = false;
  /** the N a link asked for, until the user picks another */
  let linked = /** @type {number | null} */ (null);
  /** the board to offer when no mode shows one: the core's default */
  let fallbackN = 0;
  /** @type {Engine} the link's engine, kept in the link */
  let engine = 'auto';

  const writeUrl = () => {
    const url = new URL(location.href);
    const n = Number(/** @type {HTMLInputElement|null} */ (root.querySelector('#count-n'))?.value);
    const params = new URLSearchParams();
    if (Number.isInteger(n) && n > 0) params.set('n', String(n));
    if (engine !== 'auto') params.set('engine', engine);
    url.search = `?${params}`;
    replaceUrl(url);
  };

  return {
    id: 'count',
    // Count mode is one panel: the form, its progress and the result.
    panels: {},
    title: () => ['count mode'],
    canvases: {},
    parse: (search, core) => parseCountParams(search, core.limits),

    /** @param {import('../core/core.js').Core} core  @param {{ n: number | null, engine?: Engine }|null} wanted */
    attach(core, wanted) {
      const { countMinN, countMaxN, countGpuMaxN } = core.limits;
      engine = wanted?.engine ?? 'auto';
      // The known counts, the row of the N in the field marked; past the page's largest N, a cluster's commands.
      const known = knownCounts(engine === 'cpu' ? countMaxN : Math.max(countMaxN, countGpuMaxN), countMaxN);
      count = mountCountMode(root, {
        onN: (n) => known.follow(n),
        engine,
        minN: countMinN,
        maxN: countMaxN,
        gpuMaxN: countGpuMaxN,
        method: (n) => core.wasm.countMethod(n),
      });
      // The core says which N it counts by meeting in the middle.
      const sizes = Array.from({ length: countMaxN - countMinN + 1 }, (_, i) => countMinN + i);
      const halvesFrom = sizes.find((n) => core.wasm.countMethod(n).id === 'quadrants') ?? null;
      root.append(known.root, howItCounts(halvesFrom, countMaxN));
      root.addEventListener('change', () => { if (active) writeUrl(); });
      linked = wanted?.n ?? null;
      fallbackN = core.limits.defaultN;
      count.followN(linked ?? page.boardN() ?? fallbackN);
    },

    setActive(on) {
      active = on;
      if (!on) return;
      // Until the user chooses an N, count mode offers the visualizer's.
      if (count && linked === null) count.followN(page.boardN() ?? fallbackN);
      writeUrl();
    },

    /** Count mode's one key: Esc cancels a count, as its Cancel button does. @param {KeyboardEvent} event */
    onKey(event) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const cancel = /** @type {HTMLButtonElement|null} */ (root.querySelector('#count-cancel'));
      if (!cancel || cancel.disabled) return;
      cancel.click();
      event.preventDefault();
    },
    halt() {},
    /** The workers have cores of their own: nothing of count mode's was in the one that trapped. */
    recover: () => '',
  };
}
