import { MAX_CSV_BYTES } from "../csv/read";

const SIZE_ERRORS: ReadonlySet<string> = new Set(["FILE_SIZE_EXCEEDED", "INVALID_FILE_SIZE"]);

/**
 * Under the interface's size error, whose message keeps the spec's "10 MB": the unit it means.
 * `null` for other errors and for an empty file (`INVALID_FILE_SIZE` covers both).
 */
export function sizeLimitNote(type: string, message: string): string | null {
  if (!SIZE_ERRORS.has(type) || !/\b10 MB\b/.test(message)) return null;
  return `The limit is 10 MiB (${MAX_CSV_BYTES.toLocaleString("en-US")} bytes); the interface's message says 10 MB, the spec's word for it.`;
}
