import type { ClientMatter, MatterEntry } from "../domain/matters";
import { emailKey } from "../values/email";
import { clientMatterKey, entryKey } from "./keys";
import type { MatterUpsertResult } from "./result";
import type { ValidatedMatterRow } from "./row";

/** What an upsert writes, and the 200 body it answers. Updates carry the whole new record. */
export interface MatterUpsertPlan {
  createClientMatters: ClientMatter[];
  updateClientMatters: ClientMatter[];
  createEntries: MatterEntry[];
  updateEntries: MatterEntry[];
  result: MatterUpsertResult;
}

/**
 * Plans an upsert of validated rows into a review cycle (spec: POST /matters-csv/upsert). Per
 * row: the entry keyed by (Matter ID, Client Name, Attorney Email) is created, or updated in
 * place with its id kept when a field differs; Matter Name and Description refresh on the shared
 * client matter. A row identical to what is stored changes nothing and counts nothing, so
 * planning the same file again after applying the plan gives an empty plan.
 */
export function planMatterUpsert(
  rows: readonly ValidatedMatterRow[],
  existingEntries: readonly MatterEntry[],
  clientMatters: readonly ClientMatter[],
  newId: () => string,
): MatterUpsertPlan {
  const matters = new Map(
    clientMatters.map((matter) => [clientMatterKey(matter.matterId, matter.clientName), matter]),
  );
  const entries = new Map(
    existingEntries.map((entry) => [entryKey(entry.clientMatterId, entry.attorneyEmail), entry]),
  );
  const plan: MatterUpsertPlan = {
    createClientMatters: [],
    updateClientMatters: [],
    createEntries: [],
    updateEntries: [],
    result: { created: 0, updated: 0 },
  };
  const refreshed = new Set<string>();
  // Client matters this plan creates: they have no stored entries to look up.
  const created = new Set<string>();
  // Files list a client matter's attorneys together, so its key is usually the last row's.
  let last: ValidatedMatterRow | null = null;
  let lastMatter: ClientMatter | undefined;

  for (const row of rows) {
    let matter =
      last !== null && row.matterId === last.matterId && row.clientName === last.clientName
        ? lastMatter
        : matters.get(clientMatterKey(row.matterId, row.clientName));
    let matterChanged = false;
    if (matter === undefined) {
      matter = {
        id: newId(),
        matterId: row.matterId,
        clientName: row.clientName,
        matterName: row.matterName,
        description: row.description,
      };
      matters.set(clientMatterKey(row.matterId, row.clientName), matter);
      created.add(matter.id);
      plan.createClientMatters.push(matter);
    } else if (matter.matterName !== row.matterName || matter.description !== row.description) {
      matterChanged = true;
      // Rows of one client matter agree (a validation rule), so the first refresh is the only one.
      if (!refreshed.has(matter.id)) {
        refreshed.add(matter.id);
        plan.updateClientMatters.push({
          ...matter,
          matterName: row.matterName,
          description: row.description,
        });
      }
    }
    last = row;
    lastMatter = matter;
    const entry = created.has(matter.id)
      ? undefined
      : entries.get(entryKey(matter.id, row.attorneyEmail));
    if (entry === undefined) {
      plan.createEntries.push({
        id: newId(),
        clientMatterId: matter.id,
        attorneyEmail: row.attorneyEmail,
        billingAttorneyEmail: row.billingAttorneyEmail,
        startDate: row.startDate,
        endDate: row.endDate,
        hoursBilled: row.hoursBilled,
      });
      plan.result.created++;
      continue;
    }
    const entryChanged =
      emailKey(entry.billingAttorneyEmail) !== emailKey(row.billingAttorneyEmail) ||
      entry.startDate !== row.startDate ||
      entry.endDate !== row.endDate ||
      entry.hoursBilled !== row.hoursBilled;
    if (entryChanged) {
      plan.updateEntries.push({
        ...entry,
        billingAttorneyEmail: row.billingAttorneyEmail,
        startDate: row.startDate,
        endDate: row.endDate,
        hoursBilled: row.hoursBilled,
      });
    }
    if (entryChanged || matterChanged) plan.result.updated++;
  }
  return plan;
}

/** Whether a plan writes nothing. */
export function isEmptyMatterPlan(plan: Omit<MatterUpsertPlan, "result">): boolean {
  return (
    plan.createClientMatters.length === 0 &&
    plan.updateClientMatters.length === 0 &&
    plan.createEntries.length === 0 &&
    plan.updateEntries.length === 0
  );
}
