// One count of N, from Count to its saved result, in the tab that holds N's
// lock: the engine chosen (the GPU, or the workers, which also take over a
// GPU that fails before it counts), the bar and the time left while it runs
// (TimeLeft, by the share of the work the core estimates each piece to be:
// pieces differ in size by a factor of a hundred and more, so counting them
// would mislead), then the result, the cancelled count's saved share, or the
// failure, each as the model (model.js) words it.

import { GpuPool } from './gpu.js';
import { TimeLeft } from './pool.js';
import { cancelledSentence, chooseEngine, discardedSentence, doneShown, partsWord, progressLine, savedShare } from './model.js';
import { decimal, formatDuration, percent } from './words.js';
import { formatCount } from '../lib/dom.js';

/**
 * What a count needs of the controller (ui.js).
 * @typedef {object} CountContext
 * @property {ReturnType<typeof import('./panel.js').countPanel>} panel
 * @property {import('./store.js').CountStore} store
 * @property {HTMLElement} section
 * @property {Parameters<typeof chooseEngine>[0]} setting
 * @property {import('./pool.js').CountPool} cpuPool
 * @property {GpuPool | null} gpuPool
 * @property {import('./pool.js').CountPool} pool
 * @property {import('./store.js').CountRecord | null} saved
 * @property {number} lookups
 * @property {(n: number) => boolean} inField
 * @property {(record: import('./store.js').CountRecord | null, resumable?: boolean) => void} setSaved
 * @property {(n: number, use?: 'gpu' | 'cpu') => void} showMethod
 * @property {() => void} stopWaiting
 */

/**
 * Counts N in this tab, which holds N's lock; resolves once what it did is shown and saved.
 * @param {CountContext} ctx
 * @param {number} n
 * @param {Awaited<ReturnType<typeof import('./gpu.js').probeGpu>> | null} probe  what the browser offers (null: not asked)
 */
