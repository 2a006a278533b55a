// The search tree of a learner's run (www/program/search-tree.js) against an
// enumeration written here: every node of the N^N-board tree is looked up
// in the boards the test's own replay of the records stood on, and judged
// entered, ruled out or never entered from that list alone; the first step
// outside row backtracking's tree is the first board that is not a safe
// prefix of rows, found here by looking at each board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Trace, KIND } from '../../www/program/trace.js';
import { SearchTree } from '../../www/program/search-tree.js';

const attacks = (a, b) => a.r === b.r || a.c === b.c || Math.abs(a.r - b.r) === Math.abs(a.c - b.c);

/** Records of a row-by-row search with `ok(cols, row, col)` as its test, from column `first` of row 0. */
function rowSearch(n, ok, { first = 0, found = true } = {}) {
  const records = [];
  const cols = [];
  const go = (row) => {
    if (row === n) {
      if (found) records.push(KIND.FOUND, 0, 0, 1);
      return;
    }
    for (let col = row === 0 ? first : 0; col < n; col++) {
      if (!ok(cols, row, col)) continue;
      records.push(KIND.PLACE, row, col, 2);
      cols.push(col);
      go(row + 1);
      cols.pop();
      records.push(KIND.REMOVE, row, col, 3);
    }
  };
  go(0);
  return records;
}
const safe = (cols, row, col) => cols.every((c, r) => c !== col && Math.abs(c - col) !== row - r);
/** A diagonal test off by one: it misses the queens one row apart on a diagonal. */
const offByOne = (cols, row, col) => cols.every((c, r) => c !== col && Math.abs(c - col) !== row - r + 1);

/** Random places and removes of a board (never a second queen on a square, never removing a missing one). */
function randomWalk(n, count, seed) {
  let x = seed;
  const rand = (k) => { x = (x * 1103515245 + 12345) % 2147483648; return x % k; };
  const on = new Set();
  const records = [];
  for (let i = 0; i < count; i++) {
    if (on.size && rand(3) === 0) {
      const list = [...on];
      const s = list[rand(list.length)];
      on.delete(s);
      records.push(KIND.REMOVE, Math.floor(s / n), s % n, 1);
    } else {
      const s = rand(n * n);
      if (on.has(s)) continue;
      on.add(s);
      records.push(KIND.PLACE, Math.floor(s / n), s % n, 1);
    }
  }
  return records;
}

/** The boards after each place step: [step, squares as {r, c}]. */
function boardsAfterPlaces(records) {
  const on = new Map();
  const out = [];
  let step = 0;
  for (let i = 0; i < records.length; i += 4) {
    const [kind, r, c] = records.slice(i, i + 3);
    if (kind !== KIND.PLACE && kind !== KIND.REMOVE && kind !== KIND.FOUND) continue;
    step++;
    if (kind === KIND.PLACE) on.set(`${r},${c}`, { r, c });
    if (kind === KIND.REMOVE) on.delete(`${r},${c}`);
    if (kind === KIND.PLACE) out.push([step, [...on.values()]]);
  }
  return out;
}

/** Every node judged from the boards alone. */
function enumerate(n, records) {
  const boards = boardsAfterPlaces(records);
  // A board enters node `cols` when rows 0..d-1 each hold exactly one queen, in those columns.
  const entersNode = (board, cols) => cols.every((c, r) => {
    const inRow = board.filter((q) => q.r === r);
    return inRow.length === 1 && inRow[0].c === c;
  });
  const attacked = (cols) => cols.some((c, r) => cols.some((c2, r2) => r2 > r && attacks({ r, c }, { r: r2, c: c2 })));
  /** @type {Map<string, 'entered'|'wrong'|'ruled'|'never'>} */
  const kinds = new Map();
  const neverRoots = [];
  let neverBoards = 0;
  const enteredSet = new Set(['']);
  for (let d = 1; d <= n; d++) {
    for (let index = 0; index < n ** d; index++) {
      const cols = [];
      for (let r = 0, x = index; r < d; r++) { cols.unshift(x % n); x = Math.floor(x / n); }
      const key = cols.join(',');
      const entered = boards.some(([, b]) => entersNode(b, cols));
      if (entered) enteredSet.add(key);
      // The deepest entered node above decides an unentered one.
      let kind;
      if (entered) kind = attacked(cols) ? 'wrong' : 'entered';
      else {
        let k = d - 1;
        while (k > 0 && !enteredSet.has(cols.slice(0, k).join(','))) k--;
        kind = attacked(cols.slice(0, k + 1)) ? 'ruled' : 'never';
        if (kind === 'never' && k === d - 1) {
          neverRoots.push(key);
          neverBoards += n ** (n - d);
        }
      }
      kinds.set(key, kind);
    }
  }
  // The first board that is not rows 0..q-1, one queen each, with no two attacking.
  let outside = 0;
  for (const [step, b] of boards) {
    const rowsOk = b.every((q) => q.r < b.length) && new Set(b.map((q) => q.r)).size === b.length;
    const clash = b.some((q, i) => b.some((p, j) => j > i && attacks(p, q)));
    if (!rowsOk || clash) { outside = step; break; }
  }
  return { kinds, neverRoots, neverBoards, entered: enteredSet.size - 1, outside };
}

