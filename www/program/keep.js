// What a run could lose, kept before it starts (no DOM but storage): a
// program that allocates without end takes the whole tab down with it, and
// no box prevents that. Before each run its program is written to
// localStorage with the address of the page that ran it, and a Web Lock is
// held while it runs; the end of the run removes both. A later page that
// finds a kept run whose lock nobody holds knows the tab died during that
// run: it reopens the program and names it (takeCrash).

const KEY = 'nqueens.runs-in-flight';
/** The longest program kept. */
const KEEP_CAP = 200_000;

/**
 * @typedef {object} KeptRun
 * @property {string} id
 * @property {'js' | 'py'} lang
 * @property {string} source
 * @property {string} href  the page that ran it
 * @property {string} tag  what the page said the program was ('' for Your search)
 * @property {number} at  when it started (ms since 1970)
 */

/** @type {Map<string, () => void>} the locks this page holds, by run */
const held = new Map();

/** @returns {KeptRun[]} */
function read() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((r) => r && typeof r.id === 'string' && typeof r.source === 'string') : [];
  } catch {
    return [];
  }
}
/** @param {KeptRun[]} list */
function write(list) {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list.slice(-8)));
    else localStorage.removeItem(KEY);
  } catch {
    // no storage: nothing is kept
  }
}

const locks = () => (typeof navigator !== 'undefined' && navigator.locks) || null;

/**
 * Keeps a run's program until forgetRun; returns its id.
 * @param {'js' | 'py'} lang
 * @param {string} source
 * @param {string} [tag]
 */
export function keepRun(lang, source, tag = '') {
  const id = Array.from(crypto.getRandomValues(new Uint32Array(3)), (x) => x.toString(36)).join('');
  if (typeof localStorage === 'undefined') return id;
  const l = locks();
  if (!l) return id;
  l.request(`nqueens-run-${id}`, () => new Promise((resolve) => held.set(id, () => resolve(undefined)))).catch(() => {});
  write([...read(), { id, lang, source: source.slice(0, KEEP_CAP), href: typeof location === 'undefined' ? '' : location.href, tag, at: Date.now() }]);
  return id;
}

/** The run ended: nothing to keep. @param {string} id */
export function forgetRun(id) {
  held.get(id)?.();
  held.delete(id);
  if (typeof localStorage === 'undefined') return;
  const list = read();
  if (list.some((r) => r.id === id)) write(list.filter((r) => r.id !== id));
}

if (typeof addEventListener === 'function') {
  // The page closed on purpose: its runs did not take it down.
  addEventListener('pagehide', () => {
    if (!held.size) return;
    const mine = new Set(held.keys());
    write(read().filter((r) => !mine.has(r.id)));
  });
}

/**
 * The last run whose page died while it ran and that `mine` claims, taken
 * out of the keeping (each is named once); null when none.
 * @param {(run: KeptRun) => boolean} mine
 * @returns {Promise<KeptRun | null>}
 */
export async function takeCrash(mine) {
  const l = locks();
  if (!l || typeof localStorage === 'undefined') return null;
  const list = read();
  if (!list.length) return null;
  let names;
  try {
    const state = await l.query();
    names = new Set([...(state.held ?? []), ...(state.pending ?? [])].map((h) => h.name));
  } catch {
    return null;
  }
  const dead = read().filter((r) => !names.has(`nqueens-run-${r.id}`) && !held.has(r.id) && mine(r));
  if (!dead.length) return null;
  const gone = new Set(dead.map((r) => r.id));
  write(read().filter((r) => !gone.has(r.id)));
  return dead[dead.length - 1];
}

/** The sentence naming a run that took its page down. @param {KeptRun} run */
export function crashSentence(run) {
  const first = run.source.split('\n').find((l) => l.trim()) ?? '';
  const when = new Date(run.at).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' });
  return `The page closed while a ${run.lang === 'py' ? 'Python' : 'JavaScript'} program ran (started ${when}, first line "${first.trim().slice(0, 80)}"): most likely it used all the memory the browser allows a tab. It is back in the editor, not run: change it before you run it again.`;
}
