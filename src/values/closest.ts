import { distance } from "fastest-levenshtein";

/** How many distinct misses of one list are given suggestions; later ones are told where to look. */
const SUGGESTED_MISSES = 1_000;
const SUGGESTIONS = 3;

/**
 * The entries of a list closest to a value that is not on it, for "did you mean …": by edit
 * distance on lower-cased text (within a quarter of the value's length, at least 2), or containing
 * or contained in it. Each distinct miss is compared once, and only the first thousand are, so a
 * file of 200,000 misspellings against 300 law schools costs a bounded amount.
 */
export class ClosestEntries {
  readonly #entries: readonly { spelling: string; key: string }[];
  readonly #answers = new Map<string, readonly string[]>();

  constructor(entries: Iterable<string>) {
    this.#entries = [...new Set(entries)].map((spelling) => ({
      spelling,
      key: spelling.trim().toLowerCase(),
    }));
  }

  /** Up to three entries near `text`, closest first; `[]` when none is near or the budget is spent. */
  near(text: string): readonly string[] {
    const key = text.trim().toLowerCase();
    const known = this.#answers.get(key);
    if (known !== undefined) return known;
    if (this.#answers.size >= SUGGESTED_MISSES || key === "") return [];
    const limit = Math.max(2, Math.floor(key.length / 4));
    const scored: { spelling: string; score: number }[] = [];
    for (const entry of this.#entries) {
      const contains = key.length >= 3 && (entry.key.includes(key) || key.includes(entry.key));
      const edits = distance(key, entry.key);
      if (edits <= limit || contains) scored.push({ spelling: entry.spelling, score: edits });
    }
    const answer = scored
      .sort((a, b) => a.score - b.score || a.spelling.localeCompare(b.spelling))
      .slice(0, SUGGESTIONS)
      .map((entry) => entry.spelling);
    this.#answers.set(key, answer);
    return answer;
  }
}

/** ` Did you mean "A" or "B"?`, or nothing. */
export function didYouMean(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return "";
  const quoted = suggestions.map((entry) => `"${entry}"`);
  const last = quoted.pop() as string;
  return ` Did you mean ${quoted.length > 0 ? `${quoted.join(", ")} or ${last}` : last}?`;
}