export async function countUnderLock(ctx, n, probe) {
  const { panel, store, section } = ctx;
  panel.clearAlert();
  ctx.lookups++; // a lookup still under way is out of date
  const onGpu = () => ctx.pool === ctx.gpuPool;
  /** @type {{ why: 'damaged' | 'older' | 'other', extra: Record<string, string> } | null} */
  let discarded = null; // saved progress the pool threw away, said again with the outcome
  const withNote = () => {
    if (!discarded) return;
    panel.mark(discarded.extra);
    panel.addNote(discardedSentence(n, discarded.why, 'this count started over.'));
  };
  const resuming = ctx.saved?.n === n ? savedShare(ctx.saved) : 0;
  /** @type {{ done: number, subtasks: number | null, ms: number, fraction?: number, at: number }} the last report (at: when it came) */
  let progress = { done: ctx.saved?.n === n ? ctx.saved.doneCount : 0, subtasks: null, ms: 0, fraction: resuming, at: performance.now() };
  const timeLeft = new TimeLeft();
  const showProgress = () => {
    panel.setBar(progress.fraction ?? 0);
    panel.setBarText(progressLine(progress, performance.now(), timeLeft.read(), onGpu()));
  };
  /** @type {ReturnType<typeof setInterval> | number} */
  let ticker = 0;
  const setRunning = (/** @type {boolean} */ on) => {
    if (on) ctx.stopWaiting();
    panel.setRunning(on);
    clearInterval(ticker);
    if (on) ticker = setInterval(showProgress, 200);
  };
  const running = (/** @type {string} */ text, /** @type {Record<string, string>} */ extra = {}) => panel.show({ state: 'running', text, data: { n: String(n), ...extra } });
  // From here on nothing may leave the panel running: anything thrown ends as a failed count.
  try {
    running(resuming > 0 ? `Resuming N = ${n}: ${percent(resuming)} done…` : `Counting N = ${n}…`);
    setRunning(true);
    showProgress();
    const choice = chooseEngine(ctx.setting, probe, n, ctx.saved?.n === n ? ctx.saved : null);
    if (choice.use === 'gpu' && probe?.adapter) ctx.gpuPool ??= new GpuPool({ adapter: probe.adapter });
    ctx.pool = choice.use === 'gpu' && ctx.gpuPool ? ctx.gpuPool : ctx.cpuPool;
    section.dataset.engine = choice.use;
    panel.setEngine(choice.text);
    ctx.showMethod(n, choice.use);
    let started = false; // the engine's plan is known and counting began
    /** @type {Parameters<import('./pool.js').CountPool['run']>[1]} */
    const hooks = {
      store,
      onStart: ({ resumedFrom, discarded: why }) => {
        started = true;
        if (why) {
          discarded = { why, extra: { discarded: why } };
          running(discardedSentence(n, why, 'counting from the start.'), discarded.extra);
        } else if (resumedFrom > 0) {
          running(`Resuming N = ${n}: ${percent(resumedFrom)} done…`, { resumed: decimal(resumedFrom) });
        }
      },
      onProgress: (p) => {
        progress = { ...p, at: performance.now() };
        timeLeft.feed(p);
        panel.mark({ fraction: decimal(p.fraction), saved: decimal(p.saved) });
        showProgress();
      },
    };
    /** @type {import('./pool.js').CountOutcome} */
    let r;
    try {
      r = await ctx.pool.run(n, hooks);
    } catch (err) {
      // The GPU failed before it counted anything (no device, a shader the driver refused): the workers count instead.
      if (ctx.pool === ctx.cpuPool || started) throw err;
      const why = /** @type {import('../types.js').Thrown} */ (err)?.message ?? String(err);
      ctx.pool = ctx.cpuPool;
      section.dataset.engine = 'cpu';
      const workers = ctx.setting.workers;
      panel.setEngine(`Engine: the ${workers} Web Worker${workers === 1 ? '' : 's'}: the GPU failed to start (${why}).`);
      ctx.showMethod(n, 'cpu');
      r = await ctx.pool.run(n, hooks);
    }
    setRunning(false);
    if (r.cancelled) {
      const what = `Cancelled N = ${n} after ${formatDuration(r.ms)}.`;
      panel.show({
        state: 'cancelled', text: `${what} Saving what is done…`, data: { n: String(n), fraction: decimal(r.fraction) },
        barText: `Cancelled · ${partsWord(onGpu())} ${formatCount(r.done)} / ${r.subtasks == null ? '…' : formatCount(r.subtasks)} · ${percent(r.fraction)} of the work`,
      });
      withNote();
      const wrote = await r.saved;
      // What is on disk now: this run's work, or a record from before it (cancelled while preparing).
      const record = await store.get(n);
      const kept = record && !record.complete ? savedShare(record) : 0;
      if (panel.state() !== 'cancelled' || panel.shownN() !== String(n)) return;
      panel.mark({ saved: decimal(kept) });
      if (record && kept > 0) {
        panel.setBar(kept);
        panel.setBarText(`Cancelled · ${partsWord(onGpu())} ${formatCount(record.doneCount)} / ${formatCount(record.subtasks)} · ${percent(kept)} of the work saved`);
      }
      panel.setLine(cancelledSentence(what, { n, kept, done: r.done, wrote: Boolean(wrote) }));
      if (ctx.inField(n)) ctx.setSaved(record);
      return;
    }
    ctx.setSaved(null);
    panel.show(doneShown(r, { workers: r.engine === 'gpu' ? null : r.workers, gpu: r.engine === 'gpu' }));
    withNote();
  } catch (err) {
    ctx.pool.cancel(); // a count may still be under way if the panel itself threw
    setRunning(false);
    const message = `The count failed: ${/** @type {import('../types.js').Thrown} */ (err)?.message ?? err}`;
    panel.show({ state: 'error', text: message, data: { n: String(n) }, barText: 'Failed.' });
    panel.alarm(message);
    withNote();
    if (ctx.inField(n)) ctx.setSaved(await store.get(n));
  }
}
