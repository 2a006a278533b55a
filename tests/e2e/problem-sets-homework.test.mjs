// Graded homework end to end, as a teacher and two students in three browser
// contexts: the teacher makes a set (items added, moved, edited, removed; the
// set kept across a reload; its link opened again for editing; a preview and
// its answer key), each student types their identity and gets questions of
// their own, answers them (the right answers computed here by plain loops
// from the boards the page shows), and saves a hand-in. A student who
// makes a grading link from their own, hands in a starter, or copies a
// classmate's file under another name and identity is caught; the teacher's
// programs run only on a press; the Canvas and Moodle files are checked line
// by line against the layouts Canvas and Moodle document; the gradebook
// survives a reload and is cleared by the teacher.
// test group: slow (scripts/test.sh): three browser contexts, programs run, screenshots in both schemes and widths.
// Screenshots: test-results/screenshots/homework-*.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { solutionWith as plainSolutionWith } from '../common/plain.mjs';
import { openPage, assertNoErrors, closeHarness, screenshot, waitUntil, schemeShown } from './helpers.mjs';
import { STARTERS } from '../../www/program/starters.js';
import * as M from '../../www/learn/set-model.js';

after(closeHarness);

const attack = (r1, c1, r2, c2) => r1 === r2 || c1 === c2 || Math.abs(r1 - r2) === Math.abs(c1 - c2);

/** A solution of n holding every given square (the test's own search). */
function solutionWith(n, givens) {
  const found = plainSolutionWith(n, givens);
  assert.ok(found, 'the puzzle has a solution');
  return found;
}

const GOOD_PROGRAM = `// Ada's search
function solve(n, board) {
  const fill = (row) => {
    if (row === n) { board.found(); return; }
    for (let col = 0; col < n; col++) {
      if (board.safe(row, col)) { board.place(row, col); fill(row + 1); board.remove(row, col); }
    }
  };
  fill(0);
}
`;

/** The download a click starts, as text. */
async function downloaded(page, selector) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: download.suggestedFilename(), text: fs.readFileSync(await download.path(), 'utf8') };
}

const item = (i) => `#learn [data-set-item="${i}"]`;

/** What a student's page asks: the boards of the four items. */
async function boards(s) {
  return {
    nextRow: await s.locator(`${item(0)} [data-exercise]`).evaluate((e) => ({ n: Number(e.dataset.n), queens: e.dataset.queens.split(',').map(Number) })),
    conflicts: await s.locator(`${item(1)} [data-exercise]`).evaluate((e) => e.dataset.queens.split(',').map(Number)),
    puzzle: await s.locator(`${item(2)} [data-part="puzzle-board"]`).evaluate((e) => ({ n: Number(e.dataset.n), givens: e.dataset.givens.split(',').map(Number) })),
  };
}

/** Answers the student's own questions right, from the boards shown, and pastes `program`. */
async function answer(s, program) {
  const b = await boards(s);
  const safe = Array.from({ length: b.nextRow.n }, (_, c) => c).filter((c) => b.nextRow.queens.every((q, r) => !attack(r, q, b.nextRow.queens.length, c)));
  for (const c of safe) await s.click(`${item(0)} [data-column="${c}"]`);
  let pairs = 0;
  for (let a = 0; a < b.conflicts.length; a++) for (let c = a + 1; c < b.conflicts.length; c++) if (attack(a, b.conflicts[a], c, b.conflicts[c])) pairs++;
  await s.fill(`${item(1)} input[type="text"]`, String(pairs));
  const solution = solutionWith(b.puzzle.n, b.puzzle.givens);
  for (const sq of solution.filter((x) => !b.puzzle.givens.includes(x))) await s.click(`${item(2)} [data-square="${sq}"]`);
  await s.fill(`${item(3)} [data-part="program-source"]`, program);
  return b;
}

/** Opens the set as a student, types the identity and shows the questions. */
async function studentOpens(path, id, name, opts) {
  const student = await openPage(path, opts);
  const s = student.page;
  await s.waitForSelector('#learn [data-part="set-wait"]');
  assert.equal(await s.locator('#learn [data-set-item]').count(), 0, 'no questions before the identity');
  await s.fill('#learn [data-part="student-id"]', id);
  await s.click('#learn [data-part="student-id-use"]');
  await s.waitForSelector(`${item(3)} [data-part="program-source"]`);
  await s.fill('#learn [data-part="student-name"]', name);
  return student;
}

