// What puzzle mode draws over board.js's board: a regions puzzle's colours
// and the thick borders between its regions (readable without the colours),
// the open squares (empty, attacked by no queen, not ruled out) as dots, a
// look-ahead's forced queens numbered in order, and the queen to move ringed.

/** The regions' colours, light scheme: soft enough for the hatch and the queens to show on them. */
const LIGHT = ['#f4c7c3', '#c6dbf7', '#cfe8c4', '#f9e3a3', '#dcc8ef', '#bfe6e3', '#f6d0b1', '#e2e2e2', '#f2c4de', '#d5d9a6', '#b9d3c9'];
/** …and dark. */
const DARK = ['#7a3a36', '#34507a', '#3f6634', '#7a6424', '#5a4275', '#2f6663', '#7a5030', '#555555', '#74385a', '#5c6330', '#35584b'];

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
 * @typedef {object} Extras
 * @property {ArrayLike<number> | null} regions
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
export function drawExtras(ctx, size, n, { regions, open, numbered, culprit, dark }) {
  const cell = size / n;
  const ink = dark ? '#f5f5f5' : '#1d1d28';
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
