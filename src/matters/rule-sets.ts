import type { PartialMessageCatalog } from "../messages/catalog";
import { emailKey } from "../values/email";
import type { MatterField } from "./columns";
import {
  clientMatterDisagreementReason,
  duplicateKeyReason,
  matterIdDisagreementReason,
} from "./reasons";
import { type DraftMatterRow, reportProblem } from "./row";

/**
 * `upsert` is the rule set of upsert and validate-upsert; `legacy` that of the deprecated
 * upload-csv and validate-csv. They differ exactly where the spec says: see each function.
 */
export type MatterRuleSet = "upsert" | "legacy";

export function applyCrossRowRules(
  rows: readonly DraftMatterRow[],
  ruleSet: MatterRuleSet,
  messages?: PartialMessageCatalog,
): void {
  if (ruleSet === "upsert") {
    // Rows sharing an upsert key share a client matter, so one grouping serves both rules.
    const clientMatters = groupByClientMatter(rows);
    for (const group of clientMatters) flagDuplicateUpsertKeys(group, messages);
    flagDisagreements(clientMatters, ["matterName", "description"], "clientMatter", messages);
  } else {
    flagDisagreements(
      groupBy(rows, (row) => row.texts.matterId),
      ["matterName"],
      "matterId",
      messages,
    );
  }
}

/**
 * Upsert only: two rows may not share (Matter ID, Client Name, Attorney Email). `rows` share a
 * client matter already.
 */
function flagDuplicateUpsertKeys(
  rows: readonly DraftMatterRow[],
  messages: PartialMessageCatalog | undefined,
): void {
  const keys = rows.map((row) =>
    row.texts.attorneyEmail === null ? null : emailKey(row.texts.attorneyEmail),
  );
  // A client matter has a handful of attorneys: comparing them pairwise finds no duplicate
  // sooner than a map of them would be built.
  if (rows.length <= 16 && !hasRepeat(keys)) return;
  const attorneys = groupBy(rows, (_, index) => keys[index] as string | null);
  for (const group of attorneys) {
    // One reason and one list of rows for the whole group: a key shared by thousands of rows
    // must not cost a list of thousands per row.
    const rowNumbers = group.map((row) => row.rowNumber);
    const { matterId, clientName, attorneyEmail } = (group[0] as DraftMatterRow).texts;
    const reason = duplicateKeyReason(
      rowNumbers,
      matterId as string,
      clientName as string,
      attorneyEmail as string,
      messages,
    );
    for (const row of group) {
      reportProblem(row, "matterId", reason, rowNumbers);
      reportProblem(row, "clientName", reason, rowNumbers);
      reportProblem(row, "attorneyEmail", reason, rowNumbers);
    }
  }
}

/**
 * Rows of one group must agree on each listed field; when they do not, every row of the group
 * lists the field. Upsert groups by client matter (Matter ID, Client Name) and compares Matter
 * Name and Description; legacy groups by Matter ID alone and compares Matter Name only. A blank
 * required value is already an error of its own and does not count as disagreeing.
 *
 * Each row's reason names one row it differs from: the group's first counted row, or for rows
 * agreeing with that one, the first row that does not.
 */
function flagDisagreements(
  groups: readonly DraftMatterRow[][],
  fields: readonly ("matterName" | "description")[],
  grouping: "clientMatter" | "matterId",
  messages: PartialMessageCatalog | undefined,
): void {
  for (const group of groups) {
    for (const field of fields) {
      if (!disagree(group, field)) continue;
      const counted = group.filter((row) => row.texts[field] !== null || field === "description");
      const first = counted[0] as DraftMatterRow;
      const firstOther = counted.find(
        (row) => row.texts[field] !== first.texts[field],
      ) as DraftMatterRow;
      for (const row of counted) {
        const other = row.texts[field] === first.texts[field] ? firstOther : first;
        const related =
          other.rowNumber < row.rowNumber
            ? [other.rowNumber, row.rowNumber]
            : [row.rowNumber, other.rowNumber];
        reportProblem(
          row,
          field,
          disagreementReason(row, other, field, grouping, messages),
          related,
        );
      }
    }
  }
}

function disagreementReason(
  row: DraftMatterRow,
  other: DraftMatterRow,
  field: "matterName" | "description",
  grouping: "clientMatter" | "matterId",
  messages: PartialMessageCatalog | undefined,
) {
  const matterId = row.texts.matterId as string;
  if (grouping === "matterId") {
    return matterIdDisagreementReason(
      row.texts.matterName as string,
      { rowNumber: other.rowNumber, text: other.texts.matterName as string },
      matterId,
      messages,
    );
  }
  return clientMatterDisagreementReason(
    field === "matterName" ? "Matter Name" : "Description",
    row.texts[field],
    { rowNumber: other.rowNumber, text: other.texts[field] },
    matterId,
    row.texts.clientName as string,
    messages,
  );
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

function hasRepeat(keys: readonly (string | null)[]): boolean {
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i];
    if (key === null) continue;
    for (let j = 0; j < i; j++) if (keys[j] === key) return true;
  }
  return false;
}

/**
 * {@link groupBy} (Matter ID, Client Name). Files list a client matter's rows together, so a row
 * sharing the previous row's texts reuses its key instead of building and hashing another.
 */
function groupByClientMatter(rows: readonly DraftMatterRow[]): DraftMatterRow[][] {
  let previous: DraftMatterRow["texts"] | null = null;
  let previousKey: string | null = null;
  return groupBy(rows, (row) => {
    const texts = row.texts;
    const { matterId, clientName } = texts;
    if (matterId === null || clientName === null) return null;
    if (previous === null || previous.matterId !== matterId || previous.clientName !== clientName)
      previousKey = `${matterId}\u0000${clientName}`;
    previous = texts;
    return previousKey;
  });
}

/** Rows sharing a key, only for keys that more than one row has (singletons allocate nothing). */
function groupBy(
  rows: readonly DraftMatterRow[],
  keyOf: (row: DraftMatterRow, index: number) => string | null,
): DraftMatterRow[][] {
  const groups = new Map<string, DraftMatterRow | DraftMatterRow[]>();
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as DraftMatterRow;
    const key = keyOf(row, index);
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
