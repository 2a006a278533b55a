// What puzzle mode draws over board.js's board: a regions puzzle's colours
// (chosen to stay apart under the three kinds of colour blindness) and the
// thick borders between its regions (readable without the colours), a letter
// in each region where the player asks, the squares the queens attack as
// plain crosses (one of the auto-mark settings), the open squares (empty,
// attacked by no queen, not ruled out) as dots, a look-ahead's forced queens
// numbered in order, the queen to move ringed, and the coordinates: column
// letters along the bottom row, row numbers down the first column.

/**
 * The regions' colours, light scheme: light enough for the hatch and the
 * queens to show on them, and chosen (by a search over colours) so that every
 * two stay apart for normal vision and under deuteranopia, protanopia and
 * tritanopia alike (tests/api/puzzle-model.test.mjs simulates them).
 */
export const LIGHT = ['#ebc59f', '#d78a97', '#a5983b', '#6dac64', '#aac0ff', '#439ff2', '#55d0c3', '#bffbd7', '#9cffff', '#ffefa2', '#9993ba'];
/** …and dark, chosen the same way. */
export const DARK = ['#640c2b', '#3c2f00', '#9377b9', '#6c8c55', '#6e5713', '#983553', '#958334', '#3e8c93', '#282969', '#7b3065', '#41549d'];
/** The colours' names, as a hint says them. */
const LIGHT_NAMES = ['tan', 'rose', 'olive', 'green', 'periwinkle', 'blue', 'teal', 'mint', 'cyan', 'yellow', 'lavender'];
const DARK_NAMES = ['wine', 'dark brown', 'purple', 'green', 'brown', 'raspberry', 'olive', 'teal', 'navy', 'plum', 'blue'];

/**
 * A region's colour by name ("rose"), in the scheme shown.
 * @param {number} region
 * @param {boolean} dark
 */
export function regionColourName(region, dark) {
  const names = dark ? DARK_NAMES : LIGHT_NAMES;
  return names[region % names.length];
}

/**
 * A regions puzzle's colour of a square.
 * @param {ArrayLike<number>} regions
 * @param {boolean} dark
 * @returns {(square: number) => string}
 */
export function regionColour(regions, dark) {
  const palette = dark ? DARK : LIGHT;
  return (square) => palette[regions[square] % palette.length];
}

/**
 * A region's letter: A for the first, B for the second…
 * @param {number} region
 */
export const regionLetter = (region) => String.fromCharCode(65 + region);

/**
 * A column's letter, as the board's coordinates write it: a for the first.
 * @param {number} col
 */
export const columnLetter = (col) => String.fromCharCode(97 + col);

/**
 * @typedef {object} Extras
 * @property {ArrayLike<number> | null} regions
 * @property {boolean} [letters]  a letter in each region
 * @property {number[]} [crossed]  the squares the queens attack, crossed
 * @property {number[]} open  the open squares, dotted
 * @property {number[]} numbered  a look-ahead's forced queens, in order
 * @property {number} culprit  the queen to move, or -1
 * @property {boolean} dark
 */

/**
 * Draws the extras over a board of `size` device pixels a side.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} size
 * @param {number} n
 * @param {Extras} extras
 */
