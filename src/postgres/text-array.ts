import { DEFAULT_SLICE_MS, yieldingPace } from "../runtime/pace";

/** Elements from which a text array is written in slices rather than in one go. */
const SLICED_FROM = 4096;

/** Elements written between two checks of the clock. */
const PER_CHECK = 512;

/**
 * The PostgreSQL array literal of `values` (`{"a","b\"c"}`), what node-postgres makes of a
 * string array, as the value of a `$n::text[]` parameter: node-postgres sends a string as it is,
 * while it serializes an array in one go when the statement is sent, which for an import's
 * tens of thousands of addresses holds the host's loop for tens of milliseconds. A long one is
 * made in slices, with a turn of the loop every {@link DEFAULT_SLICE_MS} of work. `map`, when
 * given, is applied to each value first.
 */
export async function textArrayParam(
  values: readonly string[],
  map?: (value: string) => string,
): Promise<string> {
  const pace = values.length >= SLICED_FROM ? yieldingPace(DEFAULT_SLICE_MS) : undefined;
  // Each slice joined on its own: one join of every element would be a long turn of its own.
  const slices: string[] = [];
  const parts: string[] = [];
  for (let start = 0; start < values.length; start += PER_CHECK) {
    const end = Math.min(values.length, start + PER_CHECK);
    for (let index = start; index < end; index++) {
      const value = values[index] as string;
      parts.push(quoted(map === undefined ? value : map(value)));
    }
    slices.push(parts.join(","));
    parts.length = 0;
    if (pace !== undefined) await pace();
  }
  return `{${slices.join(",")}}`;
}

const QUOTED = /["\\]/;
const QUOTES = /["\\]/g;

function quoted(value: string): string {
  return QUOTED.test(value) ? `"${value.replace(QUOTES, "\\$&")}"` : `"${value}"`;
}
