// Count mode through the exported API in node (the same wasm the page
// loads): OEIS A000170 and A002562 for N = 1..16, the subtasks adding up to
// the whole for N = 4..14, and Burnside's sum from countSymmetries.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.join(ROOT, 'pkg');

// OEIS A000170 and A002562, N = 1..16 (typed from the OEIS entries).
const TOTALS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512];
const CLASSES = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955];

/** @type {typeof import('../../pkg/nqueens.js')} */
let api;

before(async () => {
  assert.ok(fs.existsSync(path.join(PKG, 'nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
});

test('countBoth, countSolutions and countFundamental give A000170 and A002562 for N = 1..16', () => {
  for (let n = 1; n <= 16; n++) {
    const both = api.countBoth(n);
    assert.equal(both.total, BigInt(TOTALS[n - 1]), `N = ${n} total`);
    assert.equal(both.fundamental, BigInt(CLASSES[n - 1]), `N = ${n} classes`);
    assert.equal(api.countSolutions(n), BigInt(TOTALS[n - 1]), `N = ${n} countSolutions`);
  }
  assert.equal(api.countFundamental(12), 1787n);
});

test('the subtasks add up to the whole for N = 4..14, and their weights cover them', () => {
  for (let n = 4; n <= 14; n++) {
    const pieces = api.countSubtasks(n);
    const weights = api.countSubtaskWeights(n);
    assert.equal(weights.length, pieces, `N = ${n}`);
    assert.ok(weights.every((w) => w > 0), `N = ${n}: every piece weighs something`);
    let sum = 0n;
    for (let i = 0; i < pieces; i++) sum += api.countSubtask(n, i).total;
    assert.equal(sum, BigInt(TOTALS[n - 1]), `N = ${n}, one by one`);
    const half = Math.floor(pieces / 2);
    assert.equal(api.countSubtaskRange(n, 0, half).total + api.countSubtaskRange(n, half, pieces).total, BigInt(TOTALS[n - 1]), `N = ${n}, two ranges`);
  }
});

test("Burnside's sum from countSymmetries gives the classes, and countMethod names the method", () => {
  for (let n = 1; n <= 16; n++) {
    const { rot90, rot180, mirror } = api.countSymmetries(n);
    const sum = BigInt(TOTALS[n - 1]) + rot180 + 2n * rot90 + mirror;
    assert.equal(sum % 8n, 0n, `N = ${n}`);
    assert.equal(sum / 8n, BigInt(CLASSES[n - 1]), `N = ${n}`);
    // Solutions fixed by a quarter turn are fixed by a half turn too.
    assert.ok(rot90 <= rot180, `N = ${n}`);
    assert.equal(mirror, n === 1 ? 4n : 0n, `N = ${n}: only the one-square board is its own mirror image`);
    const { id, description } = api.countMethod(n);
    assert.equal(id, n >= 12 ? 'quadrants' : 'symmetric', `N = ${n}`);
    assert.ok(description.length > 20);
  }
});
