// scripts/serve.mjs serves any folder: a site root holding course pages and
// the app under a sub-path, with no index.html at its top.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'serve.mjs');

test('node scripts/serve.mjs --root DIR serves a folder without index.html', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'nqueens-site-'));
  await fs.mkdir(path.join(root, 'course'));
  await fs.mkdir(path.join(root, 'app'));
  await fs.writeFile(path.join(root, 'course', 'week-1.html'), '<!doctype html><title>Week 1</title><p>N-Queens</p>');
  await fs.writeFile(path.join(root, 'app', 'index.html'), '<!doctype html><title>App</title>');
  await fs.writeFile(path.join(root, '.secret'), 'hidden');
  const child = spawn(process.execPath, [SERVE, '--root', root, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const base = await new Promise((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const found = /at (http:\/\/\S+)/.exec(out);
        if (found) resolve(found[1]);
      });
      child.stderr.on('data', (chunk) => { err += chunk; });
      child.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}: ${err}`)));
    });
    const top = await fetch(new URL('/', base));
    assert.equal(top.status, 200);
    const listing = await top.text();
    assert.match(listing, /href="app\/"/);
    assert.match(listing, /href="course\/"/);
    assert.doesNotMatch(listing, /secret/, 'hidden files are not listed');
    const page = await fetch(new URL('/course/week-1.html', base));
    assert.equal(page.status, 200);
    assert.match(await page.text(), /N-Queens/);
    assert.match(await (await fetch(new URL('/app/', base))).text(), /<title>App<\/title>/, 'a sub-folder with index.html is served as before');
    assert.equal((await fetch(new URL('/.secret', base))).status, 404);
  } finally {
    child.kill();
    await fs.rm(root, { recursive: true, force: true });
  }
});

test('node scripts/serve.mjs --root refuses a folder that does not exist, with a sentence', async () => {
  const child = spawn(process.execPath, [SERVE, '--root', path.join(os.tmpdir(), 'no-such-folder-nqueens'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (chunk) => { err += chunk; });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.equal(code, 1);
  assert.match(err, /is not a folder/);
});
