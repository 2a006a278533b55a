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
import { HOMEWORK_SEED_MIN } from '../core/seeds.js';
import { packText, unpackText } from '../lib/packed.js';
import { readCount, clip } from '../lib/words.js';
import { STARTERS } from '../program/starters.js';

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
 * @typedef {{ title: string, items: ReadItem[], raw: any[], seed?: number, gradeHash?: string, deadline?: string, feedback?: 'verdict' }} ProblemSet
 *   raw: the items as the link wrote them; seed: the set's own seed (each student's questions are drawn from it, the
 *   item and the student's identity; a set without one asks everyone the same); gradeHash: SHA-256 (hex) of the
 *   teacher's grading key; deadline: when hand-ins are due (ISO time); feedback: 'verdict' lets a student
 *   Check an item and see right or wrong, never the answer (without it, nothing until graded)
 * @typedef {{ marks?: (number|string)[], text?: string, choice?: string, queens?: number[], source?: string }} Answer
 * @typedef {'right' | 'wrong' | 'missing' | 'pending'} Verdict  pending: a program not yet run
 */

// ---- the link's text ------------------------------------------------------------

/**
 * A set's JSON as the link's `set=` text.
 * @param {any} json  { title, items: [...] }
 * @returns {Promise<string>}
 */
export async function encodeSet(json) {
  return packText(JSON.stringify(json));
}

/** What is wrong with a `set=` value that holds no set, in words. */
const SET_WRONG = {
  base64url: 'The link\'s set= is not a problem set: it should be base64url letters (A–Z, a–z, 0–9, - and _), as the Make a problem set panel writes them.',
  deflate: 'The link\'s set= could not be unpacked (it is not raw DEFLATE): the link may be cut short. Ask for the link again.',
  size: `The link's set= unpacks to more than ${MAX_SET_BYTES / 1024} KiB, far more than a set needs: it is not read.`,
  utf8: 'The link\'s set= unpacks to something that is not JSON text: the link is damaged.',
};

/**
 * The link's `set=` text as JSON, or a sentence saying why it is not one.
 * @param {string} text
 * @returns {Promise<{ json: any, problem?: undefined } | { json?: undefined, problem: string }>}
 */
export async function decodeSet(text) {
  if (!text.trim()) return { problem: SET_WRONG.base64url };
  const unpacked = await unpackText(text, MAX_SET_BYTES);
  if (unpacked.text === undefined) return { problem: SET_WRONG[unpacked.wrong] };
  try {
    return { json: JSON.parse(unpacked.text) };
  } catch {
    return { problem: SET_WRONG.utf8 };
  }
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
  /** @type {ProblemSet} */
  const set = { title, items: json.items.map((/** @type {any} */ raw) => readItem(raw, levels)), raw: JSON.parse(JSON.stringify(json.items)) };
  if (json.seed !== undefined) {
    if (!isSeed(json.seed)) return { problem: `The problem set's seed ${show(json.seed)} is not a whole number from 0 to 2^53 − 1.` };
    set.seed = json.seed;
  }
  if (json.gradeHash !== undefined) {
    if (typeof json.gradeHash !== 'string' || !/^[0-9a-f]{64}$/.test(json.gradeHash)) return { problem: 'The problem set\'s gradeHash is not 64 hex digits (a SHA-256), as Make a problem set writes it.' };
    set.gradeHash = json.gradeHash;
  }
  if (json.feedback !== undefined && json.feedback !== 'none') {
    if (json.feedback !== 'verdict') return { problem: `The problem set's feedback ${show(json.feedback)} is not "none" (nothing until graded) or "verdict" (right or wrong, never the answer).` };
    set.feedback = 'verdict';
  }
  if (json.deadline !== undefined) {
    if (typeof json.deadline !== 'string' || Number.isNaN(Date.parse(json.deadline))) return { problem: `The problem set's deadline ${show(json.deadline)} is not a date and time.` };
    set.deadline = new Date(json.deadline).toISOString();
  }
  return { set };
}

