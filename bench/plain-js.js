// The benchmarks' plain-JS baseline: seed 004's bitwise count (recursion on
// the left-diagonal, column and right-diagonal bit fields, no symmetry),
// ported to JavaScript as it stands. Runs in the browser next to the wasm.

/** All solutions on an n×n board, n = 1..30, walking the whole search tree. */
export function countPlainJs(n) {
  const done = (1 << n) - 1;
  let count = 0;
  function recurse(ld, col, rd) {
    if (col === done) {
      count++;
      return;
    }
    let poss = ~(ld | col | rd) & done;
    while (poss !== 0) {
      const bit = poss & -poss;
      poss -= bit;
      recurse((ld | bit) >> 1, col | bit, (rd | bit) << 1);
    }
  }
  recurse(0, 0, 0);
  return count;
}
