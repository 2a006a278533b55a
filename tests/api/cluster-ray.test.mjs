// The Ray recipe of docs/cluster.md as a user runs it: the nqueens binary
// built with `cargo build --release`, Ray from PyPI in a virtual environment
// (made once under the system's temp folder, kept for the next run), a
// two-node cluster on this machine (`ray start --head --num-cpus=1` and a
// second node `ray start --address=… --num-cpus=1`), and
// cluster/ray_count.py counting through it:
// - N = 15 and 16 to OEIS A000170 and A002562;
// - a task whose worker process is killed mid-count is run again by Ray, and
//   the total is still right;
// - a driver killed mid-count and started again counts only the pieces the
//   first did not finish;
// - `nqueens join` refuses the driver's results with a piece missing, a
//   piece doubled with another count, and a piece of another plan.
// The pieces are slowed or held only by a wrapper around the binary that the
// test writes (Ray ships it to the nodes like the binary itself); the counts
// are the real binary's. Every process the test starts is ended by its id,
// and the cluster by `ray stop`.
// test group: slow (scripts/test.sh): installs Ray (once), starts a cluster, about two minutes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NQUEENS = path.join(ROOT, 'target', 'release', 'nqueens');
const DRIVER = path.join(ROOT, 'cluster', 'ray_count.py');
const VENV = path.join(os.tmpdir(), 'nqueens-ray-venv');
const BIN = path.join(VENV, 'bin');
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-ray-'));
/** OEIS A000170 and A002562 at N = 15 and 16. */
const OEIS = { 15: [2279184n, 285053n], 16: [14772512n, 1846955n] };

const env = { ...process.env, PATH: `${BIN}:${process.env.PATH}`, RAY_USAGE_STATS_ENABLED: '0' };
let address = '';
/** Pids of the processes this test started and must end. @type {Set<number>} */
const started = new Set();

/** Runs a command to the end; throws with its output if it fails. */
function run(file, args, { timeout = 300_000, ok = true } = {}) {
  const out = spawnSync(file, args, { env, encoding: 'utf8', timeout, cwd: WORK });
  if (ok && out.status !== 0) {
    throw new Error(`${file} ${args.join(' ')} exited ${out.status ?? out.signal}:\n${out.stdout}\n${out.stderr}`);
  }
  return out;
}

/** A free TCP port on this machine. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `check()` is true, for at most `ms`. */
async function until(check, ms, what) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The "T solutions and C classes for N = n" line's numbers. */
function counts(stdout, n) {
  const m = stdout.match(new RegExp(`^(\\d+) solutions? and (\\d+) class(?:es)? for N = ${n} `, 'm'));
  assert.ok(m, `no counts line for N = ${n} in:\n${stdout}`);
  return [BigInt(m[1]), BigInt(m[2])];
}

/** The ids of a results file's lines. */
function resultIds(file) {
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).id);
}

/**
 * A wrapper around the binary, run by the Ray tasks in its place: it logs
 * each call to `log`, then runs `body` (shell lines that may hold or stop a
 * call), then the real binary.
 */
function wrapper(name, body) {
  const file = path.join(WORK, name);
  fs.writeFileSync(file, `#!/bin/bash\necho "$*" >> '${path.join(WORK, `${name}.log`)}'\n${body}\nexec '${NQUEENS}' "$@"\n`, { mode: 0o755 });
  return file;
}

/** The piece ids a wrapper was called for, in order. */
function calls(name) {
  const log = path.join(WORK, `${name}.log`);
  if (!fs.existsSync(log)) return [];
  return fs.readFileSync(log, 'utf8').split('\n').filter((l) => l.startsWith('piece ')).map((l) => Number(l.split(' ')[2]));
}

