import type { CsvInput } from "../../src/csv/read";
import {
  MATTER_COLUMNS,
  MATTER_FIELDS,
  type MatterColumn,
  type MatterField,
  type MatterRuleContext,
} from "../../src/matters/columns";
import type { MatterValidationResult } from "../../src/matters/result";
import { type MatterRowTexts, readMatterRowTexts } from "../../src/matters/sheet";
import { usDateParser } from "../../src/values/dates";
import { emailKey } from "../../src/values/email";

/**
 * The matter validators' wire body as the engine computed it before reasons existed (issue 20):
 * a bit per failed column, set by the same rules, nothing else. Kept frozen so tests can hold the
 * body derived from the reasons to the body this gives, for any bytes.
 */
export function oracleMatterWireBody(
  input: CsvInput,
  options: { ruleSet: "upsert" | "legacy"; performMemberEmails: readonly string[] },
): MatterValidationResult {
  const read = readMatterRowTexts(input);
  if (!read.ok) return read.result;
  const byKey = new Map(options.performMemberEmails.map((email) => [emailKey(email), email]));
  for (const email of options.performMemberEmails)
    byKey.set(email, byKey.get(emailKey(email)) as string);
  const context: MatterRuleContext = { performMembers: byKey, usDate: usDateParser() };
  const rows = read.rows.map((row) => readRow(row, context));
  if (options.ruleSet === "upsert") {
    const clientMatters = groupBy(rows, (row) =>
      row.texts.matterId === null || row.texts.clientName === null
        ? null
        : `${row.texts.matterId}\u0000${row.texts.clientName}`,
    );
    for (const group of clientMatters) {
      for (const same of groupBy(group, (row) =>
        row.texts.attorneyEmail === null ? null : emailKey(row.texts.attorneyEmail),
      )) {
        for (const row of same) mark(row, "matterId", "clientName", "attorneyEmail");
      }
    }
    flagDisagreements(clientMatters, ["matterName", "description"]);
  } else {
    flagDisagreements(
      groupBy(rows, (row) => row.texts.matterId),
      ["matterName"],
    );
  }
  const failing = rows.filter((row) => row.failed.size > 0);
  return {
    numValidRows: rows.length - failing.length,
    rowErrors: failing.map((row) => ({
      rowNumber: row.rowNumber,
      columnsWithErrors: MATTER_FIELDS.filter((field) => row.failed.has(field)).map(
        (field) => MATTER_COLUMNS[field].header,
      ),
    })),
    fileError: null,
  };
}

interface OracleRow extends MatterRowTexts {
  failed: Set<MatterField>;
}

function mark(row: OracleRow, ...fields: MatterField[]): void {
  for (const field of fields) row.failed.add(field);
}

function readRow({ rowNumber, texts }: MatterRowTexts, context: MatterRuleContext): OracleRow {
  const row: OracleRow = { rowNumber, texts, failed: new Set() };
  const values = new Map<MatterField, unknown>();
  for (const field of MATTER_FIELDS) {
    const definition = MATTER_COLUMNS[field] as MatterColumn<unknown>;
    const text = texts[field];
    if (text === null) {
      if (definition.required) mark(row, field);
      else values.set(field, null);
      continue;
    }
    const value = definition.parse(text, context);
    if (value === undefined) mark(row, field);
    else values.set(field, value);
  }
  const start = values.get("startDate");
  const end = values.get("endDate");
  if (typeof start === "string" && typeof end === "string" && start > end) {
    mark(row, "startDate", "endDate");
  }
  return row;
}

function flagDisagreements(
  groups: readonly OracleRow[][],
  fields: readonly ("matterName" | "description")[],
): void {
  for (const group of groups) {
    for (const field of fields) {
      const counted = group
        .map((row) => row.texts[field])
        .filter((value) => value !== null || field === "description");
      if (new Set(counted).size > 1) for (const row of group) mark(row, field);
    }
  }
}

function groupBy(rows: readonly OracleRow[], keyOf: (row: OracleRow) => string | null) {
  const groups = new Map<string, OracleRow[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}
