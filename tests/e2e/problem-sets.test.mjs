// Problem sets, end to end: a teacher makes a set in Learn's panel; a student
// opens its link in another browser context, answers (the answers survive a
// reload), and saves a hand-in; the file is edited by hand to cheat (verdicts
// claimed, answers changed); the teacher's Grade hand-ins page grades every
// file from its answers. The right answers are computed here: safe squares
// and attacking pairs by plain loops, the puzzle's solution by enumerating
// every board, a program's by running it against A000170. Then the
// worksheets: a set, a chapter and a puzzle printed to PDF, print media
// hiding the page's navigation and buttons. Hostile hand-ins: programs that
// try every way out of the box, and one that forges its board size, run
// only on the teacher's press, send nothing to a recording server, leave
// nothing in storage and are not graded right.
// Screenshots: test-results/screenshots/sets-*.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { solutionWith as plainSolutionWith } from '../common/plain.mjs';
import { openPage, revisit, assertNoErrors, closeHarness, screenshot, waitUntil, schemeShown } from './helpers.mjs';
import { ESCAPES, FORGED_SIZE, leftovers, recordingServer } from './hostile.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe's violations on the page as it is now, light and dark. */
async function violations(page, view) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const lines = [];
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    await schemeShown(page, colorScheme);
    const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
    lines.push(...found.map((line) => `${view} [${colorScheme}] ${line}`));
  }
  return lines;
}

after(closeHarness);

const attack = (r1, c1, r2, c2) => r1 === r2 || c1 === c2 || Math.abs(r1 - r2) === Math.abs(c1 - c2);

/** A solution of n holding every given square (the test's own search). */
function solutionWith(n, givens) {
  const found = plainSolutionWith(n, givens);
  assert.ok(found, 'the puzzle has a solution');
  return found;
}

