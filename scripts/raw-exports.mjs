#!/usr/bin/env node
// Types the wasm module's raw exports in pkg/nqueens.d.ts as taking and
// returning `unknown` where wasm-bindgen writes `any`. The raw exports
// (`interface InitOutput`, what `init()` resolves to) pass JavaScript values
// across as externrefs, and wasm-bindgen declares each such value `any`;
// nothing of the page calls them (it calls the typed exports above them, whose
// parameters the Rust declares), and `unknown` keeps a stray use from going
// unchecked.
//
//   node scripts/raw-exports.mjs pkg/nqueens.d.ts      (scripts/build.sh runs it)
//
// It fails, saying so, when the file has no `export interface InitOutput`.

import fs from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/raw-exports.mjs pkg/nqueens.d.ts');
  process.exit(2);
}
const text = fs.readFileSync(file, 'utf8');
const block = /^export interface InitOutput \{\n[\s\S]*?^\}\n/m.exec(text);
if (!block) {
  console.error(`${file}: no "export interface InitOutput { … }" to type (has wasm-bindgen's output changed?)`);
  process.exit(1);
}
const typed = block[0].replace(/\bany\b/g, 'unknown');
fs.writeFileSync(file, text.slice(0, block.index) + typed + text.slice(block.index + block[0].length));
