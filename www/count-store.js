// Count mode's memory: what a count has finished, kept in IndexedDB so that a
// reload, a closed tab or Cancel loses nothing but the subtasks that were out
// with workers. One record per N (the store's key):
//
//   { n, key,              the plan's key (method, subtask count, a hash of the
//                          weights): a record made by another core is never resumed
//     subtasks, done,      done: Uint8Array bit set, bit i = subtask i finished
//     doneCount, doneWeight, totalWeight,
//     total,               the finished subtasks' solutions, as a decimal string
//     symmetries,          {rot90, rot180, mirror} as strings, or null until known
//     elapsedMs,           counting time over every session so far
//     method,              {id, description}
//     complete, fundamental (a string, once complete), updated (Date.now()) }
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
 * @property {import('./types.js').CountMethod} method
 * @property {boolean} complete
 * @property {string | null} fundamental
 * @property {number} updated
 */

const DB_NAME = 'nqueens-count';
const STORE = 'counts';
const VERSION = 1;

/**
 * Wraps one IDBRequest in a promise.
 * @template T
 * @param {IDBRequest<T>} request
 * @returns {Promise<T>}
 */
function done(request) {
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
   * Runs `fn(objectStore)` in one transaction; resolves its request's result once committed, or `fallback`.
   * @template T, F
   * @param {IDBTransactionMode} mode
   * @param {(store: IDBObjectStore) => IDBRequest<T>} fn
   * @param {F} fallback
   * @returns {Promise<T | F>}
   */
  async transact(mode, fn, fallback) {
    try {
      const db = await this.open();
      const tx = db.transaction(STORE, mode);
      const result = done(fn(tx.objectStore(STORE)));
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
   * The record for N, or null.
   * @param {number} n
   * @returns {Promise<CountRecord | null>}
   */
  get(n) {
    return this.transact('readonly', (s) => s.get(n), null).then((r) => r ?? null);
  }

  /**
   * Every record, newest first.
   * @returns {Promise<CountRecord[]>}
   */
  async all() {
    /** @type {CountRecord[]} */
    const records = await this.transact('readonly', (s) => s.getAll(), []);
    return records.sort((a, b) => (b.updated ?? 0) - (a.updated ?? 0));
  }

  /**
   * Saves a record (IndexedDB copies it at once, typed arrays included); resolves true once on disk.
   * @param {Omit<CountRecord, 'updated'>} record
   */
  put(record) {
    return this.transact('readwrite', (s) => s.put({ ...record, updated: Date.now() }), false).then((r) => r !== false);
  }

  /**
   * Forgets N's record; resolves true once done.
   * @param {number} n
   */
  delete(n) {
    return this.transact('readwrite', (s) => s.delete(n), false).then((r) => r !== false);
  }
}
