import type { z } from "zod";
import { type InputProblem, problemsOf, unstorableTextProblems } from "../domain/live-data-outcome";

/**
 * Each record of a batch read by `schema`, with the problems of the bad ones and of ids given
 * twice: the parsed records when there is no problem at all.
 */
export function parseBatch<S extends z.ZodType<{ id: string }>>(
  schema: S,
  records: readonly unknown[],
): { records: z.output<S>[]; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const parsed: z.output<S>[] = [];
  const seen = new Set<string>();
  for (const [index, record] of records.entries()) {
    const result = schema.safeParse(record);
    if (!result.success) {
      for (const problem of problemsOf(result.error, index)) problems.push(problem);
      continue;
    }
    const unstorable = unstorableTextProblems(result.data, index);
    if (unstorable.length > 0) {
      for (const problem of unstorable) problems.push(problem);
      continue;
    }
    if (seen.has(result.data.id))
      problems.push({ index, field: "id", message: "is the id of a record given before" });
    seen.add(result.data.id);
    parsed.push(result.data);
  }
  return { records: parsed, problems };
}
