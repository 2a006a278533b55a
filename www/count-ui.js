// Count mode's panel: the form (N, Count, Cancel), the progress bar and the
// result, drawn into the section it is given, on a CountPool of its own.
//
// Mounts only when the wiring calls mountCountMode (no side effect on import);
// the largest N comes from the caller (the core's countMaxN()). Its styles live
// in style.css. Ids for tests and benchmarks:
//   #count-n, #count-start, #count-cancel, #count-progress, #count-error,
//   #count-result[data-state="idle|running|done|cancelled|error"]
//                [data-n, data-total, data-fundamental, data-ms, data-workers]
// so there is one count mode on a page. It never touches the visualizer.

import { el, formatCount } from './dom.js';
import { CountPool, MIN_N, defaultWorkers, validateN } from './count-pool.js';

/** 1234 ms → "1.23 s"; 754000 → "12 min 34 s". */
function formatDuration(ms) {
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(2)} s`;
  if (s < 60) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
}

/**
 * Fills `section` with count mode; returns { pool, followN(n) }.
 * @param {HTMLElement} section
 * @param {{ maxN: number, workers?: number }} options  maxN: the core's countMaxN()
 */
export function mountCountMode(section, { maxN, workers = defaultWorkers() }) {
  section.classList.add('panel');
  section.setAttribute('aria-labelledby', 'count-heading');
  section.removeAttribute('aria-label');

  const input = el('input', {
    id: 'count-n',
    type: 'number',
    min: MIN_N,
    max: maxN,
    step: 1,
    value: 8,
    inputmode: 'numeric',
    'aria-describedby': 'count-note',
  });
  const start = el('button', { id: 'count-start', type: 'submit', class: 'primary', text: 'Count' });
  const cancel = el('button', { id: 'count-cancel', type: 'button', text: 'Cancel', disabled: true });
  const form = el('form', { class: 'count-form', novalidate: true }, [
    el('label', { class: 'field' }, [el('span', { class: 'field-label', text: `Board size N (${MIN_N}–${maxN})` }), input]),
    start,
    cancel,
  ]);
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
        `Counts every solution without drawing, shared out over ${workers} worker${workers === 1 ? '' : 's'} ` +
        '(one per hardware thread). Up to N = 15 takes well under a second; each step up in N takes ' +
        `about seven times longer, so N = ${maxN} runs for many minutes.`,
    }),
    form,
    alert,
    el('div', { class: 'count-progress' }, [bar, barText]),
    result,
  );

  const pool = new CountPool(workers);
  let progress = null;
  let ticker = 0;

  // The bar and the time left follow the share of the work done, as the core
  // estimates each subtask's work (subtasks differ in size by a factor of a
  // hundred, so counting them would mislead).
  const showProgress = () => {
    if (!progress) return;
    const { done, subtasks, ms, workMs = ms, fraction = 0, pace = fraction } = progress;
    const elapsed = ms + (performance.now() - progress.at);
    bar.max = Math.max(1, subtasks ?? 1);
    bar.value = fraction * bar.max;
    let left = 'estimating time left…';
    if (subtasks != null && done > 0 && pace > 0) {
      // The work left at the pace so far, less what the clock has run since the last report.
      const remaining = Math.max(0, (workMs * (1 - pace)) / pace - (performance.now() - progress.at));
      left = `about ${formatDuration(remaining)} left`;
    }
    barText.textContent = `Subtasks ${done} / ${subtasks ?? '…'} · ${Math.floor(fraction * 100)}% of the work · ${formatDuration(elapsed)} elapsed · ${left}`;
  };

  const setRunning = (running) => {
    // Focus moves with the action, so it never falls to the page when a button disables itself.
    const hadFocus = [input, start, cancel].includes(document.activeElement);
    input.disabled = running;
    start.disabled = running;
    cancel.disabled = !running;
    if (hadFocus) (running ? cancel : start).focus();
    if (running) {
      ticker = setInterval(showProgress, 200);
    } else {
      clearInterval(ticker);
    }
  };

  const showStatus = (state, text, extra = {}) => {
    for (const key of Object.keys(result.dataset)) delete result.dataset[key];
    Object.assign(result.dataset, { state }, extra);
    result.replaceChildren(el('p', { class: 'status', text }));
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (pool.busy) return;
    const { n, error } = validateN(input.value, maxN);
    if (error) {
      alert.textContent = error;
      alert.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    alert.hidden = true;
    alert.textContent = '';
    input.removeAttribute('aria-invalid');
    progress = { done: 0, subtasks: null, ms: 0, at: performance.now() };
    showProgress();
    showStatus('running', `Counting N = ${n}…`, { n: String(n) });
    setRunning(true);
    try {
      const r = await pool.run(n, {
        onProgress: (p) => {
          progress = { ...p, at: performance.now() };
          showProgress();
        },
      });
      setRunning(false);
      if (r.cancelled) {
        showStatus(
          'cancelled',
          `Cancelled N = ${n} after ${formatDuration(r.ms)} (${r.done} of ${r.subtasks ?? '?'} subtasks done).`,
          { n: String(n) },
        );
        barText.textContent = `Cancelled · subtasks ${r.done} / ${r.subtasks ?? '…'} · ${formatDuration(r.ms)}`;
        return;
      }
      progress = { done: r.subtasks, subtasks: r.subtasks, ms: r.ms, at: performance.now() };
      bar.max = Math.max(1, r.subtasks);
      bar.value = bar.max;
      barText.textContent = `Subtasks ${r.subtasks} / ${r.subtasks} · done in ${formatDuration(r.ms)}`;
      showStatus('done', `N = ${n}: ${formatCount(r.total)} solutions, ${formatCount(r.fundamental)} fundamental.`, {
        n: String(n),
        total: r.total.toString(),
        fundamental: r.fundamental.toString(),
        ms: r.ms.toFixed(1),
        workers: String(r.workers),
      });
      const cell = (label, value) => el('div', {}, [el('dt', { text: label }), el('dd', { text: value })]);
      result.append(
        el('dl', { class: 'counters' }, [
          cell('Total solutions', formatCount(r.total)),
          cell('Fundamental (up to rotation and reflection)', formatCount(r.fundamental)),
          cell('Time', `${formatDuration(r.ms)} on ${r.workers} worker${r.workers === 1 ? '' : 's'}`),
        ]),
      );
    } catch (err) {
      setRunning(false);
      const message = `The count failed: ${err?.message ?? err}`;
      showStatus('error', message, { n: String(n) });
      alert.textContent = message;
      alert.hidden = false;
      barText.textContent = 'Failed.';
    }
  });

  cancel.addEventListener('click', () => pool.cancel());

  // N follows the visualizer's until the user types one here.
  let chosen = false;
  input.addEventListener('input', () => { chosen = true; });
  return {
    pool,
    /** The visualizer's N changed: count mode takes it, unless the user chose another or a count runs. */
    followN(n) {
      if (chosen || pool.busy || n < MIN_N || n > maxN) return;
      input.value = String(n);
    },
  };
}
