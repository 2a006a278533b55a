// The search tree's pixels, with no DOM: the icicle painted into an
// ImageData's words (one RGBA word a pixel), band by band, from each pixel
// column's share decided and what its node is (tree-model.js). The panel
// (tree.js) puts the picture on its canvas and outlines the path over it.
// Every pixel shows the share of its boards that is decided as the height of
// its fill; ruled out is hatched, never generated dotted, cut with an
// ancestor a faint wash of the ruled-out colour: cues beyond colour.

import { NODE_MIN_PX, digits, indexOf, nodeKind } from './tree-model.js';

/** @typedef {Record<'pending' | 'decided' | 'examined' | 'ruled' | 'never' | 'boundary' | 'clear', number>} PackedColours */

/**
 * The colour of pixel (x, y) of a band whose fill starts at `top`.
 * @param {PackedColours} c
 * @param {number} kind  the node's (tree-model.js's nodeKind, 0 where nodes are narrower than a pixel)
 * @param {number} fill  its colour
 * @param {number} x
 * @param {number} y
 */
function filled(c, kind, fill, x, y) {
  if (kind === 2 && (x + y) % 4 === 0) return c.pending;
  if (kind === 4 && (x % 3 !== 0 || y % 3 !== 0)) return c.pending;
  if (kind === 5 && (x + y) % 3 !== 0) return c.pending;
  return fill;
}

/**
 * The whole tree: band d from each pixel column's share of depth d decided.
 * @param {Uint32Array} pixels  width × (n·band + the ticks' strip)
 * @param {{ n: number, width: number, band: number, classes: Uint8Array, shares: Float32Array | Float64Array | number[] | null, colours: PackedColours }} tree
 *   classes: tree-model.js's bandClasses; shares: the session's icicle (null: a search from fixed queens)
 */
export function paintWhole(pixels, { n, width, band, classes, shares, colours: c }) {
  for (let depth = 1; depth <= n; depth++) {
    const row0 = (depth - 1) * band * width;
    for (let x = 0; x < width; x++) {
      const kind = classes[(depth - 1) * width + x];
      if (kind === 3) {
        for (let y = 0; y < band - 1; y++) pixels[row0 + y * width + x] = c.boundary;
        pixels[row0 + (band - 1) * width + x] = c.pending;
        continue;
      }
      const share = shares ? shares[(depth - 1) * width + x] : 0;
      let fill = c.decided;
      if (kind === 1) fill = c.examined;
      else if (kind === 2 || kind === 5) fill = c.ruled;
      else if (kind === 4) fill = c.never;
      const top = band - 1 - Math.round(share * (band - 1));
      for (let y = 0; y < band; y++) {
        pixels[row0 + y * width + x] = y >= top && y < band - 1 ? filled(c, kind, fill, x, y) : c.pending;
      }
    }
  }
  // The strip for the solution ticks starts clear.
  pixels.fill(c.clear, n * band * width);
}

/**
 * The zoomed tree: the rows under `rootCols`, each node's share decided read
 * node by node (or pixel by pixel where nodes are narrower); the rows above
 * the root are left clear.
 * @param {Uint32Array} pixels
 * @param {{ n: number, width: number, band: number, rootCols: number[], space: string | undefined, colours: PackedColours,
 *           decided: (from: bigint, to: bigint) => bigint | null }} tree  decided: the session's decidedBetween
 */
export function paintZoomed(pixels, { n, width, band, rootCols, space, colours: c, decided }) {
  const r = rootCols.length;
  const N = BigInt(n);
  const rootIndex = indexOf(rootCols, n);
  for (let k = 1; k <= n - r; k++) {
    const depth = r + k;
    const nodes = N ** BigInt(k);
    const boards = N ** BigInt(n - depth);
    const nodePx = Number(BigInt(width) * 1000n / nodes) / 1000;
    let last = -1n;
    let kind = 0;
    let share = 0;
    const row0 = (depth - r - 1) * band * width;
    for (let x = 0; x < width; x++) {
      const node = (BigInt(x) * nodes) / BigInt(width);
      if (node !== last) {
        last = node;
        kind = nodeKind([...rootCols, ...digits(node, n, k)], n, space);
        const from = (rootIndex * nodes + node) * boards;
        const done = decided(from, from + boards);
        share = done === null ? 0 : Number((done * 1000n) / boards) / 1000;
      }
      const boundary = nodePx >= NODE_MIN_PX && (BigInt(x + 1) * nodes) / BigInt(width) !== node;
      let fill = kind === 1 ? c.examined : kind === 4 ? c.never : c.ruled;
      if (nodePx < 1 && kind !== 4) fill = c.decided;
      // Where nodes are narrower than a pixel, a ruled-out node is shown by its share alone.
      const cue = fill === c.ruled || kind === 4 ? kind : 0;
      const top = band - 1 - Math.round(share * (band - 1));
      for (let y = 0; y < band; y++) {
        let colour = boundary && y < band - 1 ? c.boundary : c.pending;
        if (!boundary && y >= top && y < band - 1) colour = filled(c, cue, fill, x, y);
        pixels[row0 + y * width + x] = colour;
      }
    }
  }
  pixels.fill(c.clear, (n - r) * band * width);
}
