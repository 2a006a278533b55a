#!/usr/bin/env node
// Guards the classes of wasm-bindgen's glue (pkg/nqueens.js) against a
// method called on the wrong object. The glue passes `this.__wbg_ptr` into
// the wasm as a raw pointer, and the Rust side takes it on trust: a
// Session's method called on a Finder (`Session.prototype.conflicts.call(finder)`)
// reads the Finder's memory as a Session's (garbage, or a trap), and a
// pointer copied onto another object after `free()` touches freed memory
// before any Rust code of ours can look. So the check is made here, before
// the call crosses: every object the glue makes is noted in a WeakMap with
// its class and pointer when made, and forgotten when freed; each method
// takes its pointer from there, and throws a sentence ("this is not a
// Session …") for anything else. A `__wbg_ptr` written by hand is never read.
//
//   node scripts/guard-glue.mjs pkg/nqueens.js      (scripts/build.sh runs it)
//
// It knows the glue of the wasm-bindgen that Cargo.toml pins, and fails the
// build, saying what it did not recognise, if the glue changes shape.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MARK = '/* guard-glue: methods check their object (scripts/guard-glue.mjs) */';

const HELPER = `${MARK}
const __LIVE = new WeakMap();
function __own(obj, name) {
    const entry = (typeof obj === 'object' || typeof obj === 'function') && obj !== null ? __LIVE.get(obj) : undefined;
    if (entry !== undefined && entry[0] === name) return entry[1];
    const made = typeof obj === 'object' && obj !== null && typeof obj.constructor === 'function' ? obj.constructor.name : '';
    const what = entry !== undefined ? \`a \${entry[0]}\`
        : made === name ? \`a \${name} that has been freed (free()), or was not made by the core\`
        : made ? \`\${/^[AEIOU]/.test(made) ? 'an' : 'a'} \${made}\`
        : obj === null || obj === undefined ? String(obj) : typeof obj;
    throw new Error(\`this is not a \${name}: a \${name}'s method was called on \${what}. Call it on a \${name} made by new \${name}(…)\${name === 'Session' ? ' or Session.seeded(…)' : ''} and not yet freed.\`);
}
`;

/**
 * The guarded glue, or an Error naming what was not recognised.
 * @param {string} source
 * @returns {string}
 */
export function guardGlue(source) {
  if (source.includes(MARK)) return source;
  const lines = source.split('\n');
  /** @type {string|null} */
  let cls = null;
  const classes = new Set();
  const out = [];
  for (const line of lines) {
    const start = /^export class (\w+) \{$/.exec(line);
    if (start) {
      cls = start[1];
      classes.add(cls);
      out.push(line);
      continue;
    }
    if (cls && line === '}') {
      cls = null;
      out.push(line);
      continue;
    }
    if (!line.includes('__wbg_ptr')) {
      out.push(line);
      continue;
    }
    if (!cls) throw new Error(`guard-glue: a __wbg_ptr outside a class: ${line.trim()}`);
    let m;
    if ((m = /^(\s*)(this|obj)\.__wbg_ptr = (ret\[0\]|ptr)( >>> 0)?;$/.exec(line))) {
      // Made: noted with its class and pointer.
      out.push(line, `${m[1]}__LIVE.set(${m[2]}, [${JSON.stringify(cls)}, ${m[2]}.__wbg_ptr]);`);
    } else if ((m = /^(\s*)const ptr = this\.__wbg_ptr;$/.exec(line))) {
      // Freed: only a live object of this class gives its pointer up.
      out.push(`${m[1]}const ptr = __own(this, ${JSON.stringify(cls)});`);
    } else if ((m = /^(\s*)this\.__wbg_ptr = 0;$/.exec(line))) {
      out.push(line, `${m[1]}__LIVE.delete(this);`);
    } else if (/^\s*\w+Finalization\.register\((this|obj), \1\.__wbg_ptr, \1\);$/.test(line)) {
      out.push(line);
    } else if (/\bthis\.__wbg_ptr\b/.test(line) && !/\.__wbg_ptr\s*=[^=]/.test(line)) {
      out.push(line.replaceAll('this.__wbg_ptr', `__own(this, ${JSON.stringify(cls)})`));
    } else {
      throw new Error(`guard-glue: a use of __wbg_ptr it does not know, in class ${cls}: ${line.trim()}`);
    }
  }
  if (!classes.size) throw new Error('guard-glue: no exported class found in the glue');
  const first = out[0].startsWith('/* @ts-self-types') ? 1 : 0;
  out.splice(first, 0, HELPER);
  return out.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/guard-glue.mjs pkg/nqueens.js');
    process.exit(2);
  }
  try {
    fs.writeFileSync(file, guardGlue(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
}
