// Problem sets and hand-ins, without a DOM: a set's link text (UTF-8 JSON,
// raw DEFLATE, base64url without padding) both ways, the set read item by
// item (an item that cannot be read is a sentence, the others stand), a
// hand-in built from the answers themselves, and each answer graded again
// from the question's own truth: a practice question redrawn from its seed
// (questions.js), a puzzle's final board checked square by square against
// its givens, a program run by the grader the page hands in. A verdict a
// hand-in claims is never read.

import {
  attacks, classSizeQuestion, conflictsCountQuestion, countQuestion, cutoffQuestion, firstRejectQuestion,
  freeColumnsQuestion, heavyTailQuestion, isSolutionQuestion, lowestBitQuestion, lubyQuestion, minConflictsQuestion,
  nextProbeQuestion, nextRowQuestion, pruneSizeQuestion, queenAttacksQuestion, readBinary, registerMeaningQuestion,
  sameSet, spaceSizeQuestion, swapEffectQuestion, symmetryImageQuestion,
} from './questions.js';
import { CHAPTERS } from './chapters.js';
import { readCount, clip } from '../lib/words.js';

/** What a hand-in file says it is. */
const HAND_IN_FORMAT = 'nqueens-hand-in';
/** The most items a set may hold. */
const MAX_ITEMS = 50;
/** The most points an item may carry. */
const MAX_POINTS = 1000;
/** Puzzle sizes, as the core's puzzle() takes them. */
export const PUZZLE_MIN_N = 4;
export const PUZZLE_MAX_N = 12;
/** Program items are graded for every N from 1 up to at most this. */
export const PROGRAM_MAX_N = 12;
/** The longest program text a hand-in may carry. */
const MAX_SOURCE = 100_000;
/** The most bytes a link's set may unpack to (a few items take a few hundred). */
const MAX_SET_BYTES = 1 << 20;
/** The largest hand-in file read (fifty programs at their longest take 5 MB). */
export const MAX_HAND_IN_BYTES = 8 << 20;

/**
 * @typedef {{ type: 'practice', kind: string, chapter: number, seed: number, points: number, label: string, options: Record<string, any> }} PracticeItem
 * @typedef {{ type: 'puzzle', n: number, level: string, seed: number, points: number }} PuzzleItem
 * @typedef {{ type: 'program', lang: 'js' | 'py', upTo: number, points: number }} ProgramItem
 * @typedef {PracticeItem | PuzzleItem | ProgramItem} Item
 * @typedef {{ item: Item, problem?: undefined } | { item?: undefined, problem: string }} ReadItem  an item, or why it is not one
 * @typedef {{ title: string, items: ReadItem[], raw: any[] }} ProblemSet  raw: the items as the link wrote them
 * @typedef {{ marks?: (number|string)[], text?: string, choice?: string, queens?: number[], source?: string }} Answer
 * @typedef {'right' | 'wrong' | 'missing'} Verdict
 */

// ---- the link's text ------------------------------------------------------------

