// Adding a mode is its folder and one line of MODES, nothing else
// (docs/extending.md, "How to add a page mode"). In a copy of the repository
// this adds a throwaway mode that way, runs the map tests and tsc there, and
// opens the copy's page: the new tab is there, shows its root in its style,
// and puts ?mode=<its id> in the address (and only its own parameters).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, assertNoErrors, closeHarness, openPage } from './helpers.mjs';

after(closeHarness);

const ID = 'throwaway';
/** The copy of the repository the mode is added to. */
let copy = '';

const MODE_JS = `// A mode made by the new-mode test: one root, one sentence.

/**
 * @param {import('../modes.js').Page} page
 * @returns {import('../modes.js').Mode}
 */
export function throwawayMode(page) {
  const root = /** @type {HTMLElement} */ (document.getElementById('${ID}'));
  let shown = 0;
  return {
    id: '${ID}',
    panels: {},
    title: () => ['throwaway'],
    canvases: {},
    parse: () => ({ problems: [] }),
    attach: () => {},
    setActive: (on) => {
      if (!on) return;
      shown++;
      /** @type {HTMLElement} */ (root.querySelector('[data-part="said"]')).textContent = \`Shown \${shown} times, beside \${page.boardN() ?? 'no'} board.\`;
    },
    onKey: () => {},
    halt: () => {},
    recover: () => '',
  };
}
`;
const VIEW_HTML = `<!-- The throwaway mode's root. -->
<main id="${ID}" class="${ID}" aria-label="Throwaway" hidden>
  <p class="${ID}-said" data-part="said">Not shown yet.</p>
</main>

<p class="footer-keys" data-keys="${ID}">Keys: none.</p>
`;
const STYLE_CSS = `.${ID}-said { outline: 3px solid rgb(1, 2, 3); }\n`;
const LINE = `  { id: '${ID}', label: 'Throwaway', load: async () => (await import('../${ID}/mode.js')).throwawayMode },`;

before(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-new-mode-'));
  // Every file git knows here (tracked, or new and not ignored), and the built core.
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && fs.existsSync(path.join(ROOT, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(copy, file));
  }
  fs.cpSync(path.join(ROOT, 'pkg'), path.join(copy, 'pkg'), { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: copy });

  // The mode: its folder, and one line of MODES (after the last).
  fs.mkdirSync(path.join(copy, 'www', ID));
  fs.writeFileSync(path.join(copy, 'www', ID, 'mode.js'), MODE_JS);
  fs.writeFileSync(path.join(copy, 'www', ID, 'view.html'), VIEW_HTML);
  fs.writeFileSync(path.join(copy, 'www', ID, 'style.css'), STYLE_CSS);
  const modes = path.join(copy, 'www', 'shell', 'modes.js');
  const source = fs.readFileSync(modes, 'utf8');
  assert.match(source, /\n\];\n/, 'MODES ends with a line "];"');
  fs.writeFileSync(modes, source.replace(/\n\];\n/, `\n${LINE}\n];\n`));
  process.env.E2E_ROOT = copy;
});

after(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

test('the copy with the new mode passes the map tests and tsc', () => {
  const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: copy, encoding: 'utf8' });
  assert.ok(changed.includes(`www/${ID}/mode.js`), 'the copy is a git checkout that sees the new folder');
  // A test runner of its own (not this one's child, which would report to this one in its own format).
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const lint = spawnSync(process.execPath, ['--test', '--test-reporter=tap', 'tests/lint/rooms.test.mjs', 'tests/lint/code-map.test.mjs'], { cwd: copy, encoding: 'utf8', env });
  assert.equal(lint.status, 0, `the map tests fail on the copy:\n${lint.stdout.slice(-4000)}${lint.stderr.slice(-2000)}`);
  assert.match(lint.stdout, /# pass [1-9]/);
  assert.match(lint.stdout, /# fail 0/);
  const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', path.join(copy, 'tsconfig.json')], { cwd: copy, encoding: 'utf8' });
  assert.equal(tsc.status, 0, `tsc fails on the copy:\n${tsc.stdout.slice(-4000)}`);
});

test('the new mode has a tab, shows its root in its style, and owns ?mode=', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=6');
  const tab = page.locator(`nav.views a[data-view="${ID}"]`);
  assert.equal(await tab.textContent(), 'Throwaway');
  assert.equal(await tab.getAttribute('aria-controls'), ID);
  assert.equal(await tab.getAttribute('href'), `?mode=${ID}`);
  // The tabs are MODES in order: the new one last.
  const views = await page.locator('nav.views a').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-view')));
  assert.equal(views.at(-1), ID);
  assert.equal(await page.locator(`#${ID}`).isHidden(), true);

  await tab.click();
  await page.waitForFunction((id) => !document.getElementById(id)?.hidden && /Shown 1 times/.test(document.getElementById(id)?.textContent ?? ''), ID);
  // The shell wrote the mode: the puzzle's n=6 went with the puzzle.
  assert.equal(new URL(page.url()).search, `?mode=${ID}`);
  assert.equal(await page.locator('#puzzle').isHidden(), true);
  assert.equal(await tab.getAttribute('aria-current'), 'page');
  // Its style.css is on the page, and its line of keys is the one shown.
  assert.equal(await page.locator(`.${ID}-said`).evaluate((p) => getComputedStyle(p).outlineColor), 'rgb(1, 2, 3)');
  assert.deepEqual(await page.locator('.footer-keys').evaluateAll((lines) => lines.filter((p) => !p.hidden).map((p) => p.getAttribute('data-keys'))), [ID]);

  // Back to the visualizer: the default mode's address has no mode=.
  await page.locator('nav.views a[data-view="visualizer"]').click();
  await page.waitForFunction(() => !/mode=/.test(location.search) && /algo=/.test(location.search), null, { timeout: 10_000 });
  assertNoErrors(errors);
  await page.close();
});

test('a link to the new mode opens it', async () => {
  const { page, errors } = await openPage(`/?mode=${ID}`);
  assert.equal(await page.locator(`nav.views a[data-view="${ID}"]`).getAttribute('aria-current'), 'page');
  assert.equal(await page.locator(`#${ID}`).isVisible(), true);
  assert.equal(await page.locator('#visualizer').isHidden(), true);
  assert.match(await page.locator(`#${ID}`).textContent() ?? '', /Shown 1 times, beside 8 board/);
  assert.equal(new URL(page.url()).search, `?mode=${ID}`);
  assertNoErrors(errors);
  await page.close();
});
