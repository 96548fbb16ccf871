import { z } from "zod";
import { isIsoDate } from "../values/dates";
import { canonicalId } from "../values/uuid";

const isoDate = z.string().refine(isIsoDate, { message: "expected a yyyy-MM-dd calendar date" });

/**
 * A Client Matter in a review cycle: identified by (Matter ID, Client Name), it owns the Matter
 * Name and Description every entry beneath it shows.
 */
export const clientMatterSchema = z.object({
  id: z.string(),
  matterId: z.string(),
  clientName: z.string(),
  matterName: z.string(),
  description: z.string().nullable().default(null),
});
/** A client matter as stored in a review cycle, with its attorneys' entries. */
export type ClientMatter = z.infer<typeof clientMatterSchema>;

/**
 * A matter entry: one attorney's work on a client matter within a review cycle, identified by
 * (Matter ID, Client Name, Attorney Email). Its id survives updates, so review-cycle assignments
 * that reference it survive too.
 */
export const matterEntrySchema = z.object({
  id: z.string(),
  clientMatterId: z.string(),
  attorneyEmail: z.string(),
  billingAttorneyEmail: z.string(),
  startDate: isoDate.nullable().default(null),
  endDate: isoDate.nullable().default(null),
  hoursBilled: z.number().min(0),
});
/** One attorney's hours and rates on a client matter. */
export type MatterEntry = z.infer<typeof matterEntrySchema>;

/** A review cycle's matters, as the snapshot nests them: entries under their client matter. */
export const snapshotClientMatterSchema = clientMatterSchema.extend({
  entries: z.array(matterEntrySchema.omit({ clientMatterId: true })).default([]),
});

/** Schema of {@link ReviewCycle}. */
export const reviewCycleSchema = z.object({
  id: z.string().transform(canonicalId),
  name: z.string().default(""),
  clientMatters: z.array(snapshotClientMatterSchema).default([]),
});
/** A performance-review cycle with its client matters. */
export type ReviewCycle = z.infer<typeof reviewCycleSchema>;

/** A review cycle's matters as the planners read them: flat lists. */
export interface CycleMatters {
  clientMatters: ClientMatter[];
  entries: MatterEntry[];
}

/** A review cycle's matters as one entry per attorney and matter, keyed for upserts. */
export function flattenCycle(cycle: ReviewCycle): CycleMatters {
  const clientMatters: ClientMatter[] = [];
  const entries: MatterEntry[] = [];
  for (const { entries: nested, ...clientMatter } of cycle.clientMatters) {
    clientMatters.push(clientMatter);
    for (const entry of nested) entries.push({ ...entry, clientMatterId: clientMatter.id });
  }
  return { clientMatters, entries };
}

/** The inverse of {@link flattenCycle}: entries grouped back into client matters. */
export function nestCycle(
  cycle: Pick<ReviewCycle, "id" | "name">,
  matters: CycleMatters,
): ReviewCycle {
  return {
    id: cycle.id,
    name: cycle.name,
    clientMatters: matters.clientMatters.map((clientMatter) => ({
      ...clientMatter,
      entries: matters.entries
        .filter((entry) => entry.clientMatterId === clientMatter.id)
        .map(({ clientMatterId: _, ...entry }) => entry),
    })),
  };
}