test('homework: each student their own questions; a self-made grading link, a starter, a renamed copy and an edited identity caught; Canvas and Moodle files', async () => {
  // ---- The teacher makes the set.
  const teacher = await openPage('/?mode=learn');
  const t = teacher.page;
  const maker = '#learn [data-part="set-maker"]';
  await t.click(`${maker} summary`);
  await t.fill(`${maker} [data-part="set-title"]`, 'Homework4:backtracking-and-bits-with-no-spaces-at-all-in-its-long-title');
  const addQuestion = async (chapter, kind, seed, points) => {
    await t.selectOption(`${maker} [data-part="set-chapter"]`, String(chapter));
    await t.selectOption(`${maker} [data-part="set-kind"]`, kind);
    await t.fill(`${maker} [data-part="set-seed"]`, String(seed));
    await t.fill(`${maker} [data-part="set-question-points"]`, String(points));
    await t.click(`${maker} [data-part="set-add-question"]`);
  };
  await addQuestion(7, 'conflicts-count', 3, 1);
  await addQuestion(1, 'next-row', 5, 1);
  await addQuestion(2, 'space-size', 9, 4);
  await t.selectOption(`${maker} [data-part="set-puzzle-n"]`, '6');
  await t.selectOption(`${maker} [data-part="set-puzzle-level"]`, 'easy');
  await t.fill(`${maker} [data-part="set-puzzle-seed"]`, '4');
  await t.fill(`${maker} [data-part="set-puzzle-points"]`, '3');
  await t.click(`${maker} [data-part="set-add-puzzle"]`);
  await t.fill(`${maker} [data-part="set-program-upto"]`, '6');
  await t.fill(`${maker} [data-part="set-program-points"]`, '5');
  await t.click(`${maker} [data-part="set-add-program"]`);
  // Moved, removed, edited.
  await t.click(`${maker} [data-maker-item="1"] [data-part="set-up"]`);
  await t.click(`${maker} [data-maker-item="2"] [data-part="set-remove"]`);
  await t.click(`${maker} [data-maker-item="1"] [data-part="set-edit"]`);
  assert.equal(await t.textContent(`${maker} [data-part="set-add-question"]`), 'Save item 2');
  assert.equal(await t.inputValue(`${maker} [data-part="set-seed"]`), '3');
  await t.fill(`${maker} [data-part="set-question-points"]`, '2');
  await t.click(`${maker} [data-part="set-add-question"]`);
  await t.fill(`${maker} [data-part="set-deadline"]`, '2030-01-01T12:00');
  await t.locator(`${maker} [data-part="set-deadline"]`).dispatchEvent('change');
  await waitUntil(async () => /seed|gradeHash/.test(await linkJson(t)) && JSON.parse(await linkJson(t)).deadline !== undefined, { message: 'the link holds the deadline' });
  const link = await t.getAttribute(`${maker} [data-part="set-link"]`, 'href');
  const gradeLink = await t.getAttribute(`${maker} [data-part="set-grade-link"]`, 'href');
  const json = JSON.parse(await linkJson(t));
  assert.deepEqual(json.items, [
    { kind: 'next-row', chapter: 1, seed: 5, points: 1 },
    { kind: 'conflicts-count', chapter: 7, seed: 3, points: 2 },
    { puzzle: { n: 6, level: 'easy', seed: 4 }, points: 3 },
    { program: { lang: 'js', upTo: 6 }, points: 5 },
  ]);
  assert.ok(Number.isSafeInteger(json.seed), 'each student\'s questions are drawn from the set\'s seed');
  const key = new URL(gradeLink).searchParams.get('key');
  assert.equal(gradeLink, `${link}&grade=1&key=${key}`);
  assert.equal(json.gradeHash, await M.gradeKeyHash(key), 'the set holds the key\'s hash, not the key');
  assert.ok(!link.includes(key), 'the students\' link does not carry the key');

  // The set is kept across a reload.
  await t.reload();
  await t.waitForSelector('body[data-ready="true"]');
  await t.click(`${maker} summary`);
  await t.waitForSelector(`${maker} [data-part="set-link"][data-ready]:not([hidden])`);
  assert.equal(await t.getAttribute(`${maker} [data-part="set-link"]`, 'href'), link, 'the same set after a reload');
  assert.equal(await t.locator(`${maker} [data-maker-item]`).count(), 4);

  // The preview and its answer key: the key's count of attacking pairs is the pairs counted here on the preview's board.
  await t.click(`${maker} [data-part="set-preview-open"]`);
  await t.waitForSelector(`${maker} [data-part="set-answer-key"] [data-key-item="3"]`);
  const preview = `${maker} [data-part="set-preview"]`;
  const pq = await t.locator(`${preview} [data-set-item="1"] [data-exercise]`).evaluate((e) => e.dataset.queens.split(',').map(Number));
  let previewPairs = 0;
  for (let a = 0; a < pq.length; a++) for (let b = a + 1; b < pq.length; b++) if (attack(a, pq[a], b, pq[b])) previewPairs++;
  assert.match(await t.textContent(`${maker} [data-key-item="1"]`), new RegExp(`: ${previewPairs}\\.$`));
  const pz = await t.locator(`${preview} [data-part="puzzle-board"]`).evaluate((e) => ({ n: Number(e.dataset.n), givens: e.dataset.givens.split(',').map(Number) }));
  const keyed = [...(await t.textContent(`${maker} [data-key-item="2"]`)).matchAll(/row (\d+), column (\d+)/g)].map(([, r, c]) => (r - 1) * pz.n + (c - 1));
  assert.equal(keyed.length, pz.n);
  assert.ok(pz.givens.every((g) => keyed.includes(g)) && keyed.every((a, i) => keyed.every((b, j) => i === j || !attack(Math.floor(a / pz.n), a % pz.n, Math.floor(b / pz.n), b % pz.n))), 'the key\'s board is a solution with the givens');
  for (const scheme of ['light', 'dark']) {
    await t.emulateMedia({ colorScheme: scheme });
    await schemeShown(t, scheme);
    await t.locator(maker).screenshot({ path: `test-results/screenshots/homework-maker-1280-${scheme}.png` });
    await t.locator(`${maker} [data-part="set-answer-key"]`).screenshot({ path: `test-results/screenshots/homework-answer-key-1280-${scheme}.png` });
  }
  await t.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ['light', 'dark']) {
    await t.emulateMedia({ colorScheme: scheme });
    await schemeShown(t, scheme);
    assert.ok(await t.evaluate(() => document.documentElement.scrollWidth) <= 390, 'the maker fits 390 px');
    await t.locator(maker).screenshot({ path: `test-results/screenshots/homework-maker-390-${scheme}.png` });
  }
  assertNoErrors(teacher.errors);
  await t.close();

  // ---- Two students, each in a context of their own.
  const path = link.slice(new URL(link).origin.length);
  const ada = await studentOpens(path, 'ada@uni.edu', 'Ada Lovelace');
  const a = ada.page;
  const adaBoards = await answer(a, GOOD_PROGRAM);
  const bob = await studentOpens(path, 'bob@uni.edu', 'Bob Builder', { viewport: { width: 390, height: 844 } });
  const b = bob.page;
  const bobBoards = await boards(b);
  const differ = ['nextRow', 'conflicts', 'puzzle'].filter((k) => JSON.stringify(adaBoards[k]) !== JSON.stringify(bobBoards[k]));
  assert.ok(differ.length >= 2, `the two students' questions differ (${differ.join(', ')})`);
  // No seed and no answer on a student's page.
  for (const s of [a, b]) {
    assert.equal(await s.locator('#learn [data-seed], #learn [data-part="check"], #learn [data-part="explain"]').count(), 0);
    assert.doesNotMatch(await s.textContent('#learn [data-part="set-view"]'), /seed/i);
  }
  // Bob hands in the starter, a comment on top.
  await answer(b, `// Bob's own work\n${STARTERS[0].js}`);
  const adaFile = await downloaded(a, '#learn [data-part="save-hand-in"]');
  const bobFile = await downloaded(b, '#learn [data-part="save-hand-in"]');
  const adaHand = JSON.parse(adaFile.text);
  assert.equal(adaHand.id, 'ada@uni.edu');
  assert.ok(!JSON.stringify(adaHand).includes(key), 'no key in a hand-in');
  // A board is one tab stop; the arrow keys move inside it.
  const puzzleButtons = `${item(2)} [data-part="puzzle-board"] button`;
  assert.equal(await a.locator(`${puzzleButtons}[tabindex="0"]`).count(), 1);
  assert.equal(await a.locator(`${item(0)} .learn-grid button[tabindex="0"]`).count(), 1);
  const firstSquare = Number(await a.getAttribute(`${item(0)} .learn-grid button[tabindex="0"]`, 'data-column'));
  await a.focus(`${item(0)} .learn-grid button[tabindex="0"]`);
  await a.keyboard.press(firstSquare === adaBoards.nextRow.n - 1 ? 'ArrowLeft' : 'ArrowRight');
  assert.equal(await a.evaluate(() => Number(document.activeElement.dataset.column)), firstSquare === adaBoards.nextRow.n - 1 ? firstSquare - 1 : firstSquare + 1);
  assert.equal(await a.locator(`${item(0)} .learn-grid button[tabindex="0"]`).count(), 1, 'still one tab stop');
  // Ada's answers survive a reload, for her identity.
  await a.reload();
  await a.waitForSelector(`${item(3)} [data-part="program-source"]`);
  assert.equal(await a.inputValue(`${item(3)} [data-part="program-source"]`), GOOD_PROGRAM);
  assert.equal(await a.inputValue('#learn [data-part="student-id"]'), 'ada@uni.edu');
  await screenshot(a, 'homework-student-1280');
  await screenshot(b, 'homework-student-390');

  // Bob makes grading links of his own: the student's link with grade=1, and with a key he made up.
  for (const [tail, why] of [['&grade=1', /no teacher's key/], [`&grade=1&key=${'0'.repeat(32)}`, /not the key of this set/]]) {
    await b.goto(b.url().replace(/\?.*$/, `${path.slice(path.indexOf('?'))}${tail}`));
    await b.waitForSelector('#learn [data-part="grade-refused"]');
    assert.match(await b.textContent('#learn [data-part="grade-refused"]'), why);
    assert.equal(await b.locator('#learn [data-part="grade-view"]').count(), 0);
  }
  // Practice does not open a homework question by its seed.
  const { set } = M.readSet(json);
  const homeworkSeed = M.itemSeed(set, 0, 'bob@uni.edu');
  await b.goto(b.url().replace(/\?.*$/, `?mode=learn&chapter=1&kind=next-row&seed=${homeworkSeed}`));
  await b.waitForSelector('body[data-ready="true"]');
  await waitUntil(async () => /practice does not open homework questions/.test(await b.textContent('body')), { message: 'the homework seed is refused' });
  assert.notEqual(await b.getAttribute('#learn [data-chapter="1"] [data-exercise]', 'data-seed'), String(homeworkSeed));
  assertNoErrors([...ada.errors, ...bob.errors]);
  await a.close();
  await b.close();

  // Carl copies Ada's file: his name, his identity, a later time.
  const carl = { ...structuredClone(adaHand), name: 'Carl Copy', id: 'carl@uni.edu', savedAt: new Date(Date.parse(adaHand.savedAt) + 3_600_000).toISOString() };
  const files = [
    { name: 'ada.json', mimeType: 'application/json', buffer: Buffer.from(adaFile.text) },
    { name: 'bob.json', mimeType: 'application/json', buffer: Buffer.from(bobFile.text) },
    { name: 'carl.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(carl)) },
    { name: 'ada (1).json', mimeType: 'application/json', buffer: Buffer.from(adaFile.text) },
  ];

  // ---- The teacher grades.
  const grader = await openPage(gradeLink.slice(new URL(gradeLink).origin.length));
  const g = grader.page;
  await g.waitForSelector('#learn [data-part="grade-view"]');
  // The roster: Carl is not on it, Dana handed nothing in.
  await g.click('#learn .learn-roster-box summary');
  await g.fill('#learn [data-part="gradebook-roster"]', 'ada@uni.edu\nbob@uni.edu\ndana@uni.edu');
  await g.locator('#learn [data-part="gradebook-roster"]').dispatchEvent('change');
  await g.setInputFiles('#learn [data-part="hand-ins"]', files);
  await g.waitForSelector('#learn tr[data-student="Carl Copy"]');
  assert.match(await g.textContent('#learn [data-part="gradebook-absent"]'), /No hand-in yet from 1 on the roster: dana@uni.edu\./);
  // Nothing ran: the one program (Ada's text, in her two files and Carl's) waits for the press; Bob's starter is 0 at once.
  assert.match(await g.textContent('#learn [data-part="run-programs"]'), /^Run 1 program /);
  assert.equal(await g.getAttribute('#learn [data-part="gradebook"]', 'data-pending'), '3', 'three files hold it');
  assert.deepEqual(await g.locator('#learn tr[data-student] td[data-item="3"]').evaluateAll((tds) => tds.map((td) => td.dataset.verdict)), ['pending', 'wrong', 'pending']);
  for (const part of ['gradebook-csv', 'gradebook-canvas', 'gradebook-moodle']) assert.equal(await g.isDisabled(`#learn [data-part="${part}"]`), true);
  await g.click('#learn [data-part="run-programs"]');
  await waitUntil(async () => (await g.getAttribute('#learn [data-part="gradebook"]', 'data-pending')) === '0', { timeout: 60_000, message: 'the program has run' });
  const rows = await g.locator('#learn tr[data-student]').evaluateAll((trs) => trs.map((tr) => ({
    name: tr.dataset.student, id: tr.dataset.id, file: tr.dataset.file, score: Number(tr.dataset.score),
    cells: [...tr.querySelectorAll('td[data-item]')].map((td) => td.dataset.verdict),
    flags: [...tr.querySelectorAll('[data-part="flag"]')].map((f) => f.textContent).join(' '), notes: tr.querySelector('[data-part="notes"]').textContent,
  })));
  assert.deepEqual(rows.map((r) => [r.name, r.id]), [['Ada Lovelace', 'ada@uni.edu'], ['Bob Builder', 'bob@uni.edu'], ['Carl Copy', 'carl@uni.edu']], 'one row a student');
  const [rowA, rowB, rowC] = rows;
  assert.deepEqual([rowA.score, rowA.cells], [11, ['right', 'right', 'right', 'right']]);
  assert.match(rowA.flags, /The same file was handed in more than once/);
  assert.match(rowA.flags, /1 earlier hand-in of this student is superseded/);
  assert.match(rowA.flags, /Item 4: the same program as Carl Copy/);
  assert.match(rowA.flags, /A copy: the same answers and programs as Carl Copy/);
  assert.deepEqual([rowB.score, rowB.cells], [6, ['right', 'right', 'right', 'wrong']]);
  assert.match(rowB.notes, /Item 4: The program is the starter "Row backtracking".*scores 0/);
  assert.match(rowC.flags, /The identity “carl@uni.edu” is not the one this hand-in's questions were drawn for/);
  assert.match(rowC.flags, /The identity “carl@uni.edu” is not on the roster/);
  assert.doesNotMatch(rowA.flags + rowB.flags, /roster/);
  assert.ok(rowC.score < 11, `Carl's copy is graded against his own questions (${rowC.score})`);
  assert.deepEqual(await g.locator('#learn [data-part="gradebook-superseded"] li').evaluateAll((lis) => lis.map((li) => li.dataset.file)), [rowA.file === 'ada.json' ? 'ada (1).json' : 'ada.json']);
  const wide = await g.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 1280, `the long title wraps (${wide} px)`);

  // The grade files, line by line against the documented layouts.
  const title = json.title;
  const canvas = await downloaded(g, '#learn [data-part="gradebook-canvas"]');
  assert.equal(canvas.text, [
    `Student,ID,SIS User ID,SIS Login ID,Section,${title}`,
    '    Points Possible,,,,,11',
    'Ada Lovelace,,,ada@uni.edu,,11',
    'Bob Builder,,,bob@uni.edu,,6',
    `Carl Copy,,,carl@uni.edu,,${rowC.score}`,
    '',
  ].join('\r\n'));
  const moodle = await downloaded(g, '#learn [data-part="gradebook-moodle"]');
  const feedback = (r) => `${r.score} of 11 points. ${r.cells.map((v, i) => `Item ${i + 1}: ${v}.`).join(' ')}`;
  assert.equal(moodle.text, [
    `First name,Last name,ID number,Email address,${title} (Real),${title} (Feedback)`,
    `Ada,Lovelace,,ada@uni.edu,11,${feedback(rowA)}`,
    `Bob,Builder,,bob@uni.edu,6,"${feedback(rowB)} Item 4: The program is the starter ""Row backtracking"" of Your search, unchanged but for spaces and comments: it scores 0. Write your own."`,
    `Carl,Copy,,carl@uni.edu,${rowC.score},${feedback(rowC)}`,
    '',
  ].join('\r\n'));
  const csv = (await downloaded(g, '#learn [data-part="gradebook-csv"]')).text.trim().split('\r\n');
  assert.equal(csv.length, 5, 'three students and the superseded hand-in');
  assert.match(csv[4], /superseded by ada/);
  for (const scheme of ['light', 'dark']) {
    await g.emulateMedia({ colorScheme: scheme });
    await schemeShown(g, scheme);
    await screenshot(g, `homework-gradebook-1280-${scheme}`);
  }
  await g.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ['light', 'dark']) {
    await g.emulateMedia({ colorScheme: scheme });
    await schemeShown(g, scheme);
    await screenshot(g, `homework-gradebook-390-${scheme}`);
  }

  // The gradebook survives a reload, and is gone once the teacher clears it.
  await g.reload();
  await g.waitForSelector('#learn tr[data-student="Carl Copy"]');
  assert.deepEqual(await g.locator('#learn tr[data-student]').evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.score))), rows.map((r) => r.score));
  assert.equal(await g.isDisabled('#learn [data-part="gradebook-canvas"]'), false);
  assert.equal(await g.inputValue('#learn [data-part="gradebook-roster"]'), 'ada@uni.edu\nbob@uni.edu\ndana@uni.edu', 'the roster is kept too');
  await g.click('#learn [data-part="gradebook-clear"]');
  assert.equal(await g.locator('#learn tr[data-student]').count(), 0);
  await g.reload();
  await g.waitForSelector('#learn [data-part="grade-view"]');
  assert.equal(await g.locator('#learn tr[data-student]').count(), 0);
  assertNoErrors(grader.errors);
  await g.close();

  // The saved set's link opens in another teacher's maker for editing.
  const other = await openPage('/?mode=learn');
  const o = other.page;
  await o.click(`${maker} summary`);
  await o.fill(`${maker} [data-part="set-open"]`, link);
  await o.click(`${maker} [data-part="set-open-button"]`);
  await o.waitForSelector(`${maker} [data-part="set-link"][data-ready]:not([hidden])`);
  assert.equal(await o.locator(`${maker} [data-maker-item]`).count(), 4);
  assert.equal(await o.inputValue(`${maker} [data-part="set-title"]`), title);
  const reopened = JSON.parse(zlib.inflateRawSync(Buffer.from(new URL(await o.getAttribute(`${maker} [data-part="set-link"]`, 'href')).searchParams.get('set'), 'base64url')).toString('utf8'));
  assert.deepEqual([reopened.items, reopened.seed, reopened.deadline], [json.items, json.seed, json.deadline]);
  assert.match(await o.textContent(`${maker} [data-part="set-maker-status"]`), /new grading key/);
  assertNoErrors(other.errors);
  await o.close();
});

