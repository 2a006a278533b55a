// Count mode's model (www/count/model.js, its numbers in words.js), in node with no DOM: the engine a
// count runs on and why, the share a saved count holds, what the panel shows
// for saved progress, another tab's count, a finished count (Burnside's sum
// against fixed points counted here by a plain search), and what a tab that
// waited for another shows once that count ends.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { solutions } from '../common/plain.mjs';
import {
  KEEP_RESULT_MS, afterLookup, chooseEngine, doneShown, earlierVisit, elsewhereShown, finishedOf, idleShown, progressLine, savedButtons, savedShare, savedShown,
} from '../../www/count/model.js';
import { decimal, formatDuration, formatLeft, percent } from '../../www/count/words.js';

const GPU_ID = 'gpu-symmetry';
const setting = { engine: /** @type {'auto'} */ ('auto'), maxN: 20, gpuFrom: 12, gpuMethodId: GPU_ID, workers: 4 };
const gpuProbe = { adapter: {}, description: 'a test adapter', software: false };

/** A saved record as the store returns it. */
function record(n, over = {}) {
  return {
    n, key: 'k', subtasks: 10, done: new Uint8Array(2), doneCount: 3, doneWeight: 30, totalWeight: 120, total: '5', symmetries: null,
    elapsedMs: 1000, method: { id: 'symmetric', description: 'd' }, complete: false, fundamental: null, updated: 0, seal: 's', ...over,
  };
}

/** Every solution of N queens (column of each row's queen), by the tests' plain search. */
const boards = (n) => solutions(n);

test('numbers reach the page finite: durations, time left, shares', () => {
  assert.equal(formatDuration(1234), '1.23 s');
  assert.equal(formatDuration(754_000), '12 min 34 s');
  assert.equal(formatDuration(3_600_000 + 5 * 60_000), '1 h 05 min');
  for (const bad of [NaN, -1, Infinity]) assert.equal(formatDuration(bad), 'an unknown time');
  assert.equal(formatLeft(5000), 'a few seconds left');
  assert.equal(formatLeft(240_000), 'about 4 min left');
  assert.equal(formatLeft(NaN), 'estimating time left…');
  assert.equal(percent(0.999), '99%');
  assert.equal(percent(7), '100%');
  assert.equal(percent(NaN), '?%');
  assert.equal(decimal(Infinity), '0');
});

test('the engine: the link, the browser, the N and the saved count decide, each said in the line', () => {
  assert.equal(chooseEngine({ ...setting, engine: 'cpu' }, gpuProbe, 16, null).use, 'cpu');
  const none = chooseEngine(setting, { why: 'no adapter here' }, 16, null);
  assert.equal(none.use, 'cpu');
  assert.match(none.text, /4 Web Workers: no adapter here/);
  assert.equal(chooseEngine(setting, gpuProbe, 8, null).use, 'cpu', 'below gpuFrom the workers finish first');
  assert.equal(chooseEngine(setting, gpuProbe, 16, null).use, 'gpu');
  assert.equal(chooseEngine(setting, gpuProbe, 21, null).use, 'gpu', 'past the workers only the GPU');
  assert.equal(chooseEngine(setting, { ...gpuProbe, software: true }, 16, null).use, 'cpu', 'a software adapter is slower');
  // A saved count goes back to the engine that made it.
  const byWorkers = chooseEngine(setting, gpuProbe, 16, record(16));
  assert.equal(byWorkers.use, 'cpu');
  assert.match(byWorkers.text, /saved progress of N = 16/);
  assert.equal(chooseEngine(setting, gpuProbe, 16, record(16, { method: { id: GPU_ID, description: '' } })).use, 'gpu');
  assert.equal(chooseEngine({ ...setting, engine: 'gpu' }, gpuProbe, 4, null).use, 'gpu', 'the link asks for it');
});

test('a saved count: its share by weight (by pieces without weights), its buttons and its sentence', () => {
  assert.equal(savedShare(record(16)), 30 / 120);
  assert.equal(savedShare(record(16, { totalWeight: 0 })), 3 / 10);
  assert.equal(savedShare(record(16, { complete: true })), 1);
  assert.deepEqual(savedButtons(record(16), true).start, 'Resume');
  const other = savedButtons(record(16), false);
  assert.equal(other.start, 'Count');
  assert.equal(other.discardHidden, false, 'Discard forgets what the other engine saved');
  assert.equal(savedButtons(record(16, { complete: true }), true).discardHidden, true, 'a finished count is nothing to resume');
  const shown = savedShown(record(16, { updated: 0 }), null, GPU_ID, 5 * 60_000);
  assert.equal(shown.state, 'saved');
  assert.equal(shown.data.n, '16');
  assert.equal(Number(shown.data.saved), 0.25);
  assert.ok(shown.text.includes('25%') && shown.text.includes('5 min ago'), shown.text);
  const elsewhere = savedShown(record(16), 'Engine: the GPU (WebGPU, x).', GPU_ID);
  assert.equal(elsewhere.data.resumable, 'false');
  assert.ok(elsewhere.text.includes('the GPU (WebGPU, x)'), elsewhere.text);
});

test("another tab's count: its N and what it has saved so far", () => {
  const s = elsewhereShown(17, record(17));
  assert.equal(s.state, 'elsewhere');
  assert.equal(s.data.n, '17');
  assert.ok(s.text.includes('N = 17') && s.text.includes('25%'), s.text);
  assert.equal(elsewhereShown(17, null).data.saved, undefined);
});

