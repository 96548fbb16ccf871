const GONE: unique symbol = Symbol("gone");

/** What the memory store reads of a table: the part of `ReadonlyMap` a {@link OverlayMap} has. */
export interface ReadableTable<K, V> {
  readonly size: number;
  get(key: K): V | undefined;
  has(key: K): boolean;
  values(): Iterable<V>;
}

/** A table a transaction writes: an {@link OverlayMap}, or the copy of its base it writes to. */
export interface WritableTable<K, V> extends ReadableTable<K, V> {
  set(key: K, value: V): unknown;
  delete(key: K): boolean;
}

/**
 * A map's changes recorded over it, the map itself untouched until {@link OverlayMap.publish}: a
 * transaction of the memory store writes here, so it costs what it changes, not the size of the
 * organization (issue 30). Reads and iteration answer exactly what a copy of the base with the
 * same calls made would, insertion order included. Once the changes outgrow a share of the base,
 * the overlay does copy it and writes there: an import rewriting most members would otherwise
 * pay for every change twice, once recorded and once folded in. The base must not change while
 * the overlay is used.
 */
export class OverlayMap<K, V> implements WritableTable<K, V> {
  readonly #base: Map<K, V>;
  /** The value set since, or `GONE` for a base key deleted since; insertion order as a Map's. */
  readonly #changes = new Map<K, V | typeof GONE>();
  /** Base keys deleted and set again: a Map puts them last, so the overlay must too. */
  #moved: Set<K> | null = null;
  #size: number;
  readonly #copyAfter: number;
  /** The copy of the base written to once the changes outgrew `#copyAfter`. */
  #copy: Map<K, V> | null = null;

  /**
   * @param copyAfter How many changed keys the overlay records before it copies the base; a
   *   quarter of the base by default, where recording and folding cost about what a copy does.
   */
  constructor(base: Map<K, V>, copyAfter = 64 + base.size / 4) {
    this.#base = base;
    this.#size = base.size;
    this.#copyAfter = copyAfter;
  }

  /** How many entries a copy of the base with these changes would hold. */
  get size(): number {
    return this.#copy === null ? this.#size : this.#copy.size;
  }

  /** Whether anything was set or deleted since the overlay was made. */
  get changed(): boolean {
    return this.#copy !== null || this.#changes.size > 0;
  }

  get(key: K): V | undefined {
    if (this.#copy !== null) return this.#copy.get(key);
    const change = this.#changes.get(key);
    if (change === undefined) return this.#base.get(key);
    return change === GONE ? undefined : change;
  }

  has(key: K): boolean {
    if (this.#copy !== null) return this.#copy.has(key);
    const change = this.#changes.get(key);
    return change === undefined ? this.#base.has(key) : change !== GONE;
  }

  set(key: K, value: V): this {
    const copy = this.#copy ?? this.#copyIfLarge();
    if (copy !== null) {
      copy.set(key, value);
      return this;
    }
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
    const copy = this.#copy ?? this.#copyIfLarge();
    if (copy !== null) return copy.delete(key);
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
    if (this.#copy !== null) return this.#copy.values();
    return this.#changes.size === 0 ? this.#base.values() : this.#mergedValues();
  }

  /**
   * The keys set or deleted since, while the overlay records them; `null` once it copied its base
   * (every key may then differ).
   */
  changedKeys(): Iterable<K> | null {
    return this.#copy === null ? this.#changes.keys() : null;
  }

  /**
   * Warns of `count` changes to come: when they would outgrow the share of the base the overlay
   * records, it copies the base now instead of recording a share of them first. Answers the table
   * to make them in: the copy itself once there is one, sparing each call a detour.
   */
  willChange(count: number): WritableTable<K, V> {
    if (this.#copy === null && this.#changes.size + count >= this.#copyAfter) this.#copyNow();
    return this.#copy ?? this;
  }

  /**
   * A map holding what the overlay holds, to publish in the base's place: the base itself with
   * the changes folded in when `inPlace` (nothing reads the base any more), else a new map. The
   * overlay is done with after this.
   */
  publish(inPlace: boolean): Map<K, V> {
    if (this.#copy !== null) return this.#copy;
    if (this.#changes.size === 0) return this.#base;
    const target = inPlace ? this.#base : new Map(this.#base);
    this.foldInto(target);
    return target;
  }

  /**
   * Makes `target`, a map holding what the base holds (the base itself, or a copy of it), hold
   * what the overlay recorded over the base, in the same order.
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

  #copyIfLarge(): Map<K, V> | null {
    return this.#changes.size < this.#copyAfter ? null : this.#copyNow();
  }

  #copyNow(): Map<K, V> {
    const copy = new Map(this.#base);
    this.foldInto(copy);
    this.#copy = copy;
    this.#changes.clear();
    this.#moved = null;
    return copy;
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