/** The maker's set link's JSON text, once the link is written. */
async function linkJson(t) {
  await t.waitForSelector('#learn [data-part="set-link"][data-ready]:not([hidden])');
  const code = new URL(await t.getAttribute('#learn [data-part="set-link"]', 'href')).searchParams.get('set');
  return zlib.inflateRawSync(Buffer.from(code, 'base64url')).toString('utf8');
}

test('a set that gives feedback: Check says right or wrong for the student\'s own question, never the answer', async () => {
  const json = { title: 'Feedback', seed: 77, feedback: 'verdict', items: [{ kind: 'conflicts-count', chapter: 7, seed: 3 }, { program: { lang: 'js', upTo: 4 } }] };
  const code = zlib.deflateRawSync(Buffer.from(JSON.stringify(json))).toString('base64url');
  const { page, errors } = await openPage(`/?mode=learn&set=${code}`);
  try {
    await page.fill('#learn [data-part="student-id"]', 'eve@uni.edu');
    await page.locator('#learn [data-part="student-id"]').press('Enter');
    await page.waitForSelector(`${item(0)} [data-exercise]`);
    const queens = await page.locator(`${item(0)} [data-exercise]`).evaluate((e) => e.dataset.queens.split(',').map(Number));
    let pairs = 0;
    for (let a = 0; a < queens.length; a++) for (let b = a + 1; b < queens.length; b++) if (attack(a, queens[a], b, queens[b])) pairs++;
    const feedback = `${item(0)} [data-part="set-feedback"]`;
    await page.click(`${item(0)} [data-part="set-check"]`);
    assert.equal(await page.getAttribute(feedback, 'data-verdict'), 'missing');
    await page.fill(`${item(0)} input[type="text"]`, String(pairs + 1));
    await page.click(`${item(0)} [data-part="set-check"]`);
    assert.equal(await page.getAttribute(feedback, 'data-verdict'), 'wrong');
    assert.doesNotMatch(await page.textContent(feedback), /\d/, 'the answer is not shown');
    assert.equal(await page.locator(`${item(0)} [data-part="explain"], ${item(0)} [data-part="verdict"]`).count(), 0);
    await page.fill(`${item(0)} input[type="text"]`, String(pairs));
    await page.click(`${item(0)} [data-part="set-check"]`);
    assert.equal(await page.getAttribute(feedback, 'data-verdict'), 'right');
    assert.equal(await page.locator(`${item(1)} [data-part="set-check"]`).count(), 0, 'a program is graded only by the teacher');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
