// Count mode's memory: what a count has finished, kept in IndexedDB so that a
// reload, a closed tab or Cancel loses nothing but the subtasks that were out
// with workers. One record per N (the store's key):
//
//   { n, key,              the plan's key (method, subtask count, a hash of the
//                          weights): a record made by another core is never resumed
//     subtasks, done,      done: Uint8Array bit set, bit i = subtask i finished
//     doneCount, doneWeight, totalWeight,
//                          doneWeight: the done subtasks' weights summed in subtask
//                          order (plannedWeight), so the plan gives the same number
//     total,               the finished subtasks' solutions, as a decimal string
//     symmetries,          {rot90, rot180, mirror} as strings, or null until known
//     elapsedMs,           counting time over every session so far
//     method,              {id, description}
//     complete, fundamental (a string, once complete), updated (Date.now()),
//     seal }               sealOf(): a checksum of every other field, keyed by the plan
//
// A record is never trusted as it is. Reading checks every record before
// anyone sees it (checkRecord): each field's type and range, the bit set
// against doneCount, a finished count's Burnside sum against its fundamental
// count, and the seal; what fails is deleted in the same transaction and
// reported as discarded (Discard), never returned. What only the plan knows
// (its key, the weights of the done subtasks) the pool checks once it has the
// plan (checkPlan). A record without a seal was written by an older version of
// the page: nothing shows it is intact, so it is discarded too, and said so.
//
// The seal is FNV-1a/64, not a cryptographic hash, on purpose. It guards
// against damage and stray edits, not against someone who reads this file
// (any checksum the page can compute, they can too, SHA-256 included); an
// edit goes unnoticed with odds of 1 in 2^64, whatever the edit (Burnside's
// check misses any error that is a multiple of 8). And it is synchronous:
// crypto.subtle is asynchronous, which would end the IndexedDB transaction
// between reading a record and deleting it, and it does not exist at all on a
// page served over plain http from another machine.
//
// Every method resolves, never rejects: a browser without IndexedDB (or one
// that refuses it) gets null / false, and `available` turns false.

/**
 * One N's saved count, as described above.
 * @typedef {object} CountRecord
 * @property {number} n
 * @property {string} key
 * @property {number} subtasks
 * @property {Uint8Array | null} done  null once complete
 * @property {number} doneCount
 * @property {number} doneWeight
 * @property {number} totalWeight
 * @property {string} total
 * @property {{ rot90: string, rot180: string, mirror: string } | null} symmetries
 * @property {number} elapsedMs
 * @property {import('../types.js').CountMethod} method
 * @property {boolean} complete
 * @property {string | null} fundamental
 * @property {number} updated
 * @property {string} seal
 * @typedef {Omit<CountRecord, 'updated' | 'seal'>} CountDraft  what put() takes
 * @typedef {'damaged' | 'older'} DiscardReason  damaged: a field or the seal is wrong; older: no seal
 * @typedef {{ n: number | null, why: DiscardReason }} Discard
 *   a record that failed its checks and was deleted; n is null when it did not even say which N
 * @typedef {{ record: CountRecord | null, discarded: Discard | null }} Reading  read()'s
 */

const DB_NAME = 'nqueens-count';
const STORE = 'counts';
const VERSION = 1;
/** Names what the seal covers, in what order: a change to either must change this. */
const SEAL_FORMAT = 'nqueens-count-seal/1';
/** Longest key, method id and description a record may hold. */
const MAX_KEY = 200;
const MAX_ID = 40;
const MAX_DESCRIPTION = 1000;
/** A total is a u64 of the core's: at most 20 digits. */
const DECIMAL = /^(?:0|[1-9][0-9]{0,19})$/;

/**
 * FNV-1a/64 over `bytes`, carried on from `h` (four 16-bit limbs, lowest
 * first, changed in place): h ^= byte, then h ×= 0x100000001b3 mod 2^64,
 * which is h × 0x1b3 plus h shifted left by 40, limb by limb.
 * @param {number[]} h
 * @param {Uint8Array} bytes
 */
