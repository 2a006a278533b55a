// www/vendor/codemirror.js is CodeMirror 6 as its npm packages ship it,
// bundled by scripts/vendor-codemirror.mjs: built again here from
// node_modules, it must be the committed file byte for byte, and so must the
// licences beside it. Each package it names is pinned to an exact version.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildCodemirror, BUNDLE, LICENCE } from '../../scripts/vendor-codemirror.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const json = (path) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

test('the CodeMirror bundle and its licences are what the pinned packages build, byte for byte', async () => {
  const pkg = json('package.json');
  for (const name of ['codemirror', '@codemirror/view', '@codemirror/state', '@codemirror/commands', '@codemirror/language', '@codemirror/lang-javascript', '@codemirror/lang-python', '@codemirror/theme-one-dark']) {
    const pinned = pkg.devDependencies?.[name];
    assert.match(pinned ?? '', /^\d+\.\d+\.\d+$/, `package.json pins ${name} to an exact version (it has ${pinned})`);
    assert.equal(json(`node_modules/${name}/package.json`).version, pinned, `node_modules/${name} is not the pinned version: run npm ci`);
  }
  const { code, licence } = await buildCodemirror();
  const ours = readFileSync(join(ROOT, BUNDLE), 'utf8');
  assert.ok(ours === code, `${BUNDLE} (${ours.length} bytes) differs from a fresh build (${code.length} bytes): run node scripts/vendor-codemirror.mjs`);
  assert.ok(readFileSync(join(ROOT, LICENCE), 'utf8') === licence, `${LICENCE} differs from the bundled packages' licences: run node scripts/vendor-codemirror.mjs`);
  for (const name of ['@codemirror/view', '@lezer/python', 'codemirror']) assert.ok(licence.includes(`${name} `), `the licences name ${name}`);
});
