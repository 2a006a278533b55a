// Loading the wasm core (pkg/nqueens.js), and what the page asks it once: the
// algorithms and the limits that are the core's to set (how many solutions a
// session remembers, the largest N count mode counts).
//
// No DOM and no error display: these throw, and the caller says what went wrong.

/**
 * Imports and initialises the core; resolves to its module namespace. Each
 * `instance` number gives a module instance of its own, with a fresh
 * WebAssembly instance and memory: after a trap the page starts instance 2, 3, …
 */
export async function loadCore(instance = 1) {
  // A dynamic import, so a missing build gives a message rather than a blank page.
  const wasm = await import(instance === 1 ? '../pkg/nqueens.js' : `../pkg/nqueens.js?instance=${instance}`);
  await wasm.default();
  return wasm;
}

/**
 * What the page needs to know from the core: { wasm, algorithms,
 * maxRememberedSolutions, countMaxN }. Throws the core's error if a call fails.
 */
export function describeCore(wasm) {
  return {
    wasm,
    algorithms: wasm.algorithms(),
    maxRememberedSolutions: wasm.maxRememberedSolutions(),
    countMaxN: wasm.countMaxN(),
  };
}
