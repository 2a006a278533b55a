// Race mode's exports in node: seekWork(), runWithin() and nextWork() under
// hostile arguments (a sentence, never a trap), and against plain stepping:
// a lane at budget c is the last step whose work is at most c.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PKG = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), 'pkg');
/** @type {typeof import('../../pkg/nqueens.js')} */
let api;

before(async () => {
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
  IDS = api.algorithms().filter((a) => a.goal === 'all').map((a) => a.id);
});

/** The id of every search race mode races (goal "all"), from the core's algorithms(). */
let IDS = [];

const HOSTILE = [undefined, null, true, NaN, Infinity, -1, 0.5, 2 ** 53 + 2, '', '8-1', '0x8', ' 7 ', '\u202echecks', 'x'.repeat(100_000), [7], {}, () => 8, -1n, 2n ** 70n, Symbol('u')];

/** A refusal is an Error with a short sentence, no echoed control or bidi characters. */
function refused(what, fn) {
  try {
    fn();
    return false;
  } catch (error) {
    assert.ok(!(error instanceof WebAssembly.RuntimeError), `${what}: a trap`);
    assert.ok(error instanceof Error && /[.]$/.test(error.message) && error.message.length < 400, `${what}: ${error?.message}`);
    assert.ok(!/[\u202e\u0000-\u001f]|TypeError|unreachable/.test(error.message), `${what}: ${error.message}`);
    return true;
  }
}

test('hostile units and budgets are refused with a sentence, and the session stays put', () => {
  for (const id of IDS) {
    const s = new api.Session(id, 5);
    try {
      s.run(7);
      for (const bad of HOSTILE) {
        assert.ok(refused(`${id}.seekWork(bad)`, () => s.seekWork(bad, 3)));
        assert.ok(refused(`${id}.runWithin(bad)`, () => s.runWithin(bad, 3, 10)));
        assert.ok(refused(`${id}.nextWork(bad)`, () => s.nextWork(bad)));
        if (bad !== ' 7 ') {
          assert.ok(refused(`${id}.seekWork('checks', bad)`, () => s.seekWork('checks', bad)));
          assert.ok(refused(`${id}.runWithin('steps', bad, 1)`, () => s.runWithin('steps', bad, 1)));
        }
        if (bad !== Infinity && bad !== ' 7 ') assert.ok(refused(`${id}.runWithin('steps', 9, bad)`, () => s.runWithin('steps', 9, bad)));
        assert.equal(s.stepIndex, 7, `${id}: a refused call leaves the session where it was`);
      }
      assert.match((() => { try { s.seekWork('time', 1); } catch (e) { return e.message; } })(), /measures work in "checks" or "steps"; got "time"\./);
    } finally {
      s.free();
    }
  }
});

test('a race to the first solution: every search, seeded, lands where plain stepping puts it, each step within its own bound', () => {
  // Race mode's clock runs a lane with runWithin and seekWork; a search for
  // one solution may add far more checks a step than the sources' N (hill
  // climbing about N²), so each lane's own mostChecksPerStep is what bounds it.
  for (const { id, minN, maxN } of api.algorithms()) {
    for (const unit of ['checks', 'steps']) {
      const plain = api.Session.seeded(id, Math.min(maxN, Math.max(minN, 8)), 3);
      const work = [0];
      let first = null;
      while (first === null && plain.step()) {
        assert.ok(plain.checks - (work.length > 1 ? work.at(-1) : 0) <= plain.mostChecksPerStep || unit === 'steps', `${id}: a step within its bound`);
        work.push(unit === 'checks' ? plain.checks : plain.stepIndex);
        if (plain.solutionCount > 0) first = plain.stepIndex;
      }
      plain.free();
      assert.ok(first !== null, `${id} finds a solution at N=8`);
      const s = api.Session.seeded(id, 8, 3);
      try {
        for (const c of [0, 1, 5, Math.floor(work[first] / 2), work[first] - 1].filter((c) => c >= 0 && c < work[first])) {
          s.seekWork(unit, c);
          let want = 0;
          while (want + 1 < work.length && work[want + 1] <= c) want++;
          assert.equal(s.stepIndex, want, `${id} ${unit} c=${c}`);
          if (want < first) assert.equal(s.solutionCount, 0, `${id}: no solution before its first`);
        }
        // In slices, as the race runs a lane: the first solution is found on
        // its step (a source's search may go on past it within the budget, over
        // steps that add no work; race/clock.js's stopAtFirst brings it back).
        s.seekWork(unit, 0);
        while (!s.done && s.solutionCount === 0 && s.runWithin(unit, work[first], 7) > 0);
        assert.equal(s.solutions(1)[0].step, first, `${id} ${unit}: runWithin in slices finds the first solution on its step`);
        assert.ok(s.stepIndex === first || s.nextWork(unit) > work[first] || s.done, `${id} ${unit}: within the budget`);
      } finally {
        s.free();
      }
    }
  }
});

test('seekWork and runWithin agree with plain stepping at N=6', () => {
  for (const id of IDS) {
    for (const unit of ['checks', 'steps']) {
      const plain = new api.Session(id, 6);
      const work = [0];
      while (plain.step()) work.push(unit === 'checks' ? plain.checks : plain.stepIndex);
      plain.free();
      const end = work.at(-1);
      const s = new api.Session(id, 6);
      const r = new api.Session(id, 6);
      try {
        for (const c of [0, 1, 2, 3, 17, Math.floor(end / 3), end - 1, end, end + 5, 5, 0, Math.floor(end / 2)]) {
          s.seekWork(unit, c);
          let want = 0;
          while (want + 1 < work.length && work[want + 1] <= c) want++;
          assert.equal(s.stepIndex, want, `${id} ${unit} c=${c}`);
          if (s.stepIndex < work.length - 1) assert.ok(s.nextWork(unit) > c, `${id} ${unit}: the next step would go over`);
          else assert.equal(s.nextWork(unit), undefined);
        }
        // BigInts and digit strings follow the one rule.
        s.seekWork(unit, 0n);
        assert.equal(s.stepIndex, 0);
        assert.equal(r.runWithin(unit, String(end), Infinity), work.length - 1);
        assert.ok(r.done);
      } finally {
        s.free();
        r.free();
      }
    }
  }
});