function fnvFeed(h, bytes) {
  let [h0, h1, h2, h3] = h;
  for (let i = 0; i < bytes.length; i++) {
    h0 ^= bytes[i];
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
    h3 = (h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16)) & 0xffff;
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
  }
  h.splice(0, 4, h0, h1, h2, h3);
}

/** FNV-1a/64's offset basis, 0xcbf29ce484222325, as fnvFeed's limbs. */
const fnvStart = () => [0x2325, 0x8422, 0x9ce4, 0xcbf2];

/** @param {number[]} h */
const fnvHex = (h) => h.map((limb) => limb.toString(16).padStart(4, '0')).reverse().join('');

/**
 * FNV-1a/64 of `bytes`, as 16 hex digits.
 * @param {Uint8Array} bytes
 */
export function fnv1a64(bytes) {
  const h = fnvStart();
  fnvFeed(h, bytes);
  return fnvHex(h);
}

/**
 * The seal of `record` under the plan key `key`: FNV-1a/64 over its fields
 * (every one but the seal, in a fixed order, as JSON) and then its bit set.
 * @param {Omit<CountRecord, 'seal'>} record
 * @param {string} key  the plan's key (a record's own, or the plan's to check it against)
 */
function sealOf(record, key) {
  const sym = record.symmetries;
  const fields = [
    SEAL_FORMAT, key, record.n, record.subtasks, record.complete, record.doneCount, record.doneWeight,
    record.totalWeight, record.total, sym && [sym.rot90, sym.rot180, sym.mirror], record.fundamental,
    record.elapsedMs, record.method.id, record.method.description, record.updated, record.done?.length ?? null,
  ];
  const h = fnvStart();
  fnvFeed(h, new TextEncoder().encode(JSON.stringify(fields)));
  if (record.done) fnvFeed(h, record.done);
  return fnvHex(h);
}

/**
 * The weight of the subtasks whose bit is set in `done` (every subtask when
 * `done` is null), summed in subtask order: the one way both the record's
 * doneWeight and its check are summed, so they agree to the last bit.
 * @param {ArrayLike<number>} weights
 * @param {Uint8Array | null} [done]
 */
export function plannedWeight(weights, done = null) {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    if (!done || done[i >> 3] & (1 << (i & 7))) sum += weights[i];
  }
  return sum;
}

/** @param {unknown} x @returns {x is number} */
const isWhole = (x) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
/** @param {unknown} x @returns {x is number} */
const isAmount = (x) => typeof x === 'number' && Number.isFinite(x) && x >= 0;
/** @param {unknown} x @returns {x is string} */
const isDecimal = (x) => typeof x === 'string' && DECIMAL.test(x);
/**
 * @param {unknown} x
 * @param {number} max
 * @returns {x is string}
 */
const isText = (x, max) => typeof x === 'string' && x.length > 0 && x.length <= max;
/** @param {unknown} x @returns {x is Record<string, unknown>} */
const isObject = (x) => typeof x === 'object' && x !== null && !Array.isArray(x);

/** @param {Uint8Array} bits */
function countBits(bits) {
  let count = 0;
  for (let byte of bits) {
    for (; byte; byte &= byte - 1) count++;
  }
  return count;
}

/**
 * Whether a finished count's numbers agree: each symmetry fixes no more
 * solutions than it may (a quarter turn's are among the half turn's, four
 * reflections at most four times the total), and Burnside's lemma over them
 * gives the fundamental count, which is at most the total.
 * @param {string} total
 * @param {string} fundamental
 * @param {{ rot90: string, rot180: string, mirror: string }} sym
 */
function agrees(total, fundamental, sym) {
  const t = BigInt(total);
  const f = BigInt(fundamental);
  const [r90, r180, m] = [BigInt(sym.rot90), BigInt(sym.rot180), BigInt(sym.mirror)];
  const sum = t + r180 + 2n * r90 + m;
  return r90 <= r180 && r180 <= t && m <= 4n * t && f <= t && sum % 8n === 0n && sum / 8n === f;
}

