// The known counts Q(1)…Q(27) of OEIS A000170 and who counted them, how and
// when, as data with no DOM (records-view.js shows it; the node test
// tests/api/count-records.test.mjs checks it against its own copy of OEIS
// and a plain search). Only what the sources below say is stated: where they
// do not name who counted an N, neither does this table.
//
// Sources: OEIS A000170; M. Engelhardt's world-record page (nqueens.de) for
// the hand counts and N = 12–20; Queens@TUD (queens.inf.tu-dresden.de) and
// the MC# project (mcsharp.net) for N = 26; the Q27 project
// (github.com/preusser/q27) and arXiv:2511.12009 for N = 27; the ProActive
// and NTU announcements for N = 25; Simkin, arXiv:2107.13460, for the growth.

import { formatCount } from '../lib/dom.js';

/** Q(N) for N = 1..27 (OEIS A000170), as decimal strings: the largest pass 2^53. */
const TOTALS = [
  '1', '0', '0', '2', '10', '4', '40', '92', '352', '724', '2680', '14200', '73712', '365596', '2279184', '14772512',
  '95815104', '666090624', '4968057848', '39029188884', '314666222712', '2691008701644', '24233937684440',
  '227514171973736', '2207893435808352', '22317699616364044', '234907967154122528',
];

/** The largest N whose count is known; the next is open. */
export const KNOWN_MAX_N = TOTALS.length;

/**
 * Who counted which N, how and when: each row covers N = from..to; `confirmed`, an independent count of the same N.
 * @typedef {{ label: string, href: string }} Source
 * @typedef {{ who: string, how: string, when: string, source: Source }} Count
 * @typedef {Count & { from: number, to: number, confirmed?: Count & { label?: string } }} History  label: what the second count did (Confirmed by default)
 * @type {readonly History[]}
 */
export const HISTORY = [
  { from: 1, to: 11, who: '', how: 'by hand', when: 'by 1890', source: { label: 'Engelhardt, world records', href: 'http://www.nqueens.de/sub/WorldRecord.en.html' } },
  {
    from: 12, to: 13, who: 'A. Kopfermann', how: 'by hand, with an error', when: '',
    source: { label: 'Engelhardt, world records', href: 'http://www.nqueens.de/sub/WorldRecord.en.html' },
    confirmed: { label: 'Corrected', who: 'Mark B. Wells, Los Alamos', how: 'by computer', when: '1971', source: { label: 'OEIS A000170', href: 'https://oeis.org/A000170' } },
  },
  { from: 14, to: 20, who: '', how: 'by computer', when: '1972–1997', source: { label: 'Engelhardt, world records', href: 'http://www.nqueens.de/sub/WorldRecord.en.html' } },
  { from: 21, to: 24, who: '', how: 'by computer', when: 'before 2005', source: { label: 'OEIS A000170', href: 'https://oeis.org/A000170' } },
  {
    from: 25, to: 25, who: 'the ObjectWeb ProActive team, INRIA', how: 'on a computing grid, about 53 CPU-years', when: 'June 2005',
    source: { label: 'OEIS A000170', href: 'https://oeis.org/A000170' },
    confirmed: { who: 'the NTU 25Queen project (National Taiwan University, Ming Chuan University)', how: 'by computer', when: 'July 2005', source: { label: 'OEIS A000170', href: 'https://oeis.org/A000170' } },
  },
  {
    from: 26, to: 26, who: 'Queens@TUD, TU Dresden (Thomas B. Preußer and colleagues)', how: 'on FPGAs', when: 'July 2009',
    source: { label: 'Queens@TUD', href: 'http://queens.inf.tu-dresden.de/' },
    confirmed: { who: 'the MC# project', how: 'on two Russian TOP500 supercomputers', when: 'August 2009', source: { label: 'MC#', href: 'http://www.mcsharp.net/nqueens.html' } },
  },
  {
    from: 27, to: 27, who: 'the Q27 project, TU Dresden (Thomas B. Preußer, Matthias R. Engelhardt)', how: 'on FPGAs, over a little more than a year', when: 'September 2016',
    source: { label: 'Q27 project', href: 'https://github.com/preusser/q27' },
    confirmed: { who: 'a GPU count', how: 'on eight GPUs in 28.4 days', when: '2025', source: { label: 'arXiv:2511.12009', href: 'https://arxiv.org/abs/2511.12009' } },
  },
];

/**
 * A count of the history as a sentence: "The Q27 project …, on FPGAs …, September 2016."; an empty field is left out
 * @param {Count} c
 */
export function countSentence({ who, how, when }) {
  const said = `${[who, how, when].filter(Boolean).join(', ')}${who ? '' : '; who is not recorded here'}.`;
  return `${said[0].toUpperCase()}${said.slice(1)}`;
}

/** Simkin's constant: Q(n) = ((1 ± o(1)) n e^(−α))^n with α = 1.942 ± 0.003. */
export const SIMKIN = { alpha: 1.942, label: 'Simkin, arXiv:2107.13460', href: 'https://arxiv.org/abs/2107.13460' };

/**
 * Q(N) as the records know it, or null past them.
 * @param {number} n
 * @returns {bigint | null}
 */
export function knownTotal(n) {
  return Number.isInteger(n) && n >= 1 && n <= KNOWN_MAX_N ? BigInt(TOTALS[n - 1]) : null;
}

/**
 * A finished count against the known value of Q(N), where there is one.
 * @param {number} n
 * @param {bigint} total
 * @returns {{ known?: { agrees: boolean, text: string } }}
 */
export function knownVerdict(n, total) {
  const known = knownTotal(n);
  if (known === null) return {};
  return known === total
    ? { known: { agrees: true, text: `The same as the known count: Q(${n}) = ${formatCount(known)} (OEIS A000170).` } }
    : { known: { agrees: false, text: `Not the known count: OEIS A000170 gives Q(${n}) = ${formatCount(known)}.` } };
}

/**
 * Who counted N, or null past the records.
 * @param {number} n
 */
export const historyOf = (n) => HISTORY.find((h) => h.from <= n && n <= h.to) ?? null;

/**
 * Simkin's asymptotic count without its o(1): (n e^(−α))^n, about (0.143 n)^n.
 * @param {number} n
 */
export const simkinEstimate = (n) => (n * Math.exp(-SIMKIN.alpha)) ** n;

/**
 * The commands that count N with this core's command line on a cluster cut
 * into `pieces`: the binary built, the plan (each piece's estimated work),
 * then Ray's driver (which plans, counts the pieces as tasks and joins them)
 * or Slurm's job array (docs/cluster.md has both recipes and their options).
 * @param {number} n
 * @param {number} pieces
 */
export function clusterCommands(n, pieces) {
  return [
    'cargo build --release',
    `target/release/nqueens plan ${n} --pieces ${pieces} > plan-${n}.jsonl`,
    `python cluster/ray_count.py ${n} --pieces ${pieces}`,
    `cluster/slurm_count.sh submit plan-${n}.jsonl results-${n}/`,
  ];
}
