// One count in WebAssembly on one thread, in a fresh node process (V8, the
// engine of Chromium): loads pkg/ and times countSolutions(N), the plan's
// set-up included. Prints {n, total, ms} as JSON. Used by count-speed.mjs.
//
//   node bench/wasm-count.mjs N

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PKG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'pkg');
const wasm = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
await wasm.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
const n = Number(process.argv[2]);
const start = performance.now();
const total = wasm.countSolutions(n);
const ms = performance.now() - start;
console.log(JSON.stringify({ n, total: String(total), ms }));
