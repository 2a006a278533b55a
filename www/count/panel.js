// Count mode's panel as the page shows it: the form (N, Count or Resume,
// Cancel, Discard saved progress), the method and engine lines, the alert,
// the progress bar with its line, and the result area, which shows what the
// model (model.js) hands it. It decides nothing. Ids for tests and
// benchmarks:
//   #count-n, #count-start (its text "Count" or "Resume"), #count-cancel,
//   #count-discard, #count-method, #count-engine, #count-progress,
//   #count-progress-text, #count-error,
//   #count-result[data-state="idle|saved|elsewhere|running|done|cancelled|error"]
//                (elsewhere: another tab of this page counts the N in the field)
//                [data-n, data-total, data-fundamental, data-ms, data-workers,
//                 data-fraction, data-saved (shares of the work, 0–1),
//                 data-resumed (the share done before this run), data-cached,
//                 data-from="tab" (a count another tab finished while this one waited),
//                 data-discarded (why saved progress was thrown away: damaged, older, other),
//                 data-resumable="false" (saved progress the engine chosen here cannot resume)]
//   #count-result [data-part="count-known"][data-agrees="true|false"] a finished count against OEIS A000170
// so there is one count mode on a page.

import { el } from '../lib/dom.js';
import { barShare } from './words.js';

/**
 * Fills `section` with the panel's parts.
 * @param {HTMLElement} section
 * @param {{ minN: number, maxN: number, note: string }} form  the N the field takes; the paragraph under the heading
 */
export function countPanel(section, { minN, maxN, note }) {
  section.classList.add('panel');
  section.setAttribute('aria-labelledby', 'count-heading');
  section.removeAttribute('aria-label');
  const input = el('input', {
    id: 'count-n', type: 'number', min: minN, max: maxN, step: 1, value: 8, inputmode: 'numeric',
    'aria-describedby': 'count-note count-method',
  });
  const start = el('button', { id: 'count-start', type: 'submit', class: 'primary', text: 'Count' });
  const cancel = el('button', { id: 'count-cancel', type: 'button', text: 'Cancel', disabled: true });
  const discard = el('button', { id: 'count-discard', type: 'button', text: 'Discard saved progress', hidden: true });
  const sizeLabel = el('span', { class: 'field-label', text: `Board size N (${minN}–${maxN})` });
  const form = el('form', { class: 'count-form', novalidate: true }, [el('label', { class: 'field' }, [sizeLabel, input]), start, cancel, discard]);
  const methodLine = el('p', { id: 'count-method', class: 'note count-method' });
  const engineLine = el('p', { id: 'count-engine', class: 'note count-engine', 'aria-live': 'polite' });
  const alert = el('p', { id: 'count-error', role: 'alert', hidden: true });
  const bar = el('progress', { id: 'count-progress', max: 1, value: 0, 'aria-label': 'Count progress' });
  const barText = el('span', { id: 'count-progress-text', class: 'count-progress-text', text: 'Not started.' });
  const result = el('div', { id: 'count-result', 'aria-live': 'polite', 'data-state': 'idle' }, [el('p', { class: 'status', text: 'Choose N and press Count.' })]);
  section.replaceChildren(
    el('h2', { id: 'count-heading', text: 'Count mode' }),
    el('p', { id: 'count-note', class: 'note', text: note }),
    methodLine, engineLine, form, alert,
    el('div', { class: 'count-progress' }, [bar, barText]),
    result,
  );

  const cell = (/** @type {string} */ label, /** @type {string} */ value) => el('div', {}, [el('dt', { text: label }), el('dd', { text: value })]);

  const panel = {
    input, start, cancel, discard, form,
    /** The result's data-state. */
    state: () => result.dataset.state,
    /** The result's data-n. */
    shownN: () => result.dataset.n,
    /** @param {number} fraction */
    setBar: (fraction) => { bar.value = barShare(fraction); },
    /** @param {string} text */
    setBarText: (text) => { barText.textContent = text; },
    /**
     * The result's state, its line and data-*, the bar, and a finished count's figures.
     * @param {import('./model.js').Shown} shown
     */
    show(shown) {
      for (const key of Object.keys(result.dataset)) delete result.dataset[key];
      Object.assign(result.dataset, { state: shown.state }, shown.data);
      result.replaceChildren(el('p', { class: 'status', text: shown.text }));
      if (shown.bar !== undefined) panel.setBar(shown.bar);
      if (shown.barText !== undefined) panel.setBarText(shown.barText);
      if (shown.cells) {
        result.append(el('dl', { class: 'counters' }, shown.cells.map(({ label, value, run }) => {
          const c = cell(label, value);
          if (run) /** @type {HTMLElement} */ (c.lastChild).append(el('span', { class: 'count-run', text: run })); // its dd
          return c;
        })));
      }
      if (shown.burnside) result.append(el('p', { class: 'note count-burnside', text: shown.burnside }));
      if (shown.known) result.append(el('p', { class: 'note count-known-verdict', 'data-part': 'count-known', 'data-agrees': String(shown.known.agrees), text: shown.known.text }));
    },
    /** @param {Record<string, string>} data  more data-* on the result */
    mark: (data) => { Object.assign(result.dataset, data); },
    /** Replaces the result's first line. @param {string} text */
    setLine: (text) => { /** @type {ChildNode} */ (result.firstChild).textContent = text; },
    /** A note under the result's line (saved progress that was discarded, for one). @param {string} text */
    addNote: (text) => { /** @type {ChildNode} */ (result.firstChild).after(el('p', { class: 'note count-notice', text })); },
    /** The alert, and the field marked wrong. @param {string} text */
    refuse(text) {
      alert.textContent = text;
      alert.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    },
    /** @param {string} text */
    alarm(text) {
      alert.textContent = text;
      alert.hidden = false;
    },
    clearAlert() {
      alert.hidden = true;
      alert.textContent = '';
      input.removeAttribute('aria-invalid');
    },
    /** @param {string} text */
    setEngine: (text) => { engineLine.textContent = text; },
    engineSaid: () => Boolean(engineLine.textContent),
    /**
     * @param {number | null | undefined} n
     * @param {import('../types.js').CountMethod | null | undefined} m
     */
    setMethod(n, m) {
      methodLine.hidden = !m;
      methodLine.dataset.method = m?.id ?? '';
      methodLine.textContent = m ? `Method at N = ${n}: ${m.description}.` : '';
    },
    /** @param {{ start: string, discardHidden: boolean }} buttons */
    setButtons({ start: text, discardHidden }) {
      start.textContent = text;
      discard.hidden = discardHidden;
    },
    /** The largest N the field offers. @param {number} maxN */
    setMaxN(maxN) {
      input.max = String(maxN);
      sizeLabel.textContent = `Board size N (${minN}–${maxN})`;
    },
    /** @param {boolean} running */
    setRunning(running) {
      // Focus moves with the action, so it never falls to the page when a button disables itself.
      const hadFocus = [input, start, cancel, discard].some((control) => control === document.activeElement);
      input.disabled = running;
      start.disabled = running;
      discard.disabled = running;
      cancel.disabled = !running;
      if (hadFocus) (running ? cancel : start).focus();
    },
  };
  return panel;
}
