// Count mode's model, with no DOM: the engine a count of N runs on and why,
// the saved progress it resumes, and what the panel shows at each stage (the
// result's state, its line, its data-* and the bar), as plain objects that
// the view (panel.js) writes into the page. Node tests:
// tests/api/count-model.test.mjs.
//
// Every number that reaches the page passes through words.js (percent,
// decimal, formatDuration, formatLeft), which writes nothing that is not finite.

import { counted, formatCount } from '../lib/dom.js';
import { decimal, formatAge, formatDuration, formatLeft, percent } from './words.js';
import { knownVerdict } from './records.js';

/**
 * @typedef {import('./store.js').CountRecord} CountRecord
 * @typedef {'gpu' | 'cpu'} EngineUse  the GPU's pieces or the workers' subtasks
 * @typedef {object} FinishedCount  a count's result: run()'s, or a saved record's
 * @property {number} n
 * @property {bigint} total
 * @property {bigint} fundamental
 * @property {number} elapsedMs  every run of the count
 * @property {number} subtasks
 * @property {{ rot90: bigint | string, rot180: bigint | string, mirror: bigint | string } | null} symmetries
 * @property {number} [ms]  this run's (run()'s only)
 * @property {number} [resumedFrom]  the share saved before this run (run()'s only)
 * @property {number} [updated]  when it was saved (a saved record's only)
 * @typedef {object} Shown  what the result area and the bar show
 * @property {string} state  the result's data-state
 * @property {string} text  its first line
 * @property {Record<string, string>} data  its other data-*
 * @property {number} [bar]  the bar's share, 0 to 1 (none: left as it is)
 * @property {string} [barText]  the line beside the bar (none: left as it is)
 * @property {{ label: string, value: string, run?: string }[]} [cells]  a finished count's figures
 * @property {string} [burnside]  how its fundamental count came out
 * @property {{ agrees: boolean, text: string }} [known]  the count against the known value of OEIS A000170
 */

/** A completed count that took at least this long is shown again on the next visit. */
export const KEEP_RESULT_MS = 10_000;

/** What the bar counts: the core's subtasks, or the GPU's pieces (placements of the first rows). */
export const partsWord = (/** @type {boolean} */ onGpu) => (onGpu ? 'pieces' : 'subtasks');

/** The same word opening a line. */
const PartsWord = (/** @type {boolean} */ onGpu) => (onGpu ? 'Pieces' : 'Subtasks');

/**
 * The engine that made a saved record.
 * @param {CountRecord} record
 * @param {string} gpuMethodId  the GPU engine's method id
 * @returns {EngineUse}
 */
export const madeBy = (record, gpuMethodId) => (record.method.id === gpuMethodId ? 'gpu' : 'cpu');

/**
 * The sentence for saved progress that was thrown away.
 * @param {number | null} n  null: the record did not say which N
 * @param {'damaged' | 'older' | 'other'} why
 * @param {string} then  what happens now, ending the sentence
 */
