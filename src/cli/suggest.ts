import { distance } from "fastest-levenshtein";

/**
 * The candidate closest to a mistyped word, for "did you mean": within two edits and a third of
 * the word's length (at least one), so only a slip is answered, never a different word.
 */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
  const key = word.toLowerCase();
  const limit = Math.min(2, Math.max(1, Math.floor(key.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const edits = distance(key, candidate.toLowerCase());
    if (edits < bestDistance) {
      best = candidate;
      bestDistance = edits;
    }
  }
  return best;
}

/** `; did you mean "validate"?`, or nothing. */
export function meantWord(word: string, candidates: readonly string[], quote = true): string {
  const best = closestWord(word, candidates);
  if (best === undefined) return "";
  return `; did you mean ${quote ? `"${best}"` : best}?`;
}
