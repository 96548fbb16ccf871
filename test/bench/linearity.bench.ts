import { validateMemberCsv } from "../../src/members/validate";
import { generateMemberBenchInput, memberBenchContext } from "./member-file";
import { median } from "./timing";

/**
 * Validation time per row at 1,000, 10,000 and 100,000 rows (the last past the interface's
 * 10 MiB limit, as a library call). Linear cost means the per-row times stay level.
 */
export function benchLinearity(runs: number): { rows: number; ms: number; perRowMicros: number }[] {
  return [1_000, 10_000, 100_000].map((rows) => {
    const input = generateMemberBenchInput(rows * 210, Math.min(20_000, rows), 42);
    const bytes = new TextEncoder().encode(input.csv);
    const context = { ...memberBenchContext(input), maxBytes: Number.POSITIVE_INFINITY };
    // Small files finish before the JIT has optimized the rules: warm up before timing, and
    // force no collection between runs (on small files it costs more than the work timed).
    for (let warmup = 0; warmup < 6; warmup++) validateMemberCsv(bytes, context);
    const times = Array.from({ length: runs }, () => {
      const start = performance.now();
      validateMemberCsv(bytes, context);
      return performance.now() - start;
    });
    const ms = median(times);
    return { rows: input.rows, ms, perRowMicros: (ms * 1000) / input.rows };
  });
}
