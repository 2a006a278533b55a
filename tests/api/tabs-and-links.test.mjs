// State two tabs share and links at their limits, the page's DOM-free parts in node: Learn progress
// shared by two tabs (two Progress objects on one storage, told of each
// other's writes on a BroadcastChannel as two tabs are), the count answer
// read strictly, a link's text echoed with its invisible characters named,
// repeated parameters said, Many runs' links and sentences about its limits,
// the coach's refusal to hint on an unchecked board, and the core's
// sentences about a size out of range. Each against a truth written here: a
// replay of the answers, the forms typed in, the runs budget the core gives.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Progress } from '../../www/learn/progress.js';
import { Review } from '../../www/learn/review.js';
import { SharedStore } from '../../www/lib/shared-store.js';
import { clip, readCount } from '../../www/lib/words.js';
import { repeatedParams } from '../../www/lib/params.js';
import { uncheckedSentence } from '../../www/puzzle/coach.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.join(ROOT, 'pkg');

/** @type {typeof import('../../pkg/nqueens.js')} */
let api;
let core;

before(async () => {
  assert.ok(fs.existsSync(path.join(PKG, 'nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
  const { describeCore } = await import('../../www/core/core.js');
  core = describeCore(api);
});

/** A storage like localStorage, one per "browser": the tabs made on it share it. */
function memoryStorage() {
  const map = new Map();
  return {
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => map.set(key, String(value)),
    removeItem: (key) => map.delete(key),
    raw: map,
  };
}

/** Waits until `ready()` holds (BroadcastChannel's messages arrive in a later task), for up to 5 s. */
async function until(ready, what) {
  for (const start = Date.now(); !ready(); ) {
    assert.ok(Date.now() - start < 5000, `timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const opened = [];
after(() => {
  for (const progress of opened) progress.store.close();
});

/** A tab's Progress on `storage`. */
function tab(storage) {
  const progress = new Progress(storage);
  opened.push(progress);
  return progress;
}

test('Learn progress: two tabs answering keep both answers (the issue\'s steps)', async () => {
  const storage = memoryStorage();
  const a = tab(storage);
  a.answer(3, 'next-row', true, true); // something from before the reset
  a.reset();
  a.see(6);
  const b = tab(storage);
  b.see(8);
  // A answers right, B wrong, each on its own copy as it stood.
  a.answer(6, 'count', true, true);
  b.answer(8, 'luby', false, true);
  // The truth, replayed here: one right of two, chapter 6 solved, both seen.
  const fresh = tab(storage);
  assert.deepEqual(fresh.totals(), { right: 1, tried: 2 });
  assert.equal(fresh.solved(6), true);
  assert.equal(fresh.solved(8), false);
  assert.deepEqual([...fresh.data.seen].sort(), [6, 8]);
  const stored = JSON.parse(storage.raw.get('nqueens-learn-progress'));
  assert.deepEqual(stored.answers, { count: { right: 1, tried: 1 }, luby: { right: 0, tried: 1 } });
});

test('Learn progress: an open tab follows the other\'s answers and its reset', async () => {
  const storage = memoryStorage();
  const a = tab(storage);
  const b = tab(storage);
  let told = 0;
  b.onChange(() => told++);
  a.answer(6, 'count', true, true);
  await until(() => told >= 1, 'B to be told');
  assert.deepEqual(b.totals(), { right: 1, tried: 1 }, 'B shows A\'s answer without a reload');
  assert.equal(b.solved(6), true);
  // Many answers from both tabs, interleaved: every one is counted.
  let right = 1;
  let tried = 1;
  for (let i = 0; i < 40; i++) {
    const who = i % 3 === 0 ? a : b;
    const ok = i % 4 !== 1;
    who.answer(1 + (i % 8), i % 2 ? 'count' : 'luby', ok, true);
    tried++;
    if (ok) right++;
  }
  assert.deepEqual(tab(storage).totals(), { right, tried });
  b.reset();
  await until(() => a.totals().tried === 0, 'A to follow B\'s reset');
  assert.deepEqual(a.totals(), { right: 0, tried: 0 }, 'A follows B\'s reset');
  a.answer(2, 'count', false, true);
  assert.deepEqual(tab(storage).totals(), { right: 0, tried: 1 }, 'nothing from before the reset comes back');
});

test('Learn\'s review list: two tabs keep both wrong answers, and a right answer in one clears it in both', async () => {
  const storage = memoryStorage();
  const a = new Review(storage);
  const b = new Review(storage);
  opened.push(a, b);
  const q1 = { chapter: 6, kind: 'count', seed: 1 };
  const q2 = { chapter: 8, kind: 'luby', seed: 1 };
  a.answer(q1, false, true);
  b.answer(q2, false, true);
  const fresh = new Review(storage);
  opened.push(fresh);
  assert.deepEqual(fresh.items, [q1, q2]);
  await until(() => a.items.length === 2, 'A to follow B');
  a.answer(q2, true, false);
  await until(() => b.items.length === 1, 'B to follow A');
  assert.deepEqual(b.items, [q1]);
  assert.deepEqual(JSON.parse(storage.raw.get('nqueens-learn-review')), [q1]);
});

test('SharedStore: a refused storage keeps the record for the visit, and damage reads as empty', () => {
  const refusing = { getItem: () => { throw new Error('no'); }, setItem: () => { throw new Error('full'); }, removeItem: () => {} };
  const store = new SharedStore('test-refused', { parse: (v) => ({ list: Array.isArray(v?.list) ? v.list : [] }), empty: () => ({ list: [] }), storage: refusing });
  store.update((r) => { r.list.push(1); });
  assert.equal(store.value.list.length, 1);
  store.close();
  const storage = memoryStorage();
  storage.setItem('test-damaged', '{not json');
  const damaged = new SharedStore('test-damaged', { parse: (v) => ({ list: Array.isArray(v?.list) ? v.list : [] }), empty: () => ({ list: [] }), storage });
  assert.deepEqual(damaged.value, { list: [] });
  damaged.close();
  // No storage at all (a browser that refuses it): the visit's record.
  const none = new SharedStore('test-none', { parse: (v) => v, empty: () => ({ list: [] }), storage: null });
  none.update((r) => { r.list.push(2); });
  none.update((r) => { r.list.push(3); });
  assert.deepEqual(none.value.list, [2, 3]);
  none.close();
});

test('the count answer accepts decimal digits only, with the page\'s commas', () => {
  for (const [text, value] of [['724', 724], [' 724 ', 724], ['0724', 724], ['1,234', 1234], ['14,772,512', 14772512], ['365596', 365596]]) {
    assert.deepEqual(readCount(text), { value }, text);
  }
  // The forms (answer 724), and more that Number() would take.
  for (const text of ['0x2d4', '0b1011010100', '0o1324', '72.4e1', ',,724', '+724', '7,24', '72,4', '1,2345', '724.0', '7 24', '-724', '', '   ', '724,', 'Infinity', '٧٢٤']) {
    const read = readCount(text);
    assert.equal(read.value, undefined, `${JSON.stringify(text)} is not read`);
    assert.match(read.problem, text.trim() ? /was not understood|empty/ : /empty/, text);
    if (text.trim()) assert.ok(read.problem.includes(text.trim()), `the sentence names ${text}`);
  }
  assert.match(readCount('9'.repeat(20)).problem, /too large/);
});

test('a link\'s text is echoed with its invisible characters named, never raw', () => {
  const hidden = ['\u202e', '\u202d', '\u2066', '\u200b', '\u200d', '\ufeff', '\u2060', '\u00ad', '\u2028', '\u0007', '\u180e', '\udb80\udc00'];
  for (const c of hidden) {
    const shown = clip(`bit${c}wise`);
    const code = c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0');
    assert.equal(shown, `bit[U+${code}]wise`, JSON.stringify(c));
  }
  assert.equal(clip('\u202e'), '[U+202E]', 'a value of one invisible character is not an empty echo');
  assert.equal(clip('brute-force'), 'brute-force');
  assert.equal(clip('é😀'), 'é😀');
  assert.equal(clip('x'.repeat(30)), `${'x'.repeat(24)}…`);
});

test('a parameter given twice is said, with the value read', () => {
  assert.deepEqual(repeatedParams('?mode=puzzle&n=8'), []);
  const said = repeatedParams('?q=0,9&n=8&q=1,10&q=2');
  assert.equal(said.length, 1);
  assert.match(said[0], /q= 3 times; the page reads the first, q=0,9/);
  assert.equal(repeatedParams('?a=1&b=2&a=3&b=4').length, 2);
});

test('Many runs: a link without a cap takes its search\'s default cap, and the sentences say which side of a range', async () => {
  const { parseRunsParams } = await import('../../www/runs/mode.js');
  const { specProblem } = await import('../../www/runs/model.js');
  const { budget } = api.runLengthsBudget('queen-search', 1000);
  const link = parseRunsParams('?mode=runs&algo=queen-search&n=1000', core);
  assert.deepEqual(link.problems, []);
  assert.equal(link.form.id, 'queen-search');
  assert.equal(link.form.n, 1000);
  assert.equal(link.form.cap, Math.min(10_000_000, budget), 'the default cap fits the budget');
  const most = api.runLengthsBudget('queen-search', 30).budget;
  assert.ok(most > budget, 'the budget at N = 30 is over the one at 1000');
  const problem = specProblem({ id: 'queen-search', n: 1000, first: 1, seeds: 200, cap: most, restarts: true }, core.algorithms, api);
  assert.match(problem, new RegExp(`capped at 1 to ${budget.toLocaleString('en-US')} steps; ${most.toLocaleString('en-US')} is above that range\\.`));
  assert.doesNotMatch(problem, /whole number/);
  const few = specProblem({ id: 'queen-search', n: 1000, first: 1, seeds: 3, cap: 10, restarts: true }, core.algorithms, api);
  assert.match(few, /; 3 is below that range\./);
  const notWhole = specProblem({ id: 'queen-search', n: 1000, first: 1, seeds: 200, cap: NaN, restarts: true }, core.algorithms, api);
  assert.match(notWhole, /not a whole number/);
});

test('the core says on which side of its range a whole N is, digits grouped', () => {
  const sentence = (fn) => {
    try {
      fn();
    } catch (e) {
      return e.message;
    }
    assert.fail('no refusal');
  };
  // One above queen search's own limit, read from the core; the sentence groups its digits.
  const over = api.algorithms().find((a) => a.id === 'queen-search').findMaxN + 1;
  const grouped = String(over).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  assert.ok(grouped.includes(','), `${over} has digits to group`);
  const find = sentence(() => api.findOne('queen-search', over));
  assert.match(find, new RegExp(`N = ${grouped} is above that range\\.`));
  assert.doesNotMatch(find, /whole number/);
  assert.match(sentence(() => api.findOne('queen-search', 2.5)), /N = 2\.5 is not a whole number\./);
  assert.match(sentence(() => new api.Session('bitwise', 21)), /N = 21 is above that range\./);
  assert.match(sentence(() => new api.Session('bitwise', 0)), /N = 0 is below that range\./);
  const one = sentence(() => api.runLengths('queen-search', 1000, 1, 1, api.runLengthsBudget('queen-search', 1000).budget + 1));
  assert.match(one, /1 run capped at/);
  assert.doesNotMatch(one, /1 runs/);
});

test('no hint on a board whose check has not come back', () => {
  const solution = Int32Array.from([1, 3, 0, 2]);
  // Checked: a completion known, and the marks' verdict when there are marks.
  assert.equal(uncheckedSentence({ pending: true, solution }, false), null);
  assert.equal(uncheckedSentence({ pending: true, solution, marks: { count: null, wrong: [] } }, true), null);
  assert.equal(uncheckedSentence({ pending: false, solution: null }, true), null, 'a dead board is checked (it says so itself)');
  // Not checked yet, or not in time.
  assert.match(uncheckedSentence({ pending: true }, false), /^Still checking this board/);
  assert.match(uncheckedSentence({ pending: true, solution }, true), /^Still checking your ruled-out squares/);
  assert.match(uncheckedSentence({ pending: false, timedOut: true, solution }, true), /could not check your ruled-out squares in time/);
  assert.match(uncheckedSentence({ pending: false, timedOut: true }, false), /could not check this board in time/);
});