test('a tab that waited for another tab\'s count shows its result once it is in the store', () => {
  const done = record(16, { complete: true, done: null, total: '14772512', fundamental: '1846955' });
  // Waiting (elsewhere), the other tab finishes: the finished count, not "Choose N".
  assert.equal(afterLookup({ state: 'elsewhere', elsewhere: false, stored: null, record: done, discarded: null }), 'finished');
  // Still counting there.
  assert.equal(afterLookup({ state: 'elsewhere', elsewhere: true, stored: null, record: null, discarded: null }), 'elsewhere');
  // The other tab stopped part way: Resume.
  assert.equal(afterLookup({ state: 'elsewhere', elsewhere: false, stored: record(16), record: record(16), discarded: null }), 'saved');
  // It stopped with nothing saved: back to idle.
  assert.equal(afterLookup({ state: 'elsewhere', elsewhere: false, stored: null, record: null, discarded: null }), 'idle');
  // A result this tab shows stays, whatever the store holds.
  assert.equal(afterLookup({ state: 'done', elsewhere: false, stored: null, record: done, discarded: null }), 'keep');
  const shown = doneShown(finishedOf(done), { from: 'tab', now: 0 });
  assert.equal(shown.state, 'done');
  assert.equal(shown.data.total, '14772512');
  assert.equal(shown.data.cached, 'true');
  assert.equal(shown.data.from, 'tab');
  assert.match(shown.text, /14,772,512 solutions/);
  assert.match(shown.text, /another tab/);
});

test("a finished count's figures, and Burnside's sum over fixed points counted here", () => {
  const n = 8;
  const all = boards(n);
  const key = (b) => b.join(',');
  const rot90 = (b) => { const r = new Array(n); b.forEach((c, row) => { r[c] = n - 1 - row; }); return r; };
  const mirror = (b) => b.map((c) => n - 1 - c);
  const set = new Set(all.map(key));
  const fixed = (f) => all.filter((b) => key(f(b)) === key(b)).length;
  const r90 = fixed(rot90);
  const r180 = fixed((b) => rot90(rot90(b)));
  // The four reflections: the vertical axis, and the others as it composed with the rotations.
  const m = [mirror, (b) => rot90(mirror(b)), (b) => rot90(rot90(mirror(b))), (b) => rot90(rot90(rot90(mirror(b))))].reduce((s, f) => s + fixed(f), 0);
  // The classes counted directly: each board's smallest image.
  const classes = new Set(all.map((b) => {
    const images = [];
    let x = b;
    for (let i = 0; i < 4; i++) { images.push(key(x), key(mirror(x))); x = rot90(x); }
    return images.sort()[0];
  })).size;
  assert.equal(set.size, 92);
  assert.equal((all.length + r180 + 2 * r90 + m) / 8, classes);
  const shown = doneShown({ n, total: BigInt(all.length), fundamental: BigInt(classes), elapsedMs: 12.5, subtasks: 7, symmetries: { rot90: String(r90), rot180: String(r180), mirror: String(m) }, ms: 12.5 }, { workers: 2 });
  assert.equal(shown.data.total, '92');
  assert.equal(shown.data.fundamental, String(classes));
  assert.equal(shown.data.workers, '2');
  assert.ok(shown.burnside.includes(`(92 + ${r180} + 2·${r90} + ${m}) / 8 = ${classes}`), shown.burnside);
  assert.deepEqual(shown.cells.map((c) => c.value).slice(0, 2), ['92', String(classes)]);
  assert.match(shown.cells[2].value, /on 2 workers/);
  assert.equal(shown.bar, 1);
  // Against the known count: the same for 92, not for a wrong total.
  assert.deepEqual(shown.known.agrees, true);
  assert.match(shown.known.text, /Q\(8\) = 92/);
  const wrong = doneShown({ n, total: 91n, fundamental: 12n, elapsedMs: 1, subtasks: 1, symmetries: null });
  assert.equal(wrong.known.agrees, false);
  assert.match(wrong.known.text, /gives Q\(8\) = 92/);
  assert.equal(doneShown({ n: 28, total: 1n, fundamental: 1n, elapsedMs: 1, subtasks: 1, symmetries: null }).known, undefined, 'nothing known past Q(27)');
});

test('the bar\'s line while a count runs, and what an earlier visit left', () => {
  assert.match(progressLine({ done: 0, subtasks: null, ms: 0, at: 0 }, 1500, null, false), /^Preparing the subtasks… · 1\.50 s elapsed$/);
  const line = progressLine({ done: 5, subtasks: 40, ms: 2000, fraction: 0.5, at: 0 }, 0, 240_000, true);
  assert.ok(line.startsWith('Pieces 5 / 40 · 50% of the work') && line.endsWith('about 4 min left'), line);
  const fits = (n) => n >= 1 && n <= 20;
  const partial = record(14);
  const kept = record(12, { complete: true, elapsedMs: KEEP_RESULT_MS });
  assert.equal(earlierVisit({ records: [kept, partial], discarded: [] }, fits).partial, partial, 'an unfinished count first');
  assert.equal(earlierVisit({ records: [kept], discarded: [] }, fits).kept, kept);
  assert.equal(earlierVisit({ records: [{ ...kept, elapsedMs: KEEP_RESULT_MS - 1 }], discarded: [] }, fits).kept, null, 'a short count is not kept');
  assert.equal(earlierVisit({ records: [record(24)], discarded: [] }, fits).partial, null, 'an N this page does not count');
  const damaged = earlierVisit({ records: [], discarded: [{ n: 9, why: 'damaged' }] }, fits);
  assert.equal(damaged.n, 9);
  assert.match(damaged.notes[0], /N = 9 was damaged/);
  assert.equal(idleShown().text, 'Choose N and press Count.');
});
