// Count mode's panel: the form (N, Count or Resume, Cancel, Discard saved
// progress), the method the core uses at this N, the progress bar with the
// time left, and the result with how its fundamental count was found, drawn
// into the section it is given, on a CountPool and a CountStore of its own.
//
// Mounts only when the wiring calls mountCountMode (no side effect on import);
// the range of N and the method come from the caller (the core's limits()
// and countMethod()). Its styles live in style.css. Ids for tests and
// benchmarks:
//   #count-n, #count-start (its text "Count" or "Resume"), #count-cancel,
//   #count-discard, #count-method, #count-progress, #count-progress-text, #count-error,
//   #count-result[data-state="idle|saved|elsewhere|running|done|cancelled|error"]
//                (elsewhere: another tab of this page counts the N in the field)
//                [data-n, data-total, data-fundamental, data-ms, data-workers,
//                 data-fraction, data-saved (shares of the work, 0–1),
//                 data-resumed (the share done before this run), data-cached,
//                 data-discarded (why saved progress was thrown away: damaged, older, other),
//                 data-resumable="false" (saved progress the engine chosen here cannot resume)]
//   #count-mode[data-store="read"] once what an earlier visit saved has been read
//   #count-mode[data-engine="gpu|cpu"] what counted (or counts) last; #count-engine says it in words
// so there is one count mode on a page. It never touches the visualizer.
//
// Saved progress is shown only as the store and the pool pass it (see
// store.js); what they discard is said in a sentence, and the panel
// writes no number that is not finite (setBar, percent, formatDuration,
// formatLeft and decimal guard the places numbers reach the page).
//
// Tabs: a count holds a Web Lock named after its N (countLock) while it runs
// and saves, so another tab says that N is being counted there, offers no
// Resume, and looks again once the lock is free; the tabs also tell each
// other on a BroadcastChannel when a count of N starts or stops. The GPU and
// the workers cut a count into different pieces (each saves under its own
// plan key), so saved progress is offered for Resume only to the engine that
// made it; to the other one the panel says why not.

import { counted, el, formatCount } from '../lib/dom.js';
import { defaultWorkers } from '../workers/start.js';
import { CountPool, TimeLeft, validateN } from './pool.js';
import { GPU_FROM, GPU_METHOD, GpuPool, probeGpu } from './gpu.js';
import { CountStore } from './store.js';

/**
 * @typedef {import('./store.js').CountRecord} CountRecord
 * @typedef {import('../types.js').CountMethod} CountMethod
 * @typedef {object} FinishedCount  what showDone shows: run()'s result, or a saved record's
 * @property {number} n
 * @property {bigint} total
 * @property {bigint} fundamental
 * @property {number} elapsedMs  every run of the count
 * @property {number} subtasks
 * @property {{ rot90: bigint | string, rot180: bigint | string, mirror: bigint | string } | null} symmetries
 * @property {number} [ms]  this run's (run()'s only)
 * @property {number} [resumedFrom]  the share saved before this run (run()'s only)
 * @property {number} [updated]  when it was saved (a saved record's only)
 */

/** The Web Lock a count of N holds while it runs, in whichever tab of the page. */
const countLock = (/** @type {number} */ n) => `nqueens-count-${n}`;

/** The channel on which the page's tabs say that a count of N started or stopped. */
const CHANNEL = 'nqueens-count';

/**
 * Holds N's lock if no other tab holds it: resolves to the function that
 * lets it go, or null when another tab counts N. A browser without Web Locks
 * (a page served over plain http from another machine) always gets it.
 * @param {number} n
 * @returns {Promise<(() => Promise<void> | void) | null>}  the function resolves once the lock is let go
 */
function holdLock(n) {
  const locks = globalThis.navigator?.locks;
  if (!locks) return Promise.resolve(() => {});
  return new Promise((resolve) => {
    /** @type {Promise<unknown>} settles once the lock is let go */
    const request = locks
      .request(countLock(n), { ifAvailable: true }, (lock) => {
        if (!lock) return resolve(null);
        return new Promise((release) => resolve(() => {
          release(undefined);
          return request.then(() => {}, () => {});
        }));
      })
      .catch(() => resolve(() => {}));
  });
}

/**
 * Whether a tab holds N's lock (this one's own count included).
 * @param {number} n
 */
async function lockHeld(n) {
  const locks = globalThis.navigator?.locks;
  if (!locks) return false;
  try {
    const { held = [] } = await locks.query();
    return held.some((lock) => lock.name === countLock(n));
  } catch {
    return false;
  }
}

