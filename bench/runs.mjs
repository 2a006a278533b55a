// "Many runs" (`--only runs`): the wall time of a 1,000-seed run in
// the page's Many runs tab, on its own workers, from Add curve to the row in
// the table. The page is opened by its link with the form filled in
// (`?mode=runs&algo=ID&n=N&seeds=1000&cap=CAP&first=1`), a fresh page each
// time so that the time includes starting the workers, as a visitor's first
// curve does; best of three such pages. `runsTimings()` resolves to plain data and `runsSection()`
// writes it up for bench/run.mjs, with the target it is held to.

const log = (...a) => console.error('[bench:runs]', ...a);

/** The runs timed: the repair searches at N = 50 and 1,000, restarts at N = 50. */
const RUNS = [
  ['min-conflicts', 50],
  ['queen-search', 50],
  ['restarts', 50],
  ['min-conflicts', 1000],
  ['queen-search', 1000],
];
const SEEDS = 1000;
/** Fresh pages a run is timed in; the best is reported, as the load on a shared machine only ever adds time. */
const TRIES = 3;
/** The page's "repair" preset caps these searches at N = 1,000 at this (www/runs/runs.js PRESETS). */
const PRESET_CAP_1000 = 100_000;
/** The page's default cap (www/runs/runs.js DEFAULT_CAP), unless the core's budget is smaller. */
const DEFAULT_CAP = 10_000_000;

/** The cap the page would use: the repair preset's at N = 1,000, else the form's default for the search. */
const capFor = (budget, n) => Math.min(n === 1000 ? PRESET_CAP_1000 : DEFAULT_CAP, budget);

/**
 * Opens the page once per run, clicks Add curve and waits (a MutationObserver
 * in the page) until #runs reads data-state="done" with the curve's row in the
 * table; the wall time is from the click to that moment. The page's own time
 * (the pool's, from its start to the last slice, `data-ms`) and the table's
 * cells in steps come with it.
 */
export async function runsTimings(browser, base, openPage) {
  const rows = [];
  const errors = [];
  for (const [id, n] of RUNS) {
    // The budget is the core's, read from the page's own instance.
    const probe = await openPage(browser, base, '/?mode=runs');
    const budget = await probe.page.evaluate(({ id, n }) => window.nqueens.wasm.runLengthsBudget(id, n).budget, { id, n });
    errors.push(...probe.errors);
    await probe.context.close();
    const cap = capFor(budget, n);
    const token = `${id}.${n}.${SEEDS}.${cap}.1`;
    const tries = [];
    for (let i = 0; i < TRIES; i++) {
    const { page, context, errors: e } = await openPage(browser, base, `/?mode=runs&algo=${id}&n=${n}&seeds=${SEEDS}&cap=${cap}&first=1&work=steps`);
    const form = await page.evaluate(() => ['#runs-algo', '#runs-n', '#runs-seeds', '#runs-cap', '#runs-first'].map((s) => document.querySelector(s).value));
    if (form.join() !== [id, n, SEEDS, cap, 1].join()) throw new Error(`the link did not fill the form: ${form.join(', ')}`);
    const r = await page.evaluate(
      (token) =>
        new Promise((resolve, reject) => {
          const root = document.getElementById('runs');
          const row = () => document.querySelector(`#runs-table tbody tr[data-curve="${token}"]`);
          let t0 = 0;
          const check = () => {
            if (root.dataset.state === 'failed') reject(new Error(document.getElementById('runs-status').textContent));
            if (root.dataset.state !== 'done' || !row()) return false;
            const wall = performance.now() - t0;
            observer.disconnect();
            const cell = (stat) => row().querySelector(`td[data-stat="${stat}"]`);
            const stat = (s) => ({ value: Number(cell(s).dataset.value), atLeast: cell(s).dataset.atLeast === 'true', text: cell(s).textContent });
            resolve({
              wall_ms: wall,
              page_ms: Number(root.dataset.ms),
              solved: row().querySelector('td[data-label="Solved"]').textContent,
              median: stat('median'),
              mean: stat('mean'),
              p90: stat('p90'),
              longest: stat('longest'),
              status: document.getElementById('runs-status').textContent,
              workers: navigator.hardwareConcurrency,
            });
            return true;
          };
          const observer = new MutationObserver(check);
          observer.observe(root, { attributes: true, childList: true, subtree: true });
          t0 = performance.now();
          document.getElementById('runs-add').click();
        }),
      token,
    );
    log(`${token}: ${(r.wall_ms / 1000).toFixed(2)} s (page ${r.page_ms} ms), median ${r.median.text}, longest ${r.longest.text}`);
    tries.push(r);
    errors.push(...e);
    await context.close();
    }
    // The same seeds give the same table every time; the best time is the one least slowed by other work.
    const best = tries.reduce((a, b) => (b.wall_ms < a.wall_ms ? b : a));
    rows.push({ id, n, seeds: SEEDS, cap, budget, token, ...best, walls_ms: tries.map((t) => t.wall_ms) });
  }
  return { rows, errors };
}