async function treeOf(n, records) {
  const trace = new Trace(n);
  trace.ingest(Int32Array.from(records));
  return SearchTree.fromTrace(trace, async () => {});
}

const cases = [
  ['row backtracking', 5, () => rowSearch(5, safe)],
  ['row backtracking that skips column 0 of row 0', 5, () => rowSearch(5, safe, { first: 1 })],
  ['a diagonal test off by one', 5, () => rowSearch(5, offByOne)],
  ['brute force, every board', 4, () => rowSearch(4, () => true)],
  ['random places and removes', 4, () => randomWalk(4, 400, 7)],
  ['random places and removes, another', 5, () => randomWalk(5, 900, 11)],
];

for (const [name, n, make] of cases) {
  test(`the search tree of ${name} at N = ${n} is the enumeration's, node by node`, async () => {
    const records = make();
    const tree = await treeOf(n, records);
    const truth = enumerate(n, records);
    assert.equal(tree.entered - 1, truth.entered, 'entered nodes');
    assert.equal(tree.neverRoots, truth.neverRoots.length, 'never-entered subtrees');
    assert.equal(tree.neverBoards, truth.neverBoards, 'boards in never-entered subtrees');
    assert.deepEqual(tree.neverList.map((c) => c.join(',')).sort(), [...truth.neverRoots].sort());
    for (const [key, kind] of truth.kinds) {
      const cols = key.split(',').map(Number);
      const index = cols.reduce((v, c) => v * n + c, 0);
      assert.equal(tree.state(cols.length, index).kind, kind, `node ${key}`);
    }
    // The boards in never-entered subtrees, over ranges of leaves, against the leaves counted one by one.
    const leaves = n ** n;
    const neverLeaf = (leaf) => {
      const cols = [];
      for (let r = 0, x = leaf; r < n; r++) { cols.unshift(x % n); x = Math.floor(x / n); }
      return truth.kinds.get(cols.join(',')) === 'never';
    };
    const prefix = [0];
    for (let l = 0; l < leaves; l++) prefix.push(prefix[l] + (neverLeaf(l) ? 1 : 0));
    for (const [from, to] of [[0, leaves], [0, 1], [3, 97], [leaves - 50, leaves], [n ** (n - 1), 2 * n ** (n - 1) + 3], [17, Math.min(leaves, 611)]]) {
      assert.equal(tree.neverBetween(from, to), prefix[to] - prefix[from], `never between ${from} and ${to}`);
    }
    assert.equal(tree.outside?.step ?? 0, truth.outside, 'the first step outside row backtracking’s tree');
  });
}

test('row backtracking never leaves its own tree and skips nothing; brute force leaves it at its first attacked board', async () => {
  const bt = await treeOf(6, rowSearch(6, safe));
  assert.deepEqual([bt.outside, bt.wrong, bt.neverRoots], [null, 0, 0]);
  const brute = await treeOf(4, rowSearch(4, () => true));
  // Brute force's second step puts row 1's queen on column 0, under row 0's.
  assert.equal(brute.outside?.step, 2);
  assert.equal(brute.outside?.why, 'attacked');
  // A search that starts on row 2, with row 0 empty, leaves it at its first step.
  const columnwise = await treeOf(4, [KIND.PLACE, 2, 0, 1, KIND.PLACE, 0, 1, 1]);
  assert.equal(columnwise.outside?.step, 1);
  assert.equal(columnwise.outside?.why, 'order');
});
