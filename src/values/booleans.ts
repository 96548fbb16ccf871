const WORDS: ReadonlyMap<string, boolean> = new Map([
  ["true", true],
  ["t", true],
  ["1", true],
  ["yes", true],
  ["y", true],
  ["false", false],
  ["f", false],
  ["0", false],
  ["no", false],
  ["n", false],
]);

/** The spec's boolean words (Use MFA), case-insensitive; `undefined` for anything else. */
export function parseBooleanWord(text: string): boolean | undefined {
  return WORDS.get(text.toLowerCase());
}

/** The accepted words, for messages and documentation. */
export const BOOLEAN_WORDS: readonly string[] = [...WORDS.keys()];
