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
import crypto from 'node:crypto';
import * as M from '../../www/learn/set-model.js';
import * as Q from '../../www/learn/questions.js';
import { STARTERS } from '../../www/program/starters.js';
import { toCsv } from '../../www/lib/export.js';
import { unpackSource } from '../../www/program/link.js';
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

/** Right answers, each computed here from the question's board, not from questions.js's answer; `seed(i, s)` the seed item i is drawn from. */
function rightAnswers(seed = (i, s) => s) {
  const nr = Q.nextRowQuestion(seed(0, 5));
  const row = nr.queens.length;
  const safe = [];
  for (let c = 0; c < nr.n; c++) if (nr.queens.every((q, r) => !attack(r, q, row, c))) safe.push(c);
  const qa = Q.queenAttacksQuestion(seed(1, 11));
  const hit = [];
  for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
    for (let r = qa.row + dr, c = qa.col + dc; r >= 0 && r < qa.n && c >= 0 && c < qa.n; r += dr, c += dc) hit.push(r * qa.n + c);
  }
  const cc = Q.conflictsCountQuestion(seed(2, 3));
  let pairs = 0;
  for (let a = 0; a < cc.n; a++) for (let b = a + 1; b < cc.n; b++) if (attack(a, cc.queens[a], b, cc.queens[b])) pairs++;
  const ss = Q.spaceSizeQuestion(seed(3, 9));
  const givens = Array.from(api.puzzle(8, 'medium', seed(4, 7)));
  const solutions = solutionsWith(8, givens);
  assert.ok(solutions.length >= 1, 'the puzzle has a solution');
  const cq = Q.countQuestion(seed(5, 4), () => 0);
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
  const book = M.arrangeBook(set, [M.gradeHandIn('ada.json', JSON.stringify(M.makeHandIn(set, 'Ada', rightAnswers())), set, graders()), eve]);
  assert.deepEqual(book.refused.map((r) => r.file), ['eve.json'], 'a refused file is listed apart');
  const csv = M.gradebookRows(set, book);
  assert.deepEqual(csv[0].slice(0, 7), ['file', 'name', 'identity', 'saved at', 'score', 'out of', 'status']);
  assert.equal(csv.length, 2, 'the refused file is not a grade row');
  assert.deepEqual(csv[1].slice(4, 7), [9, 9, 'counts'], 'the out-of column holds the total');
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

// ---- each student's own questions, the grading key, starters, copies, grade files ----

const OWN = { ...SET, seed: 20260105 };

