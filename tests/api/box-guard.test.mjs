// The page's check of what a program's box sends (www/program/guard.js),
// against records made here: an honest row-by-row search's records (made by
// the test's own backtracking) pass for every N asked for, and every forgery
// a program could send from inside its box ends the run as tampered with
// (a board of another N, a square off the board, an illegal place or remove,
// a false safe() answer, texts out of order), or as over the limit of calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RunGuard } from '../../www/program/guard.js';

/** The records of an honest search at n (board index i), as the tracers make them. */
function honest(n, i) {
  const out = [6, i, n, 0];
  const queens = [];
  const safe = (r, c) => queens.every(([qr, qc]) => qr !== r && qc !== c && Math.abs(qr - r) !== Math.abs(qc - c));
  const go = (row) => {
    if (row === n) { out.push(4, -1, -1, 7); return; }
    for (let c = 0; c < n; c++) {
      const ok = safe(row, c);
      out.push(ok ? 3 : 2, row, c, 3);
      if (!ok) continue;
      queens.push([row, c]);
      out.push(0, row, c, 4);
      go(row + 1);
      queens.pop();
      out.push(1, row, c, 6);
    }
  };
  go(0);
  return Int32Array.from(out);
}

test('an honest search passes for every N asked for, and its calls are counted here', () => {
  const ns = [1, 2, 3, 4, 5, 6];
  const g = new RunGuard(ns, 2_000_000);
  for (const [i, n] of ns.entries()) assert.ok(g.take(honest(n, i), []), `N = ${n}`);
  assert.ok(g.complete);
  assert.equal(g.tampered, null);
  // N = 6: its records less the board record.
  assert.equal(g.calls, honest(6, 5).length / 4 - 1);
});

test('a board of another N than asked for ends the run as tampered with, before any grading', () => {
  const g = new RunGuard([1, 2, 3], 2_000_000);
  assert.equal(g.take(Int32Array.from([6, 0, 2, 0]), []), false);
  assert.match(g.tampered ?? '', /board of size 2 where N = 1 was asked for/);
  const big = new RunGuard([4], 2_000_000);
  assert.equal(big.take(Int32Array.from([6, 0, 200_000, 0]), []), false, 'a forged N = 200,000 is refused, nothing allocated for it');
  const extra = new RunGuard([1], 2_000_000);
  assert.ok(extra.take(Int32Array.from([6, 0, 1, 0]), []));
  assert.equal(extra.take(Int32Array.from([6, 1, 16, 0]), []), false, 'a board more than asked for');
  assert.match(extra.tampered ?? '', /more than the 1 asked for/);
});

test('squares off the board, illegal moves and false safe() answers are tampering', () => {
  const cases = [
    [[0, 4, 0, 1], /off the 4×4 board/],
    [[0, 0, -1, 1], /off the 4×4 board/],
    [[1, 0, 0, 1], /empty square/],
    [[0, 0, 0, 1, 0, 0, 0, 1], /second queen/],
    [[0, 0, 0, 1, 3, 1, 1, 1], /safe\(1, 1\) recorded as true where the board says false/],
    [[2, 2, 1, 1], /safe\(2, 1\) recorded as false where the board says true/],
    [[4, 0, 0, 1], /found\(\) record with a square/],
    [[9, 0, 0, 1], /unknown kind 9/],
    [[5, 3, -1, 1], /say\(\) text number 3 where 0 was next/],
  ];
  for (const [records, why] of cases) {
    const g = new RunGuard([4], 2_000_000);
    assert.equal(g.take(Int32Array.from([6, 0, 4, 0, ...records]), []), false, String(records));
    assert.match(g.tampered ?? '', why);
  }
  const before = new RunGuard([4], 2_000_000);
  assert.equal(before.take(Int32Array.from([0, 0, 0, 1]), []), false, 'a record before any board');
  const notWhole = new RunGuard([4], 2_000_000);
  assert.equal(notWhole.take(Int32Array.from([6, 0, 4]), []), false);
  const notTyped = new RunGuard([4], 2_000_000);
  assert.equal(notTyped.take([6, 0, 4, 0], []), false);
});

test('the limit of calls is counted here, whatever the box counted', () => {
  const g = new RunGuard([4], 10);
  const records = [6, 0, 4, 0];
  for (let k = 0; k < 10; k++) records.push(3, 0, 0, 1);
  assert.ok(g.take(Int32Array.from(records), []));
  assert.equal(g.take(Int32Array.from([3, 0, 0, 1, 3, 0, 0, 1]), []), false);
  assert.equal(g.over, true);
  assert.equal(g.kept, 0, 'no record of the chunk is within the limit');
  assert.equal(g.calls, 10);
  const part = new RunGuard([4], 10);
  assert.equal(part.take(Int32Array.from([...records, 3, 0, 0, 1]), []), false);
  assert.equal(part.kept, records.length, 'the records within the limit are kept');
  assert.equal(g.tampered, null);
});

test('say() texts come with their records, in order, cut to their cap', () => {
  const g = new RunGuard([4], 2_000_000);
  const texts = ['a', 'x'.repeat(5_000)];
  assert.ok(g.take(Int32Array.from([6, 0, 4, 0, 5, 0, -1, 1, 5, 1, -1, 1]), texts));
  assert.equal(texts[1].length, 301);
  const missing = new RunGuard([4], 2_000_000);
  assert.equal(missing.take(Int32Array.from([6, 0, 4, 0, 5, 0, -1, 1]), []), false);
  assert.match(missing.tampered ?? '', /without its text/);
  const many = new RunGuard([4], 2_000_000);
  assert.equal(many.take(Int32Array.from([6, 0, 4, 0]), new Array(1 << 16).fill('s')), false, 'more texts in one chunk than one push takes');
  const notText = new RunGuard([4], 2_000_000);
  assert.equal(notText.take(Int32Array.from([6, 0, 4, 0]), [{ toString: () => 'x' }]), false);
});

test('a quiet run (timed, untraced) may send no record, and its time must fit the run on the page\'s clock', () => {
  // Any record at all, even an honest search's, is tampering in a quiet run.
  const quiet = new RunGuard([6], 2_000_000, { quiet: true });
  assert.equal(quiet.take(honest(6, 0), []), false);
  assert.match(quiet.tampered ?? '', /records nothing sent records/);
  // Its time: a number from 0 to what the run took here; anything else is tampering.
  for (const [ms, took, believed] of [[12.5, 40, true], [0, 3, true], [40, 40, true], [41, 40, false], [-1, 40, false], [NaN, 40, false], ['5', 40, false], [undefined, 40, false], [Infinity, 1e9, false]]) {
    const g = new RunGuard([6], 2_000_000, { quiet: true });
    assert.equal(g.quietTime(ms, took), believed ? ms : null, `${String(ms)} ms in a run of ${took} ms`);
    assert.equal(g.tampered === null, believed, String(ms));
  }
  // A traced run's guard is as strict as before: an honest search passes, a forged safe() does not.
  const traced = new RunGuard([4], 2_000_000);
  assert.ok(traced.take(honest(4, 0), []));
  const forged = honest(4, 0);
  const at = forged.findIndex((v, i) => i % 4 === 0 && v === 2);
  forged[at] = 3;
  assert.equal(new RunGuard([4], 2_000_000).take(forged, []), false);
});
