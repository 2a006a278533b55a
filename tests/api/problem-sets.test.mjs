// Problem sets and hand-ins (www/learn/set-model.js), in node: the link's
// text against node's own zlib (raw DEFLATE) and base64url, broken links and
// items each a sentence with the rest of the set standing, and hand-ins
// graded from their answers against truths computed here: safe squares and
// attacked squares by walking the lines, pairs counted pair by pair, a
// puzzle's solutions by a plain enumeration of every board, the core's count
// against OEIS A000170. A verdict a file claims changes nothing.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import * as M from '../../www/learn/set-model.js';
import * as Q from '../../www/learn/questions.js';
import { CHAPTERS } from '../../www/learn/chapters.js';

/** @type {typeof import('../../pkg/nqueens.js')} */
let api;
before(async () => {
  const pkg = (file) => new URL(`../../pkg/${file}`, import.meta.url);
  api = await import(pkg('nqueens.js').href);
  await api.default({ module_or_path: fs.readFileSync(pkg('nqueens_bg.wasm')) });
});

const A000170 = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
const graders = () => ({ count: (n) => Number(api.countSolutions(n)), puzzle: (n, level, seed) => api.puzzle(n, level, seed) });
const linkText = (json) => zlib.deflateRawSync(Buffer.from(JSON.stringify(json), 'utf8')).toString('base64url');
const attack = (r1, c1, r2, c2) => r1 === r2 || c1 === c2 || Math.abs(r1 - r2) === Math.abs(c1 - c2);

/** Every solution of n holding every given square, by trying every column of every row. */
function solutionsWith(n, givens) {
  const out = [];
  const cols = [];
  const go = (row) => {
    if (row === n) {
      const squares = cols.map((c, r) => r * n + c);
      if (givens.every((g) => squares.includes(g))) out.push(squares);
      return;
    }
    for (let c = 0; c < n; c++) {
      if (cols.every((q, r) => !attack(r, q, row, c))) {
        cols.push(c);
        go(row + 1);
        cols.pop();
      }
    }
  };
  go(0);
  return out;
}

const SET = {
  title: 'Week 3: backtracking ✓',
  items: [
    { kind: 'next-row', chapter: 1, seed: 5, points: 1 },
    { kind: 'queen-attacks', chapter: 1, seed: 11, points: 2 },
    { kind: 'conflicts-count', chapter: 7, seed: 3 },
    { kind: 'space-size', chapter: 2, seed: 9, points: 1 },
    { puzzle: { n: 8, level: 'medium', seed: 7 }, points: 3 },
    { kind: 'count', chapter: 6, seed: 4, points: 1 },
  ],
};

