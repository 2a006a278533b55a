// The search tree's model (www/components/tree-model.js), in node with no
// DOM: a node's columns and index, what each node is (against the rules
// written out here: safe, ruled out by its own row, cut with an ancestor,
// never generated), what each pixel of a band shows, the node under a point,
// the keyboard's cursor, the zoomed root, the words, and the first step that
// reached a node (brute force's order enumerated here; a depth-first search's
// found by halving, against a session whose answer the test knows); and the
// pixels (www/components/tree-paint.js): each pixel column filled to its share.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  NODE_MIN_PX, attacking, bandClasses, digits, firstAttack, firstStepReaching, followRoot, indexOf, moveCursor, nodeAtPoint, nodeKind, nodeOf,
  nodeWords, reachedWords, summaryWords, zoomWords, zoomedBand,
} from '../../www/components/tree-model.js';
import { paintWhole, paintZoomed } from '../../www/components/tree-paint.js';

/** Every partial board of `depth` rows on N columns, in index order (row 0 most significant). */
function partials(n, depth) {
  const out = [];
  const total = n ** depth;
  for (let i = 0; i < total; i++) {
    const cols = [];
    let rest = i;
    for (let r = 0; r < depth; r++) { cols.unshift(rest % n); rest = Math.floor(rest / n); }
    out.push(cols);
  }
  return out;
}

/** Whether no two queens of `cols` share a column or a diagonal, pair by pair. */
const safe = (cols) => cols.every((c, r) => cols.slice(0, r).every((d, q) => d !== c && Math.abs(d - c) !== r - q));

test("a node's columns and its index are each other's inverse, as numbers and as BigInts", () => {
  const n = 5;
  partials(n, 3).forEach((cols, i) => {
    assert.deepEqual(digits(i, n, 3), cols);
    assert.deepEqual(digits(BigInt(i), n, 3), cols);
    assert.equal(indexOf(cols, n), BigInt(i));
  });
  const node = nodeOf([1, 3], 6);
  assert.equal(node.boards, 6n ** 4n);
  assert.equal(node.index, 9n);
});

test('what a node is: safe, ruled out by its own row, cut with an ancestor, never generated', () => {
  const n = 5;
  for (let depth = 1; depth <= n; depth++) {
    for (const cols of partials(n, depth)) {
      assert.equal(attacking(cols), !safe(cols), cols.join());
      const firstBad = cols.findIndex((_, r) => !safe(cols.slice(0, r + 1)));
      assert.equal(firstAttack(cols)?.depth ?? null, firstBad < 0 ? null : firstBad + 1, cols.join());
      // A depth-first search: safe, ruled out by its own row, or cut above.
      assert.equal(nodeKind(cols, n, 'tree'), firstBad < 0 ? 1 : firstBad === depth - 1 ? 2 : 5, cols.join());
      // Brute force tests whole boards: only a leaf is ruled out.
      assert.equal(nodeKind(cols, n, 'all-boards'), safe(cols) || depth < n ? 1 : 2);
      // Permutations never build a board that repeats a column.
      if (new Set(cols).size < depth) assert.equal(nodeKind(cols, n, 'permutations'), 4);
    }
  }
  assert.equal(firstAttack([0, 0, 2]).how, 'column');
  assert.equal(firstAttack([0, 1]).how, 'diagonal');
});

test("each pixel of a band: a node's kind where nodes are wide, its last pixel a boundary, nothing where they are narrow", () => {
  const n = 4;
  const width = 64;
  const classes = bandClasses(n, width, 'tree');
  for (let depth = 1; depth <= n; depth++) {
    const nodes = n ** depth;
    const px = width / nodes;
    for (let x = 0; x < width; x++) {
      const got = classes[(depth - 1) * width + x];
      const node = Math.floor(x / px);
      let want = 0;
      if (px >= NODE_MIN_PX) want = (x + 1) % px === 0 ? 3 : nodeKind(digits(node, n, depth), n, 'tree');
      assert.equal(got, px < 1 ? 0 : want, `depth ${depth}, x ${x}`);
    }
  }
});

test('the node under a point, whole and zoomed, covers that point', () => {
  const n = 5;
  const width = 500;
  for (const rootCols of [[], [2], [2, 4]]) {
    for (let x = 0; x < width; x += 7) {
      for (let row = 0; row < n - rootCols.length; row++) {
        const node = nodeAtPoint({ x, y: row * 14 + 3, width, band: 14, n, rootCols });
        assert.equal(node.depth, rootCols.length + row + 1);
        assert.deepEqual(node.cols.slice(0, rootCols.length), rootCols, 'under the zoomed root');
        const nodes = BigInt(n) ** BigInt(row + 1);
        const below = node.index - indexOf(rootCols, n) * nodes;
        assert.ok(below * BigInt(width) <= BigInt(x) * nodes && BigInt(x) * nodes < (below + 1n) * BigInt(width), `x ${x} in its node`);
        assert.equal(node.boards, BigInt(n) ** BigInt(n - node.depth));
      }
    }
  }
  assert.equal(nodeAtPoint({ x: -1, y: 0, width, band: 14, n, rootCols: [] }), null);
  assert.equal(nodeAtPoint({ x: 0, y: 14 * n, width, band: 14, n, rootCols: [] }), null);
});