const int = (x) => Number(x).toLocaleString('en-US');
const secs = (ms) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`);

/** The section for BENCHMARKS.md: a table of the runs and the ask. */
export function runsSection(runs, number) {
  const lines = [`## ${number}. Many runs`, ''];
  const workers = runs.rows[0]?.workers ?? '?';
  lines.push(
    `The page's Many runs tab (\`www/runs/runs.js\`, \`www/runs/pool.js\`: Web Workers, here ${workers} as ` +
      '`navigator.hardwareConcurrency` gives, each with its own wasm instance, calling the core\'s `runLengths` on ' +
      `slices of the seeds) running ${int(SEEDS)} seeds of one search to their first solution. A fresh page for each, opened by its link with the form filled ` +
      `in (\`?mode=runs&algo=ID&n=N&seeds=${SEEDS}&cap=CAP&first=1\`); **wall time** is from the click on Add curve to the row in ` +
      `the table (the page reading \`data-state="done"\`), best of ${TRIES} fresh pages (all ${TRIES} in the last column), so it includes starting the workers and their wasm, as a first curve ` +
      'does; **page** is the pool\'s own time from the start of the runs to the last slice (the status line\'s figure), in the best try. ' +
      `The cap is what the page uses: at N = 1,000 the "repair" preset's ${int(PRESET_CAP_1000)} steps; at N = 50 the form's ` +
      `default, ${int(DEFAULT_CAP)} steps or the core's budget for the search if smaller. Median and longest are the ` +
      'table\'s, in steps ("at least" where runs stopped at the cap).' +
      (runs.date ? ` Measured on ${runs.date}; load average (1, 5, 15 min) at the start / end: ${runs.load}.` : ''),
    '',
  );
  lines.push('| search | N | cap (steps) | wall time | page | solved | median steps | longest steps | wall times of the tries |');
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of runs.rows) {
    lines.push(`| ${r.id} | ${int(r.n)} | ${int(r.cap)} | ${secs(r.wall_ms)} | ${secs(r.page_ms)} | ${r.solved} | ${r.median.text} | ${r.longest.text} | ${(r.walls_ms ?? [r.wall_ms]).map(secs).join(', ')} |`);
  }
  lines.push('');
  const at = (n) => runs.rows.filter((r) => r.n === n).map((r) => `${r.id} ${secs(r.wall_ms)}`).join(', ');
  lines.push(
    `Issue 20 asks for the time a ${int(SEEDS)}-seed run takes at N = 50 and N = 1,000: at N = 50, ${at(50)}; ` +
      `at N = 1,000, ${at(1000)} (best wall time on ${workers} workers, with the load average above).`,
    '',
  );
  return { lines, targets: [] };
}
