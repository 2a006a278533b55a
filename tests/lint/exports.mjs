// The exports of the page's modules that no other file imports. A module's
// export is its promise to other files; one nobody takes is either dead code
// or something that should not be exported. Read by exports.test.mjs, and
// runnable on its own to list them: `node tests/lint/exports.mjs`.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every name `source` (a module's text) exports by a declaration or an export list. */
export function exportedNames(source) {
  const names = new Set();
  for (const m of source.matchAll(/^export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([\w$]+)/gm)) names.add(m[1]);
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}(?!\s*from)/gm)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  return names;
}

/** The module specifiers `source` names: static and dynamic imports, JSDoc type imports, workers' URLs. */
export function specifiers(source) {
  const found = [];
  for (const m of source.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bnew\s+URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url|^\s*import\s+['"]([^'"]+)['"]/gm)) {
    found.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  }
  return found;
}

/**
 * For each module of www/ (not the vendored ones), the names it exports that
 * no other file of the checkout uses: a file that imports the module counts
 * as using each exported name its text mentions.
 * @param {string} [root]
 * @returns {Map<string, string[]>} module path → its unused exports
 */
export function unusedExports(root = ROOT) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((path) => /\.(m?js|ts|html)$/.test(path) && existsSync(join(root, path)) && !path.startsWith('node_modules/'));
  const text = new Map(files.map((path) => [path, readFileSync(join(root, path), 'utf8')]));
  /** module path → the words of every file that imports it */
  const users = new Map();
  for (const [path, source] of text) {
    const words = new Set(source.match(/[\w$]+/g) ?? []);
    for (const spec of specifiers(source)) {
      if (!spec.startsWith('.') && !spec.startsWith('/')) continue;
      const bare = spec.split(/[?#]/)[0];
      // An absolute path (a test's import in the page) starts at the site's root, the checkout's.
      const target = normalize(bare.startsWith('/') ? bare.slice(1) : join(dirname(path), bare)).replace(/\\/g, '/');
      const module = target.endsWith('.js') && !text.has(target) && text.has(target.replace(/\.js$/, '.d.ts')) ? target.replace(/\.js$/, '.d.ts') : target;
      if (module === path) continue;
      if (!users.has(module)) users.set(module, []);
      users.get(module).push(words);
    }
  }
  const unused = new Map();
  for (const [path, source] of text) {
    if (!path.startsWith('www/') || path.startsWith('www/vendor/') || !/\.m?js$/.test(path)) continue;
    const readers = users.get(path) ?? [];
    const idle = [...exportedNames(source)].filter((name) => !readers.some((words) => words.has(name)));
    if (idle.length) unused.set(path, idle);
  }
  return unused;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const unused = unusedExports();
  for (const [path, names] of unused) console.log(`${path}: ${names.join(', ')}`);
  console.log(`${[...unused.values()].flat().length} exports in ${unused.size} files imported nowhere`);
}
