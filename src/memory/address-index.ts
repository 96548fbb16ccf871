/**
 * How many published organizations hold each address key (`emailKey`), store-wide: whether an
 * address belongs to another organization is then one look-up, however many organizations the
 * store holds, instead of one per organization (issue 30).
 */
export class AddressIndex {
  readonly #holders = new Map<string, number>();

  /** Counts every key of a newly published organization. */
  addAll(keys: Iterable<string>): void {
    for (const key of keys) this.#holders.set(key, (this.#holders.get(key) ?? 0) + 1);
  }

  /** Forgets every key of an organization whose state is replaced whole. */
  removeAll(keys: Iterable<string>): void {
    for (const key of keys) this.#remove(key);
  }

  /**
   * Moves the counts of `changed`, the keys that may differ between an organization's published
   * state (`before`) and the one replacing it (`after`): the rest of its keys are the same.
   */
  republish(
    before: { has(key: string): boolean },
    after: { has(key: string): boolean },
    changed: Iterable<string>,
  ): void {
    for (const key of changed) {
      const was = before.has(key);
      const is = after.has(key);
      if (was && !is) this.#remove(key);
      else if (is && !was) this.#holders.set(key, (this.#holders.get(key) ?? 0) + 1);
    }
  }

  /** How many organizations hold `key`. */
  holders(key: string): number {
    return this.#holders.get(key) ?? 0;
  }

  #remove(key: string): void {
    const count = this.#holders.get(key) ?? 0;
    if (count <= 1) this.#holders.delete(key);
    else this.#holders.set(key, count - 1);
  }
}
