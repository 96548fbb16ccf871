import type { Pace } from "../runtime/steps";

/** Keys moved between two turns of a commit's pace: a large import's took 40–55 ms in one go. */
const KEYS_PER_SLICE = 2048;

/**
 * How many published organizations hold each address key (`emailKey`), store-wide: whether an
 * address belongs to another organization is then one look-up, however many organizations the
 * store holds, instead of one per organization (issue 30).
 */
export class AddressIndex {
  readonly #holders = new Map<string, number>();
  /** The counts moved ahead of (added) or behind (removed) a commit's publication. */
  readonly #moving = new Set<AddressMove>();

  /** Counts every key of a newly published organization. */
  addAll(keys: Iterable<string>): void {
    for (const key of keys) this.#add(key);
  }

  /** Forgets every key of an organization whose state is replaced whole. */
  removeAll(keys: Iterable<string>): void {
    for (const key of keys) this.#remove(key);
  }

  /**
   * Moves the counts of `changed`, the keys that may differ between an organization's published
   * state (`before`) and the one replacing it (`after`): the rest of its keys are the same.
   * Published at once: for a commit that publishes in the same turn.
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
      else if (is && !was) this.#add(key);
    }
  }

  /**
   * {@link republish} over several turns of `pace`, around a publication made in one turn:
   * `prepare` counts the added keys (held back from {@link holders} until `published`) and notes
   * the removed ones; `published` (called in the turn that publishes the state) makes both count
   * at once; `settle` then forgets the removed keys. Every turn between sees the counts of the
   * published states, as {@link republish} in the publishing turn would.
   */
  republishPaced(
    before: { has(key: string): boolean },
    after: { has(key: string): boolean },
    changed: Iterable<string>,
    pace: Pace,
  ): PacedRepublication {
    const move: AddressMove = { added: new Set(), removed: new Set(), published: false };
    this.#moving.add(move);
    return {
      prepare: async () => {
        let seen = 0;
        for (const key of changed) {
          if (++seen % KEYS_PER_SLICE === 0) await pace();
          const was = before.has(key);
          const is = after.has(key);
          if (was && !is) move.removed.add(key);
          else if (is && !was && !move.added.has(key)) {
            this.#add(key);
            move.added.add(key);
          }
        }
      },
      published: () => {
        move.published = true;
        move.added.clear();
      },
      settle: async () => {
        let seen = 0;
        for (const key of move.removed) {
          if (++seen % KEYS_PER_SLICE === 0) await pace();
          this.#remove(key);
          move.removed.delete(key);
        }
        this.#moving.delete(move);
      },
      abandon: () => {
        for (const key of move.added) this.#remove(key);
        this.#moving.delete(move);
      },
    };
  }

  /** How many published organizations hold `key`. */
  holders(key: string): number {
    let count = this.#holders.get(key) ?? 0;
    for (const move of this.#moving) {
      if (move.published ? move.removed.has(key) : move.added.has(key)) count--;
    }
    return count;
  }

  #add(key: string): void {
    this.#holders.set(key, (this.#holders.get(key) ?? 0) + 1);
  }

  #remove(key: string): void {
    const count = this.#holders.get(key) ?? 0;
    if (count <= 1) this.#holders.delete(key);
    else this.#holders.set(key, count - 1);
  }
}

/** The steps of {@link AddressIndex.republishPaced}; `abandon` undoes `prepare` when nothing is published. */
export interface PacedRepublication {
  prepare(): Promise<void>;
  published(): void;
  settle(): Promise<void>;
  abandon(): void;
}

/** One paced republication's keys in flight. */
interface AddressMove {
  readonly added: Set<string>;
  readonly removed: Set<string>;
  published: boolean;
}