test('the link is raw DEFLATE of UTF-8 JSON in base64url without padding, both ways, against node\'s zlib', async () => {
  const mine = await M.encodeSet(SET);
  assert.match(mine, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(JSON.parse(zlib.inflateRawSync(Buffer.from(mine, 'base64url')).toString('utf8')), SET);
  const theirs = linkText(SET);
  assert.deepEqual((await M.decodeSet(theirs)).json, SET);
});

test('a broken link is a sentence; a bad item is a sentence and the others stand', async () => {
  for (const bad of ['%%%', 'abcde', linkText('x').slice(0, 3) + '!', Buffer.from('not deflate at all').toString('base64url')]) {
    const d = await M.decodeSet(bad);
    assert.equal(d.json, undefined, bad);
    assert.match(d.problem, /set=/, bad);
  }
  // A small link that would unpack to 64 MiB is refused unread.
  const bomb = zlib.deflateRawSync(Buffer.alloc(64 << 20, 32)).toString('base64url');
  assert.ok(bomb.length < 100_000);
  assert.match((await M.decodeSet(bomb)).problem, /more than 1024 KiB/);
  const notJson = zlib.deflateRawSync(Buffer.from('{title:', 'utf8')).toString('base64url');
  assert.match((await M.decodeSet(notJson)).problem, /not JSON/);
  assert.match(M.readSet({ title: 'x' }).problem, /no list of items/);
  assert.match(M.readSet({ items: [] }).problem, /no items/);
  const { set } = M.readSet({ title: 'Mixed', items: [
    { kind: 'next-row', chapter: 1, seed: 5 },
    { kind: 'no-such-kind', chapter: 1, seed: 5 },
    { kind: 'next-row', chapter: 99, seed: 5 },
    { puzzle: { n: 30, level: 'easy', seed: 1 } },
    { puzzle: { n: 8, level: 'impossible', seed: 1 } },
    { program: { lang: 'rust', upTo: 8 } },
    { program: { lang: 'js', upTo: 8 }, points: 'many' },
    'hello',
    { whatever: 1 },
    { program: { lang: 'py', upTo: 6 } },
  ] }, (n) => api.puzzleLevels(n));
  assert.equal(set.items.length, 10);
  assert.deepEqual(set.items.map((i) => Boolean(i.item)), [true, false, false, false, false, false, false, false, false, true]);
  for (const i of set.items.filter((x) => x.problem)) assert.match(i.problem, /^It/);
  assert.match(set.items[1].problem, /no-such-kind.*chapter 1 \(next-row, queen-attacks, is-solution\)/);
  assert.match(set.items[3].problem, /4 to 12/);
  assert.equal(set.items[0].item.points, 1, 'an item without points is worth 1');
});

/** Right answers, each computed here from the question's board, not from questions.js's answer. */
function rightAnswers() {
  const nr = Q.nextRowQuestion(5);
  const row = nr.queens.length;
  const safe = [];
  for (let c = 0; c < nr.n; c++) if (nr.queens.every((q, r) => !attack(r, q, row, c))) safe.push(c);
  const qa = Q.queenAttacksQuestion(11);
  const hit = [];
  for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
    for (let r = qa.row + dr, c = qa.col + dc; r >= 0 && r < qa.n && c >= 0 && c < qa.n; r += dr, c += dc) hit.push(r * qa.n + c);
  }
  const cc = Q.conflictsCountQuestion(3);
  let pairs = 0;
  for (let a = 0; a < cc.n; a++) for (let b = a + 1; b < cc.n; b++) if (attack(a, cc.queens[a], b, cc.queens[b])) pairs++;
  const ss = Q.spaceSizeQuestion(9);
  const givens = Array.from(api.puzzle(8, 'medium', 7));
  const solutions = solutionsWith(8, givens);
  assert.ok(solutions.length >= 1, 'the puzzle has a solution');
  const cq = Q.countQuestion(4, () => 0);
  return [
    { marks: safe },
    { marks: hit },
    { text: String(pairs) },
    { text: (ss.n ** ss.n).toLocaleString('en-US') },
    { queens: solutions[0] },
    { text: String(A000170[cq.n]) },
  ];
}

test('a hand-in is graded from its answers, each against a truth computed here', () => {
  const { set } = M.readSet(SET, (n) => api.puzzleLevels(n));
  const answers = rightAnswers();
  const hand = M.makeHandIn(set, 'Ada', answers, new Date('2026-01-02T03:04:05Z'));
  assert.equal(hand.savedAt, '2026-01-02T03:04:05.000Z');
  assert.deepEqual(hand.answers, answers, 'the answers themselves are in the file');
  const row = M.gradeHandIn('ada.json', JSON.stringify(hand), set, graders());
  assert.equal(row.problem, undefined);
  assert.deepEqual(row.verdicts, ['right', 'right', 'right', 'right', 'right', 'right']);
  assert.equal(row.score, 1 + 2 + 1 + 1 + 3 + 1);
  assert.equal(M.totalPoints(set), 9);

  // Wrong answers, and a file that claims every verdict right and full marks.
  const wrong = structuredClone(answers);
  const nr = Q.nextRowQuestion(5);
  const attacked = Array.from({ length: nr.n }, (_, c) => c).find((c) => !answers[0].marks.includes(c));
  wrong[0].marks = [...answers[0].marks, attacked];
  wrong[1].marks.pop();
  wrong[2].text = String(Number(wrong[2].text) + 1);
  wrong[3] = null;
  const q = wrong[4].queens;
  wrong[4].queens = [q[1], ...q.slice(1)].map((s, i) => (i === 0 ? (s + 1) % 64 : s));
  wrong[5].text = '93';
  const cheat = { ...M.makeHandIn(set, 'Bob', wrong), verdicts: Array(6).fill('right'), score: 9, grade: 'A' };
  cheat.answers = cheat.answers.map((a) => (a ? { ...a, verdict: 'right', right: true } : a));
  const bob = M.gradeHandIn('bob.json', JSON.stringify(cheat), set, graders());
  assert.deepEqual(bob.verdicts, ['wrong', 'wrong', 'wrong', 'missing', 'wrong', 'wrong']);
  assert.equal(bob.score, 0);
  // Words where a number goes are a wrong answer; an empty field is none.
  const words = M.makeHandIn(set, 'Cy', [null, null, { text: 'seven' }, { text: '  ' }, { queens: [] }, { text: '92 solutions' }]);
  assert.deepEqual(M.gradeHandIn('cy.json', JSON.stringify(words), set, graders()).verdicts, ['missing', 'missing', 'wrong', 'missing', 'missing', 'wrong']);
});