export function discardedSentence(n, why, then) {
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
export function savedShare(record) {
  if (record.complete) return 1;
  if (record.totalWeight > 0) return Math.min(1, record.doneWeight / record.totalWeight);
  return record.subtasks > 0 ? record.doneCount / record.subtasks : 0;
}

/**
 * Which engine counts N, and why, as the engine line says it.
 * @param {{ engine: 'auto' | 'gpu' | 'cpu', maxN: number, gpuFrom: number, gpuMethodId: string, workers: number }} setting
 *   engine: the link's; maxN: the workers' largest N; gpuFrom: the first N the GPU is worth setting up for
 * @param {{ adapter?: unknown, why?: string, description?: string, software?: boolean } | null} probe  what the browser offers (null: not asked)
 * @param {number | null} n  null: before any count, for every N
 * @param {CountRecord | null} record  N's saved, unfinished count, if any
 * @returns {{ use: EngineUse, text: string }}
 */
export function chooseEngine({ engine, maxN, gpuFrom, gpuMethodId, workers }, probe, n, record) {
  const workersText = `${workers} Web Worker${workers === 1 ? '' : 's'}`;
  const onWorkers = (/** @type {string} */ why) => ({ use: /** @type {EngineUse} */ ('cpu'), text: `Engine: the ${workersText}${why}.` });
  if (engine === 'cpu' || !probe) return onWorkers(' (the link asks for engine=cpu)');
  if (!probe.adapter) return onWorkers(`${engine === 'gpu' ? ', not the GPU the link asks for' : ''}: ${probe.why}`);
  const onGpu = (/** @type {string} */ why) => ({ use: /** @type {EngineUse} */ ('gpu'), text: `Engine: the GPU (WebGPU, ${probe.description})${why}.` });
  if (engine === 'gpu') return onGpu(', as the link asks (engine=gpu)');
  if (n != null && n > maxN) return onGpu(`: the workers count only to N = ${maxN}`);
  if (record) return madeBy(record, gpuMethodId) === 'gpu' ? onGpu(`, which made the saved progress of N = ${n}`) : onWorkers(`, which made the saved progress of N = ${n}`);
  if (probe.software) return onWorkers(`: this browser's only WebGPU adapter (${probe.description}) is a software one, slower than the workers`);
  if (n == null) return onGpu(` from N = ${gpuFrom}, the ${workersText} below`);
  if (n < gpuFrom) return onWorkers(`: below N = ${gpuFrom} they finish before the GPU is set up`);
  return onGpu('');
}

/**
 * The form's buttons for N's saved count: Resume and Discard, or Count (and
 * Discard when the engine chosen here cannot resume it).
 * @param {CountRecord | null} record  N's saved count, if any
 * @param {boolean} resumable  the engine chosen here made it
 */
export function savedButtons(record, resumable) {
  const stored = record && !record.complete ? record : null;
  const saved = resumable ? stored : null;
  return { stored, saved, start: saved ? 'Resume' : 'Count', discardHidden: !stored };
}

/**
 * The result area before a count, or with nothing to show.
 * @param {string} [text]
 * @param {Record<string, string>} [data]
 * @returns {Shown}
 */
export const idleShown = (text = 'Choose N and press Count.', data = {}) => ({ state: 'idle', text, data, bar: 0, barText: 'Not started.' });

/**
 * What is saved of `record` (an unfinished count); with `engineText`, the engine chosen here, which cannot resume it.
 * @param {CountRecord} record
 * @param {string | null} engineText
 * @param {string} gpuMethodId
 * @param {number} [now]
 * @returns {Shown}
 */
export function savedShown(record, engineText, gpuMethodId, now = Date.now()) {
  const fraction = savedShare(record);
  const by = madeBy(record, gpuMethodId) === 'gpu' ? 'the GPU' : 'the workers';
  const age = formatAge(record.updated, now);
  return {
    state: 'saved',
    text: engineText
      ? `Saved progress: a count of N = ${record.n} was ${percent(fraction)} done on ${by} when it stopped ` +
        `(${age}). It cannot be resumed here: the GPU and the workers cut a count into different pieces, ` +
        `and here the count runs on ${engineText.replace(/^Engine: /, '').replace(/\.$/, '')}. ` +
        'Count starts over and replaces it; Discard saved progress forgets it.'
      : `Saved progress: a count of N = ${record.n} was ${percent(fraction)} done when it stopped ` +
        `(${age}). Resume counts only the rest; Discard saved progress starts over.`,
    data: { n: String(record.n), saved: decimal(fraction), fraction: decimal(fraction), ...(engineText ? { resumable: 'false' } : {}) },
    bar: fraction,
    barText: `Saved: ${percent(fraction)} of the work done · ${partsWord(madeBy(record, gpuMethodId) === 'gpu')} ${formatCount(record.doneCount)} / ${formatCount(record.subtasks)}`,
  };
}

/**
 * Another tab counts N.
 * @param {number} n
 * @param {CountRecord | null} record  what that count has saved so far
 * @returns {Shown}
 */
export function elsewhereShown(n, record) {
  const share = record && !record.complete ? savedShare(record) : 0;
  return {
    state: 'elsewhere',
    text:
      `A count of N = ${n} is running in another tab of this page${share > 0 ? ` (${percent(share)} of it saved so far)` : ''}. ` +
      'It saves as it goes; Resume is offered here once that tab stops counting.',
    data: { n: String(n), ...(share > 0 ? { saved: decimal(share), fraction: decimal(share) } : {}) },
    bar: share,
    barText: `Counting in another tab${share > 0 ? ` · ${percent(share)} of the work saved` : ''}.`,
  };
}

/**
 * What the panel shows once N's lookup is back (N typed, a tab's count
 * started or stopped): the saved count, another tab's count under way, the
 * count another tab finished while this one waited, or nothing.
 * @param {{ state: string, elsewhere: boolean, stored: CountRecord | null, record: CountRecord | null,
 *           discarded: { why: 'damaged' | 'older' } | null }} found
 *   state: the result's now; elsewhere: another tab holds N's lock; stored: N's unfinished saved count;
 *   record: what the store holds for N; discarded: what it threw away
 * @returns {'elsewhere' | 'saved' | 'finished' | 'idle' | 'keep'}
 */
export function afterLookup({ state, elsewhere, stored, record, discarded }) {
  if (elsewhere) return 'elsewhere';
  if (stored) return 'saved';
  // This tab waited for another's count of N, which finished: its result is in the store.
  if (state === 'elsewhere' && record?.complete && !discarded) return 'finished';
  if (discarded || state === 'saved' || state === 'elsewhere') return 'idle';
  return 'keep';
}

/**
 * A finished count: totals, time, and how the fundamental count came out of Burnside's lemma.
 * @param {FinishedCount} r
 * @param {{ from?: 'run' | 'earlier' | 'tab', workers?: number | null, gpu?: boolean, now?: number }} [how]
 *   from: this tab's count, a saved one from an earlier visit, or one another tab finished; workers: how many counted; gpu: the GPU counted
 * @returns {Shown}
 */
export function doneShown(r, { from = 'run', workers = null, gpu = false, now = Date.now() } = {}) {
  // run()'s has ms and resumedFrom, a saved record's updated: the defaults are never shown.
  const { n, ms = 0, resumedFrom = 0, updated = 0 } = r;
  const cached = from !== 'run';
  const whence = { run: '', earlier: ` From an earlier count (${formatAge(updated, now)}).`, tab: ` From the count saved in this browser (${formatAge(updated, now)}), which another tab was running.` }[from];
  let time = formatDuration(r.elapsedMs);
  if (workers) time += ` on ${workers} worker${workers === 1 ? '' : 's'}`;
  if (gpu) time += ' on the GPU';
  const sym = r.symmetries;
  const f = (/** @type {bigint | string} */ x) => formatCount(BigInt(x));
  return {
    state: 'done',
    text: `N = ${n}: ${counted(r.total, 'solution')}, ${formatCount(r.fundamental)} fundamental.${whence}`,
    data: {
      n: String(n),
      total: String(r.total),
      fundamental: String(r.fundamental),
      ms: Number.isFinite(r.elapsedMs) ? r.elapsedMs.toFixed(1) : '0',
      ...(workers ? { workers: String(workers) } : {}),
      ...(resumedFrom > 0 ? { resumed: decimal(resumedFrom) } : {}),
      ...(cached ? { cached: 'true' } : {}),
      ...(from === 'tab' ? { from: 'tab' } : {}),
    },
    bar: 1,
    barText: cached
      ? `Done · subtasks ${formatCount(r.subtasks)} / ${formatCount(r.subtasks)}`
      : `${PartsWord(gpu)} ${formatCount(r.subtasks)} / ${formatCount(r.subtasks)} · 100% of the work · done in ${formatDuration(ms)}`,
    cells: [
      { label: 'Total solutions', value: formatCount(r.total) },
      { label: 'Fundamental (up to rotation and reflection)', value: formatCount(r.fundamental) },
      { label: 'Time', value: time, ...(resumedFrom > 0 ? { run: `${formatDuration(ms)} in this run, resumed at ${percent(resumedFrom)}` } : {}) },
    ],
    ...knownVerdict(n, r.total),
    ...(sym
      ? {
          burnside:
            `Fundamental by Burnside's lemma: (T + R180 + 2·R90 + M) / 8 = ` +
            `(${f(r.total)} + ${f(sym.rot180)} + 2·${f(sym.rot90)} + ${f(sym.mirror)}) / 8 = ${f(r.fundamental)}. ` +
            'T is the total; R180, R90 and M are the solutions that a half turn, a quarter turn ' +
            'and the four reflections leave unchanged.',
        }
      : {}),
  };
}

/**
 * What an earlier visit left, as the panel opens: an unfinished count to
 * resume (its N chosen), else a long count's result, and a sentence for each
 * record the store discarded on the way (with no record to show, the N of the
 * first discarded one that fits is chosen).
 * @param {{ records: CountRecord[], discarded: { n: number | null, why: 'damaged' | 'older' }[] }} found  the store's all()
 * @param {(n: number) => boolean} fits  whether the panel counts this N
 * @returns {{ n: number | null, partial: CountRecord | null, kept: CountRecord | null, notes: string[], why: string }}
 */
export function earlierVisit({ records, discarded }, fits) {
  const notes = discarded.map((d) => discardedSentence(d.n, d.why, 'Count starts over.'));
  const partial = records.find((r) => !r.complete && fits(r.n)) ?? null;
  const kept = partial ? null : records.find((r) => r.complete && r.elapsedMs >= KEEP_RESULT_MS && fits(r.n)) ?? null;
  const n = partial?.n ?? (kept || !notes.length ? null : discarded.find((d) => d.n != null && fits(d.n))?.n ?? null);
  return { n, partial, kept, notes, why: discarded[0]?.why ?? '' };
}

/**
 * A saved record of a finished count as doneShown takes it (the store checked its numbers, Burnside's sum too).
 * @param {CountRecord} record  complete
 * @returns {FinishedCount}
 */
export const finishedOf = (record) => ({ ...record, total: BigInt(record.total), fundamental: BigInt(/** @type {string} */ (record.fundamental)) });

/**
 * The line beside the bar while a count runs.
 * @param {{ done: number, subtasks: number | null, ms: number, fraction?: number, at: number }} progress  the last report (at: when it came)
 * @param {number} now  performance.now()
 * @param {number | null} left  the time left, if known
 * @param {boolean} onGpu
 */
export function progressLine({ done, subtasks, ms, fraction = 0, at }, now, left, onGpu) {
  const elapsed = ms + (now - at);
  if (subtasks == null) return `Preparing the subtasks… · ${formatDuration(elapsed)} elapsed`;
  const leftText = left == null ? 'estimating time left…' : formatLeft(left);
  return `${PartsWord(onGpu)} ${formatCount(done)} / ${formatCount(subtasks)} · ${percent(fraction)} of the work · ` +
    `${formatDuration(elapsed)} elapsed · ${leftText}`;
}

/**
 * The sentence for a cancelled count once what it did is saved (or not).
 * @param {string} what  "Cancelled N = … after …."
 * @param {{ n: number, kept: number, done: number, wrote: boolean }} how  kept: the share on disk now; done: pieces this run finished
 */
export function cancelledSentence(what, { n, kept, done, wrote }) {
  if (kept > 0) return `${what} The ${percent(kept)} of the work done is saved in this browser: Resume goes on from there, now or after a reload.`;
  if (done > 0 && !wrote) return `${what} This browser did not let the page save its progress, so the next count of N = ${n} starts over.`;
  return `${what} Nothing had finished yet.`;
}
