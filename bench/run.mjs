#!/usr/bin/env node
// Runs every benchmark and writes the full report, bench/results/report.md (and
// bench/results/latest.json); BENCHMARKS.md holds the current figures, copied from it by hand.
// bench/run.sh builds what this needs first; run that, not this, by hand:
//
//   bash bench/run.sh [--lo 12] [--hi 16] [--only PART,...]   (PARTS below)
//
// Native: target/bench/release/nqueens-bench (bench/native) and
// target/bench/seed000 (bench/seed000.c). Browser: bench/browser.mjs.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBrowser } from './browser.mjs';
import { raceSection, raceTimings } from './race.mjs';
import { speedSection, speedTimings } from './count-speed.mjs';
import { gpuSection, gpuTimings } from './count-gpu.mjs';
import { findSection, findTimings } from './find.mjs';
import { puzzleSection, puzzleTimings } from './puzzle.mjs';
import { testCommandTimings, testSection } from './test-command.mjs';
import { runsSection } from './runs.mjs';
import { gifSection } from './gif.mjs';
import { REPO_ROOT } from '../scripts/serve.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const lo = Number(opt('lo', 12));
const hi = Number(opt('hi', 16));
/** Every part `--only` can name, in the order they run: the one list (run.sh's usage and this file's How to run read it from here). */
const PARTS = ['count', 'sessions', 'animation', 'weight', 'gif', 'layout', 'estimate', 'lighthouse', 'race', 'speed', 'find', 'runs', 'gpu', 'puzzle', 'testcmd'];
const only = opt('only', null)?.split(',');
const unknown = only?.filter((part) => !PARTS.includes(part)) ?? [];
if (unknown.length) {
  console.error(`bench: no part called ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}.`);
  process.exit(2);
}
const want = (k) => !only || only.includes(k);
const log = (...a) => console.error('[bench]', ...a);

const sh = (cmd, argv) => {
  try {
    return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch {
    return '';
  }
};

function machine() {
  const lscpu = sh('lscpu', []);
  const field = (name) => lscpu.match(new RegExp(`^${name}:\\s*(.+)$`, 'm'))?.[1]?.trim() ?? '?';
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    model: field('Model name'),
    cpus: field('CPU\\(s\\)'),
    threadsPerCore: field('Thread\\(s\\) per core'),
    memoryGiB: (os.totalmem() / 2 ** 30).toFixed(1),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    rustc: sh('rustc', ['-V']),
    gcc: sh('gcc', ['--version']).split('\n')[0],
    node: process.version,
    load: os.loadavg().map((x) => x.toFixed(2)).join(' '),
  };
}

const bin = (name) => path.join(REPO_ROOT, 'target', 'bench', name);