/**
 * The set as one canonical text: two sets are the same set when these are equal.
 * @param {ProblemSet} set
 */
function setIdentity(set) {
  return JSON.stringify(setJson(set));
}

/**
 * The set as its link writes it: title, items, and the set's seed, grading key hash and deadline where it has them.
 * @param {ProblemSet} set
 */
export function setJson(set) {
  /** @type {Record<string, any>} */
  const json = { title: set.title, items: JSON.parse(JSON.stringify(set.raw)) };
  if (set.seed !== undefined) json.seed = set.seed;
  if (set.gradeHash !== undefined) json.gradeHash = set.gradeHash;
  if (set.deadline !== undefined) json.deadline = set.deadline;
  if (set.feedback !== undefined) json.feedback = set.feedback;
  return json;
}

/**
 * A short name for a set (FNV-1a of its identity, hex): the key its answers are kept under.
 * @param {ProblemSet} set
 */
export function setKey(set) {
  return fnv(setIdentity(set));
}

/** FNV-1a of a text, 8 hex digits. @param {string} text */
function fnv(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * A 52-bit hash of a text (two 32-bit multiply-xor lanes, cyrb53's mixing).
 * @param {string} text
 */
function hash52(text) {
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 & 0xfffff) * 4294967296 + (h1 >>> 0);
}

// ---- each student's own questions ------------------------------------------------------

/** Seeds from here up (2^52) are homework seeds (the page's seed policy says so). */
export { HOMEWORK_SEED_MIN };

/** The longest identity a student may type. */
const MAX_IDENTITY = 200;

/**
 * An identity as the grader matches it: trimmed, spaces squeezed, lower case.
 * @param {unknown} id
 */
export function normalIdentity(id) {
  return typeof id === 'string' ? id.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_IDENTITY) : '';
}

/** Whether the set draws each student's own questions. @param {ProblemSet} set */
export const perStudent = (set) => set.seed !== undefined;

/**
 * The seed item i is drawn from for a student: the item's own seed in a set
 * without a seed of its own; else a homework seed from the set's seed, the
 * item's place and seed, and the student's identity.
 * @param {ProblemSet} set
 * @param {number} i
 * @param {string} identity  as typed (normalised here)
 */
export function itemSeed(set, i, identity) {
  const it = set.items[i]?.item;
  const own = it && 'seed' in it ? it.seed : 0;
  if (!perStudent(set)) return own;
  return HOMEWORK_SEED_MIN + hash52(`${set.seed}\u0000${i}\u0000${own}\u0000${normalIdentity(identity)}`);
}

/**
 * The items of the set as one student is asked them: each seed drawn for the identity.
 * @param {ProblemSet} set
 * @param {string} identity
 * @returns {ReadItem[]}
 */
export function itemsFor(set, identity) {
  return set.items.map((read, i) => {
    const it = read.item;
    if (!it || it.type === 'program') return read;
    return { item: { ...it, seed: itemSeed(set, i, identity) } };
  });
}

/**
 * A fingerprint of the questions one identity is asked (hex): a hand-in carries
 * it, and a hand-in whose identity was edited afterwards no longer matches it.
 * @param {ProblemSet} set
 * @param {string} identity
 */
function questionsFingerprint(set, identity) {
  return fnv(`${setKey(set)}\u0000${set.items.map((_, i) => itemSeed(set, i, identity)).join(',')}`);
}

// ---- the teacher's grading key ------------------------------------------------------------

/** A new grading key: 128 random bits as 32 hex digits. */
export function newGradeKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * SHA-256 of a grading key, hex: what the set carries.
 * @param {string} key
 */
export async function gradeKeyHash(key) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a grading link's key opens the set's grading: null when it does,
 * else a sentence. A set with no key hash is graded by any grade=1 link.
 * @param {ProblemSet} set
 * @param {string | null} key
 */
