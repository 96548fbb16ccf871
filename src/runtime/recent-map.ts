/**
 * A map of at most `capacity` entries that forgets the least recently used: a `Map` keeps
 * insertion order, so an entry used again is moved to the end and the first key is the one to drop.
 */
export class RecentMap<K, V> {
  readonly #entries = new Map<K, V>();
  // The entry last moved to the end, kept beside the map: a session's every request asks for the
  // same one, which then needs neither a move nor a look-up (hashing a token is not free).
  #newestKey: K | undefined;
  #newestValue: V | undefined;

  constructor(readonly capacity: number) {}

  /** The entry's value, marking it used. */
  get(key: K): V | undefined {
    if (this.#newestValue !== undefined && key === this.#newestKey) return this.#newestValue;
    const value = this.#entries.get(key);
    if (value !== undefined) this.remember(key, value);
    return value;
  }

  /** Sets the entry as the most recently used, dropping the least recently used beyond capacity. */
  remember(key: K, value: V): void {
    if (this.capacity < 1) return;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#newestKey = key;
    this.#newestValue = value;
    if (this.#entries.size > this.capacity)
      this.#entries.delete(this.#entries.keys().next().value as K);
  }
}