/**
 * Checks a stored value before anything uses it: a record whose every field
 * has its type and range, whose parts agree, and whose seal matches; or why
 * it is not one. Never throws, whatever `value` is.
 * @param {unknown} value
 * @returns {{ record: CountRecord, why?: undefined } | { record?: undefined, why: DiscardReason }}
 */
function checkRecord(value) {
  /** @type {{ why: DiscardReason }} */
  const damaged = { why: 'damaged' };
  if (!isObject(value)) return damaged;
  const { n, key, subtasks, done, doneCount, doneWeight, totalWeight, total, symmetries, elapsedMs, method, complete, fundamental, updated, seal } = value;
  if (!isWhole(n) || n < 1 || !isText(key, MAX_KEY) || !isWhole(subtasks) || typeof complete !== 'boolean') return damaged;
  if (!isWhole(doneCount) || doneCount > subtasks || !isAmount(doneWeight) || !isAmount(totalWeight) || doneWeight > totalWeight) return damaged;
  if (!isAmount(elapsedMs) || !isAmount(updated) || !isDecimal(total)) return damaged;
  if (!isObject(method) || !isText(method.id, MAX_ID) || typeof method.description !== 'string' || method.description.length > MAX_DESCRIPTION) return damaged;
  const sym = symmetries === null ? null : isObject(symmetries) ? symmetries : undefined;
  if (sym === undefined || (sym && !(isDecimal(sym.rot90) && isDecimal(sym.rot180) && isDecimal(sym.mirror)))) return damaged;
  const symStrings = /** @type {{ rot90: string, rot180: string, mirror: string } | null} */ (sym);
  if (complete) {
    // A finished count: every subtask done, and its numbers agree.
    if (done !== null || doneCount !== subtasks || !symStrings || !isDecimal(fundamental) || !agrees(total, fundamental, symStrings)) return damaged;
  } else {
    // An unfinished one: the bit set is the plan's size, no bit past the last subtask, one bit per done subtask.
    if (fundamental !== null || !(done instanceof Uint8Array) || done.length !== Math.ceil(subtasks / 8) || doneCount < 1) return damaged;
    if (subtasks % 8 && done[done.length - 1] >> subtasks % 8) return damaged;
    if (countBits(done) !== doneCount) return damaged;
  }
  const record = {
    n, key, subtasks, done: complete ? null : /** @type {Uint8Array} */ (done), doneCount, doneWeight, totalWeight, total,
    symmetries: symStrings && { rot90: symStrings.rot90, rot180: symStrings.rot180, mirror: symStrings.mirror },
    elapsedMs,
    method: { id: /** @type {import('../types.js').CountMethod['id']} */ (method.id), description: method.description },
    complete, fundamental: complete ? /** @type {string} */ (fundamental) : null, updated,
  };
  if (seal === undefined) return { why: 'older' };
  if (typeof seal !== 'string' || seal !== sealOf(record, key)) return damaged;
  // Written by this page and intact; a finished count has all of its weight done.
  if (complete && doneWeight !== totalWeight) return damaged;
  return { record: { ...record, seal } };
}

/**
 * What the plan says of a record that passed checkRecord: null if it is the
 * plan's and its done subtasks weigh what the plan says, 'other' if another
 * plan (another core) made it, 'damaged' if it claims the plan's key but
 * does not fit it.
 * @param {CountRecord} record
 * @param {{ key: string, count: number, weights: Float64Array }} plan
 * @returns {'other' | 'damaged' | null}
 */
export function checkPlan(record, { key, count, weights }) {
  if (record.key !== key) return 'other';
  if (record.seal !== sealOf(record, key) || record.subtasks !== count || weights.length !== count) return 'damaged';
  if (record.totalWeight !== plannedWeight(weights) || record.doneWeight !== plannedWeight(weights, record.done)) return 'damaged';
  return null;
}

/**
 * Wraps one IDBRequest in a promise.
 * @template T
 * @param {IDBRequest<T>} request
 * @returns {Promise<T>}
 */
