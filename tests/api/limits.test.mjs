// limits() through the API, in node with pkg/ loaded: its seed range and
// defaults against independent truths. seedMax is JavaScript's own
// Number.MAX_SAFE_INTEGER (and the last seed every seed reader takes);
// defaultSeed is the seed a session, findOne() and a Finder given none run
// from, compared step by step with the same calls given it; defaultN opens
// a session of every algorithm that takes it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.join(ROOT, 'pkg');

/** @type {typeof import('../../pkg/nqueens.js')} */
let api;
let ALGORITHMS = [];
let LIMITS;

before(async () => {
  assert.ok(fs.existsSync(path.join(PKG, 'nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
  ALGORITHMS = api.algorithms();
  LIMITS = api.limits();
});

/** A board `info` steps: `n` clamped to its range. */
const clamp = (info, n) => Math.min(Math.max(n, info.minN), info.maxN);

test('limits() has seedMax, defaultSeed and defaultN, all whole numbers', () => {
  for (const key of ['seedMax', 'defaultSeed', 'defaultN']) {
    assert.ok(Number.isSafeInteger(LIMITS[key]), `${key}: ${LIMITS[key]}`);
  }
  assert.ok(LIMITS.defaultSeed >= 0 && LIMITS.defaultSeed <= LIMITS.seedMax);
  assert.ok(LIMITS.defaultN >= 1);
});

test('seedMax is Number.MAX_SAFE_INTEGER, the last seed every reader takes', () => {
  assert.equal(LIMITS.seedMax, Number.MAX_SAFE_INTEGER);
  const info = ALGORITHMS.find((a) => a.seeded) ?? ALGORITHMS[0];
  const n = clamp(info, 8);
  for (const seed of [LIMITS.seedMax, BigInt(LIMITS.seedMax), `${LIMITS.seedMax}`]) {
    api.Session.seeded(info.id, n, seed).free();
  }
  for (const past of [BigInt(LIMITS.seedMax) + 1n, `${BigInt(LIMITS.seedMax) + 1n}`]) {
    assert.throws(() => api.Session.seeded(info.id, n, past), /seed/, `${past}`);
    assert.throws(() => api.runLengths(info.id, n, past, 1, 10), /seed/, `${past}`);
  }
  // The last seed's run, and none past it.
  assert.doesNotThrow(() => api.runLengths(info.id, n, LIMITS.seedMax, 1, 10));
  assert.throws(() => api.runLengths(info.id, n, LIMITS.seedMax, 2, 10), /seed/);
});

test('a session opened without a seed is one opened with defaultSeed, step by step', () => {
  for (const info of ALGORITHMS) {
    const n = clamp(info, 12);
    const plain = new api.Session(info.id, n);
    const given = api.Session.seeded(info.id, n, LIMITS.defaultSeed);
    try {
      assert.equal(plain.seed, LIMITS.defaultSeed, info.id);
      for (let k = 0; k < 300; k++) {
        const [a, b] = [plain.step(), given.step()];
        assert.equal(a, b, `${info.id} step ${k}`);
        assert.deepEqual(Array.from(plain.queens()), Array.from(given.queens()), `${info.id} step ${k}`);
        assert.equal(plain.message(), given.message(), `${info.id} step ${k}`);
        if (!a) break;
      }
    } finally {
      plain.free();
      given.free();
    }
  }
});

test('findOne() and Finder without a seed run from defaultSeed', () => {
  for (const info of ALGORITHMS.filter((a) => a.goal === 'one')) {
    const n = Math.min(Math.max(30, info.minN), info.findMaxN);
    const plain = api.findOne(info.id, n);
    const given = api.findOne(info.id, n, LIMITS.defaultSeed);
    assert.deepEqual([plain.steps, plain.restarts], [given.steps, given.restarts], info.id);
    assert.deepEqual(Array.from(plain.queens), Array.from(given.queens), info.id);
    const finder = new api.Finder(info.id, n);
    try {
      while (!finder.run(1000));
      assert.equal(BigInt(finder.steps), given.steps, info.id);
    } finally {
      finder.free();
    }
  }
});

test('every algorithm that takes defaultN opens a session on it, and the first does', () => {
  const fits = ALGORITHMS.filter((a) => a.minN <= LIMITS.defaultN && LIMITS.defaultN <= a.maxN);
  assert.ok(fits.includes(ALGORITHMS[0]), 'the page opens on the first algorithm at defaultN');
  for (const info of fits) {
    const s = new api.Session(info.id, LIMITS.defaultN);
    try {
      assert.equal(s.n, LIMITS.defaultN, info.id);
    } finally {
      s.free();
    }
  }
});