const GOOD_PROGRAM = `function solve(n, board) {
  const fill = (row) => {
    if (row === n) { board.found(); return; }
    for (let col = 0; col < n; col++) {
      if (board.safe(row, col)) { board.place(row, col); fill(row + 1); board.remove(row, col); }
    }
  };
  fill(0);
}
`;
// Stops at the first solution: misses the others.
const LAZY_PROGRAM = `function solve(n, board) {
  let done = false;
  const fill = (row) => {
    if (done) return;
    if (row === n) { board.found(); done = true; return; }
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
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}

test('a set made in the page, answered in another context, saved, cheated on and graded gives the right gradebook', async () => {
  // The teacher makes the set.
  const teacher = await openPage('/?mode=learn');
  const t = teacher.page;
  await t.click('#learn [data-part="set-maker"] summary');
  await t.fill('#learn [data-part="set-title"]', 'Week 3 — backtracking');
  // Everyone gets the same questions here (the slow problem-sets-homework test plays each student's own).
  await t.uncheck('#learn [data-part="set-per-student"]');
  const addQuestion = async (chapter, kind, seed, points) => {
    await t.selectOption('#learn [data-part="set-chapter"]', String(chapter));
    await t.selectOption('#learn [data-part="set-kind"]', kind);
    await t.fill('#learn [data-part="set-seed"]', String(seed));
    await t.fill('#learn [data-part="set-question-points"]', String(points));
    await t.click('#learn [data-part="set-add-question"]');
  };
  await addQuestion(1, 'next-row', 5, 1);
  await addQuestion(7, 'conflicts-count', 3, 2);
  await t.selectOption('#learn [data-part="set-puzzle-n"]', '6');
  await t.selectOption('#learn [data-part="set-puzzle-level"]', 'easy');
  await t.fill('#learn [data-part="set-puzzle-seed"]', '4');
  await t.fill('#learn [data-part="set-puzzle-points"]', '3');
  await t.click('#learn [data-part="set-add-puzzle"]');
  await t.fill('#learn [data-part="set-program-upto"]', '6');
  await t.fill('#learn [data-part="set-program-points"]', '5');
  await t.click('#learn [data-part="set-add-program"]');
  await t.waitForSelector('#learn [data-part="set-link"][data-ready]:not([hidden])');
  await screenshot(t, 'sets-maker-1280');
  const link = await t.getAttribute('#learn [data-part="set-link"]', 'href');
  const gradeLink = await t.getAttribute('#learn [data-part="set-grade-link"]', 'href');
  const key = new URL(gradeLink).searchParams.get('key');
  assert.equal(gradeLink, `${link}&grade=1&key=${key}`, 'the grading link is the set\'s link, grade=1 and the key');
  assert.match(key, /^[0-9a-f]{32}$/);
  const code = new URL(link).searchParams.get('set');
  assert.match(code, /^[A-Za-z0-9_-]+$/, 'base64url without padding');
  const json = JSON.parse(zlib.inflateRawSync(Buffer.from(code, 'base64url')).toString('utf8'));
  assert.deepEqual(json, {
    title: 'Week 3 — backtracking',
    gradeHash: crypto.createHash('sha256').update(key).digest('hex'),
    items: [
      { kind: 'next-row', chapter: 1, seed: 5, points: 1 },
      { kind: 'conflicts-count', chapter: 7, seed: 3, points: 2 },
      { puzzle: { n: 6, level: 'easy', seed: 4 }, points: 3 },
      { program: { lang: 'js', upTo: 6 }, points: 5 },
    ],
  });
  assertNoErrors(teacher.errors);
  await t.close();

  // A student answers in a context of their own.
  const path = link.slice(new URL(link).origin.length);
  const student = await openPage(path);
  const s = student.page;
  await s.waitForSelector('#learn[data-set] [data-set-item="3"]');
  assert.equal(await s.locator('#learn [data-set-item]').count(), 4);
  const item = (i) => `#learn [data-set-item="${i}"]`;
  // 0: the safe squares of the next row, from the board the page shows.
  const nr = await s.locator(`${item(0)} [data-exercise]`).evaluate((e) => ({ n: Number(e.dataset.n), queens: e.dataset.queens.split(',').map(Number) }));
  const safe = Array.from({ length: nr.n }, (_, c) => c).filter((c) => nr.queens.every((q, r) => !attack(r, q, nr.queens.length, c)));
  assert.ok(safe.length > 0);
  for (const c of safe) await s.click(`${item(0)} [data-column="${c}"]`);
  // 1: the attacking pairs, counted pair by pair.
  const cc = await s.locator(`${item(1)} [data-exercise]`).evaluate((e) => e.dataset.queens.split(',').map(Number));
  let pairs = 0;
  for (let a = 0; a < cc.length; a++) for (let b = a + 1; b < cc.length; b++) if (attack(a, cc[a], b, cc[b])) pairs++;
  await s.fill(`${item(1)} input[type="text"]`, String(pairs));
  // 2: the puzzle, solved by enumeration here.
  const pz = await s.locator(`${item(2)} [data-part="puzzle-board"]`).evaluate((e) => ({ n: Number(e.dataset.n), givens: e.dataset.givens.split(',').map(Number) }));
  const solution = solutionWith(pz.n, pz.givens);
  for (const sq of solution.filter((x) => !pz.givens.includes(x))) await s.click(`${item(2)} [data-square="${sq}"]`);
  // 3: the program.
  await s.fill(`${item(3)} [data-part="program-source"]`, GOOD_PROGRAM);
  await s.fill('#learn [data-part="student-name"]', 'Ada Lovelace');
  assert.equal(await s.locator('#learn [data-part="check"]').count(), 0, 'no Check inside a set');
  await screenshot(s, 'sets-student-1280');

  // The answers survive a reload.
  await s.reload();
  await s.waitForSelector('body[data-ready="true"]');
  await s.waitForSelector(`${item(3)} [data-part="program-source"]`);
  assert.equal(await s.inputValue('#learn [data-part="student-name"]'), 'Ada Lovelace');
  assert.deepEqual((await s.locator(`${item(0)} [data-column][aria-pressed="true"]`).evaluateAll((bs) => bs.map((b) => Number(b.dataset.column)))).sort(), [...safe].sort());
  assert.equal(await s.inputValue(`${item(1)} input[type="text"]`), String(pairs));
  assert.equal(await s.locator(`${item(2)} [data-square][aria-pressed="true"]`).count(), pz.n - pz.givens.length);
  assert.equal(await s.inputValue(`${item(3)} [data-part="program-source"]`), GOOD_PROGRAM);

  const saved = await downloaded(s, '#learn [data-part="save-hand-in"]');
  assert.match(saved.name, /\.json$/);
  const handIn = JSON.parse(saved.text);
  assert.equal(handIn.name, 'Ada Lovelace');
  assert.ok(Date.parse(handIn.savedAt) > 0);
  assert.deepEqual(handIn.set, json);
  assert.deepEqual([...handIn.answers[0].marks].sort(), [...safe].sort(), 'the marked squares themselves');
  assert.equal(handIn.answers[1].text, String(pairs), 'the typed number itself');
  assert.deepEqual(handIn.answers[2].queens, [...solution].sort((a, b) => a - b), 'the final board');
  assert.equal(handIn.answers[3].source, GOOD_PROGRAM, 'the program\'s text');
  assert.ok(!JSON.stringify(handIn).includes('verdict'), 'no verdicts in a hand-in');
  assertNoErrors(student.errors);
  await s.close();

  // Cheats: verdicts claimed right on wrong answers; a wrong board claimed solved; another set; a damaged file.
  const cheat = structuredClone(handIn);
  cheat.name = 'Carl Cheat';
  cheat.answers[1] = { text: String(pairs + 1), verdict: 'right', right: true };
  const moved = solution.find((x) => !pz.givens.includes(x));
  cheat.answers[2] = { queens: cheat.answers[2].queens.map((x) => (x === moved ? (moved % pz.n === pz.n - 1 ? moved - 1 : moved + 1) : x)), solved: true, verdict: 'right' };
  cheat.answers[3] = { source: LAZY_PROGRAM, verdict: 'right' };
  cheat.verdicts = ['right', 'right', 'right', 'right'];
  cheat.score = 11;
  const lazy = structuredClone(handIn);
  lazy.name = 'Dora Dropout';
  lazy.answers = [null, null, { queens: pz.givens }, null];
  const other = structuredClone(handIn);
  other.name = 'Otto Other';
  other.set.items[0].seed = 6;
  const files = [
    { name: 'ada.json', mimeType: 'application/json', buffer: Buffer.from(saved.text) },
    { name: 'carl.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(cheat)) },
    { name: 'dora.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(lazy)) },
    { name: 'otto.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(other)) },
    { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(saved.text.slice(0, 80)) },
  ];

  // The teacher grades.
  const grader = await openPage(gradeLink.slice(new URL(gradeLink).origin.length));
  const g = grader.page;
  await g.waitForSelector('#learn [data-part="grade-view"]');
  await g.setInputFiles('#learn [data-part="hand-ins"]', files);
  await g.waitForSelector('#learn [data-part="gradebook-refused"] li[data-file="broken.json"]');
  // Choosing the files runs no program: they wait for the teacher's press, which says how many will run.
  const verdicts = () => g.locator('#learn tr[data-student]').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td[data-item]')].map((td) => td.dataset.verdict)));
  assert.deepEqual((await verdicts()).map((v) => v[3]), ['pending', 'pending', 'missing']);
  assert.equal(await g.getAttribute('#learn [data-part="gradebook"]', 'data-pending'), '2');
  assert.match(await g.textContent('#learn [data-part="run-programs"]'), /^Run 2 programs/);
  for (const part of ['gradebook-csv', 'gradebook-canvas', 'gradebook-moodle']) assert.equal(await g.isDisabled(`#learn [data-part="${part}"]`), true, `no ${part} while programs are not graded`);
  await g.click('#learn [data-part="run-programs"]');
  await waitUntil(async () => (await g.getAttribute('#learn [data-part="gradebook"]', 'data-pending')) === '0', { timeout: 30_000, message: 'the programs have run' });
  const book = await g.locator('#learn tr[data-student]').evaluateAll((trs) => trs.map((tr) => ({
    student: tr.dataset.student, score: tr.dataset.score ?? null, text: tr.textContent,
    cells: [...tr.querySelectorAll('td[data-item]')].map((td) => td.dataset.verdict),
  })));
  assert.equal(book.length, 3, 'the refused files are listed apart, not as grade rows');
  assert.deepEqual(book[0], { ...book[0], student: 'Ada Lovelace', score: '11', cells: ['right', 'right', 'right', 'right'] });
  assert.deepEqual(book[1], { ...book[1], student: 'Carl Cheat', score: '1', cells: ['right', 'wrong', 'wrong', 'wrong'] });
  // The lazy program stops at its first solution: N = 4, with A000170's 2 solutions, is the first N it gets wrong.
  assert.match(book[1].text, /Item 4: Not right yet: it missed \d+ solutions \(1 of 2 at N = 4,/, 'why the program is wrong');
  assert.deepEqual(book[2], { ...book[2], student: 'Dora Dropout', score: '0', cells: ['missing', 'missing', 'wrong', 'missing'] });
  const refused = await g.locator('#learn [data-part="gradebook-refused"] li').evaluateAll((lis) => lis.map((li) => [li.dataset.file, li.textContent]));
  assert.deepEqual(refused.map(([f]) => f), ['otto.json', 'broken.json']);
  assert.match(refused[0][1], /another set/);
  assert.match(refused[1][1], /damaged/);
  await screenshot(g, 'sets-gradebook-1280');

  const csv = await downloaded(g, '#learn [data-part="gradebook-csv"]');
  const lines = csv.text.trim().split(/\r\n/);
  assert.equal(lines.length, 4);
  assert.equal(lines[0], 'file,name,identity,saved at,score,out of,status,item 1,item 2,item 3,item 4,flags,note');
  assert.match(lines[1], /^ada\.json,Ada Lovelace,,[^,]+,11,11,counts,right,right,right,right,,$/);
  assert.match(lines[2], /^carl\.json,Carl Cheat,,[^,]+,1,11,counts,right,wrong,wrong,wrong,,"Item 4: Not right yet: it missed \d+ solutions \(1 of 2 at N = 4,[^"]*"$/);

  // Thirty hand-ins at once: the time the page says it took goes to the log.
  const thirty = Array.from({ length: 30 }, (_, i) => ({ name: `s${i}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...handIn, name: `Student ${i}` })) }));
  await g.setInputFiles('#learn [data-part="hand-ins"]', thirty);
  await g.waitForSelector('#learn tr[data-student="Student 29"]');
  const ms = Number(await g.getAttribute('#learn [data-part="grade-status"]', 'data-ms'));
  console.log(`30 hand-ins graded in the page in ${ms.toFixed(1)} ms (the program runs after, once for the same text)`);
  assert.ok(ms < 2000, `${ms} ms`);
  assert.match(await g.textContent('#learn [data-part="run-programs"]'), /^Run 1 program /, 'thirty copies of one program run once');
  await g.click('#learn [data-part="run-programs"]');
  await waitUntil(async () => (await g.getAttribute('#learn [data-part="gradebook"]', 'data-pending')) === '0', { timeout: 30_000, message: 'the programs have run' });
  assert.equal(await g.locator('#learn tr[data-score="11"]').count(), 31);
  // Thirty-one hand-ins of the same answers and program: each flagged as a copy.
  assert.equal(await g.locator('#learn tr[data-student]:has([data-part="flag"]:text-matches("A copy: the same answers"))').count(), 31);
  assertNoErrors(grader.errors);
  await g.close();
});

test('a damaged set link and an unknown item are sentences; the rest of the set works', async () => {
  const { page, errors } = await openPage('/?mode=learn&set=notaset!');
  try {
    await page.waitForSelector('#learn [data-part="set-problem"]');
    assert.match(await page.textContent('#learn [data-part="set-problem"]'), /set=.*Showing the chapters/);
    await page.waitForSelector('#learn [data-chapter="1"]:not([hidden])');
  } finally {
    await page.close();
  }
  const code = zlib.deflateRawSync(Buffer.from(JSON.stringify({ title: 'Mixed', items: [{ kind: 'nope', chapter: 1, seed: 1 }, { kind: 'next-row', chapter: 1, seed: 9 }, { puzzle: { n: 99, level: 'easy', seed: 1 } }] }))).toString('base64url');
  const second = await openPage(`/?mode=learn&set=${code}`);
  try {
    await second.page.waitForSelector('#learn[data-set] [data-set-item="2"]');
    assert.match(await second.page.textContent('#learn [data-set-item="0"] [data-part="set-item-problem"]'), /nope.*next-row/);
    assert.match(await second.page.textContent('#learn [data-set-item="2"] [data-part="set-item-problem"]'), /4 to 12/);
    assert.equal(await second.page.locator('#learn [data-set-item="1"] [data-exercise][data-kind="next-row"]').count(), 1);
    assertNoErrors([...errors, ...second.errors]);
  } finally {
    await second.page.close();
  }
});

/** Print media: no tabs, buttons or navigation; a PDF with pages. */
async function printed(page, name) {
  await page.emulateMedia({ media: 'print' });
  const hidden = await page.evaluate(() => {
    const shown = (el) => el && getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0;
    return {
      nav: [...document.querySelectorAll('nav')].filter(shown).length,
      buttons: [...document.querySelectorAll('main:not([hidden]) button:not(.learn-toggle)')].filter(shown).length,
      background: getComputedStyle(document.body).backgroundColor,
      text: document.querySelector('main:not([hidden])')?.innerText ?? '',
      squares: [...document.querySelectorAll('#learn .learn-sq')].filter(shown).map((sq) => getComputedStyle(sq).printColorAdjust),
    };
  });
  // A printed question speaks of paper, not of the page's Check or its view; its squares print as they are.
  assert.doesNotMatch(hidden.text, /then Check|as in the view above/, `${name}: no on-screen words in print`);
  assert.ok(hidden.squares.every((v) => v === 'exact'), `${name}: squares print their colours`);
  assert.equal(hidden.nav, 0, `${name}: no navigation in print`);
  assert.equal(hidden.buttons, 0, `${name}: no buttons in print`);
  assert.equal(hidden.background, 'rgb(255, 255, 255)', `${name}: white paper`);
  await screenshot(page, `sets-print-${name}`);
  const pdf = await page.pdf({ format: 'A4' });
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  assert.ok(pages >= 1, `${name}: ${pages} pages`);
  return pages;
}

test('worksheets: a set, a chapter and a puzzle print clean, in light and dark', async () => {
  const code = zlib.deflateRawSync(Buffer.from(JSON.stringify({ title: 'Worksheet', items: [{ kind: 'next-row', chapter: 1, seed: 5 }, { kind: 'conflicts-count', chapter: 7, seed: 3 }, { puzzle: { n: 8, level: 'medium', seed: 7 } }, { program: { lang: 'py', upTo: 6 } }] }))).toString('base64url');
  for (const scheme of ['light', 'dark']) {
    const { page, errors } = await openPage(`/?mode=learn&set=${code}`);
    try {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForSelector('#learn[data-set] [data-set-item="3"]');
      const pages = await printed(page, `set-${scheme}`);
      // Numbered items, each with room for its answer.
      const sheet = await page.evaluate(() => ({
        headings: [...document.querySelectorAll('#learn [data-set-item] > h3')].map((h) => h.textContent),
        field: document.querySelector('#learn [data-set-item="1"] input[type="text"]').getBoundingClientRect().width,
        source: document.querySelector('#learn [data-set-item="3"] [data-part="program-source"]').getBoundingClientRect().height,
      }));
      assert.deepEqual(sheet.headings.map((h) => h.split('.')[0]), ['1', '2', '3', '4']);
      assert.ok(sheet.field >= 150, `a line to write the number on (${sheet.field} px)`);
      assert.ok(sheet.source >= 250, `room to write the program (${sheet.source} px)`);
      assert.ok(pages >= 2, `four items take more than a page (${pages})`);
      await page.goto(page.url().replace(/\?.*$/, '?mode=learn&chapter=1'));
      await page.waitForSelector('body[data-ready="true"]');
      await page.waitForSelector('#learn [data-chapter="1"]:not([hidden]) [data-exercise]');
      await printed(page, `chapter-${scheme}`);
      await page.goto(page.url().replace(/\?.*$/, '?mode=puzzle'));
      await page.waitForSelector('body[data-ready="true"]');
      await printed(page, `puzzle-${scheme}`);
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
});

test('screenshots of a set at 390 px, light and dark', async () => {
  const code = zlib.deflateRawSync(Buffer.from(JSON.stringify({ title: 'Phone', items: [{ kind: 'symmetry-image', chapter: 6, seed: 2 }, { puzzle: { n: 8, level: 'easy', seed: 3 } }] }))).toString('base64url');
  for (const scheme of ['light', 'dark']) {
    const { page, errors } = await openPage(`/?mode=learn&set=${code}`, { viewport: { width: 390, height: 844 } });
    try {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForSelector('#learn[data-set] [data-set-item="1"]');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 390, `the page is ${wide} px wide at 390`);
      await screenshot(page, `sets-student-390-${scheme}`);
      const grade = await openPage(`/?mode=learn&set=${code}&grade=1`, { viewport: { width: 390, height: 844 } });
      await grade.page.emulateMedia({ colorScheme: scheme });
      await grade.page.waitForSelector('#learn [data-part="grade-view"]');
      await screenshot(grade.page, `sets-grade-390-${scheme}`);
      await grade.page.close();
      assertNoErrors([...errors, ...grade.errors]);
    } finally {
      await page.close();
    }
  }
});

test('a hand-in dropped on the grade page is graded; axe finds nothing on the set, the gradebook and the maker, light or dark', async () => {
  const set = { title: 'Drop', items: [{ kind: 'conflicts-count', chapter: 7, seed: 3, points: 2 }, { kind: 'nope', chapter: 1, seed: 1 }] };
  const code = zlib.deflateRawSync(Buffer.from(JSON.stringify(set))).toString('base64url');
  const student = await openPage(`/?mode=learn&set=${code}`);
  const found = [];
  try {
    await student.page.waitForSelector('#learn[data-set] [data-set-item="1"]');
    found.push(...await violations(student.page, 'student'));
    await student.page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(student.page, 'sets-student-1280-dark');
    assertNoErrors(student.errors);
  } finally {
    await student.page.close();
  }
  const grade = await openPage(`/?mode=learn&set=${code}&grade=1`);
  const g = grade.page;
  try {
    await g.waitForSelector('#learn [data-part="grade-view"]');
    const handIn = { format: 'nqueens-hand-in', version: 1, set, name: 'Dropped Dan', savedAt: '2026-01-01T00:00:00Z', answers: [{ text: 'seven' }, { text: '1', verdict: 'right' }] };
    await g.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'dan.json', { type: 'application/json' }));
      const zone = document.querySelector('#learn [data-part="drop-zone"]');
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, JSON.stringify(handIn));
    await g.waitForSelector('#learn tr[data-student="Dropped Dan"]');
    await g.waitForSelector('#learn [data-part="gradebook-refused"]:empty', { state: 'attached' });
    assert.equal(await g.getAttribute('#learn tr[data-student="Dropped Dan"]', 'data-score'), '0');
    assert.deepEqual(await g.locator('#learn tr[data-student="Dropped Dan"] td[data-item]').evaluateAll((tds) => tds.map((td) => td.dataset.verdict)), ['wrong', 'missing']);
    found.push(...await violations(g, 'gradebook'));
    await g.emulateMedia({ colorScheme: 'dark' });
    await screenshot(g, 'sets-grade-1280-dark');
    await g.goto(g.url().replace(/\?.*$/, '?mode=learn&chapter=7&kind=swap-effect&seed=42'));
    await g.waitForSelector('body[data-ready="true"]');
    await g.click('#learn [data-part="set-maker"] summary');
    await g.click('#learn [data-part="set-use-shown"]');
    assert.deepEqual([await g.inputValue('#learn [data-part="set-chapter"]'), await g.inputValue('#learn [data-part="set-kind"]'), await g.inputValue('#learn [data-part="set-seed"]')], ['7', 'swap-effect', '42'], 'the chapter\'s own question');
    await g.click('#learn [data-part="set-add-question"]');
    await g.waitForSelector('#learn [data-part="set-link"][data-ready]:not([hidden])');
    const added = new URL(await g.getAttribute('#learn [data-part="set-link"]', 'href')).searchParams.get('set');
    assert.deepEqual(JSON.parse(zlib.inflateRawSync(Buffer.from(added, 'base64url')).toString('utf8')).items, [{ kind: 'swap-effect', chapter: 7, seed: 42, points: 1 }]);
    await g.waitForSelector('#learn [data-part="set-link"][data-ready]:not([hidden])');
    found.push(...await violations(g, 'maker'));
    await screenshot(g, 'sets-maker-1280-dark');
    assertNoErrors(grade.errors);
  } finally {
    await g.close();
  }
  assert.deepEqual(found, [], `axe found:\n  ${found.join('\n  ')}`);
});

test('hostile hand-ins: nothing runs before the press; after it no request leaves, no storage is left, no forged Right', async () => {
  const rec = await recordingServer();
  const set = { title: 'Hostile', items: [{ program: { lang: 'js', upTo: 4 }, points: 5 }] };
  const code = zlib.deflateRawSync(Buffer.from(JSON.stringify(set))).toString('base64url');
  const handIn = (name, source) => ({ name: `${name}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ format: 'nqueens-hand-in', version: 1, set, name, savedAt: '2026-01-01T00:00:00Z', answers: [{ source }] })) });
  const { page: g, errors } = await openPage(`/?mode=learn&set=${code}&grade=1`);
  try {
    await g.waitForSelector('#learn [data-part="grade-view"]');
    await g.setInputFiles('#learn [data-part="hand-ins"]', [handIn('Eve Escape', ESCAPES(rec.base)), handIn('Fay Forger', FORGED_SIZE)]);
    await g.waitForSelector('#learn tr[data-student="Fay Forger"]');
    const cells = () => g.locator('#learn tr[data-student] td[data-item="0"]').evaluateAll((tds) => tds.map((td) => td.dataset.verdict));
    // Chosen, not run: both programs wait for the press, and the recording server has heard nothing.
    assert.deepEqual(await cells(), ['pending', 'pending']);
    assert.match(await g.textContent('#learn [data-part="run-programs"]'), /^Run 2 programs/);
    assert.deepEqual(rec.requests, [], 'nothing ran before the press');
    await g.click('#learn [data-part="run-programs"]');
    await waitUntil(async () => (await g.getAttribute('#learn [data-part="gradebook"]', 'data-pending')) === '0', { timeout: 60_000, message: 'the programs have run' });
    // Without a search, neither program finds the one solution of N = 1 nor the two of N = 4: both are wrong, and score 0.
    assert.deepEqual(await cells(), ['wrong', 'wrong']);
    // Each is judged on the boards asked for (A000170: 1, 0, 0, 2 solutions for N = 1 to 4), not on the N its records claim.
    for (const notes of await g.locator('#learn tr[data-student] [data-part="notes"]').allTextContents()) assert.match(notes, /missed 3 solutions \(1 of 1 at N = 1, 2 of 2 at N = 4\)/);
    assert.deepEqual(await g.locator('#learn tr[data-student]').evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.score))), [0, 0]);
    // A later tab of the same browser finds nothing the programs tried to keep; nothing reached the server.
    await revisit(g, '/?mode=learn');
    assert.deepEqual(await leftovers(g), []);
    assert.deepEqual(rec.requests, [], 'the recording server got no request');
    assertNoErrors(errors.filter((e) => !/Content Security Policy|Refused to|\(csp\)$/.test(e)));
  } finally {
    await g.close();
    await rec.close();
  }
});
