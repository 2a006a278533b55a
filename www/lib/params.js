// What every mode's URL reader and writer share: whole numbers and lists of
// squares read from a link, writing the address bar without adding history,
// and UrlSync, which keeps the address bar in step with the page.
//
// Each mode reads and writes its own parameters (its folder's mode.js):
// anything malformed becomes a sentence and the default, so a bad link never
// gives a dead page. This module knows no mode and imports no view.
//
// Four parameters belong to the page rather than to a mode: `mode=` (the
// tab shown, which the shell sets with linkMode and replaceUrl puts first),
// `embed=1` (the page in an iframe: embed.js), `panels=` (which panels it
// shows) and `present=1` (presentation mode: the shell's present.js). The
// last three are kept in every link the modes write (keepInLinks), since a
// mode's writer starts from a clean search.

import { guard } from './errors.js';
import { clip } from './words.js';

/** Quiet time before the address bar follows a change (browsers limit replaceState). */
const URL_DELAY_MS = 300;

/**
 * A link's whole number of at most `digits` digits ("8", " 12 "), or NaN;
 * NaN too past 2^53 − 1, where a number would no longer be the digits
 * written (9999999999999999 reads as 10000000000000000).
 * @param {string} raw
 * @param {number} [digits]
 * @returns {number}
 */
export function wholeNumber(raw, digits = 9) {
  const text = raw.trim();
  const value = new RegExp(`^\\d{1,${digits}}$`).test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(value) ? value : NaN;
}

/**
 * A list of squares from a link ("0,9,18"): whole numbers from 0 to n² − 1, in
 * order, each once (a repeat is dropped); null if anything else is in it.
 * @param {string} raw
 * @param {number} n  the board's size
 * @returns {number[]|null}
 */
export function parseSquareList(raw, n) {
  const text = raw.trim();
  if (text === '') return [];
  const squares = new Set();
  for (const item of text.split(',')) {
    if (!/^\s*\d{1,4}\s*$/.test(item) || Number(item) >= n * n) return null;
    squares.add(Number(item));
  }
  return [...squares].sort((a, b) => a - b);
}

/** The page's own parameters that every written link keeps (keepInLinks), in order. */
const kept = new Map();
/** The mode= every written link starts with (linkMode): the mode shown, or null for the page's default. */
let shownMode = /** @type {string|null} */ (null);
/** @type {((href: string) => void)[]} told after each write of the address bar */
const watchers = [];
/** @type {Set<UrlSync>} the UrlSyncs with a write waiting for quiet */
const waiting = new Set();

/**
 * Keeps `name=value` in every link the modes write from now on (the page's
 * own parameters, such as embed=1, which no mode knows).
 * @param {string} name
 * @param {string} value
 */
export function keepInLinks(name, value) {
  kept.set(name, value);
}

/**
 * Stops keeping `name` in the links written from now on (keepInLinks).
 * @param {string} name
 */
export function dropFromLinks(name) {
  kept.delete(name);
}

/**
 * Sets the `mode=` that every address written from now on starts with: the
 * mode shown (the shell calls this), or null for the page's default mode,
 * whose links have none.
 * @param {string|null} id
 */
export function linkMode(id) {
  shownMode = id;
}

/**
 * Calls `watcher` with the address after each write of it (replaceUrl).
 * @param {(href: string) => void} watcher
 */
export function watchUrl(watcher) {
  watchers.push(watcher);
}

/**
 * Writes at once what the UrlSyncs were waiting to write, so that
 * location.href is where the page stands (a copy or a file name read now).
 */
export function flushUrls() {
  for (const sync of [...waiting]) sync.update(true);
}

/**
 * Puts `url` in the address bar without a history entry (lists keep their
 * commas readable, the page's own parameters stay: `mode=` first, then the
 * mode's, then keepInLinks's); nothing when it is already there.
 * @param {URL} url  the mode's own parameters (a `mode=` in it is replaced by the shown mode's)
 */
export function replaceUrl(url) {
  const own = [...url.searchParams].filter(([name]) => name !== 'mode');
  url.search = '';
  if (shownMode) url.searchParams.set('mode', shownMode);
  for (const [name, value] of own) url.searchParams.append(name, value);
  for (const [name, value] of kept) url.searchParams.set(name, value);
  url.search = url.search.replaceAll('%2C', ',');
  if (url.href !== location.href) history.replaceState(history.state, '', url);
  for (const watcher of watchers) watcher(url.href);
}

/**
 * The page's own parameters: `embed=1` (shown in an iframe: only the board,
 * its controls and the panels named) and `panels=` (a comma-separated list of
 * names, which embed.js checks against the mode's panels). Anything malformed
 * is a sentence and left out.
 * @param {string} search  location.search
 * @returns {{ embed: boolean, panels: string[], problems: string[] }}
 */