test('a set with its own seed asks each student their own questions; the grader draws the same; an edited identity is caught', () => {
  const { set } = M.readSet(OWN, (n) => api.puzzleLevels(n));
  const ada = 'Ada.Lovelace@Example.org', bob = 'bob@example.org';
  const seedsA = set.items.map((_, i) => M.itemSeed(set, i, ada));
  const seedsB = set.items.map((_, i) => M.itemSeed(set, i, bob));
  assert.deepEqual(set.items.map((_, i) => M.itemSeed(set, i, '  ada.lovelace@example.ORG ')), seedsA, 'case and spaces aside, the same identity');
  for (const s of [...seedsA, ...seedsB]) assert.ok(Number.isSafeInteger(s) && s >= M.HOMEWORK_SEED_MIN, `${s} is a homework seed`);
  assert.ok(seedsA.every((s, i) => s !== seedsB[i]), 'every item drawn apart');
  // The questions themselves differ: the boards of the first four items, as questions.js draws them.
  const boards = (seeds) => [Q.nextRowQuestion(seeds[0]).queens, Q.queenAttacksQuestion(seeds[1]), Q.conflictsCountQuestion(seeds[2]).queens, Array.from(api.puzzle(8, 'medium', seeds[4]))].map((b) => JSON.stringify(b));
  assert.ok(boards(seedsA).filter((b, i) => b !== boards(seedsB)[i]).length >= 3, 'most boards differ between the two students');
  // No practice seed (below 2^52) draws a homework question: the seed that folds to the same 32 bits draws another board.
  for (const h of [...seedsA, ...seedsB]) {
    const folded = ((h % 2 ** 32) ^ Math.floor(h / 2 ** 32)) >>> 0;
    const draws = (seed) => { const r = Q.prng(seed); return Array.from({ length: 8 }, r); };
    assert.notDeepEqual(draws(h), draws(folded), `${h} and ${folded}`);
    assert.notDeepEqual(draws(h), draws(h - 2 ** 52), `${h} and ${h - 2 ** 52}`);
  }
  // A set without a seed asks everyone the item's own seed.
  const plain = M.readSet(SET).set;
  assert.equal(M.itemSeed(plain, 0, ada), 5);

  const answersA = rightAnswers((i) => seedsA[i]);
  const hand = M.makeHandIn(set, 'Ada', answersA, new Date('2026-01-02T00:00:00Z'), ada);
  assert.equal(hand.id, ada);
  const row = M.gradeHandIn('ada.json', JSON.stringify(hand), set, graders());
  assert.deepEqual(row.verdicts, Array(6).fill('right'));
  assert.equal(row.warnings, undefined);
  // Bob hands in Ada's file with his identity typed over hers: graded against Bob's questions, and flagged.
  const forged = { ...structuredClone(hand), id: bob, name: 'Bob' };
  const b = M.gradeHandIn('bob.json', JSON.stringify(forged), set, graders());
  assert.ok(b.verdicts.filter((v) => v === 'wrong').length >= 4, b.verdicts.join());
  assert.match(b.warnings.join(' '), /not the one this hand-in's questions were drawn for/);
  // With no identity the hand-in cannot be graded.
  const none = M.gradeHandIn('x.json', JSON.stringify({ ...hand, id: '' }), set, graders());
  assert.match(none.problem, /names no student identity/);
});

test('grading opens only with the key whose hash the set carries', async () => {
  const key = M.newGradeKey();
  assert.match(key, /^[0-9a-f]{32}$/);
  const hash = await M.gradeKeyHash(key);
  assert.equal(hash, crypto.createHash('sha256').update(key).digest('hex'), 'SHA-256 as node computes it');
  const { set } = M.readSet({ ...OWN, gradeHash: hash });
  assert.equal(await M.gradeRefusal(set, key), null);
  assert.match(await M.gradeRefusal(set, null), /no teacher's key/);
  assert.match(await M.gradeRefusal(set, M.newGradeKey()), /not the key of this set/);
  assert.equal(await M.gradeRefusal(M.readSet(SET).set, null), null, 'a set without a key hash grades as before');
  assert.match(M.readSet({ ...SET, gradeHash: 'abc' }).problem, /64 hex digits/);
});

test('a starter handed in unchanged but for spaces and comments scores 0 with a sentence; the gradebook flags copies', () => {
  const { set } = M.readSet({ title: 'Programs', seed: 7, items: [{ kind: 'conflicts-count', chapter: 7, seed: 3 }, { program: { lang: 'js', upTo: 6 }, points: 5 }, { program: { lang: 'py', upTo: 5 }, points: 5 }] });
  for (const s of STARTERS) {
    const js = `// my own work, honest\n${s.js.replace(/\n/g, '\n\n  ').replace(/;/g, ' ; ')}\n/* done */`;
    const py = `# mine\n${s.py.replace(/\n/g, '   \n')}\n`;
    assert.equal(M.starterOf(js, 'js'), s.name);
    assert.equal(M.starterOf(py, 'py'), s.name);
    assert.equal(M.starterOf(s.js.replace('board.found()', 'board.found(); board.found()'), 'js'), null, 'a changed program is not a starter');
  }
  const id = 'carl@example.org';
  const conflicts = (who) => {
    const q = Q.conflictsCountQuestion(M.itemSeed(set, 0, who));
    let pairs = 0;
    for (let a = 0; a < q.n; a++) for (let b = a + 1; b < q.n; b++) if (attack(a, q.queens[a], b, q.queens[b])) pairs++;
    return { text: String(pairs) };
  };
  const carl = M.gradeHandIn('carl.json', JSON.stringify(M.makeHandIn(set, 'Carl', [conflicts(id), { source: `// Carl\n${STARTERS[0].js}` }, { source: STARTERS[2].py }], new Date(), id)), set, graders());
  assert.deepEqual(carl.verdicts, ['right', 'wrong', 'wrong']);
  assert.equal(carl.score, 1);
  assert.match(carl.notes.join(' '), /Item 2: The program is the starter "Row backtracking".*scores 0/);
  const mine = 'function solve(n, board) {\n  // my own\n  const go = (r) => { if (r === n) return board.found(); for (let c = 0; c < n; c++) if (board.safe(r, c)) { board.place(r, c); go(r + 1); board.remove(r, c); } };\n  go(0);\n}';
  const dana = M.gradeHandIn('dana.json', JSON.stringify(M.makeHandIn(set, 'Dana', [conflicts('dana@x.org'), { source: mine }, null], new Date('2026-01-01T10:00:00Z'), 'dana@x.org')), set, graders());
  assert.deepEqual(dana.verdicts, ['right', 'pending', 'missing'], 'a program waits to be run');
  // Eve's program is Dana's with other comments and spaces; Finn's file is Dana's renamed and re-dated.
  const eve = M.gradeHandIn('eve.json', JSON.stringify(M.makeHandIn(set, 'Eve', [conflicts('eve@x.org'), { source: mine.replace('// my own', '// Eve wrote this').replace(/  /g, '    ') }, null], new Date(), 'eve@x.org')), set, graders());
  const copy = JSON.parse(JSON.stringify(M.makeHandIn(set, 'Dana', [conflicts('dana@x.org'), { source: mine }, null], new Date('2026-01-01T10:00:00Z'), 'dana@x.org')));
  copy.name = 'Finn';
  copy.id = 'finn@x.org';
  copy.savedAt = '2026-01-01T11:00:00Z';
  const finn = M.gradeHandIn('finn.json', JSON.stringify(copy), set, graders());
  const book = M.arrangeBook(set, [carl, dana, eve, finn]);
  const flags = (r) => (book.flags.get(r) ?? []).join(' ');
  assert.match(flags(eve), /Item 2: the same program as Dana \(dana@x.org\), Finn \(finn@x.org\)/);
  assert.match(flags(finn), /A copy: the same answers and programs as Dana/);
  assert.match(flags(finn), /not the one this hand-in's questions were drawn for/);
  assert.doesNotMatch(flags(carl), /same program|copy/);
});

test('one row a student: the latest counts, earlier ones superseded; duplicates, names and late hand-ins flagged', () => {
  const { set } = M.readSet({ ...OWN, deadline: '2026-01-05T12:00:00Z' }, (n) => api.puzzleLevels(n));
  const id = 'ada@example.org';
  const right = rightAnswers((i) => M.itemSeed(set, i, id));
  const first = JSON.stringify(M.makeHandIn(set, 'Ada', [right[0], null, null, null, null, null], new Date('2026-01-04T09:00:00Z'), id));
  const second = JSON.stringify(M.makeHandIn(set, 'Ada L.', right, new Date('2026-01-05T13:00:00Z'), ' ADA@example.org'));
  const rows = [M.gradeHandIn('ada-2.json', second, set, graders()), M.gradeHandIn('ada-1.json', first, set, graders()), M.gradeHandIn('ada-1.json', first, set, graders())];
  const book = M.arrangeBook(set, rows);
  assert.equal(book.counted.length, 1);
  assert.equal(book.counted[0].file, 'ada-2.json', 'the latest saved counts, whatever order the files came in');
  assert.equal(book.counted[0].score, 9);
  assert.deepEqual(book.superseded.map((s) => [s.row.file, s.by.file]), [['ada-1.json', 'ada-2.json'], ['ada-1.json', 'ada-2.json']]);
  const flags = book.flags.get(book.counted[0]).join(' ');
  assert.match(flags, /2 earlier hand-ins of this student are superseded/);
  assert.match(flags, /Saved after the deadline \(2026-01-05T13:00:00.000Z, due 2026-01-05T12:00:00.000Z\)/);
  const twice = M.arrangeBook(set, [rows[1], M.gradeHandIn('ada-1.json', first, set, graders())]);
  assert.match(twice.flags.get(twice.counted[0]).join(' '), /The same file was handed in more than once.*Two or more hand-ins are named ada-1.json/);
});

test('every number read from a hand-in must be a whole square in range', () => {
  const { set } = M.readSet(SET, (n) => api.puzzleLevels(n));
  const answers = rightAnswers();
  const givens = Array.from(api.puzzle(8, 'medium', 7));
  // Queens on fractional squares (r·8 + 0.5): no two of them attack by the arithmetic, and the board is wrong.
  const fractional = answers[4].queens.map((s) => (givens.includes(s) ? s : s + 0.5));
  assert.equal(M.puzzleBoardRight(8, givens, fractional), false);
  assert.equal(M.puzzleBoardRight(8, givens, answers[4].queens.map((s, i) => (i === 7 ? 64 : s))), false, 'off the board');
  const bad = structuredClone(answers);
  bad[0].marks = [...bad[0].marks, 2.5];
  bad[1].marks = [...bad[1].marks, -1];
  bad[4].queens = fractional;
  const row = M.gradeHandIn('f.json', JSON.stringify(M.makeHandIn(set, 'Frac', bad)), set, graders());
  assert.deepEqual(row.verdicts.slice(0, 5), ['wrong', 'wrong', 'right', 'right', 'wrong']);
});

test('Canvas and Moodle files: the documented layouts, byte for byte; every CSV cell safe from formulas', () => {
  const { set } = M.readSet({ title: 'Week 3', seed: 1, items: [{ kind: 'conflicts-count', chapter: 7, seed: 3, points: 2 }, { kind: 'space-size', chapter: 2, seed: 9, points: 3 }] });
  const answer = (who) => {
    const q = Q.conflictsCountQuestion(M.itemSeed(set, 0, who));
    let pairs = 0;
    for (let a = 0; a < q.n; a++) for (let b = a + 1; b < q.n; b++) if (attack(a, q.queens[a], b, q.queens[b])) pairs++;
    return { text: String(pairs) };
  };
  const ss = (who) => {
    const q = Q.spaceSizeQuestion(M.itemSeed(set, 1, who));
    return { text: String(q.n ** q.n) };
  };
  const rows = [
    M.gradeHandIn('a.json', JSON.stringify(M.makeHandIn(set, 'Ada Lovelace', [answer('ada@uni.edu'), ss('ada@uni.edu')], new Date('2026-01-01T00:00:00Z'), 'ada@uni.edu')), set, graders()),
    M.gradeHandIn('b.json', JSON.stringify(M.makeHandIn(set, '=HYPERLINK("http://x","y")', [answer('s1234'), { text: '1' }], new Date('2026-01-01T00:00:00Z'), 's1234')), set, graders()),
  ];
  const book = M.arrangeBook(set, rows);
  assert.equal(toCsv(M.canvasRows(set, book)), [
    'Student,ID,SIS User ID,SIS Login ID,Section,Week 3',
    '    Points Possible,,,,,5',
    'Ada Lovelace,,,ada@uni.edu,,5',
    '"\'=HYPERLINK(""http://x"",""y"")",,s1234,,,2',
    '',
  ].join('\r\n'));
  assert.equal(toCsv(M.moodleRows(set, book)), [
    'First name,Last name,ID number,Email address,Week 3 (Real),Week 3 (Feedback)',
    'Ada,Lovelace,,ada@uni.edu,5,5 of 5 points. Item 1: right. Item 2: right.',
    '"\'=HYPERLINK(""http://x"",""y"")",,s1234,,2,2 of 5 points. Item 1: right. Item 2: wrong.',
    '',
  ].join('\r\n'));
  // Formula starts neutralised in any CSV the page writes; numbers stay numbers.
  assert.equal(toCsv([['=1+1', '@SUM(A1)', '+1+1', '-2+3', '\tx', '\rx', -2, 'ok', 'a=b']]), `'=1+1,'@SUM(A1),'+1+1,'-2+3,'\tx,"'\rx",-2,ok,a=b\r\n`);
});

test('an oversized src= stops unpacking at its limit', async () => {
  const bomb = zlib.deflateRawSync(Buffer.alloc(64 << 20, 32)).toString('base64url');
  const started = performance.now();
  await assert.rejects(unpackSource(bomb), /longer than the 100,000 characters a link may carry/);
  assert.ok(performance.now() - started < 5000);
  assert.equal(await unpackSource(zlib.deflateRawSync(Buffer.from('function solve() {}')).toString('base64url')), 'function solve() {}');
});

test('the answer key gives the grader\'s own right answer for each item', () => {
  const { set } = M.readSet(OWN, (n) => api.puzzleLevels(n));
  const items = M.itemsFor(set, 'sample@x.org');
  const key = items.map((r) => M.rightAnswer(r.item, graders()));
  const right = rightAnswers((i) => items[i].item.seed);
  assert.equal(key[2], `${right[2].text}.`, 'the pairs counted here');
  assert.match(key[0], new RegExp(`columns? ${right[0].marks.map((c) => c + 1).join(', ')}\\.`));
  // The puzzle's key is a board the grader accepts.
  const squares = [...key[4].matchAll(/row (\d+), column (\d+)/g)].map(([, r, c]) => (r - 1) * 8 + (c - 1));
  assert.equal(M.puzzleBoardRight(8, api.puzzle(8, 'medium', items[4].item.seed), squares), true);
});

test('a roster: a hand-in of an identity not on it is flagged, and those with no hand-in are listed', () => {
  const { set } = M.readSet({ title: 'R', seed: 3, items: [{ kind: 'space-size', chapter: 2, seed: 9 }] });
  assert.deepEqual(M.readRoster(' Ada@Uni.edu\nbob@uni.edu;  s1234 ,ada@uni.edu\t\n'), ['ada@uni.edu', 'bob@uni.edu', 's1234']);
  const hand = (name, id) => M.gradeHandIn(`${name}.json`, JSON.stringify(M.makeHandIn(set, name, [{ text: String(name.length + id.length) }], new Date(), id)), set, graders());
  const book = M.arrangeBook(set, [hand('Ada', 'ADA@uni.edu'), hand('Mal', 'mal@elsewhere.org')], M.readRoster('ada@uni.edu\nbob@uni.edu\ns1234'));
  assert.deepEqual(book.counted.map((r) => (book.flags.get(r) ?? []).join(' ')), ['', 'The identity “mal@elsewhere.org” is not on the roster.']);
  assert.deepEqual(book.absent, ['bob@uni.edu', 's1234']);
  assert.deepEqual(M.arrangeBook(set, [hand('Ada', 'ada@uni.edu')]).absent, [], 'no roster, no one absent');
  // Two students who give the same name are flagged, both.
  const twins = M.arrangeBook(set, [hand('Ada', 'ada@uni.edu'), hand('ada ', 's1234')]);
  assert.deepEqual(twins.counted.map((r) => (twins.flags.get(r) ?? []).join(' ')), ['Another hand-in gives the same name, Ada, with another identity (s1234).', 'Another hand-in gives the same name, ada, with another identity (ada@uni.edu).']);
});

test('a set may give right or wrong on Check, never the answer; it is part of the set a hand-in answers', () => {
  assert.match(M.readSet({ ...SET, feedback: 'answers' }).problem, /not "none".*or "verdict"/);
  assert.equal(M.readSet({ ...SET, feedback: 'none' }).set.feedback, undefined);
  const { set } = M.readSet({ ...OWN, feedback: 'verdict' }, (n) => api.puzzleLevels(n));
  const items = M.itemsFor(set, 'x@y.z');
  const right = rightAnswers((i) => items[i].item.seed);
  assert.deepEqual(items.map((r, i) => M.verdictOf(r.item, right[i], graders())), Array(6).fill('right'));
  assert.equal(M.verdictOf(items[2].item, { text: String(Number(right[2].text) + 1) }, graders()), 'wrong');
  assert.equal(M.verdictOf(items[2].item, null, graders()), 'missing');
  // A hand-in of the set without its feedback choice answers another set.
  const hand = M.makeHandIn(set, 'X', right, new Date(), 'x@y.z');
  assert.equal(hand.set.feedback, 'verdict');
  assert.match(M.gradeHandIn('x.json', JSON.stringify(hand), M.readSet(OWN).set, graders()).problem, /another set/);
});
