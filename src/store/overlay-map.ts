const GONE: unique symbol = Symbol("gone");

/** What the memory store reads of a table: the part of `ReadonlyMap` a {@link OverlayMap} has. */
export interface ReadableTable<K, V> {
  readonly size: number;
  get(key: K): V | undefined;
  has(key: K): boolean;
  values(): Iterable<V>;
}

/**
 * A map's changes recorded over it, the map itself untouched: a transaction of the memory store
 * writes here and publishes by {@link OverlayMap.foldInto}, so a transaction costs what it
 * changes, not the size of the organization (issue 30). Reads and iteration answer exactly what a
 * copy of the base with the same calls made would, insertion order included; the base must not
 * change while the overlay is used.
 */
export class OverlayMap<K, V> implements ReadableTable<K, V> {
  readonly #base: ReadonlyMap<K, V>;
  /** The value set since, or `GONE` for a base key deleted since; insertion order as a Map's. */
  readonly #changes = new Map<K, V | typeof GONE>();
  /** Base keys deleted and set again: a Map puts them last, so the overlay must too. */
  #moved: Set<K> | null = null;
  #size: number;

  constructor(base: ReadonlyMap<K, V>) {
    this.#base = base;
    this.#size = base.size;
  }

  /** How many entries a copy of the base with these changes would hold. */
  get size(): number {
    return this.#size;
  }

  /** Whether anything was set or deleted since the overlay was made. */
  get changed(): boolean {
    return this.#changes.size > 0;
  }

  get(key: K): V | undefined {
    const change = this.#changes.get(key);
    if (change === undefined) return this.#base.get(key);
    return change === GONE ? undefined : change;
  }

  has(key: K): boolean {
    const change = this.#changes.get(key);
    return change === undefined ? this.#base.has(key) : change !== GONE;
  }

  set(key: K, value: V): this {
    const change = this.#changes.get(key);
    if (change === GONE) {
      this.#changes.delete(key);
      this.#moved ??= new Set();
      this.#moved.add(key);
      this.#size++;
    } else if (change === undefined && !this.#base.has(key)) {
      this.#size++;
    }
    this.#changes.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    if (!this.has(key)) return false;
    this.#size--;
    if (this.#base.has(key)) {
      this.#changes.set(key, GONE);
      this.#moved?.delete(key);
    } else {
      this.#changes.delete(key);
    }
    return true;
  }

  values(): Iterable<V> {
    return this.#changes.size === 0 ? this.#base.values() : this.#mergedValues();
  }

  /** The keys set or deleted since: every key whose presence or value may differ from the base. */
  changedKeys(): Iterable<K> {
    return this.#changes.keys();
  }

  /**
   * Makes `target`, a map holding what the base holds (the base itself, or a copy of it), hold
   * what the overlay holds, in the same order.
   */
  foldInto(target: Map<K, V>): void {
    const moved = this.#moved;
    for (const [key, change] of this.#changes) {
      if (change === GONE) {
        target.delete(key);
        continue;
      }
      if (moved?.has(key) === true) target.delete(key);
      target.set(key, change);
    }
  }

  *#mergedValues(): Generator<V> {
    const changes = this.#changes;
    const moved = this.#moved;
    // A copy keeps a changed key in its place and appends new (and moved) keys in their order.
    for (const [key, value] of this.#base) {
      const change = changes.get(key);
      if (change === undefined) yield value;
      else if (change !== GONE && moved?.has(key) !== true) yield change;
    }
    for (const [key, change] of changes) {
      if (change !== GONE && (moved?.has(key) === true || !this.#base.has(key))) yield change;
    }
  }
}
