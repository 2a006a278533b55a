// The flags of a board's square, one bit each, as the core's cells carry
// them and board.js draws them (no DOM: the puzzle's model reads them too).

/** Bit flags of `session.cells()`, one byte per cell, row-major. */
export const CELL = Object.freeze({
  QUEEN: 1,
  THREATENED: 2,
  PROBED: 4,
  CONFLICT: 8,
  GHOST: 16,
  CANDIDATE: 32,
  // Never set by the core: puzzle mode marks the queens a puzzle gave,
  GIVEN: 64,
  // and the squares a learner ruled out (drawn as a cross; red with CONFLICT,
  // when the coach says the mark is wrong). Past a byte: puzzle mode's cells
  // are a Uint16Array.
  RULED_OUT: 128,
});
