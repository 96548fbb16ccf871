import { formatTable } from "./table";

/** How many rows' errors a terminal gets before the rest are counted instead (`--all` lifts it). */
export const SHOWN_ROWS = 50;

/** A kind of count of the errors not shown: its column heading and each error's keys under it. */
export interface ErrorTally<T> {
  heading: string;
  keys: (error: T) => readonly string[];
}

/**
 * The errors of the `SHOWN_ROWS` lowest-numbered rows, and the rest. A 10 MiB file of bad rows
 * printed 111,536 lines; nobody reads past the first screens, and counts say what the rest are.
 */
export function splitByRows<T>(
  errors: readonly T[],
  rowOf: (error: T) => number,
  all: boolean,
): { shown: T[]; rest: T[] } {
  const rows = new Set<number>();
  for (const error of errors) rows.add(rowOf(error));
  if (all || rows.size <= SHOWN_ROWS) return { shown: [...errors], rest: [] };
  const last = [...rows].sort((a, b) => a - b)[SHOWN_ROWS - 1] as number;
  const shown: T[] = [];
  const rest: T[] = [];
  for (const error of errors) (rowOf(error) <= last ? shown : rest).push(error);
  return { shown, rest };
}

/**
 * The errors left out of the table, counted by each tally, with how to see them all; empty when
 * none were left out.
 */
export function describeRest<T>(
  rest: readonly T[],
  rowOf: (error: T) => number,
  tallies: readonly ErrorTally<T>[],
  noun: string,
): string {
  if (rest.length === 0) return "";
  const rows = new Set<number>();
  for (const error of rest) rows.add(rowOf(error));
  const tables = tallies.map((tally) => {
    const counts = new Map<string, number>();
    for (const error of rest)
      for (const key of tally.keys(error)) counts.set(key, (counts.get(key) ?? 0) + 1);
    const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return formatTable(
      [tally.heading, noun.toUpperCase()],
      sorted.map(([key, count]) => [key, count.toLocaleString("en-US")]),
    );
  });
  const more = `${rest.length.toLocaleString("en-US")} more ${noun} on ${rows.size.toLocaleString("en-US")} more row${rows.size === 1 ? "" : "s"}`;
  return `… and ${more}, not shown; --all shows every one, --report <file> writes them beside their rows:\n${tables.join("\n\n")}\n\n`;
}
