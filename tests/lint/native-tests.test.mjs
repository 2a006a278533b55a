// The native Rust tests are one test program (Cargo.toml: autotests = false,
// tests/native.rs declares each file of tests/ as a module). A file of
// tests/ that tests/native.rs does not declare would never be built or run:
// this finds it, and a declared module whose file is gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TESTS = path.join(ROOT, 'tests');

test('every Rust file of tests/ is a module of tests/native.rs, or a test program Cargo.toml names', () => {
  const cargo = fs.readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8');
  assert.match(cargo, /^autotests = false$/m, 'Cargo.toml declares its test programs itself');
  const programs = [...cargo.matchAll(/^path = "tests\/([\w-]+)\.rs"$/gm)].map((m) => m[1]);
  assert.ok(programs.includes('native') && programs.includes('web'), `test programs: ${programs.join(', ')}`);
  const declared = [...fs.readFileSync(path.join(TESTS, 'native.rs'), 'utf8').matchAll(/^mod (\w+);$/gm)].map((m) => m[1]);
  const files = fs.readdirSync(TESTS).filter((f) => f.endsWith('.rs')).map((f) => f.slice(0, -3)).filter((f) => !programs.includes(f));
  const dirs = fs.readdirSync(TESTS, { withFileTypes: true }).filter((d) => d.isDirectory() && fs.existsSync(path.join(TESTS, d.name, 'mod.rs'))).map((d) => d.name);
  assert.deepEqual(files.filter((f) => !declared.includes(f)), [], 'files of tests/ that tests/native.rs does not declare (add a `mod` line)');
  assert.deepEqual(declared.filter((m) => !files.includes(m) && !dirs.includes(m)), [], 'modules of tests/native.rs with no file');
});
