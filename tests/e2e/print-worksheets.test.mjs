// Printed worksheets, as paper shows them: a set's question and a puzzle,
// in the dark scheme (the screen's dark boards must not reach the paper),
// printed to PDF by Chromium and turned into grey pixels by pdftoppm
// (poppler-utils). On each page the board's grey squares, found in the
// pixels, make a square checkerboard: about half the board's area is the
// dark squares' grey. The puzzle is one page with no select box, checkbox
// or clock; the question does not speak of the screen's view or Check.
// test group: slow (scripts/test.sh): two PDFs, each read back through pdftoppm.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { openPage, revisit, assertNoErrors, closeHarness } from './helpers.mjs';

after(closeHarness);

/** Pixels per inch of the page images. */
const DPI = 50;

/** Each page of a PDF as grey pixels: pdftoppm's PGM files (P5: a text header, then a byte a pixel). */
function pagesOf(pdf) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'worksheet-'));
  try {
    fs.writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-gray', '-r', String(DPI), path.join(dir, 'sheet.pdf'), path.join(dir, 'page')]);
    return fs.readdirSync(dir).filter((f) => f.endsWith('.pgm')).sort().map((f) => {
      const bytes = fs.readFileSync(path.join(dir, f));
      const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'));
      assert.ok(head, `${f} is a PGM image`);
      const [width, height] = [Number(head[1]), Number(head[2])];
      return { width, height, pixels: bytes.subarray(head[0].length) };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The board on a page image: the box around its grey squares, and how much of that box is grey. */
function checkerboard({ width, height, pixels }) {
  const grey = (x, y) => { const v = pixels[y * width + x]; return v >= 200 && v <= 232; }; // the printed dark square, #d8d8d8 (216)
  // The box: pixels whose 3×3 neighbourhood is all grey (a square's inside; the greys at a letter's edge are not).
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      let solid = true;
      for (let dy = -1; dy <= 1 && solid; dy++) for (let dx = -1; dx <= 1 && solid; dx++) solid = grey(x + dx, y + dy);
      if (!solid) continue;
      left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) return null;
  let count = 0;
  for (let y = top; y <= bottom; y++) for (let x = left; x <= right; x++) if (grey(x, y)) count++;
  const [w, h] = [right - left + 1, bottom - top + 1];
  return { w, h, share: count / (w * h), pageWidth: width };
}

/** What print media shows that paper should not: selects, checkboxes, the clock, words about the screen. */
const screenOnly = (page) => page.evaluate(() => {
  const shown = (el) => getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0;
  const main = document.querySelector('main:not([hidden])');
  return {
    controls: [...main.querySelectorAll('select, input[type="checkbox"], [data-part="timer"], [data-part="hints-used"], button')].filter(shown).map((el) => el.outerHTML.slice(0, 80)),
    text: main.innerText,
  };
});

test('printed worksheets show their squares in grey on white: a question and a one-page puzzle, from the dark scheme', async () => {
  const code = zlib.deflateRawSync(Buffer.from(JSON.stringify({ title: 'Worksheet', items: [{ kind: 'conflicts-count', chapter: 7, seed: 3 }] }))).toString('base64url');
  const { page, errors } = await openPage(`/?mode=learn&set=${code}`);
  try {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForSelector('#learn[data-set] [data-set-item="0"] [data-exercise]');
    const n = Number(await page.getAttribute('#learn [data-set-item="0"] [data-exercise]', 'data-n'));
    await page.emulateMedia({ colorScheme: 'dark', media: 'print' });
    const set = await screenOnly(page);
    assert.doesNotMatch(set.text, /then Check|as in the view above/, 'a printed question speaks of paper');
    await page.emulateMedia({ colorScheme: 'dark', media: null });
    const sheets = pagesOf(await page.pdf({ format: 'A4' }));
    assert.equal(sheets.length, 1, 'one question, one page');
    const board = checkerboard(sheets[0]);
    assert.ok(board, 'the question\'s board prints its grey squares');
    // An n×n checkerboard whose grey squares' box is (n or n − 1) squares a side: half of it grey, give or take the queens drawn on it.
    assert.ok(Math.abs(board.w - board.h) <= board.w / n + 2, `a square board (${board.w}×${board.h} px)`);
    assert.ok(board.share > 0.38 && board.share < 0.62, `half the ${n}×${n} board is grey (${board.share.toFixed(2)})`);

    await revisit(page, '/?mode=puzzle&n=8&level=medium&seed=7');
    await page.waitForSelector('#puzzle[data-state="open"]');
    await page.emulateMedia({ colorScheme: 'dark', media: 'print' });
    const puzzle = await screenOnly(page);
    assert.deepEqual(puzzle.controls, [], 'no select box, checkbox, clock or button on paper');
    assert.match(puzzle.text, /Puzzle 8×8, medium, seed 7: exactly one way to finish it/, 'the caption names the puzzle');
    await page.emulateMedia({ colorScheme: 'dark', media: null });
    const puzzleSheets = pagesOf(await page.pdf({ format: 'A4' }));
    assert.equal(puzzleSheets.length, 1, 'a printed puzzle is one page');
    const grid = checkerboard(puzzleSheets[0]);
    assert.ok(grid, 'the puzzle\'s board prints its grey squares');
    assert.ok(Math.abs(grid.w - grid.h) <= grid.w / 8 + 2, `a square board (${grid.w}×${grid.h} px)`);
    assert.ok(grid.share > 0.38 && grid.share < 0.62, `half the 8×8 board is grey, no attacked squares hatched (${grid.share.toFixed(2)})`);
    assert.ok(grid.w >= grid.pageWidth / 2, `a board to write on: ${grid.w} of the page's ${grid.pageWidth} px`);
    // Back on the screen, the board is the screen's again: the attacked squares are shown.
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-printing')), false);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
