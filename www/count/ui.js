// Count mode's controller: wires the panel (panel.js) to the engines (a
// CountPool of workers, a GpuPool once the GPU counts), the store of saved
// progress (CountStore) and the other tabs (tabs.js), asking the model
// (model.js) what to show at each stage. The count itself, from Count to
// its saved result, is run.js's.
//
// Mounts only when the wiring calls mountCountMode (no side effect on import);
// the range of N and the method come from the caller (the core's limits()
// and countMethod()). Besides the panel's ids it sets
//   #count-mode[data-store="read"] once what an earlier visit saved has been read
//   #count-mode[data-engine="gpu|cpu"] what counted (or counts) last
// It never touches the visualizer.
//
// Another tab's count of N is said to run there, with no Resume, and the
// panel looks again once it stops: at its saved progress, or its result.
// Saved progress is offered for Resume only to the engine that made it (the
// GPU and the workers cut a count into different pieces); to the other one
// the panel says why not.

import { defaultWorkers } from '../workers/start.js';
import { CountPool, validateN } from './pool.js';
import { GPU_FROM, GPU_METHOD, probeGpu } from './gpu.js';
import { CountStore } from './store.js';
import { countPanel } from './panel.js';
import { afterLookup, earlierVisit, chooseEngine, discardedSentence, doneShown, elsewhereShown, finishedOf, idleShown, madeBy, savedButtons, savedShown } from './model.js';
import { holdLock, lockHeld, tabChannel, whenFree } from './tabs.js';
import { countUnderLock } from './run.js';

/** @typedef {import('./store.js').CountRecord} CountRecord */

/**
 * Fills `section` with count mode; returns { pool, gpuPool(), store, ready, followN(n) }.
 * @param {HTMLElement} section
 * @param {{ minN: number, maxN: number, gpuMaxN?: number, workers?: number, method?: ((n: number) => import('../types.js').CountMethod) | null,
 *           store?: CountStore, engine?: 'auto' | 'gpu' | 'cpu', onN?: (n: number | null | undefined) => void }} options
 *   minN, maxN: the N the core counts (limits()'s countMinN, countMaxN); gpuMaxN: on a GPU (countGpuMaxN, else maxN);
 *   method: the core's countMethod (optional);
 *   engine: the link's ?engine= (auto: the GPU when the browser offers one and N is big enough); onN: told the N in the field
 */
