import { emailKey } from "../values/email";
import type { MatterField } from "./columns";
import { type DraftMatterRow, markFailed } from "./row";

/**
 * `upsert` is the rule set of upsert and validate-upsert; `legacy` that of the deprecated
 * upload-csv and validate-csv. They differ exactly where the spec says: see each function.
 */
export type MatterRuleSet = "upsert" | "legacy";

export function applyCrossRowRules(rows: readonly DraftMatterRow[], ruleSet: MatterRuleSet): void {
  if (ruleSet === "upsert") {
    // Rows sharing an upsert key share a client matter, so one grouping serves both rules.
    const clientMatters = groupBy(rows, clientMatterKey);
    for (const group of clientMatters) flagDuplicateUpsertKeys(group);
    flagDisagreements(clientMatters, ["matterName", "description"]);
  } else {
    flagDisagreements(
      groupBy(rows, (row) => row.texts.matterId),
      ["matterName"],
    );
  }
}

/**
 * Upsert only: two rows may not share (Matter ID, Client Name, Attorney Email). `rows` share a
 * client matter already.
 */
function flagDuplicateUpsertKeys(rows: readonly DraftMatterRow[]): void {
  const attorneys = groupBy(rows, (row) =>
    row.texts.attorneyEmail === null ? null : emailKey(row.texts.attorneyEmail),
  );
  for (const group of attorneys) {
    for (const row of group) {
      markFailed(row, "matterId");
      markFailed(row, "clientName");
      markFailed(row, "attorneyEmail");
    }
  }
}

/**
 * Rows of one group must agree on each listed field; when they do not, every row of the group
 * lists the field. Upsert groups by client matter (Matter ID, Client Name) and compares Matter
 * Name and Description; legacy groups by Matter ID alone and compares Matter Name only. A blank
 * required value is already an error of its own and does not count as disagreeing.
 */
function flagDisagreements(
  groups: readonly DraftMatterRow[][],
  fields: readonly ("matterName" | "description")[],
): void {
  for (const group of groups) {
    for (const field of fields) {
      if (disagree(group, field)) for (const row of group) markFailed(row, field);
    }
  }
}

/**
 * Whether the rows hold more than one distinct value of `field` (a blank Matter Name does not
 * count; a blank Description does): compared with the first counted value, nothing allocated.
 */
export function disagree(
  rows: readonly DraftMatterRow[],
  field: "matterName" | "description",
): boolean {
  let first: string | null | undefined;
  for (const row of rows) {
    const value = row.texts[field];
    if (value === null && field !== "description") continue;
    if (first === undefined) first = value;
    else if (value !== first) return true;
  }
  return false;
}

function clientMatterKey(row: DraftMatterRow): string | null {
  const { matterId, clientName } = row.texts;
  return matterId === null || clientName === null ? null : `${matterId}\u0000${clientName}`;
}

/** Rows sharing a key, only for keys that more than one row has (singletons allocate nothing). */
function groupBy(
  rows: readonly DraftMatterRow[],
  keyOf: (row: DraftMatterRow) => string | null,
): DraftMatterRow[][] {
  const groups = new Map<string, DraftMatterRow | DraftMatterRow[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const seen = groups.get(key);
    if (seen === undefined) groups.set(key, row);
    else if (Array.isArray(seen)) seen.push(row);
    else groups.set(key, [seen, row]);
  }
  const shared: DraftMatterRow[][] = [];
  for (const group of groups.values()) if (Array.isArray(group)) shared.push(group);
  return shared;
}

export type { MatterField };