test('a puzzle is right exactly when its board is a solution holding every given', () => {
  for (const [n, level, seed] of [[6, 'easy', 1], [8, 'hard', 3], [5, 'easy', 9]]) {
    const levels = api.puzzleLevels(n);
    if (!levels.includes(level)) continue;
    const givens = Array.from(api.puzzle(n, level, seed));
    const all = solutionsWith(n, []);
    for (const s of all) {
      const holds = givens.every((g) => s.includes(g));
      assert.equal(M.puzzleBoardRight(n, givens, s), holds, `${n} ${level} ${seed}: ${s}`);
    }
    assert.equal(M.puzzleBoardRight(n, givens, givens), givens.length === n);
  }
});

test('a hand-in of another set, or a damaged one, is refused with a sentence', () => {
  const { set } = M.readSet(SET);
  const other = M.readSet({ ...SET, title: 'Another week' }).set;
  const theirs = M.makeHandIn(other, 'Eve', rightAnswers());
  const eve = M.gradeHandIn('eve.json', JSON.stringify(theirs), set, graders());
  assert.match(eve.problem, /another set \(“Another week”\)/);
  assert.equal(eve.name, 'Eve');
  const changed = M.makeHandIn(set, 'Mallory', rightAnswers());
  changed.set.items[0].seed = 6;
  assert.match(M.gradeHandIn('m.json', JSON.stringify(changed), set, graders()).problem, /another set/);
  assert.match(M.gradeHandIn('x.json', '{"format": "nqueens-hand-in", "answ', set, graders()).problem, /damaged/);
  assert.match(M.gradeHandIn('y.json', '{"hello": 1}', set, graders()).problem, /not a hand-in/);
  assert.match(M.gradeHandIn('z.json', ' '.repeat(M.MAX_HAND_IN_BYTES + 1), set, graders()).problem, /larger than 8 MB/);
  const csv = M.gradebookRows(set, [M.gradeHandIn('ada.json', JSON.stringify(M.makeHandIn(set, 'Ada', rightAnswers())), set, graders()), eve]);
  assert.deepEqual(csv[0].slice(0, 5), ['file', 'name', 'saved at', 'score', 'out of 9']);
  assert.equal(csv[1][3], 9);
  assert.match(csv[2].at(-1), /another set/);
});

test('thirty hand-ins grade in well under two seconds (the figure is logged)', () => {
  const { set } = M.readSet(SET);
  const files = Array.from({ length: 30 }, (_, i) => JSON.stringify(M.makeHandIn(set, `Student ${i}`, rightAnswers())));
  const g = graders();
  const started = performance.now();
  const rows = files.map((text, i) => M.gradeHandIn(`s${i}.json`, text, set, g));
  const ms = performance.now() - started;
  console.log(`30 hand-ins of ${set.items.length} items graded in ${ms.toFixed(1)} ms`);
  assert.ok(rows.every((r) => r.score === 9));
  assert.ok(ms < 2000, `${ms} ms`);
});

test('every kind a chapter asks is graded in a set, or refused there with a sentence', () => {
  for (const [i, c] of CHAPTERS.entries()) {
    for (const p of c.practice) {
      const read = M.readItem({ kind: p.kind, chapter: i + 1, seed: 1 });
      if (M.GRADED_KINDS.includes(p.kind)) assert.equal(read.item?.kind, p.kind);
      else assert.match(read.problem, /cannot be graded in a set/);
    }
  }
  assert.ok(M.GRADED_KINDS.length >= 19);
});
