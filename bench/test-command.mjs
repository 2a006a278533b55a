// The test command on a fresh clone (`--only testcmd`): the repository's
// committed HEAD cloned into a temporary folder (no node_modules, target/ or
// pkg/), then `scripts/test.sh` run there, as a teacher or CI would; the
// time of each step from the command's own summary, and the whole wall time.
// Not part of the default run (it takes as long as the test command):
// `bash bench/run.sh --only testcmd` measures it. `testSection()` writes it
// up for bench/run.mjs with its target.

import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkTable } from './checks.mjs';

const log = (...a) => console.error('[bench:testcmd]', ...a);

/** The target for the whole command on a fresh clone, in seconds. */
export const TEST_TARGET_S = 600;

/**
 * Clones `root`'s HEAD and runs its test command; resolves to the steps'
 * seconds (from the summary), the wall time, the e2e files counted and
 * whether every step passed, with the load average at the start and end.
 * @param {string} root
 */
export async function testCommandTimings(root) {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-clone-'));
  const clone = path.join(top, 'repo');
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone]);
  const start = load();
  const t0 = Date.now();
  log(`scripts/test.sh in a fresh clone of ${commit} (${clone})`);
  const output = await new Promise((resolve) => {
    const child = spawn('bash', ['scripts/test.sh'], { cwd: clone, env: { ...process.env, SKIP_SETUP: '', SKIP_BUILD: '' } });
    let text = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        text += chunk;
        process.stderr.write(chunk);
      });
    }
    child.on('close', (code) => resolve({ text, code }));
  });
  const wall_s = (Date.now() - t0) / 1000;
  const steps = [];
  for (const line of output.text.split('\n')) {
    const m = /^\s+(PASS|FAIL)\s+(.+?)\s+(\d+)s$/.exec(line);
    if (m) steps.push({ ok: m[1] === 'PASS', name: m[2], s: Number(m[3]) });
  }
  fs.rmSync(top, { recursive: true, force: true });
  return { date, commit, load: `${start} / ${load()}`, wall_s, steps, passed: output.code === 0, errors: output.code === 0 ? [] : [`scripts/test.sh exited with ${output.code}`], checks: checkTable(commit) };
}

const minutes = (s) => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;

/**
 * The section and its target, for bench/run.mjs.
 * @param {Awaited<ReturnType<typeof testCommandTimings>>} t
 * @param {(head: string[], rows: any[][]) => string} table
 */
export function testSection(t, table) {
  const out = [];
  out.push('## 14. The test command on a fresh clone', '');
  out.push(
    `\`git clone\` of commit ${t.commit} into an empty temporary folder (no \`node_modules/\`, \`target/\` or \`pkg/\`), then ` +
      '`scripts/test.sh` there: installs (`scripts/setup.sh`, with npm\'s and cargo\'s download caches as this machine ' +
      'has them), the wasm build, and every suite. The seconds of each step are the command\'s own summary; the whole is ' +
      `the wall time. The e2e files run two at a time, and after them alone each file marked \`// e2e: run alone\`. ` +
      `Measured on ${t.date}; load average (1, 5, 15 min) at the start / end: ${t.load}.${t.passed ? '' : ' **The command failed** (see the last step).'}`,
    '',
  );
  out.push(table(['step', 'result', 'seconds'], [...t.steps.map((s) => [s.name, s.ok ? 'pass' : 'FAIL', s.s]), ['**the whole command (wall time)**', t.passed ? 'pass' : 'FAIL', Math.round(t.wall_s)]]), '');
  if (t.checks) {
    out.push(
      `The checks of commit ${t.commit} (\`node bench/checks.mjs ${t.commit}\`: tests and assertions counted in the source), in the usual command and in the slow group, which CI runs after it:`,
      '',
      table(['group', 'tests (usual + slow)', 'assertions (usual + slow)'], t.checks),
      '',
    );
  }
  const ok = t.passed && t.wall_s <= TEST_TARGET_S;
  const target = {
    name: `The test command (\`scripts/test.sh\`) on a fresh clone in at most ${minutes(TEST_TARGET_S)}`,
    ok,
    detail: `${minutes(t.wall_s)}${t.passed ? '' : ', and it failed'} (measured on ${t.date}, load average ${t.load}, start / end).`,
    why: t.passed
      ? `${minutes(t.wall_s - TEST_TARGET_S)} over. The e2e files are most of it${Number(t.load.split(' ')[0]) > 1.5 ? '; this run shared the machine (see the load average)' : ''}.`
      : 'the command failed, so its time says little.',
  };
  return { out, target };
}