export function mountCountMode(section, { minN, maxN, gpuMaxN = maxN, workers = defaultWorkers(), method = null, store = new CountStore(), engine = 'auto', onN: told = () => {} }) {
  // The N the form takes: past maxN only the GPU counts, and the form says so if this count would not run on one.
  const range = { minN, maxN: engine === 'cpu' ? maxN : Math.max(maxN, gpuMaxN) };
  const panel = countPanel(section, {
    minN,
    maxN: range.maxN,
    note:
      `Counts every solution without drawing: on the GPU when this browser offers WebGPU (from N = ${GPU_FROM}` +
      `${range.maxN > maxN ? `; past N = ${maxN} only there` : ''}), ` +
      `else shared out over ${workers} worker${workers === 1 ? '' : 's'} ` +
      '(one per hardware thread). Finished parts are saved in this browser, so a count that is cancelled ' +
      'or cut short by closing the page resumes where it stopped.',
  });
  const { input, start, cancel, discard, form } = panel;
  const setting = { engine, maxN, gpuFrom: GPU_FROM, gpuMethodId: GPU_METHOD.id, workers };
  // Asked once: whether this browser offers a WebGPU adapter (never for ?engine=cpu).
  const gpu = engine === 'cpu' ? Promise.resolve(null) : probeGpu();
  /** @type {Awaited<typeof gpu> | undefined} what the probe found, once it has */
  let probed;

  /** What a count shares with the controller: the panel, the engines, the saved count of the N in the field. */
  const ctx = {
    panel, store, section, setting,
    cpuPool: new CountPool(workers),
    /** @type {import('./gpu.js').GpuPool | null} */
    gpuPool: null,
    /** @type {CountPool} the engine of the count under way, or of the last */
    pool: /** @type {CountPool} */ (/** @type {unknown} */ (null)),
    busy: () => ctx.cpuPool.busy || (ctx.gpuPool?.busy ?? false),
    /** @type {CountRecord | null} the saved, unfinished count of the N in the field that the engine chosen here resumes */
    saved: null,
    /** @type {CountRecord | null} the saved, unfinished count of the N in the field, resumable here or not */
    stored: null,
    lookups: 0,
    /** @param {number} n  whether the field still shows N */
    inField: (n) => validateN(input.value, range).n === n,
    /** @param {CountRecord | null} record  @param {boolean} [resumable] */
    setSaved(record, resumable = true) {
      const b = savedButtons(record, resumable);
      ctx.stored = b.stored;
      ctx.saved = b.saved;
      panel.setButtons(b);
    },
    showMethod,
    stopWaiting,
  };
  ctx.pool = ctx.cpuPool;

  /**
   * The method line: the GPU's method where the GPU counts N, else the core's.
   * @param {number | null | undefined} n  none for what is not an N
   * @param {'gpu' | 'cpu'} [use]  the engine (by default the one chooseEngine picks for N)
   */
  function showMethod(n, use = n != null && probed !== undefined ? chooseEngine(setting, probed, n, ctx.saved?.n === n ? ctx.saved : null).use : 'cpu') {
    let m = null;
    try {
      if (n != null) m = use === 'gpu' ? GPU_METHOD : method?.(n);
    } catch {
      m = null; // an N the core refuses: the form says why when Count is pressed
    }
    panel.setMethod(n, m);
    told(n);
  }

  /** @type {AbortController | null} waits for another tab's count of N to stop */
  let waiting = null;
  function stopWaiting() { waiting?.abort(); waiting = null; }

  /**
   * Another tab counts N: the panel says so, offers no Count or Resume, and looks again once it stops.
   * @param {number} n
   * @param {CountRecord | null} record  what that count has saved so far
   */
  const showElsewhere = (n, record) => {
    ctx.setSaved(null);
    start.disabled = true;
    panel.show(elsewhereShown(n, record));
    stopWaiting();
    waiting = new AbortController();
    whenFree(n, waiting.signal, onN);
  };

  let choosing = false; // between Count and the engine's run(), while the GPU probe is awaited
  /** @type {number | null} the N whose lock this tab holds (or is letting go) */
  let ownLock = null;
  /** @type {Promise<void> | null} settles once this tab's count has let its lock go */
  let owning = null;

  /** N in the field changed, or a tab's count of it started or stopped: the method line, and what is saved or counted of N. */
  async function onN() {
    const { n } = validateN(input.value, range);
    const seq = ++ctx.lookups;
    if (n == null) {
      stopWaiting();
      start.disabled = ctx.busy();
      showMethod(null);
      ctx.setSaved(null);
      return;
    }
    showMethod(n);
    const { record, discarded } = await store.read(n);
    // The lock this tab holds, or is letting go, is not another tab's.
    const elsewhere = ownLock !== n && (await lockHeld(n)) && ownLock !== n;
    const other = record && !record.complete ? await otherEngine(record) : null;
    // A count this tab is starting holds the lock too: that is not another tab's.
    if (seq !== ctx.lookups || ctx.busy() || choosing) return;
    stopWaiting();
    if (elsewhere) return showElsewhere(n, record);
    start.disabled = false;
    ctx.setSaved(record, !other);
    const next = afterLookup({ state: panel.state() ?? 'idle', elsewhere, stored: ctx.stored, record, discarded });
    if (next === 'saved' && ctx.stored) panel.show(savedShown(ctx.stored, other, GPU_METHOD.id));
    else if (next === 'finished' && record) panel.show(doneShown(finishedOf(record), { from: 'tab' }));
    else if (next === 'idle') panel.show(discarded ? idleShown(discardedSentence(n, discarded.why, 'Count starts over.'), { discarded: discarded.why }) : idleShown());
  }

  /**
   * The engine line of the engine chosen for N when it is not the one that made `record`; else null.
   * @param {CountRecord} record
   */
  const otherEngine = async (record) => {
    const choice = chooseEngine(setting, await gpu, record.n, record);
    return choice.use === madeBy(record, GPU_METHOD.id) ? null : choice.text;
  };

  const channel = tabChannel((n) => {
    if (!ctx.busy() && !choosing && ctx.inField(/** @type {number} */ (n))) onN();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (ctx.busy() || choosing) return;
    // The engine is chosen first: from the panel's "running" on, nothing is awaited before run(),
    // so a Cancel pressed the moment it shows finds the count under way.
    choosing = true;
    const probe = await gpu.catch(() => null);
    const { n, error } = validateN(input.value, range);
    // This tab's last count may still be saving or letting its lock go: that lock is not another tab's.
    while (owning) await owning;
    // N's lock, held from here until what the count did is saved: no other tab counts N meanwhile.
    const release = n == null || ctx.busy() ? null : await holdLock(n);
    choosing = false;
    if (ctx.busy()) return release?.();
    if (error !== undefined) return panel.refuse(error);
    const engineFor = chooseEngine(setting, probe, n, ctx.saved?.n === n ? ctx.saved : null);
    if (n > maxN && engineFor.use !== 'gpu') {
      release?.();
      return panel.refuse(`N = ${n} is counted only on a GPU (up to N = ${gpuMaxN}; the workers count to N = ${maxN}), and this count would run on the workers. ${engineFor.text}`);
    }
    if (!release) {
      ctx.lookups++;
      showElsewhere(n, await store.get(n));
      return;
    }
    ownLock = n;
    /** @type {() => void} */
    let freed = () => {};
    owning = new Promise((resolve) => { freed = resolve; });
    try {
      channel.post(n);
      await countUnderLock(ctx, n, probe);
    } finally {
      await release();
      ownLock = null;
      owning = null;
      freed();
      channel.post(n);
    }
  });

  // Cancel stops the count; should the panel say it is running with no count under way, Cancel still ends that.
  cancel.addEventListener('click', () => {
    if (ctx.busy()) {
      ctx.pool.cancel();
    } else if (panel.state() === 'running') {
      panel.setRunning(false);
      panel.show({ state: 'cancelled', text: 'Cancelled.', data: { n: panel.shownN() ?? '' }, barText: 'Cancelled.' });
    }
  });

  discard.addEventListener('click', async () => {
    const n = ctx.stored?.n;
    if (n == null || ctx.busy()) return;
    start.focus(); // Discard hides itself
    await store.delete(n);
    ctx.setSaved(null);
    panel.show(idleShown(`The saved progress of N = ${n} was discarded. Press Count to start over.`));
  });

  // N follows the visualizer's until the user types one here (or a saved count chose it).
  let chosen = false;
  input.addEventListener('input', () => {
    chosen = true;
    onN();
  });

  /**
   * What an earlier visit left, shown as the panel opens (see the model's earlierVisit).
   * @param {{ records: CountRecord[], discarded: import('./store.js').Discard[] }} found
   */
  async function shown(found) {
    if (ctx.busy() || panel.state() !== 'idle') return;
    const left = earlierVisit(found, (n) => validateN(n, range).n === n);
    if (left.n != null) {
      chosen = true;
      ctx.lookups++; // the visualizer's N, looked up meanwhile, gives way
      input.value = String(left.n);
      showMethod(left.n);
    }
    // An unfinished count is shown as onN shows N's saved count: resumable here, made by the other engine, or counting in another tab.
    if (left.partial) await onN();
    else if (left.kept) panel.show(doneShown(finishedOf(left.kept), { from: 'earlier' }));
    else if (left.notes.length) {
      ctx.setSaved(null);
      panel.show({ state: 'idle', text: left.notes.join(' '), data: { discarded: left.why } });
      return;
    }
    if (left.notes.length) {
      panel.mark({ discarded: left.why });
      for (const note of [...left.notes].reverse()) panel.addNote(note);
    }
  }
  const ready = store.all().then(async (found) => {
    try {
      await shown(found);
    } finally {
      section.dataset.store = 'read';
    }
  });
  showMethod(validateN(input.value, range).n);

  // Until a count says otherwise, the engine line says what this browser offers.
  gpu.then((probe) => {
    probed = probe;
    // No GPU here: the form offers the workers' N (a larger one typed in says why it cannot count when Count is pressed).
    if (!probe?.adapter && range.maxN > maxN) panel.setMaxN(maxN);
    if (!panel.engineSaid()) panel.setEngine(chooseEngine(setting, probe, null, null).text);
    if (!ctx.busy()) showMethod(validateN(input.value, range).n);
  });

  return {
    pool: ctx.cpuPool,
    /** The GPU engine, once a count has used it. */
    gpuPool: () => ctx.gpuPool,
    store,
    /** Resolves once what an earlier visit saved is shown. */
    ready,
    /**
     * The visualizer's N changed: count mode takes it, unless the user chose another or a count runs.
     * @param {number} n
     */
    followN(n) {
      if (chosen || ctx.busy() || n < minN || n > range.maxN) return;
      input.value = String(n);
      onN();
    },
  };
}
