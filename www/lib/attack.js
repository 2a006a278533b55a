// The queens' rule, once for the page: two queens attack each other when they
// share a row, a column or a diagonal.

/**
 * Do the queens on (r1, c1) and (r2, c2) attack each other (same row, column or diagonal)?
 * @param {number} r1 @param {number} c1 @param {number} r2 @param {number} c2
 * @returns {boolean}
 */
export function attacks(r1, c1, r2, c2) {
  return r1 === r2 || c1 === c2 || Math.abs(r1 - r2) === Math.abs(c1 - c2);
}

/**
 * The line (r1, c1) and (r2, c2) share, the row first: 'row', 'column',
 * 'diagonal', or '' when they share none.
 * @param {number} r1 @param {number} c1 @param {number} r2 @param {number} c2
 * @returns {'row' | 'column' | 'diagonal' | ''}
 */
export function sharedLine(r1, c1, r2, c2) {
  return r1 === r2 ? 'row' : c1 === c2 ? 'column' : Math.abs(r1 - r2) === Math.abs(c1 - c2) ? 'diagonal' : '';
}
