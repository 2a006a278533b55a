#!/usr/bin/env node
// The editor of "Your search" as one ES module: CodeMirror 6 from the npm
// packages pinned in package.json, bundled by esbuild into
// www/vendor/codemirror.js, with every bundled package's licence in
// www/vendor/codemirror.LICENSE.txt. tests/lint/codemirror.test.mjs builds
// it again from node_modules and checks both files byte for byte.
//
//   node scripts/vendor-codemirror.mjs      (writes the two files)

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = 'www/vendor/codemirror.js';
export const LICENCE = 'www/vendor/codemirror.LICENSE.txt';

/** What the page uses of CodeMirror (www/program/editor.js). */
const ENTRY = `export { EditorView, keymap, Decoration } from '@codemirror/view';
export { EditorState, Compartment, StateEffect, StateField } from '@codemirror/state';
export { indentWithTab } from '@codemirror/commands';
export { indentUnit, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
export { tags } from '@lezer/highlight';
export { basicSetup } from 'codemirror';
export { javascript } from '@codemirror/lang-javascript';
export { python } from '@codemirror/lang-python';
export { oneDarkTheme } from '@codemirror/theme-one-dark';
`;

/**
 * The bundle and its licences, built from node_modules.
 * @returns {Promise<{ code: string, licence: string }>}
 */
export async function buildCodemirror() {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: ROOT, sourcefile: 'codemirror-entry.js', loader: 'js' },
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    target: 'es2022',
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
  });
  const code = `/* CodeMirror 6 (codemirror.net), bundled from its npm packages by scripts/vendor-codemirror.mjs; licences in codemirror.LICENSE.txt. */\n${result.outputFiles[0].text}`;
  // Every package a bundled file came from, with its version and licence file.
  const packages = new Set();
  for (const input of Object.keys(result.metafile.inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) packages.add(m[1]);
  }
  const parts = [];
  for (const name of [...packages].sort()) {
    const dir = path.join(ROOT, 'node_modules', name);
    const { version, license } = JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8'));
    const file = (await fs.readdir(dir)).find((f) => /^licen[cs]e/i.test(f));
    const text = file ? await fs.readFile(path.join(dir, file), 'utf8') : `(${license}; the package ships no licence file)`;
    parts.push(`${name} ${version} (${license})\n\n${text.trim()}\n`);
  }
  return { code, licence: parts.join('\n---\n\n') };
}

async function main() {
  const { code, licence } = await buildCodemirror();
  await fs.writeFile(path.join(ROOT, BUNDLE), code);
  await fs.writeFile(path.join(ROOT, LICENCE), licence);
  console.log(`${BUNDLE}: ${code.length} bytes; ${LICENCE}: ${licence.length} bytes`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(`vendor-codemirror.mjs: ${error.message}`);
    process.exit(1);
  });
}