/** Starts the driver without waiting for it. */
function startDriver(n, pieces, work, nqueens) {
  const child = spawn(path.join(BIN, 'python'), [DRIVER, String(n), '--pieces', String(pieces), '--address', address, '--work', work, '--nqueens', nqueens], { env, cwd: WORK });
  started.add(/** @type {number} */ (child.pid));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  const done = new Promise((resolve) => child.on('exit', (code, signal) => {
    started.delete(/** @type {number} */ (child.pid));
    resolve({ code, signal, stdout, stderr });
  }));
  return { child, done };
}

function kill(pid) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

before(async () => {
  run('cargo', ['build', '--release', '--bin', 'nqueens', '--manifest-path', path.join(ROOT, 'Cargo.toml')], { timeout: 900_000 });
  if (!fs.existsSync(path.join(BIN, 'ray'))) {
    run('python3', ['-m', 'venv', VENV]);
    run(path.join(BIN, 'pip'), ['install', '--quiet', 'ray'], { timeout: 900_000 });
  }
  const port = await freePort();
  address = `127.0.0.1:${port}`;
  const temp = path.join(WORK, 'ray');
  run(path.join(BIN, 'ray'), ['start', '--head', '--num-cpus=1', `--port=${port}`, '--include-dashboard=false', `--temp-dir=${temp}`, '--disable-usage-stats'], { timeout: 180_000 });
  run(path.join(BIN, 'ray'), ['start', `--address=${address}`, '--num-cpus=1', '--disable-usage-stats'], { timeout: 180_000 });
  // The second node is in once the cluster reports its CPU.
  await until(() => /2\.0 CPU/.test(run(path.join(BIN, 'ray'), ['status', `--address=${address}`], { timeout: 60_000, ok: false }).stdout), 120_000, 'the second node to join');
});

after(() => {
  for (const pid of started) kill(pid);
  const waiting = path.join(WORK, 'waiting');
  if (fs.existsSync(waiting)) for (const pid of fs.readdirSync(waiting).map(Number)) kill(pid);
  run(path.join(BIN, 'ray'), ['stop', '--force'], { timeout: 120_000, ok: false });
  // The copies the tasks made of this test's wrappers and plans (the driver's
  // cache on each node, named by their hashes); the real binary's copy stays.
  const hash = (file) => createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16);
  const cache = path.join(os.tmpdir(), 'nqueens-ray');
  for (const name of fs.existsSync(WORK) ? fs.readdirSync(WORK) : []) {
    const file = path.join(WORK, name);
    if (name.endsWith('-run') || name.endsWith('-wrapper')) fs.rmSync(path.join(cache, `nqueens-${hash(file)}`), { force: true });
    const plan = path.join(file, 'plan.jsonl');
    if (fs.existsSync(plan)) fs.rmSync(path.join(cache, `plan-${hash(plan)}.jsonl`), { force: true });
  }
  fs.rmSync(WORK, { recursive: true, force: true });
});