/** The engine that made a saved record: the GPU's pieces or the workers' subtasks. */
const madeBy = (/** @type {CountRecord} */ record) => (record.method.id === GPU_METHOD.id ? 'gpu' : 'cpu');

/** A completed count that took at least this long is shown again on the next visit. */
const KEEP_RESULT_MS = 10_000;

/**
 * 1234 ms → "1.23 s"; 754000 → "12 min 34 s".
 * @param {number} ms
 */
function formatDuration(ms) {
  if (!(Number.isFinite(ms) && ms >= 0)) return 'an unknown time';
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(2)} s`;
  if (s < 60) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
}

/**
 * The time left, as roughly as it is known: "about 4 min left".
 * @param {number} ms
 */
function formatLeft(ms) {
  if (!(Number.isFinite(ms) && ms >= 0)) return 'estimating time left…';
  const s = ms / 1000;
  if (s < 10) return 'a few seconds left';
  if (s < 60) return `about ${Math.round(s / 5) * 5} s left`;
  const min = Math.round(s / 60);
  if (min < 90) return `about ${min} min left`;
  const tens = Math.round(min / 10) * 10;
  return `about ${Math.floor(tens / 60)} h${tens % 60 ? ` ${tens % 60} min` : ''} left`;
}

/**
 * How long ago a time stamp was: "just now", "5 min ago", "3 days ago".
 * @param {number} then  Date.now()'s then
 */
function formatAge(then) {
  const min = Math.round((Date.now() - then) / 60_000);
  if (!(min >= 1)) return 'just now';
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}

/** A share of the work as a whole percentage, never more than 100%; "?%" for what is not a number. */
const percent = (/** @type {number} */ fraction) => (Number.isFinite(fraction) ? `${Math.floor(Math.min(1, Math.max(0, fraction)) * 100)}%` : '?%');

/** A number for a data-* attribute: "0" for one that is not finite. */
const decimal = (/** @type {number} */ x) => String(Number.isFinite(x) ? x : 0);

/**
 * The sentence for saved progress that was thrown away.
 * @param {number | null} n  null: the record did not say which N
 * @param {'damaged' | 'older' | 'other'} why
 * @param {string} then  what happens now, ending the sentence
 */
function discardedSentence(n, why, then) {
  const what = n == null ? 'Saved progress in this browser' : `Saved progress for N = ${n}`;
  const how = {
    damaged: 'was damaged and',
    older: 'came from an older version of this page, which did not seal it against damage, so it',
    other: 'came from another version of the counter or from the other engine (the GPU or the workers), so it',
  }[why];
  return `${what} ${how} has been discarded; ${then}`;
}

/**
 * The share of the work a saved record holds.
 * @param {CountRecord} record
 */
function savedShare(record) {
  if (record.complete) return 1;
  if (record.totalWeight > 0) return Math.min(1, record.doneWeight / record.totalWeight);
  return record.subtasks > 0 ? record.doneCount / record.subtasks : 0;
}

/**
 * Fills `section` with count mode; returns { pool, store, ready, followN(n) }.
 * @param {HTMLElement} section
 * @param {{ minN: number, maxN: number, gpuMaxN?: number, workers?: number, method?: ((n: number) => CountMethod) | null,
 *           store?: CountStore, engine?: 'auto' | 'gpu' | 'cpu' }} options
 *   minN, maxN: the N the core counts (limits()'s countMinN, countMaxN); gpuMaxN: on a GPU (countGpuMaxN, else maxN);
 *   method: the core's countMethod (optional);
 *   engine: the link's ?engine= (auto: the GPU when the browser offers one and N is big enough)
 */
export function mountCountMode(section, { minN, maxN, gpuMaxN = maxN, workers = defaultWorkers(), method = null, store = new CountStore(), engine = 'auto' }) {
  // The N the form takes: past maxN only the GPU counts, and the form says so if this count would not run on one.
  const range = { minN, maxN: engine === 'cpu' ? maxN : Math.max(maxN, gpuMaxN) };
  section.classList.add('panel');
  section.setAttribute('aria-labelledby', 'count-heading');
  section.removeAttribute('aria-label');

  const input = el('input', {
    id: 'count-n',
    type: 'number',
    min: minN,
    max: range.maxN,
    step: 1,
    value: 8,
    inputmode: 'numeric',
    'aria-describedby': 'count-note count-method',
  });
  const start = el('button', { id: 'count-start', type: 'submit', class: 'primary', text: 'Count' });
  const cancel = el('button', { id: 'count-cancel', type: 'button', text: 'Cancel', disabled: true });
  const discard = el('button', { id: 'count-discard', type: 'button', text: 'Discard saved progress', hidden: true });
  const sizeLabel = el('span', { class: 'field-label', text: `Board size N (${minN}–${range.maxN})` });
  const form = el('form', { class: 'count-form', novalidate: true }, [
    el('label', { class: 'field' }, [sizeLabel, input]),
    start,
    cancel,
    discard,
  ]);
  const methodLine = el('p', { id: 'count-method', class: 'note count-method' });
  const engineLine = el('p', { id: 'count-engine', class: 'note count-engine', 'aria-live': 'polite' });
  const alert = el('p', { id: 'count-error', role: 'alert', hidden: true });
  const bar = el('progress', { id: 'count-progress', max: 1, value: 0, 'aria-label': 'Count progress' });
  const barText = el('span', { id: 'count-progress-text', class: 'count-progress-text', text: 'Not started.' });
  const result = el('div', { id: 'count-result', 'aria-live': 'polite', 'data-state': 'idle' }, [
    el('p', { class: 'status', text: 'Choose N and press Count.' }),
  ]);

  section.replaceChildren(
    el('h2', { id: 'count-heading', text: 'Count mode' }),
    el('p', {
      id: 'count-note',
      class: 'note',
      text:
        `Counts every solution without drawing: on the GPU when this browser offers WebGPU (from N = ${GPU_FROM}` +
        `${range.maxN > maxN ? `; past N = ${maxN} only there` : ''}), ` +
        `else shared out over ${workers} worker${workers === 1 ? '' : 's'} ` +
        '(one per hardware thread). Finished parts are saved in this browser, so a count that is cancelled ' +
        'or cut short by closing the page resumes where it stopped.',
    }),
    methodLine,
    engineLine,
    form,
    alert,
    el('div', { class: 'count-progress' }, [bar, barText]),
    result,
  );

  const cpuPool = new CountPool(workers);
  /** @type {GpuPool | null} */
  let gpuPool = null;
  /** The engine of the count under way, or of the last. */
  let pool = /** @type {CountPool} */ (cpuPool);
  const busy = () => cpuPool.busy || (gpuPool?.busy ?? false);
  // Asked once: whether this browser offers a WebGPU adapter (never for ?engine=cpu).
  const gpu = engine === 'cpu' ? Promise.resolve(null) : probeGpu();
  const workersText = `${workers} Web Worker${workers === 1 ? '' : 's'}`;
  /** @type {Awaited<typeof gpu> | undefined} what the probe found, once it has */
  let probed;

  /**
   * Which engine counts N, and why, as the engine line says it.
   * @param {Awaited<ReturnType<typeof probeGpu>> | null} probe  what the browser offers (null: not asked, for engine=cpu)
   * @param {number | null} n  null: before any count, for every N
   * @param {CountRecord | null} record  N's saved, unfinished count, if any
   * @returns {{ use: 'gpu' | 'cpu', text: string, adapter?: GPUAdapter }}
   */
  const decide = (probe, n, record) => {
    const onWorkers = (/** @type {string} */ why) => ({ use: /** @type {'cpu'} */ ('cpu'), text: `Engine: the ${workersText}${why}.` });
    if (engine === 'cpu' || !probe) return onWorkers(' (the link asks for engine=cpu)');
    if (!probe.adapter) return onWorkers(`${engine === 'gpu' ? ', not the GPU the link asks for' : ''}: ${probe.why}`);
    const onGpu = (/** @type {string} */ why) => ({ use: /** @type {'gpu'} */ ('gpu'), adapter: probe.adapter, text: `Engine: the GPU (WebGPU, ${probe.description})${why}.` });
    if (engine === 'gpu') return onGpu(', as the link asks (engine=gpu)');
    if (n != null && n > maxN) return onGpu(`: the workers count only to N = ${maxN}`);
    if (record) return record.method.id === GPU_METHOD.id ? onGpu(`, which made the saved progress of N = ${n}`) : onWorkers(`, which made the saved progress of N = ${n}`);
    if (probe.software) return onWorkers(`: this browser's only WebGPU adapter (${probe.description}) is a software one, slower than the workers`);
    if (n == null) return onGpu(` from N = ${GPU_FROM}, the ${workersText} below`);
    if (n < GPU_FROM) return onWorkers(`: below N = ${GPU_FROM} they finish before the GPU is set up`);
    return onGpu('');
  };
  /** @type {{ done: number, subtasks: number | null, ms: number, fraction?: number, at: number } | null} */
  let progress = null; // the last report (at: when it came), while a count runs
  let timeLeft = new TimeLeft(); // a new one for each count
  /** @type {ReturnType<typeof setInterval> | number} */
  let ticker = 0;
  /** @type {CountRecord | null} */
  let saved = null; // the saved, unfinished count of the N in the field that the engine chosen here resumes, if any
  /** @type {CountRecord | null} */
  let stored = null; // the saved, unfinished count of the N in the field, resumable here or not
  let lookups = 0;

  const state = () => result.dataset.state;
  /** What the bar counts: the core's subtasks, or the GPU's pieces (placements of the first rows). */
  const parts = (/** @type {boolean} */ onGpu = pool === gpuPool) => (onGpu ? 'pieces' : 'subtasks');
  const Parts = (/** @type {boolean} */ onGpu = pool === gpuPool) => (onGpu ? 'Pieces' : 'Subtasks');

  /** The one place the bar's value is written: a share from 0 to 1, 0 for what is not a number. */
  const setBar = (/** @type {number} */ fraction) => {
    bar.value = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  };

  /**
   * A note under the result's line (saved progress that was discarded, for one).
   * @param {string} text
   */
  const addNote = (text) => {
    /** @type {ChildNode} */ (result.firstChild).after(el('p', { class: 'note count-notice', text })); // showStatus's line
  };

  /**
   * The result's state and its line of text.
   * @param {string} next  the state (data-state)
   * @param {string} text
   * @param {Record<string, string>} [extra]  more data-* to set
   */
  const showStatus = (next, text, extra = {}) => {
    for (const key of Object.keys(result.dataset)) delete result.dataset[key];
    Object.assign(result.dataset, { state: next }, extra);
    result.replaceChildren(el('p', { class: 'status', text }));
  };

  /**
   * The method line: the GPU's method where the GPU counts N, else the core's.
   * @param {number | null | undefined} n  none for what is not an N
   * @param {'gpu' | 'cpu'} [use]  the engine (by default the one decide() picks for N)
   */
  const showMethod = (n, use = n != null && probed !== undefined ? decide(probed, n, saved?.n === n ? saved : null).use : 'cpu') => {
    /** @type {CountMethod | null | undefined} */
    let m = null;
    try {
      if (n != null) m = use === 'gpu' ? GPU_METHOD : method?.(n);
    } catch {
      m = null; // an N the core refuses: the form says why when Count is pressed
    }
    methodLine.hidden = !m;
    methodLine.dataset.method = m?.id ?? '';
    methodLine.textContent = m ? `Method at N = ${n}: ${m.description}.` : '';
  };

  /**
   * Shows what is saved of `record` (an unfinished count) and offers Resume and Discard; or, when
   * `engineText` names an engine other than the one that made it, says why it cannot be resumed here.
   * @param {CountRecord} record
   * @param {string | null} [engineText]  the engine line of the engine chosen here, when it is the other one
   */
  const showSaved = (record, engineText = null) => {
    const fraction = savedShare(record);
    const by = madeBy(record) === 'gpu' ? 'the GPU' : 'the workers';
    showStatus(
      'saved',
      engineText
        ? `Saved progress: a count of N = ${record.n} was ${percent(fraction)} done on ${by} when it stopped ` +
          `(${formatAge(record.updated)}). It cannot be resumed here: the GPU and the workers cut a count into different pieces, ` +
          `and here the count runs on ${engineText.replace(/^Engine: /, '').replace(/\.$/, '')}. ` +
          'Count starts over and replaces it; Discard saved progress forgets it.'
        : `Saved progress: a count of N = ${record.n} was ${percent(fraction)} done when it stopped ` +
          `(${formatAge(record.updated)}). Resume counts only the rest; Discard saved progress starts over.`,
      { n: String(record.n), saved: decimal(fraction), fraction: decimal(fraction), ...(engineText ? { resumable: 'false' } : {}) },
    );
    setBar(fraction);
    barText.textContent = `Saved: ${percent(fraction)} of the work done · ${parts(record.method.id === GPU_METHOD.id)} ${formatCount(record.doneCount)} / ${formatCount(record.subtasks)}`;
  };

  /**
   * The saved, unfinished count for N sets the buttons: Resume and Discard, or Count (and Discard
   * when the engine chosen here cannot resume it).
   * @param {CountRecord | null} record
   * @param {boolean} [resumable]
   */
  const setSaved = (record, resumable = true) => {
    stored = record && !record.complete ? record : null;
    saved = resumable ? stored : null;
    start.textContent = saved ? 'Resume' : 'Count';
    discard.hidden = !stored;
  };

  /**
   * The engine line of the engine chosen for N when it is not the one that made `record`; else null.
   * @param {CountRecord} record
   */
  const otherEngine = async (record) => {
    const choice = decide(await gpu, record.n, record);
    return choice.use === madeBy(record) ? null : choice.text;
  };

  /** @type {AbortController | null} waits for another tab's count of N to stop */
  let waiting = null;

  /**
   * Another tab counts N: the panel says so, offers no Count or Resume, and looks again once it stops.
   * @param {number} n
   * @param {CountRecord | null} record  what that count has saved so far
   */
  const showElsewhere = (n, record) => {
    setSaved(null);
    start.disabled = true;
    const share = record && !record.complete ? savedShare(record) : 0;
    showStatus(
      'elsewhere',
      `A count of N = ${n} is running in another tab of this page${share > 0 ? ` (${percent(share)} of it saved so far)` : ''}. ` +
        'It saves as it goes; Resume is offered here once that tab stops counting.',
      { n: String(n), ...(share > 0 ? { saved: decimal(share), fraction: decimal(share) } : {}) },
    );
    setBar(share);
    barText.textContent = `Counting in another tab${share > 0 ? ` · ${percent(share)} of the work saved` : ''}.`;
    waiting?.abort();
    const controller = new AbortController();
    waiting = controller;
    globalThis.navigator?.locks
      ?.request(countLock(n), { mode: 'shared', signal: controller.signal }, async () => {})
      .then(() => {
        if (waiting === controller) onN();
      }, () => {});
  };

  /** N in the field changed: the method line, and whether a saved count waits for it. */
  const onN = async () => {
    const { n } = validateN(input.value, range);
    const seq = ++lookups;
    if (n == null) {
      waiting?.abort();
      waiting = null;
      start.disabled = busy();
      showMethod(null);
      setSaved(null);
      return;
    }
    showMethod(n);
    const { record, discarded } = await store.read(n);
    // The lock this tab holds, or is letting go, is not another tab's.
    const elsewhere = ownLock !== n && (await lockHeld(n)) && ownLock !== n;
    const other = record && !record.complete ? await otherEngine(record) : null;
    // A count this tab is starting holds the lock too: that is not another tab's.
    if (seq !== lookups || busy() || choosing) return;
    waiting?.abort();
    waiting = null;
    if (elsewhere) return showElsewhere(n, record);
    start.disabled = false;
    setSaved(record, !other);
    if (stored) showSaved(stored, other);
    else if (discarded || state() === 'saved' || state() === 'elsewhere') {
      showStatus('idle', discarded ? discardedSentence(n, discarded.why, 'Count starts over.') : 'Choose N and press Count.', discarded ? { discarded: discarded.why } : {});
      setBar(0);
      barText.textContent = 'Not started.';
    }
  };

  // The bar and the time left follow the share of the work done, as the core
  // estimates each subtask's work (subtasks differ in size by a factor of a
  // hundred and more, so counting them would mislead).
  const showProgress = () => {
    if (!progress) return;
    const { done, subtasks, ms, fraction = 0 } = progress;
    const elapsed = ms + (performance.now() - progress.at);
    setBar(fraction);
    if (subtasks == null) {
      barText.textContent = `Preparing the subtasks… · ${formatDuration(elapsed)} elapsed`;
      return;
    }
    const left = timeLeft.read();
    const leftText = left == null ? 'estimating time left…' : formatLeft(left);
    barText.textContent =
      `${Parts()} ${formatCount(done)} / ${formatCount(subtasks)} · ${percent(fraction)} of the work · ` +
      `${formatDuration(elapsed)} elapsed · ${leftText}`;
  };

  /** @param {boolean} running */
  const setRunning = (running) => {
    // Focus moves with the action, so it never falls to the page when a button disables itself.
    const hadFocus = [input, start, cancel, discard].some((control) => control === document.activeElement);
    if (running) {
      waiting?.abort();
      waiting = null;
    }
    input.disabled = running;
    start.disabled = running;
    discard.disabled = running;
    cancel.disabled = !running;
    if (hadFocus) (running ? cancel : start).focus();
    clearInterval(ticker);
    if (running) ticker = setInterval(showProgress, 200);
  };

  const cell = (/** @type {string} */ label, /** @type {string} */ value) => el('div', {}, [el('dt', { text: label }), el('dd', { text: value })]);

  /**
   * The finished count: totals, time, and how the fundamental count came out of Burnside's lemma.
   * @param {FinishedCount} r
   * @param {{ cached?: boolean, workers?: number | null, gpu?: boolean }} [how]  cached: a saved record's; workers: how many counted; gpu: the GPU counted
   */
  const showDone = (r, { cached = false, workers: used = null, gpu: onGpu = false } = {}) => {
    // run()'s has ms and resumedFrom, a saved record's updated: the defaults are never shown.
    const { n, ms = 0, resumedFrom = 0, updated = 0 } = r;
    showStatus(
      'done',
      `N = ${n}: ${counted(r.total, 'solution')}, ${formatCount(r.fundamental)} fundamental.` +
        (cached ? ` From an earlier count (${formatAge(updated)}).` : ''),
      {
        n: String(n),
        total: String(r.total),
        fundamental: String(r.fundamental),
        ms: Number.isFinite(r.elapsedMs) ? r.elapsedMs.toFixed(1) : '0',
        ...(used ? { workers: String(used) } : {}),
        ...(resumedFrom > 0 ? { resumed: decimal(resumedFrom) } : {}),
        ...(cached ? { cached: 'true' } : {}),
      },
    );
    setBar(1);
    barText.textContent = cached
      ? `Done · subtasks ${formatCount(r.subtasks)} / ${formatCount(r.subtasks)}`
      : `${Parts()} ${formatCount(r.subtasks)} / ${formatCount(r.subtasks)} · 100% of the work · done in ${formatDuration(ms)}`;
    let time = formatDuration(r.elapsedMs);
    if (used) time += ` on ${used} worker${used === 1 ? '' : 's'}`;
    if (onGpu) time += ' on the GPU';
    const timeCell = cell('Time', time);
    if (resumedFrom > 0) {
      const run = `${formatDuration(ms)} in this run, resumed at ${percent(resumedFrom)}`;
      /** @type {HTMLElement} */ (timeCell.lastChild).append(el('span', { class: 'count-run', text: run })); // its dd
    }
    result.append(
      el('dl', { class: 'counters' }, [
        cell('Total solutions', formatCount(r.total)),
        cell('Fundamental (up to rotation and reflection)', formatCount(r.fundamental)),
        timeCell,
      ]),
    );
    const sym = r.symmetries;
    if (sym) {
      const f = (/** @type {bigint | string} */ x) => formatCount(BigInt(x));
      result.append(
        el('p', {
          class: 'note count-burnside',
          text:
            `Fundamental by Burnside's lemma: (T + R180 + 2·R90 + M) / 8 = ` +
            `(${f(r.total)} + ${f(sym.rot180)} + 2·${f(sym.rot90)} + ${f(sym.mirror)}) / 8 = ${f(r.fundamental)}. ` +
            'T is the total; R180, R90 and M are the solutions that a half turn, a quarter turn ' +
            'and the four reflections leave unchanged.',
        }),
      );
    }
  };

  /**
   * @param {number} n
   * @param {unknown} err
   */
  const fail = (n, err) => {
    const message = `The count failed: ${/** @type {import('../types.js').Thrown} */ (err)?.message ?? err}`;
    showStatus('error', message, { n: String(n) });
    alert.textContent = message;
    alert.hidden = false;
    barText.textContent = 'Failed.';
  };

  let choosing = false; // between Count and the engine's run(), while the GPU probe is awaited
  /** @type {number | null} the N whose lock this tab holds (or is letting go) */
  let ownLock = null;
  /** @type {Promise<void> | null} settles once this tab's count has let its lock go */
  let owning = null;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy() || choosing) return;
    // The engine is chosen first: from the panel's "running" on, nothing is awaited before run(),
    // so a Cancel pressed the moment it shows finds the count under way.
    choosing = true;
    const probe = await gpu.catch(() => null);
    const { n, error } = validateN(input.value, range);
    // This tab's last count may still be saving or letting its lock go: that lock is not another tab's.
    while (owning) await owning;
    // N's lock, held from here until what the count did is saved: no other tab counts N meanwhile.
    const release = n == null || busy() ? null : await holdLock(n);
    choosing = false;
    if (busy()) return release?.();
    if (error !== undefined) {
      alert.textContent = error;
      alert.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    const engineFor = decide(probe, n, saved?.n === n ? saved : null);
    if (n > maxN && engineFor.use !== 'gpu') {
      alert.textContent = `N = ${n} is counted only on a GPU (up to N = ${gpuMaxN}; the workers count to N = ${maxN}), and this count would run on the workers. ${engineFor.text}`;
      release?.();
      alert.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    if (!release) {
      lookups++;
      showElsewhere(n, await store.get(n));
      return;
    }
    ownLock = n;
    /** @type {() => void} */
    let freed = () => {};
    owning = new Promise((resolve) => { freed = resolve; });
    try {
      await countUnderLock(n, probe);
    } finally {
      await release();
      ownLock = null;
      owning = null;
      freed();
      channel?.postMessage({ n });
    }
  });

  /** The channel to the page's other tabs: a count of N started or stopped there, so the panel looks again. */
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  if (channel) {
    channel.onmessage = (event) => {
      if (!busy() && !choosing && validateN(input.value, range).n === event.data?.n) onN();
    };
  }

  /**
   * Counts N in this tab, which holds N's lock.
   * @param {number} n
   * @param {Awaited<typeof gpu> | null} probe
   */
  const countUnderLock = async (n, probe) => {
    channel?.postMessage({ n });
    alert.hidden = true;
    alert.textContent = '';
    input.removeAttribute('aria-invalid');
    lookups++; // a lookup still under way is out of date
    /** @type {{ why: 'damaged' | 'older' | 'other', extra: Record<string, string> } | null} */
    let discarded = null; // saved progress the pool threw away, said again with the outcome
    const withNote = () => {
      if (!discarded) return;
      Object.assign(result.dataset, discarded.extra);
      addNote(discardedSentence(n, discarded.why, 'this count started over.'));
    };
    // From here on nothing may leave the panel running: anything thrown ends as a failed count.
    try {
      const resuming = saved?.n === n ? savedShare(saved) : 0;
      progress = { done: saved?.n === n ? saved.doneCount : 0, subtasks: null, ms: 0, fraction: resuming, at: performance.now() };
      timeLeft = new TimeLeft();
      const running = (/** @type {string} */ text, /** @type {Record<string, string>} */ extra = {}) => showStatus('running', text, { n: String(n), ...extra });
      running(resuming > 0 ? `Resuming N = ${n}: ${percent(resuming)} done…` : `Counting N = ${n}…`);
      setRunning(true);
      showProgress();
      const choice = decide(probe, n, saved?.n === n ? saved : null);
      if (choice.use === 'gpu') gpuPool ??= new GpuPool({ adapter: choice.adapter });
      pool = choice.use === 'gpu' && gpuPool ? gpuPool : cpuPool;
      section.dataset.engine = choice.use;
      engineLine.textContent = choice.text;
      showMethod(n, choice.use);
      let started = false; // the engine's plan is known and counting began
      /** @type {Parameters<CountPool['run']>[1]} */
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
          result.dataset.fraction = decimal(p.fraction);
          result.dataset.saved = decimal(p.saved);
          showProgress();
        },
      };
      /** @type {import('./pool.js').CountOutcome} */
      let r;
      try {
        r = await pool.run(n, hooks);
      } catch (err) {
        // The GPU failed before it counted anything (no device, a shader the driver refused): the workers count instead.
        if (pool === cpuPool || started) throw err;
        const why = /** @type {import('../types.js').Thrown} */ (err)?.message ?? String(err);
        pool = cpuPool;
        section.dataset.engine = 'cpu';
        engineLine.textContent = `Engine: the ${workersText}: the GPU failed to start (${why}).`;
        showMethod(n, 'cpu');
        r = await pool.run(n, hooks);
      }
      setRunning(false);
      if (r.cancelled) {
        const what = `Cancelled N = ${n} after ${formatDuration(r.ms)}.`;
        showStatus('cancelled', `${what} Saving what is done…`, { n: String(n), fraction: decimal(r.fraction) });
        withNote();
        barText.textContent = `Cancelled · ${parts()} ${formatCount(r.done)} / ${r.subtasks == null ? '…' : formatCount(r.subtasks)} · ${percent(r.fraction)} of the work`;
        const wrote = await r.saved;
        // What is on disk now: this run's work, or a record from before it (cancelled while preparing).
        const record = await store.get(n);
        const kept = record && !record.complete ? savedShare(record) : 0;
        if (state() !== 'cancelled' || result.dataset.n !== String(n)) return;
        result.dataset.saved = decimal(kept);
        if (record && kept > 0) {
          setBar(kept);
          barText.textContent = `Cancelled · ${parts()} ${formatCount(record.doneCount)} / ${formatCount(record.subtasks)} · ${percent(kept)} of the work saved`;
        }
        /** @type {ChildNode} */ (result.firstChild).textContent = kept > 0 // showStatus's line
          ? `${what} The ${percent(kept)} of the work done is saved in this browser: Resume goes on from there, now or after a reload.`
          : r.done > 0 && !wrote
            ? `${what} This browser did not let the page save its progress, so the next count of N = ${n} starts over.`
            : `${what} Nothing had finished yet.`;
        if (validateN(input.value, range).n === n) setSaved(record);
        return;
      }
      setSaved(null);
      showDone(r, { workers: r.engine === 'gpu' ? null : r.workers, gpu: r.engine === 'gpu' });
      withNote();
    } catch (err) {
      pool.cancel(); // a count may still be under way if the panel itself threw
      setRunning(false);
      fail(n, err);
      withNote();
      if (validateN(input.value, range).n === n) setSaved(await store.get(n));
    }
  };

  // Cancel stops the count; should the panel say it is running with no count under way, Cancel still ends that.
  cancel.addEventListener('click', () => {
    if (busy()) {
      pool.cancel();
    } else if (state() === 'running') {
      setRunning(false);
      showStatus('cancelled', 'Cancelled.', { n: result.dataset.n ?? '' });
      barText.textContent = 'Cancelled.';
    }
  });

  discard.addEventListener('click', async () => {
    const n = stored?.n;
    if (n == null || busy()) return;
    start.focus(); // Discard hides itself
    await store.delete(n);
    setSaved(null);
    showStatus('idle', `The saved progress of N = ${n} was discarded. Press Count to start over.`);
    setBar(0);
    barText.textContent = 'Not started.';
  });

  // N follows the visualizer's until the user types one here (or a saved count chose it).
  let chosen = false;
  input.addEventListener('input', () => {
    chosen = true;
    onN();
  });

  // What an earlier visit left: an unfinished count to resume, or a long count's
  // result; and a sentence for each record the store discarded on the way.
  const ready = store.all().then(async ({ records, discarded }) => {
    try {
      await shown({ records, discarded });
    } finally {
      section.dataset.store = 'read';
    }
  });

  /**
   * What an earlier visit left, shown as the panel opens.
   * @param {{ records: CountRecord[], discarded: import('./store.js').Discard[] }} found
   */
  async function shown({ records, discarded }) {
    if (busy() || state() !== 'idle') return;
    const fits = (/** @type {CountRecord} */ r) => validateN(r.n, range).n === r.n;
    const notes = discarded.map((d) => discardedSentence(d.n, d.why, 'Count starts over.'));
    /** @param {number} n  the N the field shows from now on */
    const choose = (n) => {
      chosen = true;
      lookups++; // the visualizer's N, looked up meanwhile, gives way
      input.value = String(n);
      showMethod(n);
    };
    const partial = records.find((r) => !r.complete && fits(r));
    const kept = records.find((r) => r.complete && r.elapsedMs >= KEEP_RESULT_MS && fits(r));
    if (partial) {
      // Shown as onN shows N's saved count: resumable here, made by the other engine, or counting in another tab.
      choose(partial.n);
      await onN();
    } else if (kept) {
      // The store checked it: a complete record's numbers agree, by Burnside's lemma too.
      showDone({ ...kept, total: BigInt(kept.total), fundamental: BigInt(/** @type {string} */ (kept.fundamental)) }, { cached: true });
    } else if (notes.length) {
      const n = discarded.find((d) => d.n != null && validateN(d.n, range).n === d.n)?.n;
      if (n != null) choose(n);
      setSaved(null);
      showStatus('idle', notes.join(' '), { discarded: discarded[0].why });
      return;
    }
    if (notes.length) {
      result.dataset.discarded = discarded[0].why;
      for (const note of notes.reverse()) addNote(note);
    }
  }
  showMethod(validateN(input.value, range).n);

  // Until a count says otherwise, the engine line says what this browser offers.
  gpu.then((probe) => {
    probed = probe;
    if (!probe?.adapter && range.maxN > maxN) {
      // No GPU here: the form offers the workers' N (a larger one typed in says why it cannot count when Count is pressed).
      input.max = String(maxN);
      sizeLabel.textContent = `Board size N (${minN}–${maxN})`;
    }
    if (!engineLine.textContent) engineLine.textContent = decide(probe, null, null).text;
    if (!busy()) showMethod(validateN(input.value, range).n);
  });

  return {
    pool: cpuPool,
    /** The GPU engine, once a count has used it. */
    gpuPool: () => gpuPool,
    store,
    /** Resolves once what an earlier visit saved is shown. */
    ready,
    /**
     * The visualizer's N changed: count mode takes it, unless the user chose another or a count runs.
     * @param {number} n
     */
    followN(n) {
      if (chosen || busy() || n < minN || n > range.maxN) return;
      input.value = String(n);
      onN();
    },
  };
}
