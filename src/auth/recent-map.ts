/**
 * A map of at most `capacity` entries that forgets the least recently used: a `Map` keeps
 * insertion order, so an entry used again is moved to the end and the first key is the one to drop.
 */
export class RecentMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  /** The entry's value, marking it used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) this.remember(key, value);
    return value;
  }

  /** Sets the entry as the most recently used, dropping the least recently used beyond capacity. */
  remember(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity)
      this.#entries.delete(this.#entries.keys().next().value as K);
  }
}