test('two Ray nodes count N = 15 and 16 to OEIS, and join refuses a missing, a doubled and a foreign piece', async () => {
  const files = {};
  for (const n of [15, 16]) {
    const work = path.join(WORK, `n${n}`);
    const { code, stdout, stderr } = await startDriver(n, 6, work, NQUEENS).done;
    assert.equal(code, 0, `driver for N = ${n}:\n${stdout}\n${stderr}`);
    assert.deepEqual(counts(stdout, n), OEIS[n], stdout);
    assert.match(stdout, /They equal OEIS A000170/);
    assert.match(stderr, /Ray: 2 CPUs on 2 node\(s\)/, stderr);
    assert.deepEqual(resultIds(path.join(work, 'results.jsonl')).sort(), [0, 1, 2, 3, 4, 5]);
    files[n] = path.join(work, 'results.jsonl');
  }
  // The refusals, on the driver's own results.
  const lines = fs.readFileSync(files[15], 'utf8').split('\n').filter(Boolean);
  const write = (name, text) => {
    const file = path.join(WORK, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const refused = (file, says) => {
    const out = run(NQUEENS, ['join', file], { ok: false });
    assert.equal(out.status, 1, `join ${file} should refuse:\n${out.stdout}`);
    assert.match(out.stderr, says);
  };
  refused(write('missing.jsonl', lines.slice(1).join('\n')), /1 of the plan's 6 pieces is missing/);
  const other = JSON.parse(lines[0]);
  other.total += 8;
  refused(write('doubled.jsonl', [...lines, JSON.stringify(other)].join('\n')), /counted twice with different results/);
  const foreign = fs.readFileSync(files[16], 'utf8').split('\n')[0];
  refused(write('foreign.jsonl', [...lines, foreign].join('\n')), /belongs to another plan/);
});

test('a task whose worker is killed mid-count is run again, and the total is right', async () => {
  // The first call for piece 2 says who it is and holds; the test kills its
  // Ray worker (its parent) and it. Ray's retry finds the wrapper's mark and counts.
  const held = path.join(WORK, 'held');
  const mark = path.join(WORK, 'held-once');
  const nqueens = wrapper('kill-wrapper', `if [ "$1" = piece ] && [ "$3" = 2 ] && mkdir '${mark}' 2>/dev/null; then\n  echo "$$ $PPID" > '${held}.tmp'; mv '${held}.tmp' '${held}'\n  exec sleep 300\nfi`);
  const work = path.join(WORK, 'killed');
  const driver = startDriver(16, 6, work, nqueens);
  await until(() => fs.existsSync(held), 120_000, 'piece 2 to start');
  const [self, worker] = fs.readFileSync(held, 'utf8').trim().split(' ').map(Number);
  assert.match(fs.readFileSync(`/proc/${worker}/cmdline`, 'utf8'), /ray|python/i, 'the held piece runs under a Ray worker');
  kill(worker);
  kill(self);
  const { code, stdout, stderr } = await driver.done;
  assert.equal(code, 0, `${stdout}\n${stderr}`);
  assert.deepEqual(counts(stdout, 16), OEIS[16], stdout);
  assert.equal(calls('kill-wrapper').filter((id) => id === 2).length, 2, 'piece 2 ran twice: killed, then retried');
  assert.deepEqual(resultIds(path.join(work, 'results.jsonl')).sort(), [0, 1, 2, 3, 4, 5]);
});

test('a driver killed mid-count and started again counts only the pieces not yet counted', async () => {
  // First run: three pieces go through, every later one waits (and says so)
  // for a file that never comes; the driver is killed once three results are in.
  const waiting = path.join(WORK, 'waiting');
  fs.mkdirSync(waiting);
  const slots = path.join(WORK, 'slot');
  const first = wrapper('first-run', `[ "$1" = piece ] || exec '${NQUEENS}' "$@"\nfor s in 1 2 3; do mkdir '${slots}'$s 2>/dev/null && exec '${NQUEENS}' "$@"; done\ntouch '${waiting}'/$$\nwhile [ ! -e '${WORK}/never' ]; do sleep 0.2; done`);
  const work = path.join(WORK, 'resumed');
  const results = path.join(work, 'results.jsonl');
  const driver = startDriver(16, 6, work, first);
  await until(() => resultIds(results).length >= 3, 120_000, 'three results');
  kill(/** @type {number} */ (driver.child.pid));
  await driver.done;
  for (const pid of fs.readdirSync(waiting).map(Number)) kill(pid);
  const before = resultIds(results);
  assert.ok(before.length >= 3 && before.length < 6, `results before the restart: ${before}`);

  const second = wrapper('second-run', '');
  const { code, stdout, stderr } = await startDriver(16, 6, work, second).done;
  assert.equal(code, 0, `${stdout}\n${stderr}`);
  assert.match(stderr, new RegExp(`${before.length} counted before, ${6 - before.length} to count`));
  assert.deepEqual(counts(stdout, 16), OEIS[16], stdout);
  const recounted = calls('second-run');
  assert.deepEqual([...recounted].sort(), [0, 1, 2, 3, 4, 5].filter((id) => !before.includes(id)), 'only the missing pieces were counted again');
  assert.deepEqual(resultIds(results).sort(), [0, 1, 2, 3, 4, 5]);
});