function native() {
  log(`native: nqueens-bench ${lo} ${hi}`);
  const out = execFileSync(bin('release/nqueens-bench'), [String(lo), String(hi)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out);
}

function seed000() {
  log('native: seed000 (C, gcc -O2)');
  const runs = [1, 2, 3].map(() => JSON.parse(execFileSync(bin('seed000'), ['8'], { encoding: 'utf8' })));
  return runs.reduce((a, b) => (b.ms < a.ms ? b : a));
}

// ------------------------------------------------------------------ report --

const f1 = (x) => (x == null || !Number.isFinite(x) ? '–' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const ratio = (x) => (x == null || !Number.isFinite(x) ? '–' : `${x.toFixed(2)}×`);
const int = (x) => (x == null ? '–' : Number(x).toLocaleString('en-US'));
const rate = (steps, ms) => {
  const r = (steps / ms) * 1000;
  if (!Number.isFinite(r)) return '–';
  if (r >= 1e9) return `${(r / 1e9).toFixed(2)} G/s`;
  if (r >= 1e6) return `${(r / 1e6).toFixed(2)} M/s`;
  if (r >= 1e3) return `${(r / 1e3).toFixed(1)} k/s`;
  return `${r.toFixed(0)} /s`;
};
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** Why the 1-worker pool misses where it does: its fixed cost against the search itself. */
function poolWhy(rows) {
  const r = rows[0];
  return (
    `The pool has a fixed cost that small counts cannot hide: at N = ${r.n} it takes ${f1(r.pool1_ms)} ms where the ` +
    `same wasm search in one call takes ${f1(r.direct_ms)} ms; the difference is the message round trips between the ` +
    'page and the worker (each a fraction of a millisecond on this loaded 2-CPU machine) and the worker\'s own ' +
    'copy of the wasm warming up. The one-call ratios show the search itself; as N grows the fixed cost fades.'
  );
}

function report({ m, nat, c000, br }) {
  const out = [];
  const targets = [];
  const workers = br.count?.workers;
  out.push('# Benchmarks', '');
  out.push(
    `Written by \`bash bench/run.sh\` on ${m.date}. Every figure below comes from that one run, so the ratios ` +
      'compare like with like. Do not edit by hand: run the script again. A load average above the number of ' +
      'CPUs means other work shared the machine during the run, which slows everything and flattens the gain ' +
      'from more workers.',
    '',
  );
  out.push(
    table(
      ['Machine', ''],
      [
        ['CPU', `${m.model}, ${m.cpus} logical CPUs (${m.threadsPerCore} per core), ${m.memoryGiB} GiB`],
        ['System', m.os],
        ['Load average (1, 5, 15 min) at the start / end', `${m.load} / ${m.loadEnd ?? '?'}`],
        ...(m.partial ? [['Partial run', `${m.partial} (a section that gives a date of its own says when it was measured)`]] : []),
        ['Browser', `Chromium ${br.chromium ?? '?'} headless (playwright-core, \`--disable-gpu\`)`],
        ['navigator.hardwareConcurrency', String(workers ?? '?')],
        ['Native', `${m.rustc} (release, LTO, codegen-units 1); ${m.gcc} -O2`],
        ['Node', m.node],
      ],
    ),
    '',
  );

  if (nat && br.count) {
    const natBy = new Map(nat.count.map((r) => [r.n, r]));
    const rows = br.count.rows.map((b) => ({ ...b, nat: natBy.get(b.n) }));
    out.push('## 1. count(N)', '');
    out.push(
      'Wall time in ms, best of 3 runs (2 at N = 15, 1 at N = 16). **Pool** is the page\'s count mode ' +
        '(`www/count/pool.js`: Web Workers, each with its own wasm instance, sharing the pieces of the plan for N: ' +
        'meeting in the middle from N = 12, section 9), timed from `run()` to the result with the workers already started ' +
        '(each worker still lists the quarters once). **One call** is ' +
        '`countBoth(n)` on the page\'s main thread: the same method with no workers and no messages. **Plain JS** ' +
        'is seed 004\'s recursive bitwise count ported to JavaScript (`bench/plain-js.js`), in the same page. ' +
        '**Native** is the Rust core\'s backtracking counters (`src/count/mod.rs`) built for this machine: plain = the seed-004 algorithm, ' +
        'no symmetry; mirror = first queen in the left half; symmetric = takaken\'s 8-way method.',
      '',
    );
    out.push(
      table(
        ['N', 'solutions', 'fundamental', 'pool, 1 worker', `pool, ${workers} workers`, 'one call (wasm)', 'plain JS', 'native plain', 'native mirror', 'native symmetric'],
        rows.map((r) => [
          r.n,
          int(r.pool1_total),
          int(r.pool1_fundamental),
          f1(r.pool1_ms),
          f1(r.poolAll_ms),
          f1(r.direct_ms),
          f1(r.plainjs_ms),
          f1(r.nat?.plain_ms),
          f1(r.nat?.mirror_ms),
          f1(r.nat?.symmetric_ms),
        ]),
      ),
      '',
    );
    out.push('Ratios (smaller is faster):', '');
    out.push(
      table(
        [
          'N',
          'pool 1 / plain JS (target ≤ 0.4)',
          'pool 1 / native plain (target ≤ 0.7)',
          'one call / plain JS',
          'one call / native plain',
          `pool ${workers} / native plain (N=16 target < 0.33)`,
          `speed-up ${workers} workers vs 1`,
          'one call / native symmetric (wasm cost)',
        ],
        rows.map((r) => [
          r.n,
          ratio(r.pool1_ms / r.plainjs_ms),
          ratio(r.pool1_ms / r.nat?.plain_ms),
          ratio(r.direct_ms / r.plainjs_ms),
          ratio(r.direct_ms / r.nat?.plain_ms),
          ratio(r.poolAll_ms / r.nat?.plain_ms),
          ratio(r.pool1_ms / r.poolAll_ms),
          ratio(r.direct_ms / r.nat?.symmetric_ms),
        ]),
      ),
      '',
    );
    const mismatch = rows.filter(
      (r) =>
        r.pool1_total !== r.poolAll_total ||
        r.pool1_total !== r.direct_total ||
        r.pool1_total !== r.plainjs_total ||
        (r.nat && String(r.nat.total) !== r.pool1_total),
    );
    out.push(mismatch.length ? `**Counts disagree at N = ${mismatch.map((r) => r.n).join(', ')}.**` : 'Every counter agreed on every total.', '');

    const worst = (key, denom) => rows.reduce((a, r) => Math.max(a, r[key] / denom(r)), 0);
    const pass = (rs, key, denom, limit) => rs.filter((r) => r[key] / denom(r) <= limit).map((r) => r.n);
    // The targets are about the search: a single-thread wasm count is one
    // countBoth() call. The 1-worker pool adds its message round trips, which
    // the detail reports alongside.
    const ratios = (key, denom) => rows.map((r) => `${r.n}: ${(r[key] / denom(r)).toFixed(2)}×`).join(', ');
    for (const [label, denom, limit] of [
      ['plain JS', (r) => r.plainjs_ms, 0.4],
      ['plain native', (r) => r.nat?.plain_ms, 0.7],
    ]) {
      const met = pass(rows, 'direct_ms', denom, limit);
      targets.push({
        name: `Single-thread wasm count with symmetry ≤ ${limit}× ${label}`,
        ok: met.length === rows.length,
        detail:
          `One call on the main thread: met at N = ${met.join(', ') || 'none'}; worst ratio ` +
          `${worst('direct_ms', denom).toFixed(2)}× (${ratios('direct_ms', denom)}). The page's pool with 1 worker, ` +
          `message round trips included: ${ratios('pool1_ms', denom)}. ${poolWhy(rows)}`,
        why: 'the symmetric search in wasm did not beat the baseline by the margin asked for at every N.',
      });
    }
    const at16 = rows.find((r) => r.n === 16);
    if (at16 && at16.nat) {
      const r16 = at16.poolAll_ms / at16.nat.plain_ms;
      targets.push({
        name: `All workers, N = 16, under a third of the plain native single-thread time`,
        ok: r16 < 1 / 3,
        detail: `${f1(at16.poolAll_ms)} ms on ${workers} workers vs ${f1(at16.nat.plain_ms)} ms native plain: ${r16.toFixed(2)}× (target < 0.33×).`,
        why:
          `this machine has ${workers} hardware threads, so the pool can at best halve the 1-worker time ` +
          `(${f1(at16.pool1_ms)} ms → ${f1(at16.pool1_ms / workers)} ms, ${(at16.pool1_ms / workers / at16.nat.plain_ms).toFixed(2)}× native plain); ` +
          `it got ${(at16.pool1_ms / at16.poolAll_ms).toFixed(2)}× from ${workers} workers in this run, where the load average ` +
          `(${m.load} at the start) shows other work holding CPUs. On more cores the same code scales with the subtask queue.`,
      });
    }
  }

  if (br.sessions || nat) {
    out.push('## 2. Run to end at N = 8, no drawing', '');
    out.push(
      'Each algorithm\'s `Session` (the stepping core the visualizer plays) run from the empty board to the end ' +
        'of the search with `run(2^20)` calls and nothing drawn; whole runs are repeated until 300 ms have passed. ' +
        'Browser: `new wasm.Session(id, 8)` on the page\'s main thread. Native: `nqueens::session::Session` in a ' +
        'release build.',
      '',
    );
    const natBy = new Map((nat?.sessions ?? []).map((r) => [r.id, r]));
    out.push(
      table(
        ['algorithm', 'steps', 'solutions', 'browser ms', 'browser steps/s', 'native ms', 'native steps/s', 'wasm / native time'],
        (br.sessions?.rows ?? []).map((b) => {
          const n = natBy.get(b.id);
          return [b.name, int(b.steps), b.solutions, f1(b.ms), rate(b.steps, b.ms), f1(n?.ms), n ? rate(n.steps, n.ms) : '–', ratio(b.ms / n?.ms)];
        }),
      ),
      '',
    );
    if (c000) {
      const bf = br.sessions?.rows.find((r) => r.id === 'brute-force');
      const bfn = natBy.get('brute-force');
      out.push(
        `Brute force against the seed-000 approach built natively (\`bench/seed000.c\`, written for this: every one of ` +
          `the ${int(c000.boards)} boards built on a 64-bit field row by row until the first threatened queen; ` +
          `gcc -O2, best of 3): ${f1(c000.ms)} ms, ${rate(c000.boards, c000.ms)} boards, ${c000.solutions} solutions. ` +
          'One brute-force step is one such board, so the rates compare directly:',
        '',
      );
      out.push(
        table(
          ['', 'steps (boards)', 'ms', 'boards/s', 'ratio to seed-000 native (rate)'],
          [
            ['seed-000 approach, C native', int(c000.boards), f1(c000.ms), rate(c000.boards, c000.ms), '1.00×'],
            bf ? ['this product, brute force, wasm in Chromium', int(bf.steps), f1(bf.ms), rate(bf.steps, bf.ms), ratio(c000.ms / bf.ms)] : null,
            bfn ? ['this product, brute force, native', int(bfn.steps), f1(bfn.ms), rate(bfn.steps, bfn.ms), ratio(c000.ms / bfn.ms)] : null,
          ].filter(Boolean),
        ),
        '',
      );
      out.push(
        'The product\'s brute force visits the same boards in the same order and counts them as steps, but it ' +
          'settles every board that shares a threatened prefix of low rows at once (a prefix table), so a step ' +
          'costs less than a whole board test on average.',
        '',
      );
    }
  }

  if (br.animation) {
    out.push('## 3. Animation at top speed', '');
    out.push(
      'The page opened at each search for every solution at its largest N (`?algo=ID&n=N`), the speed slider at its maximum ("as fast as ' +
        'possible"), Play pressed, and `requestAnimationFrame` intervals recorded for 3 s. Headless Chromium with ' +
        'no GPU: the canvas is drawn in software.',
      '',
    );
    out.push(
      table(
        ['algorithm', 'N', 'frames/s', 'median frame ms', 'p95 ms', 'longest frame ms', 'steps after 3 s', 'search ended in the window'],
        br.animation.rows.map((r) => [r.name, r.n, f1(r.fps), f1(r.median_ms), f1(r.p95_ms), f1(r.longest_ms), r.steps_after, r.finished_in_window ? 'yes' : 'no']),
      ),
      '',
    );
    const slow = br.animation.rows.filter((r) => r.median_ms > 17.2 || r.p95_ms > 20);
    targets.push({
      name: 'Frames at top speed: median 16.7 ms and p95 at most 20 ms for every search for every solution at its largest N',
      ok: slow.length === 0,
      detail: br.animation.rows.map((r) => `${r.name.replace(/ \(.*\)$/, '')} N=${r.n}: median ${f1(r.median_ms)}, p95 ${f1(r.p95_ms)} ms`).join('; ') + '.',
      why: `over at ${slow.map((r) => r.id).join(', ')}: the solver's share of a frame shrinks after a late frame, but this run's frames still came late (see the load average).`,
    });
  }

  if (br.animation?.findRows?.length) {
    const rows = br.animation.findRows;
    const n = rows[0].n;
    out.push(`### 3b. The searches for one solution at N = ${int(n)}`, '');
    const longest = (r) => (r.long_tasks?.length ? Math.max(...r.long_tasks) : 0);
    out.push(
      `What a user sees: each search for one solution opened through the link \`?algo=ID&n=${n}&speed=max&seed=1\` ` +
        '(the speed at "as fast as possible"), in a fresh page, and once it has loaded Play clicked through the browser\'s input; ' +
        `from the click, \`requestAnimationFrame\` intervals recorded for ${br.animation.findSeconds ?? 4} s and every long task ` +
        '(`PerformanceObserver` `longtask`, 50 ms and more) that started in that window. Nothing is reset or replayed: a search ' +
        'that ends in the window leaves the page where it stopped, as it does for a user, and its later frames are counted too ' +
        '(they are what the user sees). "Ended after" is when Play came back; the steps are the page\'s step counter from the ' +
        'click to then. Then **Home**, five times: Play (through the input) until the search ends, then the Home key through ' +
        'the browser\'s input, timed from the keydown\'s event time to the frame after the one that showed the empty board ' +
        '(a `requestAnimationFrame`, then a task); the median of the five. At this N a square is under a few device pixels, so ' +
        'the page draws the board from the session\'s `queens()` and `queenConflicts()` (`drawQueens` in ' +
        '`www/components/board.js`), a dot a queen over a cached picture of the squares, attacked queens red and ringed.' +
        (br.animation.date ? ` Measured on ${br.animation.date}, on the machine above (${m.model}, ${m.cpus} logical CPUs); load average (1, 5, 15 min) at the start / end: ${br.animation.load}.` : '') +
        (rows.some((r) => !r.speed_from_link) ? ' The page did not read `speed=max` from the link for ' + rows.filter((r) => !r.speed_from_link).map((r) => r.id).join(', ') + ': the slider was set to its maximum instead.' : ''),
      '',
    );
    out.push(
      table(
        ['algorithm', 'N', 'median frame ms', 'p95 ms', 'longest frame ms', 'frames/s', 'long tasks (longest ms)', 'search ended after', 'steps', 'Home, median ms (of 5)'],
        rows.map((r) => [
          r.name, int(r.n), f1(r.median_ms), f1(r.p95_ms), f1(r.longest_ms), f1(r.fps),
          r.long_tasks ? `${r.long_tasks.length}${r.long_tasks.length ? ` (${f1(longest(r))})` : ''}` : '–',
          r.ended_ms === null || r.ended_ms === undefined ? 'no' : `${int(Math.round(r.ended_ms))} ms`,
          int(r.steps), r.home_median_ms === undefined ? '–' : f1(r.home_median_ms),
        ]),
      ),
      '',
    );
    const slow = rows.filter((r) => r.median_ms > 17.2 || r.p95_ms > 20);
    targets.push({
      name: `Stepping any search for one solution at N = ${int(n)} at top speed keeps the page at 60 fps (median frame 16.7 ms, p95 at most 20 ms)`,
      ok: slow.length === 0,
      detail:
        rows
          .map((r) => {
            const ok = r.median_ms <= 17.2 && r.p95_ms <= 20;
            const margin = r.p95_ms <= 20 ? `${f1(20 - r.p95_ms)} ms under` : `${f1(r.p95_ms - 20)} ms over`;
            return `${r.id}: ${ok ? 'met' : 'missed'}, median ${f1(r.median_ms)} ms, p95 ${f1(r.p95_ms)} ms (${margin} the 20), longest ${f1(r.longest_ms)} ms, ${r.long_tasks?.length ?? 0} long tasks`;
          })
          .join('; ') + ` (measured on ${br.animation.date ?? m.date}, load average ${br.animation.load ?? m.load}, start / end).`,
      why:
        `frames came late at ${slow.map((r) => r.id).join(', ')} in this run, which shared 2 CPUs without a GPU with other work ` +
        `(load average ${br.animation.load ?? m.load}, start / end); \`bash bench/run.sh --only animation\` measures it again.`,
    });
    if (rows.every((r) => r.home_median_ms !== undefined)) {
      const late = rows.filter((r) => r.home_median_ms > 100);
      targets.push({
        name: `Home (reset) at N = ${int(n)} shows the empty board within 100 ms of the key, for every search for one solution (median of 5)`,
        ok: late.length === 0,
        detail: rows.map((r) => `${r.id}: ${f1(r.home_median_ms)} ms`).join('; ') + ` (measured on ${br.animation.date ?? m.date}, load average ${br.animation.load ?? m.load}, start / end).`,
        why: `over at ${late.map((r) => r.id).join(', ')} in this run (see the load average).`,
      });
    }
  }

  if (br.layout) {
    out.push('## 4. Layout stability', '');
    out.push(
      'Cumulative layout shift from navigation to 2 s after the first drawn board (`PerformanceObserver` ' +
        '`layout-shift` entries without recent input, the same measure Lighthouse reports), one fresh load per size.',
      '',
    );
    out.push(table(['viewport', 'layout shift', 'elements that moved'], br.layout.rows.map((r) => [r.label, r.cls.toFixed(4), r.sources.join(', ') || '–'])), '');
    const worstCls = Math.max(...br.layout.rows.map((r) => r.cls));
    targets.push({
      name: 'Cumulative layout shift under 0.02',
      ok: worstCls < 0.02,
      detail: `worst ${worstCls.toFixed(4)} (${br.layout.rows.map((r) => `${r.label}: ${r.cls.toFixed(4)}`).join(', ')}).`,
      why: 'something on the first screen still moves after the first paint.',
    });
  }

  if (br.lighthouse) {
    const lh = br.lighthouse.rows;
    // Runs from before the static build measured the dev server only.
    const site = (r) => r.site ?? 'dev server (source tree)';
    const built = lh.filter((r) => site(r).startsWith('dist/'));
    const judged = built.length ? built : lh;
    out.push('## 5. Lighthouse', '');
    out.push(
      `Lighthouse ${lh[0]?.version ?? ''} (npm \`lighthouse\`) on localhost, Debian's Chromium headless, its mobile and desktop presets ` +
        '(simulated throttling): the static build (`scripts/dist.sh`) hosted under a sub-path by `scripts/serve.mjs`, which sends its ' +
        'precompressed brotli copies, and the dev server (the source tree as written, uncompressed) for comparison. Each row is the run ' +
        'with the median performance score of the runs named (the machine is shared, so a single run says little); scores out of 100; ' +
        `the audits listed are those short of full marks (of that run).${br.lighthouse.date ? ` Measured on ${br.lighthouse.date}, load average (1, 5, 15 min) at the start / end ${br.lighthouse.load}.` : ''}`,
      '',
    );
    out.push(
      table(
        ['site', 'preset', 'performance', 'performance in each run (blocking time; first / largest paint; load average, 1 min)', 'accessibility', 'best practices', 'SEO', 'layout shift', 'audits short of full marks'],
        lh.map((r) => [
          site(r), r.preset, r.scores.performance,
          r.performance?.map((p, i) => {
            if (!r.tbt) return p;
            const paints = r.fcp ? ` ${(r.fcp[i] / 1000).toFixed(2)} / ${(r.lcp[i] / 1000).toFixed(2)} s;` : '';
            return `${p} (${r.tbt[i]} ms;${paints} ${r.loads[i].toFixed(2)})`;
          }).join(', ') ?? '–',
          r.scores.accessibility, r.scores['best-practices'], r.scores.seo, r.cls?.toFixed(4) ?? '–', r.short.join(', ') || '–',
        ]),
      ),
      '',
    );
    const below = judged.flatMap((r) => Object.entries(r.scores).filter(([, s]) => s < 100).map(([c, s]) => `${r.preset} ${c} ${s}`));
    targets.push({
      name: `Lighthouse 100 in every category, mobile and desktop${built.length ? ', on dist/ served compressed' : ''}`,
      ok: below.length === 0,
      detail: judged.map((r) => `${r.preset}: ${Object.values(r.scores).join('/')}`).join('; ') + ' (performance/accessibility/best practices/SEO; ' +
        `the run with the median performance of each preset, measured on ${br.lighthouse.date ?? m.date}, load average ${br.lighthouse.load ?? m.load}, start / end).`,
      why: `short: ${below.join(', ')}. The scores move with the machine's load (each run's performance, blocking time and load are in ` +
        'the table). What costs the ' +
        'points: on mobile (4× CPU slowdown) the blocking time of the start (module evaluation, instantiating the wasm, attaching the first ' +
        'mode and drawing the first board, each in tasks of their own; the other tabs\' modes are built when first opened, and the tree is ' +
        'drawn after the first layout); on desktop, in the runs short of 100, the largest paint. The built page carries the default algorithm\'s description ' +
        '(the largest text) so that it paints with the first paint rather than after the wasm loads. `bash bench/run.sh --only ' +
        'lighthouse,weight` measures it again, best on a quiet machine.',
    });
  }

  if (br.estimate) {
    out.push('## 6. Count mode: how good is the time left?', '');
    out.push(
      'The page\'s `CountPool` on every worker counts N; at each progress report it gives the share of the ' +
        'estimated work done, f (the core\'s `countSubtaskWeights`: from N = 12, the candidate pairs each split\'s joins and ' +
        'matching would test, read off the quarter lists; below, Knuth\'s random probes into each subtask\'s ' +
        'search tree; subtasks out with workers count as half done). The raw time left is t × (1 − f) / f, t the time since the subtasks went out (the plan, with its estimates, left out); the page shows it smoothed over a few seconds (`TimeLeft` in `www/count/pool.js`), counting down between reports. Error = (the time left shown − the time the count ' +
        'really took from there) / the time it really took, over every report from f = 10% to 90% (past that the time left is a few subtasks and the ratio says little). "By subtasks" is the ' +
        'same estimate with f = subtasks done / subtasks, as the page had it before.',
      '',
    );
    const pct = (x) => (x == null ? '–' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(0)}%`);
    out.push(
      table(
        ['N', 'count ms', 'reports 10–90%', 'within ±30%', 'at 10%', 'at 25%', 'at 50%', 'at 75%', 'worst', 'worst, raw', 'worst, by subtasks'],
        br.estimate.rows.map((r) => [r.n, f1(r.ms), r.reports, r.reports ? `${r.within} (${((r.within / r.reports) * 100).toFixed(0)}%)` : '–', pct(r.at10), pct(r.at25), pct(r.at50), pct(r.at75), `±${(r.worst * 100).toFixed(0)}%`, r.worstRaw == null ? '–' : `±${(r.worstRaw * 100).toFixed(0)}%`, `±${(r.worstByCount * 100).toFixed(0)}%`]),
      ),
      '',
    );
    const worstEst = Math.max(...br.estimate.rows.map((r) => r.worst));
    targets.push({
      name: 'Count mode\'s time left within ±30% once 10% of the work is done',
      ok: worstEst <= 0.3,
      detail: br.estimate.rows.map((r) => `N=${r.n}: worst ±${(r.worst * 100).toFixed(0)}% over ${r.reports} reports (by subtasks it was ±${(r.worstByCount * 100).toFixed(0)}%)`).join('; ') + '.',
      why: 'the work estimates are random probes: a piece much bigger or smaller than its probes said moves the estimate while it runs.',
    });
  }

  if (br.weight) {
    const files = br.weight.files;
    const raw = files.reduce((a, f) => a + f.raw, 0);
    const gz = files.reduce((a, f) => a + f.gzip, 0);
    out.push('## 7. Page weight', '');
    out.push('Every file the page loads, raw and gzipped (node zlib, level 9): the first tab\'s at the start, the other tabs\' after the first board (while the page is idle) or when first opened, the workers when a mode starts them:', '');
    out.push(
      table(
        ['file', 'bytes', 'gzipped'],
        [...files.map((f) => [`\`${f.file}\``, int(f.raw), int(f.gzip)]), ['**total**', `**${int(raw)}** (${kb(raw)})`, `**${int(gz)}** (${kb(gz)})`]],
      ),
      '',
    );
    const fb = br.weight.firstBoard;
    out.push(
      `Navigation start to the first drawn board (\`body[data-ready="true"]\`), fresh browser context each time, ` +
        `served from localhost: median ${f1(fb.median_ms)} ms, best ${f1(fb.min_ms)} ms over ${fb.times.length} loads ` +
        `(${fb.times.map((t) => f1(t)).join(', ')}).`,
      '',
    );
    const dist = br.weight.dist;
    if (dist) {
      const rawAll = dist.files.reduce((a, f) => a + f.raw, 0);
      const brAll = dist.files.reduce((a, f) => a + f.br, 0);
      const encodings = dist.firstBoard.encodings.join(', ');
      out.push(
        '### The static build over the wire',
        '',
        `\`scripts/dist.sh\` (build ${dist.version}) hosted under a sub-path by \`scripts/serve.mjs\`, one fresh visit in Chromium: ` +
          `to the first drawn board the page takes **${int(dist.firstBoard.bytes)} bytes (${kb(dist.firstBoard.bytes)})** over the wire in ` +
          `${dist.firstBoard.responses} responses (bodies as sent, encoded ${encodings}, plus headers); then its service worker fetches the ` +
          `whole build once more for offline use, ${int(dist.serviceWorker.bytes)} bytes (${kb(dist.serviceWorker.bytes)}) in ` +
          `${dist.serviceWorker.responses} responses. Later visits take nothing from the network but the service worker's check for a new build. ` +
          `Navigation to the first drawn board: median ${f1(dist.firstBoardTime.median_ms)} ms, best ${f1(dist.firstBoardTime.min_ms)} ms ` +
          `over ${dist.firstBoardTime.times.length} loads. The build's files, minified, and their brotli copies as served ` +
          '(PNGs are sent as they are):',
        '',
      );
      out.push(
        table(
          ['file', 'bytes', 'brotli'],
          [...dist.files.map((f) => [`\`${f.file}\``, int(f.raw), int(f.br)]), ['**total**', `**${int(rawAll)}** (${kb(rawAll)})`, `**${int(brAll)}** (${kb(brAll)})`]],
        ),
        '',
      );
    }
    const wasm = files.find((f) => f.file.endsWith('.wasm'));
    targets.push({
      name: 'The whole page under 60 KB gzipped',
      ok: gz < 60 * 1024,
      detail: `${kb(gz)} gzipped (${int(gz)} bytes) against 61,440: ${gz < 61440 ? `${kb(61440 - gz)} to spare` : `over by ${kb(gz - 61440)} (${((gz / 61440 - 1) * 100).toFixed(0)}%)`}.`,
      why: wasm
        ? `The wasm module is ${kb(wasm.gzip)} of it gzipped and the page's own HTML, CSS and JS (with the ` +
          `wasm-bindgen glue) ${kb(gz - wasm.gzip)}. The module holds the steppable algorithms (both families), time travel, ` +
          `the view, the count core, the allocator (dlmalloc, about 7 KB raw) and Rust's integer formatting for the ` +
          `messages; Rust's float formatting and parsing (about 14 KB gzipped) were taken out. These are the ` +
          `source tree's files as the dev server sends them; the static build's, minified and in brotli, are below.`
        : '',
    });
  }

  if (br.gif) out.push(...gifSection(br.gif));

  if (br.race) {
    const race = raceSection(br.race, 8);
    out.push(...race.lines);
    targets.push(...race.targets);
  }

  if (br.speed) {
    const speed = speedSection(br.speed, 9);
    out.push(...speed.lines);
    targets.push(...speed.targets);
  }

  if (br.find) {
    const find = findSection(br.find, 10);
    out.push(...find.lines);
    targets.push(...find.targets);
  }

  if (br.runs) {
    const runs = runsSection(br.runs, 11);
    out.push(...runs.lines);
    targets.push(...runs.targets);
  }

  if (br.gpu) {
    const gpu = gpuSection(br.gpu, 12);
    out.push(...gpu.lines);
    targets.push(...gpu.targets);
  }

  if (br.puzzle) {
    const puzzle = puzzleSection(br.puzzle, 13);
    out.push(...puzzle.lines);
    targets.push(...puzzle.targets);
  }

  if (br.testcmd) {
    const test = testSection(br.testcmd, table);
    out.push(...test.out);
    targets.push(test.target);
  }

  if (targets.length) {
    out.push('## Targets', '');
    for (const t of targets) {
      out.push(`- **${t.ok ? 'Met' : 'Missed'}**: ${t.name}. ${t.detail}${t.ok ? '' : ` Why: ${t.why}`}`);
    }
    out.push('');
  }
  const errors = [br.count?.errors, br.sessions?.errors, br.animation?.errors, br.weight?.firstBoard?.errors, br.layout?.errors, br.estimate?.errors, br.lighthouse?.errors, br.race?.errors, br.speed?.errors, br.runs?.errors]
    .flat()
    .filter(Boolean);
  if (errors.length) out.push('## Page errors during the run', '', ...errors.map((e) => `- ${e}`), '');
  out.push('## How to run', '', '`bash bench/run.sh` (about 15 minutes, ten of them the count-speed part; not part of the test command). ' +
    'Options: `--lo N --hi N` for the count sizes, `--only ' + PARTS.join(',') + '` to measure a part again (the report keeps the other parts from the last run, or, with no saved run, from this file as it stands); `testcmd` (the test command on a fresh clone, section 14) runs only when named, ' +
    '`--report-only` to rewrite this file from the last run\'s `bench/results/latest.json` without measuring.', '');
  return out.join('\n');
}

