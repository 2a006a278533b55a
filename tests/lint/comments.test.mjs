// Comments say what the code does now: none cites an issue by its number
// (the tracker is not in the repository) and none names a file that does not
// exist (a file moved or removed takes its name out of the comments with it).
// The scanner (comments.mjs) is checked first against comments planted here,
// so that a scanner that finds nothing cannot pass.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { citedIssue, commentsOf, missingNames, syntaxOf, treeOf } from './comments.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Files git knows in the checkout (tracked, or new and not ignored). */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((path) => path && existsSync(join(ROOT, path)));
const tree = treeOf(files);

/** Our own files with comments: not the vendored libraries (their comments are theirs). */
const ours = files.filter((path) => syntaxOf(path) && !path.startsWith('www/vendor/'));

/** Each offence in `text` (a file at `path`), as "path:line: what". */
function offences(text, path) {
  const found = [];
  for (const comment of commentsOf(text, /** @type {any} */ (syntaxOf(path)))) {
    const issue = citedIssue(comment.text);
    if (issue) found.push(`${path}:${comment.line}: cites an issue (“${issue}”)`);
    for (const name of missingNames(comment.text, path, tree)) found.push(`${path}:${comment.line}: names ${name}, which does not exist`);
  }
  return found;
}

test('the scanner finds planted issue numbers and missing files, and passes what is fine', () => {
  const rust = [
    '/// Counts the boards (see issue 12).',
    'fn f() -> &\'static str { "// issue 13 in a string is no comment" }',
    'let c = \'"\'; // the old flat-layout race-clock.js',
    '//! Built by src/board.rs and src/nowhere.rs.',
    'let s = r#"/* issue 14 */"#; /* issues 15 and 16 */',
  ].join('\n');
  assert.deepEqual(offences(rust, 'src/example.rs'), [
    'src/example.rs:1: cites an issue (“issue 12”)',
    'src/example.rs:3: names race-clock.js, which does not exist',
    'src/example.rs:4: names src/nowhere.rs, which does not exist',
    'src/example.rs:5: cites an issue (“issues 15”)',
  ]);
  const js = [
    "const url = 'https://example.com/#12'; // a link: fine",
    'const re = /\\/\\/ issue 17/; // fine, clock.js and ../lib/dom.js exist',
    'const t = `// ${a /* (#41) */} issue 18`; // count-ui.js',
    'x = a / b; // the divide and mode-race.js',
    '/* ./nowhere.js, and www/race/ */',
  ].join('\n');
  assert.deepEqual(offences(js, 'www/race/example.js'), [
    'www/race/example.js:3: cites an issue (“#41”)',
    'www/race/example.js:3: names count-ui.js, which does not exist',
    'www/race/example.js:4: names mode-race.js, which does not exist',
    'www/race/example.js:5: names ./nowhere.js, which does not exist',
  ]);
  assert.deepEqual(offences('a { color: #333; } /* Issue #7: see style.css and gone.css */', 'www/x.css'), [
    'www/x.css:1: cites an issue (“Issue #7”)',
    'www/x.css:1: names gone.css, which does not exist',
  ]);
  assert.deepEqual(offences('<p>issue 3</p>\n<!-- from old-view.html -->', 'www/x.html'), ['www/x.html:2: names old-view.html, which does not exist']);
  assert.deepEqual(offences('echo "# issue 4"\n[ ${#a[@]} -gt 0 ] # see issue 5', 'scripts/x.sh'), ['scripts/x.sh:2: cites an issue (“issue 5”)']);
});

test('no comment cites an issue by its number or names a file that does not exist', () => {
  assert.ok(ours.length > 200, `only ${ours.length} files read; is the checkout there?`);
  const found = ours.flatMap((path) => offences(readFileSync(join(ROOT, path), 'utf8'), path));
  assert.deepEqual(found, [], `Comments say what the code does now, without issue numbers or names of files that are gone:\n${found.join('\n')}`);
});
