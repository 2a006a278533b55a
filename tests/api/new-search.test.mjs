// Adding a search is its file and one line of the catalogue, nothing else
// (docs/extending.md, "How to add an algorithm"). In a copy of the crate this
// adds a search that way (a copy of row backtracking under a new id), checks
// that the copy differs from the crate by the new file and one line, and
// runs the native tests there: the contract and every test that loops over
// the catalogue take the new search in, and the catalogue lists it.
// test group: slow (scripts/test.sh): it builds a copy of the crate and runs its native tests, a few minutes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-new-search-'));
after(() => fs.rmSync(copy, { recursive: true, force: true }));

/** Every file below `dir`, relative to it. */
function filesBelow(dir, base = dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? filesBelow(full, base) : [path.relative(base, full)];
  });
}

test('a search copied under a new id with one catalogue line passes the native tests and is catalogued', () => {
  // The crate's own files, and cluster/, whose Slurm script the native tests run under a stand-in sbatch
  // (Python's byte-code caches left there by a Ray run are not the crate's).
  const parts = ['Cargo.toml', 'Cargo.lock', 'src', 'tests', 'cluster'];
  const ours = (/** @type {string} */ f) => !f.split(path.sep).includes('__pycache__');
  for (const part of parts) fs.cpSync(path.join(ROOT, part), path.join(copy, part), { recursive: true, filter: ours });

  // The new search: row backtracking's file under another id, name and type.
  const source = fs.readFileSync(path.join(ROOT, 'src/algorithms/backtracking.rs'), 'utf8');
  const copied = source
    .replace('id: "backtracking"', 'id: "copied-rows"')
    .replace('name: "Backtracking (rows as bit fields)"', 'name: "Copied rows"')
    .replace('source: "002"', 'source: ""')
    .replaceAll('Backtracking', 'CopiedRows');
  assert.notEqual(copied, source, 'the copy has its own id');
  fs.writeFileSync(path.join(copy, 'src/algorithms/copied_rows.rs'), copied);
  // The one line: after backtracking in the catalogue's list.
  const catalogue = path.join(copy, 'src/algorithms/catalogue.rs');
  const list = fs.readFileSync(catalogue, 'utf8');
  const line = /^(\s*)backtracking::Backtracking,$/m.exec(list);
  assert.ok(line, 'the catalogue lists backtracking::Backtracking on a line of its own');
  fs.writeFileSync(catalogue, list.replace(line[0], `${line[0]}\n${line[1]}copied_rows::CopiedRows,`));

  // Nothing else differs from the crate: one file more, one line more.
  const before = new Set(parts.flatMap((part) => (fs.statSync(path.join(ROOT, part)).isDirectory() ? filesBelow(path.join(ROOT, part)).filter(ours).map((f) => `${part}/${f}`) : [part])));
  const now = filesBelow(copy);
  assert.deepEqual(now.filter((f) => !before.has(f)), ['src/algorithms/copied_rows.rs']);
  const changed = now.filter((f) => before.has(f) && !fs.readFileSync(path.join(copy, f)).equals(fs.readFileSync(path.join(ROOT, f))));
  assert.deepEqual(changed, ['src/algorithms/catalogue.rs']);
  const added = fs.readFileSync(catalogue, 'utf8').split('\n').length - list.split('\n').length;
  assert.equal(added, 1, 'one line added to the catalogue');

  // The native tests there, with the crate's own target folder for the dependencies.
  const env = { ...process.env, CARGO_TARGET_DIR: path.join(ROOT, 'target') };
  const run = spawnSync('cargo', ['test', '--quiet', '--test', 'native'], { cwd: copy, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(run.status, 0, `the native tests of the copy failed:\n${(run.stdout + run.stderr).slice(-4000)}`);
  assert.match(run.stdout, /test result: ok\. \d+ passed; 0 failed/);

  // The catalogue lists the new search: an example program of the copy prints every id.
  fs.mkdirSync(path.join(copy, 'examples'));
  fs.writeFileSync(path.join(copy, 'examples/ids.rs'), 'fn main() {\n    for info in nqueens::algorithms::ALGORITHMS {\n        println!("{}", info.id);\n    }\n}\n');
  const ids = execFileSync('cargo', ['run', '--quiet', '--example', 'ids'], { cwd: copy, env, encoding: 'utf8' }).split('\n').filter(Boolean);
  assert.ok(ids.includes('copied-rows'), `ALGORITHMS: ${ids.join(', ')}`);
  assert.equal(ids.indexOf('copied-rows'), ids.indexOf('backtracking') + 1, 'listed where its line is');
});