function settled(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export class CountStore {
  constructor(name = DB_NAME) {
    this.name = name;
    /** @type {Promise<IDBDatabase> | null} */
    this.db = null;
    this.available = typeof indexedDB !== 'undefined';
  }

  /** @returns {Promise<IDBDatabase>} */
  open() {
    this.db ??= new Promise((resolve, reject) => {
      if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available.');
      const request = indexedDB.open(this.name, VERSION);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'n' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('The count store is blocked by another tab.'));
    });
    return this.db;
  }

  /**
   * Runs `fn(objectStore)` in one transaction; resolves what it resolves once committed, or `fallback`.
   * @template T, F
   * @param {IDBTransactionMode} mode
   * @param {(store: IDBObjectStore) => Promise<T>} fn
   * @param {F} fallback
   * @returns {Promise<T | F>}
   */
  async transact(mode, fn, fallback) {
    try {
      const db = await this.open();
      const tx = db.transaction(STORE, mode);
      const result = fn(tx.objectStore(STORE));
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error ?? new Error('The transaction was aborted.'));
      });
      return await result;
    } catch {
      this.available = false;
      this.db = null;
      return fallback;
    }
  }

  /**
   * The record for N if there is one and it passes checkRecord; one that
   * fails is deleted in the same transaction and named in `discarded`.
   * @param {number} n
   * @returns {Promise<Reading>}
   */
  read(n) {
    return this.transact(
      'readwrite',
      (s) =>
        /** @type {Promise<Reading>} */ (new Promise((resolve, reject) => {
          const request = s.get(n);
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            // Checked and deleted here, in the success callback: the transaction is still active.
            if (request.result === undefined) return resolve({ record: null, discarded: null });
            const { record, why } = checkRecord(request.result);
            if (record && record.n === n) return resolve({ record, discarded: null });
            s.delete(n);
            resolve({ record: null, discarded: { n, why: why ?? 'damaged' } });
          };
        })),
      { record: null, discarded: null },
    );
  }

  /**
   * The record for N, or null (a record that fails its checks is deleted: see read()).
   * @param {number} n
   * @returns {Promise<CountRecord | null>}
   */
  get(n) {
    return this.read(n).then((r) => r.record);
  }

  /**
   * Every record that passes checkRecord, newest first, and what was discarded (deleted) on the way.
   * @returns {Promise<{ records: CountRecord[], discarded: Discard[] }>}
   */
  async all() {
    /** @type {{ records: CountRecord[], discarded: Discard[] }} */
    const found = { records: [], discarded: [] };
    const read = await this.transact(
      'readwrite',
      (s) =>
        /** @type {Promise<typeof found>} */ (new Promise((resolve, reject) => {
          const request = s.openCursor();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const cursor = request.result;
            if (!cursor) return resolve(found);
            const { record, why } = checkRecord(cursor.value);
            if (record && record.n === cursor.key) {
              found.records.push(record);
            } else {
              const n = cursor.key;
              found.discarded.push({ n: typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null, why: why ?? 'damaged' });
              cursor.delete();
            }
            cursor.continue();
          };
        })),
      found,
    );
    read.records.sort((a, b) => b.updated - a.updated);
    return read;
  }

  /**
   * Saves a record, sealed (IndexedDB copies it at once, typed arrays included); resolves true once on disk.
   * @param {CountDraft} draft
   */
  put(draft) {
    const { n, key, subtasks, done, doneCount, doneWeight, totalWeight, total, symmetries, elapsedMs, method, complete, fundamental } = draft;
    const fields = { n, key, subtasks, done, doneCount, doneWeight, totalWeight, total, symmetries, elapsedMs, method, complete, fundamental, updated: Date.now() };
    /** @type {CountRecord} */
    const record = { ...fields, seal: sealOf(fields, key) };
    return this.transact('readwrite', (s) => settled(s.put(record)), false).then((r) => r !== false);
  }

  /**
   * Forgets N's record; resolves true once done.
   * @param {number} n
   */
  delete(n) {
    return this.transact('readwrite', (s) => settled(s.delete(n)), false).then((r) => r !== false);
  }
}
