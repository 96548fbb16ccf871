/** A line of NDJSON text that is not JSON: its place (0-based) and why. */
export interface NdjsonLineFailure {
  lineIndex: number;
  message: string;
}

/** What {@link parseNdjson} read: each value with the line it came from, and the lines that failed. */
export interface NdjsonRead {
  values: unknown[];
  /** The 0-based line of each of `values`, in order. */
  lineIndexes: number[];
  failures: NdjsonLineFailure[];
}

const LONGEST_REASON = 200;

/**
 * Newline-delimited JSON (one value per line, `\n` or `\r\n`): every line parsed, blank lines
 * skipped (they keep their place, so a failure's line is the line an editor shows). A line that
 * is not JSON is a failure, not an exception: the caller answers all of them at once.
 */
export function parseNdjson(text: string): NdjsonRead {
  const read: NdjsonRead = { values: [], lineIndexes: [], failures: [] };
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let lineIndex = 0; start <= text.length; lineIndex++) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim() === "") continue;
    try {
      read.values.push(JSON.parse(line));
      read.lineIndexes.push(lineIndex);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      read.failures.push({
        lineIndex,
        message: `is not JSON (${reason.length > LONGEST_REASON ? `${reason.slice(0, LONGEST_REASON)}…` : reason})`,
      });
    }
  }
  return read;
}
