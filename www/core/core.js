// Loading the wasm core (pkg/nqueens.js), and what the page asks it once: the
// algorithms and every limit that is the core's to set (limits(): the board
// sizes of the searches, of puzzle mode and its generated puzzles, of count
// mode, how many solutions a session remembers). The page copies none of them.
//
// No DOM and no error display: these throw, and the caller says what went wrong.

import { withRetries } from './wasm-load.js';

/** @typedef {import('../types.js').Limits} Limits  the core's limits(), read once per core */

/**
 * @typedef {object} Core  what the page knows of one core instance
 * @property {import('../types.js').Core} wasm  the module namespace of pkg/nqueens.js
 * @property {import('../types.js').AlgorithmInfo[]} algorithms  the core's algorithms(), in page order
 * @property {Limits} limits
 */

/**
 * Imports and initialises the core, retrying a failed instantiation
 * (wasm-load.js); resolves to its module namespace. Each
 * `instance` number gives a module instance of its own, with a fresh
 * WebAssembly instance and memory: after a trap the page starts instance 2, 3, …
 * @param {number} [instance]
 * @returns {Promise<import('../types.js').Core>}
 */
export async function loadCore(instance = 1) {
  // A dynamic import, so a missing build gives a message rather than a blank page.
  // The second address is the same module under another URL, which tsc cannot follow.
  /** @type {import('../types.js').Core} */
  const wasm = await import(instance === 1 ? '../../pkg/nqueens.js' : `../../pkg/nqueens.js?instance=${instance}`);
  // Instantiating can fail for a moment (out of memory, a dropped request):
  // tried again with back-off, then a WasmLoadError with a sentence.
  await withRetries(() => wasm.default(), {
    onRetry: (tries, error) => console.warn(`The solver could not be loaded (try ${tries}); trying again:`, error),
  });
  return wasm;
}

/**
 * What the page needs to know from the core, asked once and handed on to
 * every mode. Throws the core's error if a call fails.
 * @param {import('../types.js').Core} wasm  from loadCore
 * @returns {Core}
 */
export function describeCore(wasm) {
  const core = {
    wasm,
    algorithms: wasm.algorithms(),
    limits: wasm.limits(),
  };
  described = core.limits;
  return core;
}

/** @type {Limits | null} the last core's limits() (the same for every instance) */
let described = null;

/**
 * The core's limits(), as describeCore read them: for code that runs only
 * once the core is loaded (a seed typed in, a link read) and has no core at
 * hand. Throws before the core is described.
 * @returns {Limits}
 */
export function coreLimits() {
  if (!described) throw new Error('The core is not loaded yet, so its limits are not known.');
  return described;
}