export function drawExtras(ctx, size, n, { regions, letters = false, crossed = [], open, numbered, culprit, dark }) {
  const cell = size / n;
  const ink = dark ? '#f5f5f5' : '#1d1d28';
  // The auto-marks as crosses: thin, so that the region's colour shows around them.
  if (crossed.length) {
    ctx.strokeStyle = dark ? 'rgba(255, 255, 255, 0.6)' : 'rgba(40, 40, 60, 0.55)';
    ctx.lineWidth = Math.max(1, cell * 0.035);
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (const s of crossed) {
      const [x, y] = [(s % n) * cell, Math.floor(s / n) * cell];
      const m = cell * 0.32;
      ctx.moveTo(x + m, y + m);
      ctx.lineTo(x + cell - m, y + cell - m);
      ctx.moveTo(x + cell - m, y + m);
      ctx.lineTo(x + m, y + cell - m);
    }
    ctx.stroke();
  }
  if (regions && letters) {
    // A letter in the top-left corner of each region's first square… and faint in the others.
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const seen = new Set();
    for (let s = 0; s < n * n; s++) {
      const first = !seen.has(regions[s]);
      seen.add(regions[s]);
      ctx.font = `${first ? 'bold ' : ''}${Math.round(cell * (first ? 0.3 : 0.22))}px system-ui, sans-serif`;
      ctx.fillStyle = dark ? `rgba(255, 255, 255, ${first ? 0.85 : 0.4})` : `rgba(20, 20, 40, ${first ? 0.8 : 0.35})`;
      ctx.fillText(regionLetter(regions[s]), (s % n + 0.78) * cell, (Math.floor(s / n) + 0.24) * cell);
    }
  }
  // The coordinates: a column's letter at the bottom right of the last row's squares, a row's number at the top left of the first column's.
  ctx.font = `600 ${Math.round(Math.max(8, cell * 0.16))}px system-ui, sans-serif`;
  ctx.fillStyle = dark ? 'rgba(255, 255, 255, 0.75)' : 'rgba(20, 20, 40, 0.7)';
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'right';
  for (let col = 0; col < n; col++) ctx.fillText(columnLetter(col), (col + 1) * cell - cell * 0.05, size - cell * 0.05);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  for (let row = 0; row < n; row++) ctx.fillText(String(row + 1), cell * 0.05, row * cell + cell * 0.04);
  if (regions) {
    // Every square's edge, thin, so that the squares of a region can be counted…
    ctx.strokeStyle = dark ? 'rgba(255, 255, 255, 0.28)' : 'rgba(0, 0, 0, 0.22)';
    ctx.lineWidth = Math.max(1, cell * 0.02);
    ctx.beginPath();
    for (let i = 1; i < n; i++) {
      ctx.moveTo(i * cell, 0);
      ctx.lineTo(i * cell, size);
      ctx.moveTo(0, i * cell);
      ctx.lineTo(size, i * cell);
    }
    ctx.stroke();
    // …and the borders between regions, thick.
    ctx.strokeStyle = ink;
    ctx.lineWidth = Math.max(2.5, cell * 0.08);
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        const s = row * n + col;
        if (col + 1 < n && regions[s] !== regions[s + 1]) {
          ctx.moveTo((col + 1) * cell, row * cell);
          ctx.lineTo((col + 1) * cell, (row + 1) * cell);
        }
        if (row + 1 < n && regions[s] !== regions[s + n]) {
          ctx.moveTo(col * cell, (row + 1) * cell);
          ctx.lineTo((col + 1) * cell, (row + 1) * cell);
        }
      }
    }
    ctx.stroke();
    ctx.lineWidth = Math.max(3, cell * 0.1);
    ctx.strokeRect(0, 0, size, size);
  }
  for (const s of open) {
    const [x, y] = [(s % n + 0.5) * cell, (Math.floor(s / n) + 0.5) * cell];
    ctx.beginPath();
    ctx.arc(x, y, Math.max(3, cell * 0.09), 0, Math.PI * 2);
    ctx.fillStyle = dark ? '#7ee2a0' : '#17803d';
    ctx.fill();
    ctx.lineWidth = Math.max(1, cell * 0.025);
    ctx.strokeStyle = dark ? '#0b2814' : '#ffffff';
    ctx.stroke();
  }
  numbered.forEach((s, i) => {
    const [x, y] = [(s % n + 0.5) * cell, (Math.floor(s / n) + 0.5) * cell];
    ctx.beginPath();
    ctx.arc(x, y, cell * 0.3, 0, Math.PI * 2);
    ctx.fillStyle = dark ? '#1e3a8a' : '#2348c8';
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, cell * 0.04);
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.font = `bold ${Math.round(cell * 0.34)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(i + 1), x, y + cell * 0.01);
  });
  if (culprit >= 0) {
    const [x, y] = [(culprit % n) * cell, Math.floor(culprit / n) * cell];
    ctx.setLineDash([cell * 0.12, cell * 0.08]);
    ctx.lineWidth = Math.max(2.5, cell * 0.08);
    ctx.strokeStyle = dark ? '#fca5a5' : '#b91c1c';
    ctx.strokeRect(x + cell * 0.06, y + cell * 0.06, cell * 0.88, cell * 0.88);
    ctx.setLineDash([]);
  }
}