test('the cursor, the zoomed root and the zoomed bands', () => {
  const n = 4;
  assert.deepEqual(moveCursor([1, 3], 'ArrowRight', n), [2, 0]);
  assert.deepEqual(moveCursor([2, 0], 'ArrowLeft', n), [1, 3]);
  assert.deepEqual(moveCursor([3, 3], 'ArrowRight', n), [3, 3], 'the last node stays');
  assert.deepEqual(moveCursor([0], 'ArrowLeft', n), [0], 'the first node stays');
  assert.deepEqual(moveCursor([1, 3], 'ArrowUp', n), [1]);
  assert.deepEqual(moveCursor([1], 'ArrowUp', n), [1], 'row 1 has no parent drawn');
  assert.deepEqual(moveCursor([1, 3], 'ArrowDown', n), [1, 3, 0]);
  assert.deepEqual(moveCursor([1, 3, 0, 2], 'ArrowDown', n), [1, 3, 0, 2], 'a leaf has no child');
  // The path without its last queen, and never the whole board.
  assert.deepEqual(followRoot([2, 0, 3, -1, -1], 5), [2, 0]);
  assert.deepEqual(followRoot([1, 3, 0, 2], 4), [1, 3]);
  assert.deepEqual(followRoot([-1, -1], 2), []);
  assert.equal(zoomedBand(14, 8, 0), 14);
  assert.equal(zoomedBand(14, 8, 4), 28);
  assert.equal(zoomedBand(14, 8, 8), 14 * 8, 'never divides by zero');
});

test('the words: a node, the zoom and the summary carry its numbers', () => {
  const node = nodeOf([0, 1], 4);
  const { head, state } = nodeWords(node, node.boards, 'tree');
  assert.ok(head.includes('rows 1–2') && head.includes('columns 1, 2') && head.includes('16 boards'), head);
  assert.equal(state, 'ruled out');
  assert.equal(nodeWords(nodeOf([0, 2], 4), 16n, 'tree').state, 'fully examined');
  assert.equal(nodeWords(nodeOf([0, 2], 4), 0n, 'tree').state, 'pending');
  assert.match(nodeWords(nodeOf([0, 2], 4), 5n, 'tree').state, /^5 decided/);
  assert.match(nodeWords(nodeOf([1, 1], 4), 16n, 'permutations').state, /never generated/);
  assert.match(nodeWords(nodeOf([1], 4), null, 'tree').state, /fixed queens/);
  assert.match(zoomWords([2, 0], 5), /rows 1–2 = columns 3, 1: the rows under it, 125 boards/);
  const words = summaryWords({ total: 256n, ruledOut: 240n, solutions: 2n }, 12);
  assert.ok(words.includes('240 of 256 boards (93.75%)') && words.includes('12 checks') && words.includes('20 boards per check') && words.includes('2 solutions'), words);
  assert.match(summaryWords({ total: 256n, ruledOut: 3n, solutions: 1n }, 4), /0\.75 boards per check; 1 solution found/);
});

test('the first step that reached a node: brute force by its order, a depth-first search by halving', () => {
  const n = 4;
  // Brute force tests the boards in order, row 0 turning fastest: step k + 1 tests board k.
  for (const cols of partials(n, 2)) {
    let k = 0;
    while (!cols.every((c, r) => Math.floor(k / n ** r) % n === c)) k++;
    const node = nodeOf(cols, n);
    assert.equal(firstStepReaching(null, node, 'all-boards', n ** n, n), k + 1, cols.join());
    assert.equal(firstStepReaching(null, node, 'all-boards', k, n), null, 'not yet');
  }
  // A depth-first search: a session that reaches the node at step 37 and stays reached after.
  const node = nodeOf([1, 3], n);
  let at = 0;
  let seeks = 0;
  const session = {
    seek: (step) => { at = step; seeks++; },
    queens: () => (at >= 37 && at < 40 ? Int32Array.from([1, 3, -1, -1]) : Int32Array.from([0, 2, -1, -1])),
    decidedBetween: () => (at >= 40 ? 1n : 0n),
  };
  at = 100;
  assert.equal(firstStepReaching(session, node, 'tree', 100, n), 37);
  assert.ok(seeks <= 8, `halving: ${seeks} seeks`);
  at = 10;
  assert.equal(firstStepReaching(session, node, 'tree', 10, n), null, 'not reached by now');
});

