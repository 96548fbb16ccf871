/**
 * A map of at most `capacity` entries that forgets the least recently used: a `Map` keeps
 * insertion order, so an entry used again is moved to the end and the first key is the one to drop.
 */
export class RecentMap<K, V> {
  readonly #entries = new Map<K, V>();
  /** The key last moved to the end: using it again needs no move (a session's every request). */
  #newest: K | undefined;

  constructor(readonly capacity: number) {}

  /** The entry's value, marking it used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined && key !== this.#newest) this.remember(key, value);
    return value;
  }

  /** Sets the entry as the most recently used, dropping the least recently used beyond capacity. */
  remember(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#newest = key;
    if (this.#entries.size > this.capacity)
      this.#entries.delete(this.#entries.keys().next().value as K);
  }
}
