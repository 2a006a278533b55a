// Count mode's "Known counts": the values Q(1)…Q(27) with who counted them,
// how and when (records.js), the row of the N in the field marked, that
// Q(28) is open, Simkin's growth, and for N past the page's limit the
// commands that count it on a cluster with this core. Parts:
//   [data-part="known-counts"] the table, a row a N ([data-n], the N in the
//   field aria-current="true"); [data-part="count-history"] who counted them;
//   [data-part="count-open"], [data-part="count-growth"], [data-part="count-cluster"].

import { el, formatCount } from '../lib/dom.js';
import { HISTORY, KNOWN_MAX_N, SIMKIN, clusterCommands, countSentence, knownTotal, simkinEstimate } from './records.js';

/** How many pieces the cluster example cuts a count into. */
const EXAMPLE_PIECES = 10_000;

/**
 * A number too large to read digit by digit, as 7.1 × 10 to the 15.
 * @param {number} x
 */
function scientific(x) {
  const exp = Math.floor(Math.log10(x));
  return el('span', '', [`${(x / 10 ** exp).toFixed(1)} × 10`, el('sup', '', String(exp))]);
}

/**
 * The known counts as a section to append to count mode.
 * @param {number} pageMaxN  the largest N this page counts
 * @param {number} [workersMaxN]  the largest N it counts without a GPU, where that is less
 * @returns {{ root: HTMLElement, follow: (n: number | null | undefined) => void }}
 */
export function knownCounts(pageMaxN, workersMaxN = pageMaxN) {
  const link = (/** @type {{ label: string, href: string }} */ s) => el('a', { href: s.href, rel: 'noopener' }, s.label);
  /** @type {HTMLTableRowElement[]} */
  const rows = [];
  for (let n = 1; n <= KNOWN_MAX_N; n++) {
    const row = /** @type {HTMLTableRowElement} */ (el('tr', { 'data-n': n }, [el('th', { scope: 'row', text: String(n) }), el('td', { class: 'count-q', text: formatCount(/** @type {bigint} */ (knownTotal(n))) })]));
    const h = HISTORY.find((x) => x.from === n);
    if (h) row.append(el('td', { class: 'count-when', rowspan: h.to - h.from + 1, text: h.confirmed?.when && h.when ? `${h.when}; again ${h.confirmed.when}` : h.when || h.confirmed?.when || '' }));
    rows.push(row);
  }
  const table = el('table', { class: 'count-known', 'data-part': 'known-counts' }, [
    el('caption', { text: 'Q(N), the solutions of N queens (OEIS A000170)' }),
    el('thead', {}, [el('tr', {}, [el('th', { scope: 'col', text: 'N' }), el('th', { scope: 'col', text: 'Q(N)' }), el('th', { scope: 'col', text: 'Counted' })])]),
    el('tbody', {}, rows),
  ]);
  const said = (/** @type {import('./records.js').Count} */ c) => [`${countSentence(c)} (`, link(c.source), ')'];
  const history = el('ul', { class: 'count-history', 'data-part': 'count-history' }, HISTORY.map((h) => el('li', {}, [
    el('strong', '', h.from === h.to ? `N = ${h.from}: ` : `N = ${h.from}–${h.to}: `),
    ...said(h),
    ...(h.confirmed ? [` ${h.confirmed.label ?? 'Confirmed'}: `, ...said(h.confirmed)] : []),
  ])));
  const q27 = /** @type {bigint} */ (knownTotal(KNOWN_MAX_N));
  const atLast = simkinEstimate(KNOWN_MAX_N);
  const next = pageMaxN + 1;
  const commands = clusterCommands(next, EXAMPLE_PIECES);
  const root = el('div', { class: 'count-records' }, [
    el('h3', { id: 'count-records-heading', text: 'Known counts' }),
    el('div', { class: 'count-records-body' }, [
      el('div', { class: 'count-table-scroll', tabindex: 0, role: 'region', 'aria-labelledby': 'count-records-heading' }, [table]),
      el('div', { class: 'count-history-box' }, [el('p', { class: 'count-history-head', text: 'Who counted them, how and when' }), history]),
    ]),
    el('p', { 'data-part': 'count-open' }, [
      el('strong', '', `Q(${KNOWN_MAX_N + 1}) is open:`),
      ` no one has counted it. The counts grow about tenfold from one N to the next (Q(${KNOWN_MAX_N}) is ${(Number(q27) / Number(knownTotal(KNOWN_MAX_N - 1))).toFixed(1)} × Q(${KNOWN_MAX_N - 1})); `,
      `Q(${KNOWN_MAX_N}) took FPGAs a little over a year, and its confirmation eight GPUs four weeks.`,
    ]),
    el('p', { 'data-part': 'count-growth' }, [
      'How fast it grows: Q(n) = ((1 ± o(1)) n e', el('sup', '', '−α'), ')', el('sup', '', 'n'),
      ` with α = ${SIMKIN.alpha} ± 0.003, about (0.143 n)`, el('sup', '', 'n'), ' (', link(SIMKIN),
      `). The o(1) still matters at these sizes: at N = ${KNOWN_MAX_N}, (0.143 n)`, el('sup', '', 'n'), ' is ', scientific(atLast), ', ',
      `${Math.round(Number(q27) / atLast)} times fewer than the true ${formatCount(q27)}.`,
    ]),
    el('div', { 'data-part': 'count-cluster' }, [
      el('p', '', [
        `Past N = ${pageMaxN}${workersMaxN < pageMaxN ? ` (N = ${workersMaxN} without a GPU)` : ''}, this page stops: count on a cluster with this core's command line instead. `,
        `For N = ${next}: build it, write the plan (each piece with its estimated work, so you can see the size of the job first), `,
        'then count the pieces as Ray tasks (the driver plans, counts and joins; a driver stopped and started again counts only what is missing) ',
        'or as a Slurm job array; ', el('code', '', 'docs/cluster.md'), ' has both recipes and their options.',
      ]),
      el('pre', { class: 'count-commands' }, [el('code', '', commands.join('\n'))]),
    ]),
  ]);
  return {
    root,
    /** Marks the row of N (none for an N past the table). */
    follow(n) {
      for (const row of rows) {
        if (Number(row.dataset.n) === n) row.setAttribute('aria-current', 'true');
        else row.removeAttribute('aria-current');
      }
    },
  };
}