export function readEmbed(search) {
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  const raw = params.get('embed');
  const wanted = raw?.trim().toLowerCase() ?? null;
  const embed = wanted === '1' || wanted === 'true' || wanted === '';
  if (wanted !== null && !embed && wanted !== '0' && wanted !== 'false') {
    problems.push(`The link's embed=${clip(raw ?? '')} is not 1 or 0. Showing the full page.`);
  }
  // A name said twice is one panel.
  const panels = [...new Set((params.get('panels') ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean))];
  return { embed, panels, problems };
}

/**
 * A sentence for each parameter a link names more than once: every reader
 * takes the first, and says so ("The link gives q= 2 times; the page reads
 * the first, q=0,9, and leaves out the others.").
 * @param {string} search  location.search
 * @returns {string[]}
 */
export function repeatedParams(search) {
  /** @type {Map<string, string[]>} */
  const seen = new Map();
  for (const [name, value] of new URLSearchParams(search)) seen.set(name, [...(seen.get(name) ?? []), value]);
  return [...seen]
    .filter(([, values]) => values.length > 1)
    .map(([name, values]) => `The link gives ${clip(name)}= ${values.length} times; the page reads the first, ${clip(name)}=${clip(values[0])}, and leaves out the others.`);
}

/** Keeps the address bar current: at once on request, otherwise once things are quiet. */
export class UrlSync {
  /**
   * @param {() => object} read  where the page stands, read when writing
   * @param {(state: any) => void} write  the mode's writer (it checks that its mode is still shown)
   * @param {{ delayMs?: number }} [options]  the quiet time before a write that is not at once
   */
  constructor(read, write, { delayMs = URL_DELAY_MS } = {}) {
    this.read = read;
    this.write = write;
    this.delayMs = delayMs;
    /** @type {ReturnType<typeof setTimeout>|number} */
    this.timer = 0;
  }

  /**
   * Writes at once (`now`), or after the quiet time; a newer call replaces a pending one.
   * @param {boolean} [now]
   */
  update(now = false) {
    this.cancel();
    const write = () => {
      waiting.delete(this);
      guard(() => this.write(this.read()));
    };
    if (now) write();
    else {
      this.timer = setTimeout(write, this.delayMs);
      waiting.add(this);
    }
  }

  /** Drops a pending write. */
  cancel() {
    clearTimeout(this.timer);
    waiting.delete(this);
  }
}

/** The page's own parameters, which no mode reads: the shell's. */
const PAGE_PARAMS = ['mode', 'embed', 'panels', 'present'];

/**
 * Runs a mode's link reader and notes which parameters it looked at (any
 * URLSearchParams read while it runs), so that a parameter the mode does not
 * read is said rather than dropped in silence. A reader that walks every
 * parameter counts as reading them all.
 * @template T
 * @param {string} search  location.search
 * @param {() => T} parse  the mode's reader, run once, at once
 * @returns {{ result: T, unread: string[] }}  unread: the link's own names the reader never asked for, in order
 */
export function readWatched(search, parse) {
  const proto = URLSearchParams.prototype;
  /** @type {Set<string>} */
  const asked = new Set();
  let all = false;
  const saved = { get: proto.get, getAll: proto.getAll, has: proto.has, entries: proto.entries, forEach: proto.forEach, iterator: proto[Symbol.iterator], keys: proto.keys };
  /** @type {any} */
  const patched = proto;
  patched.get = function get(/** @type {string} */ name) { asked.add(name); return saved.get.call(this, name); };
  patched.getAll = function getAll(/** @type {string} */ name) { asked.add(name); return saved.getAll.call(this, name); };
  patched.has = function has(/** @type {string} */ name, /** @type {any[]} */ ...rest) { asked.add(name); return saved.has.call(this, name, ...rest); };
  for (const key of /** @type {const} */ (['entries', 'forEach', 'keys'])) {
    patched[key] = function walk(/** @type {any[]} */ ...args) { all = true; return /** @type {any} */ (saved[key]).apply(this, args); };
  }
  patched[Symbol.iterator] = function walk() { all = true; return saved.iterator.call(this); };
  let result;
  try {
    result = parse();
  } finally {
    Object.assign(patched, { get: saved.get, getAll: saved.getAll, has: saved.has, entries: saved.entries, forEach: saved.forEach, keys: saved.keys });
    patched[Symbol.iterator] = saved.iterator;
  }
  const names = [...new Set([...new URLSearchParams(search).keys()])];
  const unread = all ? [] : names.filter((name) => !asked.has(name) && !PAGE_PARAMS.includes(name));
  return { result, unread };
}