const latest = path.join(REPO_ROOT, 'bench', 'results', 'latest.json');
/** The full report (not in git): BENCHMARKS.md takes its current figures from it. */
const REPORT = path.join(REPO_ROOT, 'bench', 'results', 'report.md');

/**
 * A report's level-2 sections: the text before the first (the header and
 * the machine), then each `## ` heading with its lines, keyed by its number
 * ("3") or, unnumbered, by its heading ("Targets").
 * @param {string} text
 */
function sections(text) {
  const out = [{ key: '', lines: /** @type {string[]} */ ([]) }];
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) out.push({ key: /^## (\d+)\./.exec(line)?.[1] ?? line, lines: [] });
    out[out.length - 1].lines.push(line);
  }
  return out;
}

/**
 * The header's "Partial run" row for a run of `parts` on `date` merged into
 * `file`: when each part now in the file was measured (the newest date of
 * each, from the file's row), and the run the rest comes from.
 * @param {string} file  the report as it stands
 * @param {string[]} parts
 * @param {string} date
 */
function partialRow(file, parts, date) {
  const row = /\| Partial run \| (.*?)(?: \(a section that gives[^|]*)? \|/.exec(file)?.[1] ?? '';
  let rest = /Written by `bash bench\/run.sh` on (\S+?)\./.exec(file)?.[1] ?? null;
  const when = new Map();
  for (const piece of row.split(/; (?:before that, )?/)) {
    const measured = /^(.*) measured on (\S+)$/.exec(piece.trim());
    if (measured) for (const part of measured[1].split(', ')) if (!when.has(part)) when.set(part, measured[2]);
    const from = /^the rest from the run of (\S+)$/.exec(piece.trim());
    if (from) rest = from[1];
  }
  for (const part of parts) when.set(part, date);
  const dates = [...new Set(when.values())].sort().reverse();
  const groups = dates.map((d) => `${[...when].filter(([, at]) => at === d).map(([part]) => part).join(', ')} measured on ${d}`);
  return `${groups.join('; ')}; the rest ${rest ? `from the run of ${rest}` : 'from an earlier run'}`;
}

/**
 * A partial run's report merged into the file as it stands: the header, each
 * section the run wrote and each Targets line it wrote (matched by the
 * target's name, its words up to the first full stop) come from the run;
 * every other section and Targets line stays as it was. Targets new to the
 * file go at the end of the list.
 * @param {string} old  the report as it stands
 * @param {string} fresh  the report of the parts measured
 */
function mergeReport(old, fresh) {
  const was = sections(old);
  const now = sections(fresh);
  const byKey = new Map(now.map((s) => [s.key, s]));
  const name = (/** @type {string} */ line) => /^- \*\*\w+\*\*: (.*?\.)(?: |$)/.exec(line)?.[1] ?? null;
  const merged = was.map((section) => {
    const fresher = byKey.get(section.key);
    if (section.key === '' && fresher) {
      // A row this run could not fill ("?": a part it did not measure) keeps the file's.
      const row = (/** @type {string} */ line) => /^\| ([^|]+) \|/.exec(line)?.[1];
      return { key: '', lines: fresher.lines.map((line) => (/ \| \? \|$/.test(line) ? section.lines.find((l) => row(l) === row(line)) ?? line : line)) };
    }
    if (section.key !== '## Targets') return fresher ?? section;
    const lines = [...section.lines];
    for (const line of fresher?.lines ?? []) {
      const target = name(line);
      if (!target) continue;
      const at = lines.findIndex((l) => name(l) === target);
      if (at >= 0) lines[at] = line;
      else {
        let last = lines.length - 1;
        while (last > 0 && !lines[last].startsWith('- ')) last--;
        lines.splice(last + 1, 0, line);
      }
    }
    return { key: section.key, lines };
  });
  // Sections the file did not have yet go before the Targets, in number order.
  const known = new Set(was.map((s) => s.key));
  for (const section of now.filter((s) => /^\d+$/.test(s.key) && !known.has(s.key))) {
    const at = merged.findIndex((s) => (/^\d+$/.test(s.key) && Number(s.key) > Number(section.key)) || s.key === '## Targets');
    merged.splice(at < 0 ? merged.length : at, 0, section);
  }
  return merged.map((s) => s.lines.join('\n')).join('\n');
}
if (args.includes('--report-only')) {
  // Rewrites the report from the last run's measurements, measuring nothing.
  if (!fs.existsSync(latest)) {
    log('no saved run in bench/results/latest.json: run `bash bench/run.sh` first');
    process.exit(1);
  }
  const { machine: m, native: nat, seed000: c000, browser: br, mergedIntoFile } = JSON.parse(fs.readFileSync(latest, 'utf8'));
  const kept = REPORT;
  // A saved partial run that was merged into the file is merged into it again.
  if (mergedIntoFile) m.partial = partialRow(fs.readFileSync(kept, 'utf8'), m.only ?? [], m.date);
  const written = report({ m, nat, c000, br });
  fs.writeFileSync(kept, mergedIntoFile ? mergeReport(fs.readFileSync(kept, 'utf8'), written) : written);
  log('rewrote bench/results/report.md from bench/results/latest.json');
} else {
  const m = machine();
  log(`machine: ${m.model}, ${m.cpus} CPUs, load ${m.load}`);
  let nat = want('count') || want('sessions') ? native() : null;
  let c000 = want('sessions') ? seed000() : null;
  let br = await runBrowser({ lo, hi, only });
  if (want('race')) br.race = await raceTimings();
  if (want('speed')) br.speed = await speedTimings();
  if (want('find')) br.find = await findTimings(REPO_ROOT, bin('release/nqueens-bench'));
  if (want('gpu')) br.gpu = await gpuTimings();
  if (want('puzzle')) br.puzzle = await puzzleTimings(REPO_ROOT);
  if (only && fs.existsSync(latest)) {
  }

  if (only?.includes('testcmd')) br.testcmd = await testCommandTimings(REPO_ROOT);
  const kept = REPORT;
  const saved = fs.existsSync(latest) ? JSON.parse(fs.readFileSync(latest, 'utf8')) : null;
  const mergeInto = only && (!saved || saved.mergedIntoFile) && fs.existsSync(kept) ? fs.readFileSync(kept, 'utf8') : null;
  if (mergeInto !== null) {
    // No saved whole run here (a fresh clone: bench/results/ is not in git):
    // the parts measured replace their sections and Targets lines of the
    // file as it stands, and the rest stays as the file has it.
    m.partial = partialRow(mergeInto, only, m.date);
    m.only = only;
  } else if (only && saved) {
    // A part measured again: the report keeps the other parts from the last run.
    const last = saved;
    br = { ...last.browser, ...br };
    nat ??= last.native;
    c000 ??= last.seed000;
    m.partial = `${only.join(', ')} measured on ${m.date}; the rest from the run of ${last.machine?.partial ? last.machine.date0 : last.machine?.date}`;
    m.date0 = last.machine?.partial ? last.machine.date0 : last.machine?.date;
  }
  m.loadEnd = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const results = { machine: m, native: nat, seed000: c000, browser: br, mergedIntoFile: mergeInto !== null };
  fs.mkdirSync(path.dirname(latest), { recursive: true });
  fs.writeFileSync(latest, JSON.stringify(results, null, 1));
  const written = report({ m, nat, c000, br });
  fs.writeFileSync(kept, mergeInto === null ? written : mergeReport(mergeInto, written));
  log(`wrote bench/results/report.md${mergeInto === null ? '' : ` (${only.join(', ')} merged into the file as it was)`} and bench/results/latest.json`);
}
