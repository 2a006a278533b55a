// The core's declarations type its parameters, not only its results: the
// exports read every argument themselves (to refuse a bad one with a
// sentence), and declare what they take with wasm-bindgen's
// unchecked_param_type, so that pkg/nqueens.d.ts says `n: number` where it
// would say `n: any`. These tests read the pkg/ that scripts/build.sh wrote.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DECLARATIONS = join(ROOT, 'pkg', 'nqueens.d.ts');

/** The most `any` the declarations may hold (the raw wasm exports' externref results). */
const MOST_ANY = 10;

/** The declarations' code: each line with its comment (`/** … *\/`, ` * …`, `// …`) taken out. */
function code(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .join('\n');
}

test(`pkg/nqueens.d.ts has at most ${MOST_ANY} \`any\` types`, () => {
  const lines = code(readFileSync(DECLARATIONS, 'utf8')).split('\n');
  const loose = lines.filter((line) => /\bany\b/.test(line)).map((line) => line.trim());
  const count = loose.reduce((sum, line) => sum + line.match(/\bany\b/g).length, 0);
  assert.ok(count <= MOST_ANY, `${count} \`any\` in pkg/nqueens.d.ts (at most ${MOST_ANY}):\n${loose.join('\n')}`);
  // The count reads real declarations: the file declares the exports with typed parameters.
  assert.match(lines.join('\n'), /export function puzzleLevels\(n: number\)/);
});

test('tsc refuses a string where the core takes a number, and accepts the number', () => {
  const dir = mkdtempSync(join(tmpdir(), 'typed-boundary-'));
  try {
    const pkg = JSON.stringify(join(ROOT, 'pkg', 'nqueens.js'));
    writeFileSync(join(dir, 'good.ts'), `import { puzzleLevels, Session } from ${pkg};\npuzzleLevels(8);\nnew Session('backtracking', 8, null).run(10);\n`);
    writeFileSync(join(dir, 'bad.ts'), `import { puzzleLevels, Session } from ${pkg};\npuzzleLevels('8');\nnew Session('backtracking', 8, null).run('10');\n`);
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = ['--noEmit', '--strict', '--target', 'ES2022', '--module', 'ESNext', '--moduleResolution', 'bundler',
      '--lib', 'ES2022,ESNext.Disposable,DOM', '--types', '', '--pretty', 'false', join(dir, 'good.ts'), join(dir, 'bad.ts')];
    // Run from the temporary folder: tsc would refuse files named beside the checkout's tsconfig.json.
    const run = spawnSync(process.execPath, [tsc, ...args], { cwd: dir, encoding: 'utf8' });
    const errors = run.stdout.split('\n').filter((line) => /error TS/.test(line));
    assert.notEqual(run.status, 0, 'tsc passed a string where a number belongs');
    assert.deepEqual(errors.filter((line) => !line.includes('bad.ts')), [], 'the well-typed calls are refused too');
    const refused = errors.filter((line) => /TS2345: Argument of type 'string' is not assignable to parameter of type 'number'/.test(line));
    assert.deepEqual(refused.map((line) => /bad\.ts\((\d+),/.exec(line)?.[1]), ['2', '3'], errors.join('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
