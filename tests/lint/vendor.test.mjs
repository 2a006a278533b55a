// www/vendor/ holds other projects' code as their npm package ships it, so
// that the page (plain ES modules, no bundler) and the static build serve it
// from our own tree, offline too. This keeps it honest: each vendored file is
// its package's file byte for byte, the package is a dependency pinned to an
// exact version in package.json and package-lock.json, and its licence is
// beside it.

import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each vendored file: where it is served from, and the package file it is. */
const VENDORED = [
  { file: 'www/vendor/gifenc.esm.js', package: 'gifenc', from: 'dist/gifenc.esm.js', licence: 'www/vendor/gifenc.LICENSE.md', packageLicence: 'LICENSE.md' },
  { file: 'www/vendor/acorn.js', package: 'acorn', from: 'dist/acorn.mjs', licence: 'www/vendor/acorn.LICENSE', packageLicence: 'LICENSE' },
];

const json = (path) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

test('every file in www/vendor/ is a vendored file, its licence, or its types', () => {
  const known = new Set(VENDORED.flatMap((v) => [v.file, v.licence, v.file.replace(/\.js$/, '.d.ts')]));
  // CodeMirror is a bundle of its packages, checked by codemirror.test.mjs.
  for (const file of ['www/vendor/codemirror.js', 'www/vendor/codemirror.d.ts', 'www/vendor/codemirror.LICENSE.txt']) known.add(file);
  const extra = readdirSync(join(ROOT, 'www/vendor')).map((name) => `www/vendor/${name}`).filter((path) => !known.has(path));
  assert.deepEqual(extra, [], `files in www/vendor/ that this test does not check: ${extra.join(', ')}`);
});

for (const v of VENDORED) {
  test(`${v.file} is ${v.package}'s ${v.from}, byte for byte, at the exact version package.json pins`, () => {
    const pinned = json('package.json').dependencies?.[v.package];
    assert.match(pinned ?? '', /^\d+\.\d+\.\d+$/, `package.json pins ${v.package} to an exact version in "dependencies" (it has ${pinned})`);
    const locked = json('package-lock.json').packages?.[`node_modules/${v.package}`]?.version;
    assert.equal(locked, pinned, `package-lock.json has ${v.package} ${locked}, package.json ${pinned}`);
    const dir = join(ROOT, 'node_modules', v.package);
    assert.ok(existsSync(dir), `node_modules/${v.package} is missing: run scripts/setup.sh`);
    assert.equal(json(`node_modules/${v.package}/package.json`).version, pinned, `node_modules/${v.package} is not the pinned version: run scripts/setup.sh`);
    const ours = readFileSync(join(ROOT, v.file));
    const theirs = readFileSync(join(dir, v.from));
    assert.ok(ours.equals(theirs), `${v.file} (${ours.length} bytes) differs from node_modules/${v.package}/${v.from} (${theirs.length} bytes): copy it again`);
    assert.ok(readFileSync(join(ROOT, v.licence)).equals(readFileSync(join(dir, v.packageLicence))), `${v.licence} is not the package's ${v.packageLicence}`);
  });
}
