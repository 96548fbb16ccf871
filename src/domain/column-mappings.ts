import { z } from "zod";
import { MATTER_HEADERS, type MatterHeader, MEMBER_HEADERS, type MemberHeader } from "./headers";

/** Which file a saved mapping is for. */
export type ColumnMappingKind = "members" | "matters";

/** The spec columns of each kind of file. */
export interface ColumnOfKind {
  members: MemberHeader;
  matters: MatterHeader;
}

/** One saved line of a mapping: a header cell as an export writes it, and the column it means. */
export interface ColumnMappingPair<Column extends string = string> {
  source: string;
  target: Column;
}

/** The most pairs one saved mapping holds: far more cells than any export has. */
export const MAX_MAPPING_PAIRS = 500;
/** The longest header cell a saved mapping keeps, in characters. */
export const MAX_MAPPING_SOURCE_LENGTH = 1000;

function pairsSchema<Column extends string>(columns: readonly [Column, ...Column[]]) {
  return z
    .array(
      z.object({
        source: z.string().trim().min(1).max(MAX_MAPPING_SOURCE_LENGTH),
        target: z.enum(columns),
      }),
    )
    .max(MAX_MAPPING_PAIRS)
    .default([])
    .superRefine((pairs, context) => {
      const sources = new Set<string>();
      const targets = new Set<string>();
      pairs.forEach((pair, index) => {
        const key = pair.source.toLowerCase();
        if (sources.has(key))
          context.addIssue({
            code: "custom",
            path: [index, "source"],
            message: `"${pair.source}" is mapped twice`,
          });
        if (targets.has(pair.target))
          context.addIssue({
            code: "custom",
            path: [index, "target"],
            message: `two cells are mapped to "${pair.target}"`,
          });
        sources.add(key);
        targets.add(pair.target);
      });
    });
}

/**
 * An organization's saved header mappings, one per kind of file: the snapshot's `columnMappings`.
 * Pairs, not an object keyed by header text, so no header (`__proto__` included) is ever a key.
 */
export const savedColumnMappingsSchema = z.object({
  members: pairsSchema(MEMBER_HEADERS),
  matters: pairsSchema(MATTER_HEADERS),
});
/** The saved header mappings of an organization. */
export type SavedColumnMappings = z.infer<typeof savedColumnMappingsSchema>;

/** No saved mapping: the snapshot's default. */
export function noColumnMappings(): SavedColumnMappings {
  return { members: [], matters: [] };
}
