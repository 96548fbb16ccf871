import { ClosestEntries } from "./closest";

/**
 * A list the spec matches "case-insensitive and exact after trimming outer whitespace; inner
 * whitespace is not normalized". Answers with the list's own spelling of the entry.
 */
export class CaseInsensitiveList {
  readonly #byKey = new Map<string, string>();
  /**
   * The answers by themselves: files mostly copy the list, so most lookups need no lower-casing,
   * and the answer is then the list's own string, not the file's copy of it, which rows keep.
   */
  readonly #spellings: Map<string, string>;
  #closest: ClosestEntries | undefined;

  constructor(entries: Iterable<string>) {
    for (const entry of entries) {
      const key = entry.trim().toLowerCase();
      if (!this.#byKey.has(key)) this.#byKey.set(key, entry.trim());
    }
    this.#spellings = new Map([...this.#byKey.values()].map((entry) => [entry, entry]));
  }

  /** The list's spelling of `text`, or `undefined` when it is not on the list. */
  find(text: string): string | undefined {
    return this.#spellings.get(text) ?? this.#byKey.get(text.trim().toLowerCase());
  }

  /** Entries near a value that is not on the list, closest first, for "did you mean". */
  near(text: string): readonly string[] {
    this.#closest ??= new ClosestEntries(this.#spellings.keys());
    return this.#closest.near(text);
  }

  get size(): number {
    return this.#byKey.size;
  }
}
