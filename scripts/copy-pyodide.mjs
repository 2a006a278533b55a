#!/usr/bin/env node
// Python for "Your search": the files of the npm package `pyodide` (pinned
// in package.json) that the page's Python worker loads, copied into
// pyodide/ at the top (beside pkg/), which git ignores (about 13 MB): served by scripts/serve.mjs
// and put in the static build by scripts/dist.mjs.
// scripts/setup.sh and scripts/build.sh run it; a file already the same
// size and age is left alone.
//
//   node scripts/copy-pyodide.mjs

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PYODIDE_DIR = 'pyodide';
/** What loadPyodide() fetches for CPython and its standard library (no packages). */
export const PYODIDE_FILES = ['pyodide.js', 'pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json', 'LICENSE'];

export async function copyPyodide() {
  const from = path.join(ROOT, 'node_modules', 'pyodide');
  const to = path.join(ROOT, PYODIDE_DIR);
  await fs.mkdir(to, { recursive: true });
  let copied = 0;
  for (const name of PYODIDE_FILES) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    const have = await fs.stat(source).catch(() => null);
    if (!have) {
      if (name === 'LICENSE') continue;
      throw new Error(`node_modules/pyodide/${name} is missing: run npm ci`);
    }
    const there = await fs.stat(target).catch(() => null);
    if (there && there.size === have.size && there.mtimeMs >= have.mtimeMs) continue;
    await fs.copyFile(source, target);
    copied++;
  }
  return copied;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  copyPyodide()
    .then((copied) => console.log(`${PYODIDE_DIR}: ${copied} file${copied === 1 ? '' : 's'} copied from node_modules/pyodide`))
    .catch((error) => {
      console.error(`copy-pyodide.mjs: ${error.message}`);
      process.exit(1);
    });
}