export async function gradeRefusal(set, key) {
  if (!set.gradeHash) return null;
  if (!key) return 'This grading link has no teacher\'s key (key=): grading opens only from the Grade hand-ins link that Make a problem set gave the teacher, not from the students\' link with grade=1 added. Showing the set as students see it.';
  if (!/^[0-9a-f]{32}$/.test(key) || (await gradeKeyHash(key)) !== set.gradeHash) return 'This grading link\'s key is not the key of this set: only the teacher\'s own Grade hand-ins link grades it. Showing the set as students see it.';
  return null;
}

// ---- program items: the starters ------------------------------------------------------------

/**
 * A program's text with its comments and every space taken out (a string
 * holding a comment sign is cut there too: the text only compares programs).
 * @param {string} source
 * @param {'js' | 'py'} lang
 */
function normalProgram(source, lang) {
  const bare = lang === 'py'
    ? source.replace(/#[^\n]*/g, '').replace(/("""|''')[\s\S]*?\1/g, '')
    : source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  return bare.replace(/\s+/g, '');
}

/** @type {Map<string, string>} each starter's normal text (language and text) → its name */
const STARTER_TEXTS = new Map(STARTERS.flatMap((s) => [[`js\u0000${normalProgram(s.js, 'js')}`, s.name], [`py\u0000${normalProgram(s.py, 'py')}`, s.name]]));

/**
 * The starter a program is, comments and spaces aside, or null.
 * @param {string} source
 * @param {'js' | 'py'} lang
 */
export function starterOf(source, lang) {
  return STARTER_TEXTS.get(`${lang}\u0000${normalProgram(source, lang)}`) ?? null;
}

/**
 * The sentence a starter handed in as it is gets.
 * @param {string} name
 */
const starterSentence = (name) => `The program is the starter "${name}" of Your search, unchanged but for spaces and comments: it scores 0. Write your own.`;

/**
 * An item in words, for headings and the gradebook (a student's view leaves the seeds out).
 * @param {ReadItem} read
 * @param {{ seeds?: boolean }} [how]
 */
export function itemName(read, { seeds = true } = {}) {
  const it = read.item;
  if (!it) return 'An item that cannot be read';
  if (it.type === 'practice') return `Chapter ${it.chapter}: ${it.label}${seeds ? ` (seed ${it.seed})` : ''}`;
  if (it.type === 'puzzle') return `Puzzle: ${it.n}×${it.n}, ${it.level}${seeds ? ` (seed ${it.seed})` : ''}`;
  return `Program in ${it.lang === 'py' ? 'Python' : 'JavaScript'}: every solution for N = 1 to ${it.upTo}`;
}

// ---- hand-ins ---------------------------------------------------------------------------

/**
 * A hand-in: the set, the name, the time and the answers themselves.
 * @param {ProblemSet} set
 * @param {string} name
 * @param {(Answer | null)[]} answers  one per item (null: not answered)
 * @param {Date} [time]
 * @param {string} [identity]  the student's e-mail or ID (a set with its own seed needs one)
 */
export function makeHandIn(set, name, answers, time = new Date(), identity = '') {
  /** @type {Record<string, any>} */
  const handIn = {
    format: HAND_IN_FORMAT,
    version: 1,
    set: setJson(set),
    name: name.trim(),
  };
  if (perStudent(set) || identity.trim()) {
    handIn.id = identity.trim();
    handIn.questions = questionsFingerprint(set, identity);
  }
  handIn.savedAt = time.toISOString();
  handIn.answers = set.items.map((_, i) => answers[i] ?? null);
  return handIn;
}

/**
 * A hand-in file's text, read against the teacher's set.
 * @param {string} text
 * @param {ProblemSet} set
 * @returns {{ name: string, id: string, fingerprint: string, savedAt: string, answers: any[], problem?: undefined } | { name?: string, problem: string }}
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
  const theirs = { title: json.set.title, items: json.set.items, ...['seed', 'gradeHash', 'deadline', 'feedback'].reduce((o, k) => (json.set[k] === undefined ? o : { ...o, [k]: json.set[k] }), {}) };
  if (JSON.stringify(theirs) !== setIdentity(set)) {
    const other = json.set.title === set.title ? 'of the same title, with other items' : typeof json.set.title === 'string' ? `“${clip(json.set.title)}”` : 'with no title';
    return { name, problem: `This hand-in answers another set (${other}), not this “${clip(set.title)}”: it is not graded.` };
  }
  if (!Array.isArray(json.answers)) return { name, problem: 'This hand-in is damaged: it holds no list of answers.' };
  const id = typeof json.id === 'string' ? json.id.trim().slice(0, MAX_IDENTITY) : '';
  if (perStudent(set) && !normalIdentity(id)) return { name, problem: 'This hand-in names no student identity (e-mail or ID), and this set draws each student\'s own questions from it: it cannot be graded.' };
  const fingerprint = typeof json.questions === 'string' ? json.questions : '';
  return { name: name || '(no name)', id, fingerprint, savedAt: typeof json.savedAt === 'string' ? json.savedAt : '', answers: json.answers };
}

// ---- grading ------------------------------------------------------------------------------

/** The largest square number any board of a set has (a 12×12 puzzle's last square is 143). */
const MAX_SQUARE = 1023;

/** Whether a value read from a hand-in is a whole square number in range (a number, or digits). @param {unknown} x */
const whole = (x) => (typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= MAX_SQUARE) || (typeof x === 'string' && /^\d{1,4}$/.test(x) && Number(x) <= MAX_SQUARE);

/** @param {unknown} a  @returns {number[]} */
const numbers = (a) => (Array.isArray(a) ? a.filter(whole).map(Number) : []);

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
  if (!Array.isArray(queens) || !queens.every((s) => typeof s === 'number' && Number.isInteger(s) && s >= 0 && s < n * n)) return false;
  const squares = [...new Set(queens)];
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
    // A mark that is not a whole square in range (r·8 + 0.5, say) makes the answer wrong, not ignored.
    if (Array.isArray(a.marks) && !a.marks.every((m) => (item.kind === 'next-probe' ? typeof m === 'string' && /^\d{1,3},\d{1,3}$/.test(m) : whole(m)))) return 'wrong';
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
 * Right or wrong for one answer, as the grader would say, for a set whose
 * feedback is 'verdict' (a program's is given only when graded): the verdict
 * alone, never the answer.
 * @param {Item} item  with the seed of the student it is drawn for
 * @param {unknown} answer
 * @param {Graders} graders
 * @returns {Verdict}
 */
export function verdictOf(item, answer, graders) {
  if (item.type === 'program') return 'pending';
  try {
    return gradeAnswer(item, answer, graders);
  } catch {
    return 'wrong';
  }
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
 * @property {string} [id]  the student's identity as the hand-in gives it
 * @property {string} savedAt
 * @property {Verdict[]} verdicts  one per item ('missing' for an item that cannot be read)
 * @property {number} score
 * @property {string} [problem]  the file is not graded, and why
 * @property {string[]} [notes]  what grading found beyond the verdicts (why a program is wrong)
 * @property {string[]} [warnings]  what the teacher should look at (an edited identity, a late hand-in)
 * @property {any[]} [answers]  the answers, for the programs still to run and for finding copies
 * @property {string} [digest]  a hash of the file's text (the same file dropped twice)
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
  const digest = fnv(text);
  const read = readHandIn(text, set);
  if (read.problem !== undefined) return { file, name: read.name ?? '', savedAt: '', verdicts: [], score: 0, problem: read.problem, digest };
  const items = itemsFor(set, read.id);
  /** @type {string[]} */
  const notes = [];
  /** @type {string[]} */
  const warnings = [];
  const verdicts = items.map((it, i) => {
    if (!it.item) return /** @type {Verdict} */ ('missing');
    if (it.item.type === 'program') {
      const source = programSource(read.answers[i]);
      if (!source) return /** @type {Verdict} */ ('missing');
      const starter = starterOf(source, it.item.lang);
      if (starter) {
        notes.push(`Item ${i + 1}: ${starterSentence(starter)}`);
        return /** @type {Verdict} */ ('wrong');
      }
      return /** @type {Verdict} */ ('pending');
    }
    try {
      return gradeAnswer(it.item, read.answers[i], graders);
    } catch {
      return /** @type {Verdict} */ ('wrong');
    }
  });
  if (perStudent(set) && read.fingerprint !== questionsFingerprint(set, read.id)) {
    warnings.push(`The identity “${clip(read.id)}” is not the one this hand-in's questions were drawn for: it was changed after answering (each answer is graded against the questions of “${clip(read.id)}”).`);
  }
  if (set.deadline && read.savedAt && Date.parse(read.savedAt) > Date.parse(set.deadline)) {
    warnings.push(`Saved after the deadline (${read.savedAt}, due ${set.deadline}).`);
  }
  /** @type {Row} */
  const row = { file, name: read.name, id: read.id, savedAt: read.savedAt, verdicts, score: scoreOf(set, verdicts), answers: read.answers, digest };
  if (notes.length) row.notes = notes;
  if (warnings.length) row.warnings = warnings;
  return row;
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

/** A row's student, as the gradebook matches rows: the identity, else the name. @param {Row} row */
const studentOf = (row) => normalIdentity(row.id) || `name:${normalIdentity(row.name)}`;

/**
 * @typedef {object} Book  the gradebook as the teacher reads it
 * @property {Row[]} counted  one row a student: their latest hand-in
 * @property {{ row: Row, by: Row }[]} superseded  earlier hand-ins of a student, and the one that counts instead
 * @property {Row[]} refused  files that are not graded
 * @property {Map<Row, string[]>} flags  what each counted row should be looked at for
 * @property {string[]} absent  the roster's identities with no hand-in
 */

/**
 * A roster as the teacher pastes it (one e-mail or ID a line, or separated
 * by commas, semicolons or tabs): the identities, normalised, each once.
 * @param {string} text
 */
export function readRoster(text) {
  return [...new Set(text.split(/[\n,;\t]+/).map(normalIdentity).filter(Boolean))];
}

/**
 * The gradebook from the rows in the order their files came: one row a
 * student (the latest saved counts), the rest superseded, refused files apart,
 * and flags: the same file twice, two files of one name, the same program as
 * another student's (spaces and comments aside), a hand-in that copies
 * another's answers and programs, and each row's own warnings.
 * With a roster, a hand-in whose identity is not on it is flagged, and the
 * roster's students with no hand-in are listed.
 * @param {ProblemSet} set
 * @param {Row[]} rows
 * @param {string[]} [roster]  identities, normalised (readRoster)
 * @returns {Book}
 */
export function arrangeBook(set, rows, roster = []) {
  const refused = rows.filter((r) => r.problem);
  const graded = rows.filter((r) => !r.problem);
  /** @type {Map<string, Row[]>} */
  const byStudent = new Map();
  for (const r of graded) byStudent.set(studentOf(r), [...(byStudent.get(studentOf(r)) ?? []), r]);
  /** @type {Row[]} */
  const counted = [];
  /** @type {{ row: Row, by: Row }[]} */
  const superseded = [];
  /** @type {Map<Row, string[]>} */
  const flags = new Map();
  const flag = (/** @type {Row} */ r, /** @type {string} */ text) => {
    const list = flags.get(r) ?? [];
    if (!list.includes(text)) list.push(text);
    flags.set(r, list);
  };
  const time = (/** @type {Row} */ r) => (Number.isNaN(Date.parse(r.savedAt)) ? -Infinity : Date.parse(r.savedAt));
  for (const group of byStudent.values()) {
    // The latest saved counts; of two saved at the same time, the one that came last.
    let latest = group[0];
    for (const r of group) if (time(r) >= time(latest)) latest = r;
    counted.push(latest);
    for (const r of group) if (r !== latest) superseded.push({ row: r, by: latest });
    const earlier = group.length - 1;
    if (earlier) flag(latest, `${earlier} earlier hand-in${earlier === 1 ? '' : 's'} of this student ${earlier === 1 ? 'is' : 'are'} superseded by this one.`);
  }
  // The same file, or two files of one name, among every graded row and refused file.
  /** @type {Map<string, Row[]>} */
  const byDigest = new Map();
  /** @type {Map<string, Row[]>} */
  const byFile = new Map();
  for (const r of rows) {
    if (r.digest) byDigest.set(r.digest, [...(byDigest.get(r.digest) ?? []), r]);
    byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  }
  /** @type {Map<string, Row[]>} */
  const byName = new Map();
  for (const r of counted) byName.set(normalIdentity(r.name), [...(byName.get(normalIdentity(r.name)) ?? []), r]);
  for (const r of counted) {
    const namesakes = (byName.get(normalIdentity(r.name)) ?? []).filter((o) => o !== r);
    if (namesakes.length) flag(r, `Another hand-in gives the same name, ${r.name}, with another identity (${namesakes.map((o) => o.id || o.file).join(', ')}).`);
    if ((byDigest.get(/** @type {string} */ (r.digest)) ?? []).length > 1) flag(r, 'The same file was handed in more than once.');
    if ((byFile.get(r.file) ?? []).length > 1) flag(r, `Two or more hand-ins are named ${r.file}.`);
    for (const w of r.warnings ?? []) flag(r, w);
  }
  // The same program across students, and copies: the same answers and programs.
  const nameOf = (/** @type {Row} */ r) => (r.id ? `${r.name} (${r.id})` : r.name);
  set.items.forEach((read, i) => {
    const it = read.item;
    if (it?.type !== 'program') return;
    /** @type {Map<string, Row[]>} */
    const same = new Map();
    for (const r of counted) {
      const source = programSource(r.answers?.[i]);
      if (!source) continue;
      const text = normalProgram(source, it.lang);
      same.set(text, [...(same.get(text) ?? []), r]);
    }
    for (const group of same.values()) {
      if (group.length < 2) continue;
      for (const r of group) flag(r, `Item ${i + 1}: the same program as ${group.filter((o) => o !== r).map(nameOf).join(', ')} (spaces and comments aside).`);
    }
  });
  /** @type {Map<string, Row[]>} */
  const copies = new Map();
  for (const r of counted) {
    const answers = set.items.map((read, i) => {
      const a = r.answers?.[i];
      if (read.item?.type === 'program') {
        const source = programSource(a);
        return source ? normalProgram(source, read.item.lang) : null;
      }
      return a && typeof a === 'object' ? a : null;
    });
    if (answers.every((a) => a === null)) continue;
    const text = JSON.stringify(answers);
    copies.set(text, [...(copies.get(text) ?? []), r]);
  }
  for (const group of copies.values()) {
    if (group.length < 2) continue;
    for (const r of group) flag(r, `A copy: the same answers and programs as ${group.filter((o) => o !== r).map(nameOf).join(', ')}.`);
  }
  const listed = new Set(roster);
  if (listed.size) {
    for (const r of counted) if (!listed.has(normalIdentity(r.id))) flag(r, `The identity “${clip(r.id || '(none)')}” is not on the roster.`);
  }
  const handedIn = new Set(counted.map((r) => normalIdentity(r.id)));
  return { counted, superseded, refused, flags, absent: roster.filter((id) => !handedIn.has(id)) };
}

/**
 * The gradebook as CSV rows: a header, then a row for each student's counted
 * hand-in and each superseded one (marked so); refused files are not grades.
 * The out-of column holds the set's total on every row.
 * @param {ProblemSet} set
 * @param {Book} book
 */
export function gradebookRows(set, book) {
  const total = totalPoints(set);
  const line = (/** @type {Row} */ r, /** @type {string} */ status) => [
    r.file, r.name, r.id ?? '', r.savedAt, r.score, total, status, ...set.items.map((_, i) => r.verdicts[i]),
    (book.flags.get(r) ?? []).join(' '), (r.notes ?? []).join(' '),
  ];
  return [
    ['file', 'name', 'identity', 'saved at', 'score', 'out of', 'status', ...set.items.map((_, i) => `item ${i + 1}`), 'flags', 'note'],
    ...book.counted.map((r) => line(r, 'counts')),
    ...book.superseded.map(({ row, by }) => line(row, `superseded by ${by.file}`)),
  ];
}

/** An identity that looks like an e-mail address. @param {string} id */
const isEmail = (id) => /^[^\s@]+@[^\s@]+$/.test(id);

/**
 * Canvas's gradebook CSV: Student, ID, SIS User ID, SIS Login ID, Section, then
 * the assignment (named by the set's title), a "Points Possible" row first,
 * then one row a student (the identity as SIS Login ID when it is an e-mail,
 * else as SIS User ID; Canvas's own ID left empty: Canvas matches either).
 * @param {ProblemSet} set
 * @param {Book} book
 */
export function canvasRows(set, book) {
  return [
    ['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', set.title],
    ['    Points Possible', '', '', '', '', totalPoints(set)],
    ...book.counted.map((r) => {
      const id = r.id ?? '';
      return [r.name, '', isEmail(id) ? '' : id, isEmail(id) ? id : '', '', r.score];
    }),
  ];
}

/**
 * Moodle's grade import CSV: the student's e-mail address or ID number (the
 * columns Moodle maps a user by), the grade, and its feedback beside it.
 * @param {ProblemSet} set
 * @param {Book} book
 */
export function moodleRows(set, book) {
  const total = totalPoints(set);
  return [
    ['First name', 'Last name', 'ID number', 'Email address', `${set.title} (Real)`, `${set.title} (Feedback)`],
    ...book.counted.map((r) => {
      const id = r.id ?? '';
      const words = r.name.trim().split(/\s+/);
      const last = words.length > 1 ? /** @type {string} */ (words.pop()) : '';
      const feedback = [`${r.score} of ${total} points.`, ...set.items.map((_, i) => `Item ${i + 1}: ${r.verdicts[i]}.`), ...(r.notes ?? [])].join(' ');
      return [words.join(' '), last, isEmail(id) ? '' : id, isEmail(id) ? id : '', r.score, feedback];
    }),
  ];
}

// ---- the answer key ----------------------------------------------------------------------------

/** Columns or rows counted from 1, in words. @param {string} what  @param {number[]} list */
const places = (what, list) => (list.length ? `${what}${list.length === 1 ? '' : 's'} ${[...list].sort((a, b) => a - b).map((c) => c + 1).join(', ')}` : `no ${what}`);

/** Squares r·n + c in words. @param {number[]} squares  @param {number} n */
const squaresText = (squares, n) => (squares.length ? [...squares].sort((a, b) => a - b).map((s) => `(row ${Math.floor(s / n) + 1}, column ${(s % n) + 1})`).join(', ') : 'no square');

/**
 * A solution of an n×n puzzle that holds every given queen, by row
 * backtracking: the column of each row, or null when there is none.
 * @param {number} n
 * @param {ArrayLike<number>} givens
 */
function puzzleSolution(n, givens) {
  const fixed = new Map(Array.from(givens, (s) => [Math.floor(s / n), s % n]));
  /** @type {number[]} */
  const cols = [];
  const go = (/** @type {number} */ row) => {
    if (row === n) return true;
    for (let c = 0; c < n; c++) {
      if (fixed.has(row) && fixed.get(row) !== c) continue;
      if (cols.every((q, r) => !attacks(r, q, row, c))) {
        cols.push(c);
        if (go(row + 1)) return true;
        cols.pop();
      }
    }
    return false;
  };
  return go(0) ? cols : null;
}

/**
 * An item's right answer in words, as the grader computes it: what the answer key shows.
 * @param {Item} item  with the seed of the student it is drawn for
 * @param {Graders} graders
 */
export function rightAnswer(item, graders) {
  if (item.type === 'program') {
    const counts = Array.from({ length: item.upTo }, (_, i) => graders.count(i + 1));
    return `Any solve(n, board) that reports each solution once for every N from 1 to ${item.upTo}: ${counts.join(', ')} solutions (OEIS A000170). A starter unchanged scores 0.`;
  }
  if (item.type === 'puzzle') {
    const givens = graders.puzzle(item.n, item.level, item.seed);
    const cols = puzzleSolution(item.n, givens);
    return cols ? `A solution: ${squaresText(cols.map((c, r) => r * item.n + c), item.n)}. Any board of ${item.n} queens holding the givens, none attacking another, is right.` : 'This puzzle has no solution.';
  }
  const s = item.seed;
  const o = item.options;
  switch (item.kind) {
    case 'next-row': return `Mark ${places('column', nextRowQuestion(s).answer)}.`;
    case 'queen-attacks': {
      const q = queenAttacksQuestion(s);
      return `Mark ${q.answer.length} squares: ${squaresText(q.answer, q.n)}.`;
    }
    case 'free-columns': return `Mark ${places('column', freeColumnsQuestion(s).answer)}.`;
    case 'next-probe': {
      const a = nextProbeQuestion(s).answer;
      return `Row ${a.row + 1}, column ${a.col + 1}.`;
    }
    case 'is-solution': {
      const q = isSolutionQuestion(s, { permutation: Boolean(o.permutation) });
      if (q.solution) return 'Yes, it is a solution.';
      for (let a = 0; a < q.n; a++) for (let b = a + 1; b < q.n; b++) if (attacks(a, q.queens[a], b, q.queens[b])) return `No: for one, the queens of rows ${a + 1} and ${b + 1} attack each other.`;
      return 'No.';
    }
    case 'count': return `${countQuestion(s, graders.count).answer}.`;
    case 'min-conflicts-move': return `Mark ${places('column', minConflictsQuestion(s).answer)}.`;
    case 'luby': return `${(o.n ?? 30) * lubyQuestion(s).answer}.`;
    case 'lowest-bit': {
      const q = lowestBitQuestion(s);
      return `${q.answer.toString(2).padStart(q.n, '0')} (binary).`;
    }
    case 'space-size': return `${spaceSizeQuestion(s, { space: o.space ?? 'power' }).answer}.`;
    case 'first-reject': return `Row ${firstRejectQuestion(s, { permutation: Boolean(o.permutation) }).answer + 1}.`;
    case 'prune-size': return `${pruneSizeQuestion(s).answer}.`;
    case 'register-meaning': return `${registerMeaningQuestion(s).answer}.`;
    case 'class-size': return `${classSizeQuestion(s).answer}.`;
    case 'symmetry-image': {
      const q = symmetryImageQuestion(s);
      return `Mark ${squaresText(q.answer, q.n)}.`;
    }
    case 'conflicts-count': return `${conflictsCountQuestion(s).answer}.`;
    case 'swap-effect': return `${swapEffectQuestion(s).answer}.`;
    case 'heavy-tail': return `The ${heavyTailQuestion(s).answer === 0 ? 'first' : 'second'} choice.`;
    case 'cutoff': return `The ${cutoffQuestion(s).answer === 0 ? 'first' : 'second'} choice.`;
    default: return 'Graded by the page.';
  }
}