/** @param {Uint8Array} bytes */
function toBase64Url(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** @param {string} text  @returns {Uint8Array | null} */
function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const plain = text.replaceAll('-', '+').replaceAll('_', '/');
  const padded = plain + '='.repeat((4 - (plain.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(padded), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Bytes through a compression or decompression stream; null when more than `limit` come out.
 * @param {Uint8Array} bytes
 * @param {CompressionStream | DecompressionStream} stream
 * @param {number} [limit]
 */
async function through(bytes, stream, limit = Infinity) {
  const reader = new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (bytes)]).stream().pipeThrough(stream).getReader();
  /** @type {Uint8Array[]} */
  const parts = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A set's JSON as the link's `set=` text.
 * @param {any} json  { title, items: [...] }
 * @returns {Promise<string>}
 */
export async function encodeSet(json) {
  const bytes = new TextEncoder().encode(JSON.stringify(json));
  return toBase64Url(/** @type {Uint8Array} */ (await through(bytes, new CompressionStream('deflate-raw'))));
}

/**
 * The link's `set=` text as JSON, or a sentence saying why it is not one.
 * @param {string} text
 * @returns {Promise<{ json: any, problem?: undefined } | { json?: undefined, problem: string }>}
 */
export async function decodeSet(text) {
  const bytes = fromBase64Url(text.trim());
  if (!bytes || !bytes.length) return { problem: 'The link\'s set= is not a problem set: it should be base64url letters (A–Z, a–z, 0–9, - and _), as the Make a problem set panel writes them.' };
  let plain;
  try {
    plain = await through(bytes, new DecompressionStream('deflate-raw'), MAX_SET_BYTES);
  } catch {
    return { problem: 'The link\'s set= could not be unpacked (it is not raw DEFLATE): the link may be cut short. Ask for the link again.' };
  }
  if (!plain) return { problem: `The link's set= unpacks to more than ${MAX_SET_BYTES / 1024} KiB, far more than a set needs: it is not read.` };
  let json;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    return { problem: 'The link\'s set= unpacks to something that is not JSON text: the link is damaged.' };
  }
  return { json };
}

// ---- reading a set ------------------------------------------------------------------

/** @param {unknown} v */
const isSeed = (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** @param {unknown} v */
const show = (v) => clip(typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? String(v));

/**
 * An item's points: 1 when it names none.
 * @param {any} raw
 * @returns {number | string}  the points, or a sentence
 */
function pointsOf(raw) {
  if (raw.points === undefined) return 1;
  const p = raw.points;
  if (typeof p === 'number' && Number.isFinite(p) && p >= 0 && p <= MAX_POINTS) return p;
  return `its points ${show(p)} are not a number from 0 to ${MAX_POINTS}`;
}

/**
 * One item of a set, read.
 * @param {any} raw
 * @param {(n: number) => string[]} [levels]  the puzzle levels the core offers at N (unchecked without it)
 * @returns {ReadItem}
 */
export function readItem(raw, levels) {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { problem: `It is ${show(raw)}, not an item (an object such as {"kind": "next-row", "chapter": 1, "seed": 5}).` };
  const points = pointsOf(raw);
  if (typeof points === 'string') return { problem: `It cannot be graded: ${points}.` };
  if ('puzzle' in raw) {
    const p = raw.puzzle;
    if (!p || typeof p !== 'object') return { problem: `Its puzzle is ${show(p)}, not {"n": …, "level": …, "seed": …}.` };
    if (!Number.isInteger(p.n) || p.n < PUZZLE_MIN_N || p.n > PUZZLE_MAX_N) return { problem: `Its puzzle's n ${show(p.n)} is not a board size from ${PUZZLE_MIN_N} to ${PUZZLE_MAX_N}.` };
    const offered = levels ? levels(p.n) : ['easy', 'medium', 'hard'];
    if (typeof p.level !== 'string' || !offered.includes(p.level)) return { problem: `Its puzzle's level ${show(p.level)} is not one the ${p.n}×${p.n} board offers (${offered.join(', ')}).` };
    if (!isSeed(p.seed)) return { problem: `Its puzzle's seed ${show(p.seed)} is not a whole number from 0 to 2^53 − 1.` };
    return { item: { type: 'puzzle', n: p.n, level: p.level, seed: p.seed, points } };
  }
  if ('program' in raw) {
    const p = raw.program;
    if (!p || typeof p !== 'object') return { problem: `Its program is ${show(p)}, not {"lang": "js" or "py", "upTo": N}.` };
    if (p.lang !== 'js' && p.lang !== 'py') return { problem: `Its program's lang ${show(p.lang)} is not "js" (JavaScript) or "py" (Python).` };
    if (!Number.isInteger(p.upTo) || p.upTo < 1 || p.upTo > PROGRAM_MAX_N) return { problem: `Its program's upTo ${show(p.upTo)} is not a board size from 1 to ${PROGRAM_MAX_N}.` };
    return { item: { type: 'program', lang: p.lang, upTo: p.upTo, points } };
  }
  if ('kind' in raw) {
    const chapter = raw.chapter;
    if (!Number.isInteger(chapter) || chapter < 1 || chapter > CHAPTERS.length) return { problem: `Its chapter ${show(chapter)} is not a chapter number (1 to ${CHAPTERS.length}).` };
    const c = CHAPTERS[chapter - 1];
    const kind = c.practice.find((p) => p.kind === raw.kind);
    if (!kind) return { problem: `Its kind ${show(raw.kind)} is not a kind of question of chapter ${chapter} (${c.practice.map((p) => p.kind).join(', ')}).` };
    if (!(kind.kind in RIGHT)) return { problem: `Its kind ${show(raw.kind)} is asked in chapter ${chapter} but cannot be graded in a set: choose another kind.` };
    if (!isSeed(raw.seed)) return { problem: `Its seed ${show(raw.seed)} is not a whole number from 0 to 2^53 − 1.` };
    return { item: { type: 'practice', kind: kind.kind, chapter, seed: raw.seed, points, label: kind.label, options: kind.options ?? {} } };
  }
  return { problem: `It is none of the items a set can hold (a question with "kind", a "puzzle" or a "program"): its fields are ${clip(Object.keys(raw).join(', ') || 'none')}.` };
}

/**
 * A set's JSON, read: a title and each item or why it cannot be one.
 * @param {any} json
 * @param {(n: number) => string[]} [levels]
 * @returns {{ set: ProblemSet, problem?: undefined } | { set?: undefined, problem: string }}
 */
export function readSet(json, levels) {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return { problem: 'The problem set is not a JSON object with a title and items.' };
  if (!Array.isArray(json.items)) return { problem: 'The problem set has no list of items ("items": [ … ]).' };
  if (json.items.length === 0) return { problem: 'The problem set has no items.' };
  if (json.items.length > MAX_ITEMS) return { problem: `The problem set has ${json.items.length} items; a set holds at most ${MAX_ITEMS}.` };
  const title = typeof json.title === 'string' && json.title.trim() ? json.title.trim().slice(0, 200) : 'Problem set';
  return { set: { title, items: json.items.map((/** @type {any} */ raw) => readItem(raw, levels)), raw: JSON.parse(JSON.stringify(json.items)) } };
}

/**
 * The set as one canonical text: two sets are the same set when these are equal.
 * @param {ProblemSet} set
 */
function setIdentity(set) {
  return JSON.stringify({ title: set.title, items: set.raw });
}

/**
 * A short name for a set (FNV-1a of its identity, hex): the key its answers are kept under.
 * @param {ProblemSet} set
 */
export function setKey(set) {
  let h = 0x811c9dc5;
  const text = setIdentity(set);
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * An item in words, for headings and the gradebook.
 * @param {ReadItem} read
 */
export function itemName(read) {
  const it = read.item;
  if (!it) return 'An item that cannot be read';
  if (it.type === 'practice') return `Chapter ${it.chapter}: ${it.label} (seed ${it.seed})`;
  if (it.type === 'puzzle') return `Puzzle: ${it.n}×${it.n}, ${it.level} (seed ${it.seed})`;
  return `Program in ${it.lang === 'py' ? 'Python' : 'JavaScript'}: every solution for N = 1 to ${it.upTo}`;
}

// ---- hand-ins ---------------------------------------------------------------------------

/**
 * A hand-in: the set, the name, the time and the answers themselves.
 * @param {ProblemSet} set
 * @param {string} name
 * @param {(Answer | null)[]} answers  one per item (null: not answered)
 * @param {Date} [time]
 */
export function makeHandIn(set, name, answers, time = new Date()) {
  return {
    format: HAND_IN_FORMAT,
    version: 1,
    set: { title: set.title, items: JSON.parse(JSON.stringify(set.raw)) },
    name: name.trim(),
    savedAt: time.toISOString(),
    answers: set.items.map((_, i) => answers[i] ?? null),
  };
}

/**
 * A hand-in file's text, read against the teacher's set.
 * @param {string} text
 * @param {ProblemSet} set
 * @returns {{ name: string, savedAt: string, answers: any[], problem?: undefined } | { name?: string, problem: string }}
 */
function readHandIn(text, set) {
  if (text.length > MAX_HAND_IN_BYTES) return { problem: `This file is larger than ${MAX_HAND_IN_BYTES >> 20} MB, far more than a hand-in holds: it is not read.` };
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'This file is damaged: it is not JSON text, as Save hand-in writes it.' };
  }
  if (!json || typeof json !== 'object' || json.format !== HAND_IN_FORMAT) return { problem: 'This file is not a hand-in (it does not say "format": "nqueens-hand-in").' };
  const name = typeof json.name === 'string' ? json.name.trim().slice(0, 200) : '';
  if (!json.set || typeof json.set !== 'object' || !Array.isArray(json.set.items)) return { name, problem: 'This hand-in is damaged: it does not hold the set it answers.' };
  if (JSON.stringify({ title: json.set.title, items: json.set.items }) !== setIdentity(set)) {
    const other = json.set.title === set.title ? 'of the same title, with other items' : typeof json.set.title === 'string' ? `“${clip(json.set.title)}”` : 'with no title';
    return { name, problem: `This hand-in answers another set (${other}), not this “${clip(set.title)}”: it is not graded.` };
  }
  if (!Array.isArray(json.answers)) return { name, problem: 'This hand-in is damaged: it holds no list of answers.' };
  return { name: name || '(no name)', savedAt: typeof json.savedAt === 'string' ? json.savedAt : '', answers: json.answers };
}

// ---- grading ------------------------------------------------------------------------------

/** @param {unknown} a  @returns {number[]} */
const numbers = (a) => (Array.isArray(a) ? a.filter((x) => typeof x === 'number' || (typeof x === 'string' && /^\d+$/.test(x))).map(Number) : []);

/** A typed whole number, commas and spaces allowed; null when nothing is typed, NaN when it is not a number. @param {unknown} text */
function typed(text) {
  if (typeof text !== 'string') return null;
  const raw = text.replace(/[,\s]/g, '');
  if (!raw) return null;
  return /^\d+$/.test(raw) ? Number(raw) : NaN;
}

/** @param {unknown} s */
const str = (s) => (typeof s === 'string' ? s : '');

/**
 * Each kind's truth: null when nothing is given, else whether the answer is right.
 * @type {Record<string, (seed: number, a: Answer, options: Record<string, any>, count: (n: number) => number) => boolean | null>}
 */
const RIGHT = {
  'next-row': (seed, a) => {
    const marks = numbers(a.marks);
    return marks.length ? sameSet(marks, nextRowQuestion(seed).answer) : null;
  },
  'queen-attacks': (seed, a) => {
    const marks = numbers(a.marks);
    return marks.length ? sameSet(marks, queenAttacksQuestion(seed).answer) : null;
  },
  'free-columns': (seed, a) => sameSet(numbers(a.marks), freeColumnsQuestion(seed).answer),
  'next-probe': (seed, a) => {
    const marks = Array.isArray(a.marks) ? a.marks.map(String) : [];
    if (!marks.length) return null;
    const q = nextProbeQuestion(seed);
    return marks.length === 1 && marks[0] === `${q.answer.row},${q.answer.col}`;
  },
  'is-solution': (seed, a, { permutation = false }) => {
    const q = isSolutionQuestion(seed, { permutation });
    const marks = numbers(a.marks).sort((x, y) => x - y);
    const choice = str(a.choice);
    if (!choice && !marks.length) return null;
    if (q.solution) return choice === 'yes';
    return choice === 'no' && marks.length === 2 && marks.every((r) => r >= 0 && r < q.n) && attacks(marks[0], q.queens[marks[0]], marks[1], q.queens[marks[1]]);
  },
  count: (seed, a, _o, count) => {
    if (!str(a.text).trim()) return null;
    return readCount(str(a.text)).value === countQuestion(seed, count).answer;
  },
  'min-conflicts-move': (seed, a) => {
    const marks = numbers(a.marks);
    return marks.length ? sameSet(marks, minConflictsQuestion(seed).answer) : null;
  },
  luby: (seed, a, { n = 30 }) => {
    const given = typed(a.text);
    return given === null ? null : given === n * lubyQuestion(seed).answer;
  },
  'lowest-bit': (seed, a) => {
    if (!str(a.text).trim()) return null;
    const q = lowestBitQuestion(seed);
    return readBinary(str(a.text), q.n) === q.answer;
  },
  'space-size': (seed, a, { space = 'power' }) => {
    const given = typed(a.text);
    return given === null ? null : given === spaceSizeQuestion(seed, { space }).answer;
  },
  'first-reject': (seed, a, { permutation = false }) => {
    const marks = numbers(a.marks);
    return marks.length ? marks.length === 1 && marks[0] === firstRejectQuestion(seed, { permutation }).answer : null;
  },
  'prune-size': (seed, a) => {
    const given = typed(a.text);
    return given === null ? null : given === pruneSizeQuestion(seed).answer;
  },
  'register-meaning': (seed, a) => (str(a.choice) ? str(a.choice) === registerMeaningQuestion(seed).answer : null),
  'class-size': (seed, a) => (str(a.choice) ? Number(a.choice) === classSizeQuestion(seed).answer : null),
  'symmetry-image': (seed, a) => {
    const marks = numbers(a.marks);
    return marks.length ? sameSet(marks, symmetryImageQuestion(seed).answer) : null;
  },
  'conflicts-count': (seed, a) => {
    const given = typed(a.text);
    return given === null ? null : given === conflictsCountQuestion(seed).answer;
  },
  'swap-effect': (seed, a) => {
    const given = typed(a.text);
    return given === null ? null : given === swapEffectQuestion(seed).answer;
  },
  'heavy-tail': (seed, a) => (str(a.choice) ? Number(a.choice) === heavyTailQuestion(seed).answer : null),
  cutoff: (seed, a) => (str(a.choice) ? Number(a.choice) === cutoffQuestion(seed).answer : null),
};

/** The kinds a set can grade. */
export const GRADED_KINDS = Object.keys(RIGHT);

/**
 * A puzzle's final board judged: right when it holds n queens, every given
 * among them, and no two attack each other.
 * @param {number} n
 * @param {ArrayLike<number>} givens  squares r·n + c
 * @param {unknown} queens  the board's queens, squares r·n + c
 */
export function puzzleBoardRight(n, givens, queens) {
  const squares = [...new Set(numbers(queens))];
  if (squares.length !== n || squares.some((s) => s < 0 || s >= n * n)) return false;
  for (const g of Array.from(givens)) if (!squares.includes(g)) return false;
  for (let i = 0; i < squares.length; i++) {
    for (let j = i + 1; j < squares.length; j++) {
      const [a, b] = [squares[i], squares[j]];
      if (attacks(Math.floor(a / n), a % n, Math.floor(b / n), b % n)) return false;
    }
  }
  return true;
}

/**
 * @typedef {object} Graders  what grading needs from the core and the page
 * @property {(n: number) => number} count  the number of solutions of N (the core's count)
 * @property {(n: number, level: string, seed: number) => ArrayLike<number>} puzzle  a puzzle's givens (the core's puzzle())
 */

/**
 * One answer graded again from its question (a program item is graded by gradeProgram, not here).
 * @param {Item} item
 * @param {unknown} answer
 * @param {Graders} graders
 * @returns {Verdict}
 */
function gradeAnswer(item, answer, graders) {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return 'missing';
  const a = /** @type {Answer} */ (answer);
  if (item.type === 'practice') {
    const right = RIGHT[item.kind]?.(item.seed, a, item.options, graders.count);
    return right === null || right === undefined ? 'missing' : right ? 'right' : 'wrong';
  }
  if (item.type === 'puzzle') {
    if (!Array.isArray(a.queens) || !a.queens.length) return 'missing';
    return puzzleBoardRight(item.n, graders.puzzle(item.n, item.level, item.seed), a.queens) ? 'right' : 'wrong';
  }
  if (typeof a.source !== 'string' || !a.source.trim()) return 'missing';
  return 'wrong';
}

/**
 * A program item's source from an answer, or null.
 * @param {unknown} answer
 */
export function programSource(answer) {
  if (!answer || typeof answer !== 'object') return null;
  const s = /** @type {Answer} */ (answer).source;
  return typeof s === 'string' && s.trim() && s.length <= MAX_SOURCE ? s : null;
}

/**
 * @typedef {object} Row  one hand-in in the gradebook
 * @property {string} file
 * @property {string} name
 * @property {string} savedAt
 * @property {Verdict[]} verdicts  one per item ('missing' for an item that cannot be read)
 * @property {number} score
 * @property {string} [problem]  the file is not graded, and why
 * @property {string[]} [notes]  what grading found beyond the verdicts (why a program is wrong)
 */

/**
 * A hand-in file graded: every answer but the programs' (which gradeProgram fills in after).
 * @param {string} file  the file's name
 * @param {string} text  its contents
 * @param {ProblemSet} set
 * @param {Graders} graders
 * @returns {Row}
 */
export function gradeHandIn(file, text, set, graders) {
  const read = readHandIn(text, set);
  if (read.problem !== undefined) return { file, name: read.name ?? '', savedAt: '', verdicts: [], score: 0, problem: read.problem };
  const verdicts = set.items.map((it, i) => {
    if (!it.item) return /** @type {Verdict} */ ('missing');
    try {
      return gradeAnswer(it.item, read.answers[i], graders);
    } catch {
      return /** @type {Verdict} */ ('wrong');
    }
  });
  return { file, name: read.name, savedAt: read.savedAt, verdicts, score: scoreOf(set, verdicts) };
}

/**
 * The points of the items answered right.
 * @param {ProblemSet} set
 * @param {Verdict[]} verdicts
 */
export function scoreOf(set, verdicts) {
  return set.items.reduce((sum, it, i) => sum + (it.item && verdicts[i] === 'right' ? it.item.points : 0), 0);
}

/** The most points the set gives. @param {ProblemSet} set */
export function totalPoints(set) {
  return set.items.reduce((sum, it) => sum + (it.item ? it.item.points : 0), 0);
}

/**
 * The gradebook as CSV rows: a header, then one row a hand-in.
 * @param {ProblemSet} set
 * @param {Row[]} rows
 */
export function gradebookRows(set, rows) {
  return [
    ['file', 'name', 'saved at', 'score', `out of ${totalPoints(set)}`, ...set.items.map((_, i) => `item ${i + 1}`), 'note'],
    ...rows.map((r) => [r.file, r.name, r.savedAt, r.problem ? '' : r.score, '', ...set.items.map((_, i) => (r.problem ? '' : r.verdicts[i])), r.problem ?? (r.notes ?? []).join(' ')]),
  ];
}