test('the pixels: each column filled to its share decided, boundaries drawn, hatching only on ruled-out nodes, the rest clear', () => {
  const colours = { pending: 1, decided: 2, examined: 3, ruled: 4, never: 5, boundary: 6, clear: 0 };
  const n = 4;
  const width = 64;
  const band = 9;
  const classes = bandClasses(n, width, 'tree');
  const height = n * band + 3;
  for (const share of [0, 0.5, 1]) {
    const pixels = new Uint32Array(width * height).fill(99);
    paintWhole(pixels, { n, width, band, classes, shares: new Array(n * width).fill(share), colours });
    const rows = Math.round(share * (band - 1));
    for (let depth = 1; depth <= n; depth++) {
      for (let x = 0; x < width; x++) {
        const kind = classes[(depth - 1) * width + x];
        const column = Array.from({ length: band }, (_, y) => pixels[((depth - 1) * band + y) * width + x]);
        assert.equal(column[band - 1], colours.pending, "the band's last row is a gap");
        if (kind === 3) { assert.ok(column.slice(0, -1).every((c) => c === colours.boundary)); continue; }
        const fill = { 0: colours.decided, 1: colours.examined, 2: colours.ruled, 5: colours.ruled }[kind];
        const painted = column.slice(0, -1).filter((c) => c !== colours.pending);
        assert.ok(painted.every((c) => c === fill), `depth ${depth} x ${x}: only its own colour`);
        // Only a ruled-out node leaves gaps in its fill (hatching); the others fill their share whole.
        if (kind === 1 || kind === 0) assert.equal(painted.length, rows, `depth ${depth} x ${x}`);
        else assert.ok(painted.length <= rows && (rows === 0 || painted.length > 0), `depth ${depth} x ${x}`);
        // The fill sits at the bottom of the band.
        column.slice(0, band - 1 - rows).forEach((c) => assert.equal(c, colours.pending));
      }
    }
    assert.ok(pixels.slice(n * band * width).every((c) => c === colours.clear), "the ticks' strip starts clear");
  }
  // Zoomed under [1]: three rows, each node decided whole; the rest clear.
  const pixels = new Uint32Array(width * height).fill(99);
  paintZoomed(pixels, { n, width, band, rootCols: [1], space: 'tree', colours, decided: (from, to) => to - from });
  for (let k = 1; k <= n - 1; k++) {
    const nodes = n ** k;
    for (let x = 0; x < width; x++) {
      const cols = [1, ...digits(Math.floor((x * nodes) / width), n, k)];
      const px = width / nodes;
      const boundary = px >= NODE_MIN_PX && Math.floor(((x + 1) * nodes) / width) !== Math.floor((x * nodes) / width);
      const bottom = pixels[((k - 1) * band + band - 2) * width + x];
      if (boundary) assert.equal(bottom, colours.boundary);
      else if (px < 1) assert.equal(bottom, colours.decided);
      else assert.equal(bottom === colours.pending ? colours.ruled : bottom, nodeKind(cols, n, 'tree') === 1 ? colours.examined : colours.ruled, `row ${k} x ${x}`);
    }
  }
  assert.ok(pixels.slice((n - 1) * band * width).every((c) => c === colours.clear), 'the rows above the root are left clear');
});

test('when a node was reached: by its own check, by an ancestor\'s, never tried for a held column, or the step that first reached it', () => {
  const n = 4;
  /** The steps the test hands out, by node, and the nodes asked about. */
  const asked = [];
  const stepFor = (node) => { asked.push(node.cols.join()); return 10 * node.cols.length + node.cols[node.cols.length - 1]; };
  // Its own diagonal check: rows 1–2 at columns 1, 2.
  assert.equal(reachedWords(nodeOf([0, 1], n), 'ruled out', 'tree', n, stepFor), 'ruled out at step 21 by a diagonal check');
  // Below an ancestor the search never went under: the ancestor's step, and the ancestor named.
  asked.length = 0;
  const cut = reachedWords(nodeOf([0, 1, 3], n), 'ruled out', 'tree', n, stepFor);
  assert.deepEqual(asked, ['0,1'], 'asks for the ancestor that was checked');
  assert.match(cut, /^ruled out with its ancestor rows 1–2 \(columns 1, 2\), which a diagonal check rejected at step 21; the search never went below it$/);
  // A column a queen above holds is never tried: no check; its row was entered when its parent was reached.
  asked.length = 0;
  const held = reachedWords(nodeOf([2, 2, 0], n), 'ruled out', 'tree', n, stepFor);
  assert.deepEqual(asked, ['2']);
  assert.match(held, /^never a candidate: column 3 is held by the queen in row 1, .*, and nothing below it is built; its row was entered at step 12$/);
  // Anything else, and every node of brute force: the step that first reached it.
  assert.equal(reachedWords(nodeOf([1, 3], n), 'fully examined', 'tree', n, stepFor), 'fully examined; first reached at step 23');
  assert.equal(reachedWords(nodeOf([0, 1], n), 'ruled out', 'all-boards', n, stepFor), 'ruled out at step 21 (its first board tested)');
  assert.equal(reachedWords(nodeOf([1, 3], n), 'fully examined', 'tree', n, () => null), null, 'not known: nothing said');
});
