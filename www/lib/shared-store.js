// A small record kept in localStorage that every open tab of the page shares:
// a change is read, merged and written in one go (the record is read fresh
// from storage, the change applied to what is there, the result written), so
// a tab never writes its own stale copy over another tab's change; and each
// tab follows the others' writes (a BroadcastChannel, and the `storage`
// event), telling its listeners. A browser that refuses storage
// (private mode, a full disk) keeps the record for the visit only.
//
// No DOM and no imports: node's tests drive it with a storage of their own.

/**
 * @typedef {{ getItem(key: string): string | null, setItem(key: string, value: string): void, removeItem(key: string): void }} StringStorage
 */

/**
 * The page's localStorage, or null where the browser refuses it (reading
 * the property itself may throw).
 * @returns {StringStorage | null}
 */
function pageStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Every open channel, held here so that none is collected while its store may still hear from it. */
const open = new Set();

/** @template T */
export class SharedStore {
  /**
   * @param {string} key  the storage key, also the channel's name
   * @param {{ parse: (raw: unknown) => T, empty: () => T, storage?: StringStorage | null }} options
   *   parse: a stored value (JSON.parse's, anything) to a record, checked field by field; empty: a fresh record
   */
  constructor(key, { parse, empty, storage = pageStorage() }) {
    this.key = key;
    this.parse = parse;
    this.empty = empty;
    this.storage = storage;
    /** @type {(() => void)[]} */
    this.listeners = [];
    /** @type {T} the record as this tab last read or wrote it */
    this.value = this.read();
    /** @type {BroadcastChannel | null} */
    this.channel = null;
    if (typeof BroadcastChannel === 'function') {
      this.channel = new BroadcastChannel(key);
      this.channel.onmessage = () => this.follow();
      open.add(this.channel);
    }
    // The storage event too: the browser sends it to the other tabs on every write, whatever becomes of a channel.
    if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
      window.addEventListener('storage', (event) => {
        if (event.key === this.key || event.key === null) this.follow();
      });
    }
  }

  /** @returns {T} what storage holds now, or an empty record if nothing (or nothing readable) is there */
  read() {
    if (!this.storage) return this.value ?? this.empty();
    try {
      const raw = this.storage.getItem(this.key);
      return raw === null ? this.empty() : this.parse(JSON.parse(raw));
    } catch {
      return this.empty();
    }
  }

  /**
   * Applies `change` to the record as storage holds it now and writes the
   * result; `change` edits the record it is given and returns false when it
   * changed nothing (then nothing is written).
   * @param {(record: T) => boolean | void} change
   */
  update(change) {
    const record = this.read();
    if (change(record) === false) {
      this.value = record;
      return;
    }
    this.value = record;
    try {
      this.storage?.setItem(this.key, JSON.stringify(record));
    } catch {
      // Storage refused: the record lasts for this visit.
    }
    this.told();
  }

  /** Forgets the record, in every tab. */
  clear() {
    this.value = this.empty();
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // Nothing was stored.
    }
    this.told();
  }

  /** @param {() => void} listener  called after every change, this tab's or another's */
  onChange(listener) {
    this.listeners.push(listener);
  }

  /** Stops following the other tabs. */
  close() {
    if (this.channel) open.delete(this.channel);
    this.channel?.close();
    this.channel = null;
  }

  /** This tab changed the record: its listeners, then the other tabs. */
  told() {
    for (const listener of this.listeners) listener();
    this.channel?.postMessage('changed');
  }

  /** Another tab changed the record: read it again. */
  follow() {
    this.value = this.read();
    for (const listener of this.listeners) listener();
  }
}
