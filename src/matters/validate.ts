import { cellValue, isBlankRecord } from "../csv/cells";
import type { CsvInput } from "../csv/read";
import { usDateParser } from "../values/dates";
import { emailKey } from "../values/email";
import {
  MATTER_COLUMNS,
  MATTER_FIELD_BIT,
  MATTER_FIELDS,
  type MatterColumn,
  type MatterField,
  type MatterRuleContext,
} from "./columns";
import type { MatterValidationResult } from "./result";
import { type DraftMatterRow, markFailed, type ValidatedMatterRow } from "./row";
import { applyCrossRowRules, type MatterRuleSet } from "./rule-sets";
import { type MatterSheet, readMatterSheet } from "./sheet";

/** Which rule set to validate with (upsert or legacy) and the addresses of the Perform members. */
export interface MatterValidationOptions {
  ruleSet: MatterRuleSet;
  /** Addresses of the organization's Perform members (any role). */
  performMemberEmails: readonly string[];
}

/** The validator's body, plus the rows ready for planning when every row passed. */
export type MatterCheck =
  | { ok: true; rows: ValidatedMatterRow[]; result: MatterValidationResult }
  | { ok: false; result: MatterValidationResult };

/**
 * The matter validators' 200 body, exactly: `numValidRows`, `rowErrors`, `fileError`. Pure and
 * total; persists nothing.
 */
export function validateMatterCsv(
  input: CsvInput,
  options: MatterValidationOptions,
): MatterValidationResult {
  return checkMatterCsv(input, options).result;
}

/** {@link validateMatterCsv}, also handing back the validated rows for planning. */
export function checkMatterCsv(input: CsvInput, options: MatterValidationOptions): MatterCheck {
  const read = readMatterSheet(input);
  return read.ok ? checkMatterSheet(read.sheet, options) : read;
}

/** The row half of {@link checkMatterCsv}, for callers that read the sheet first. */
export function checkMatterSheet(
  sheet: MatterSheet,
  options: MatterValidationOptions,
): MatterCheck {
  const context: MatterRuleContext = {
    performMembers: performMembersByAddress(options.performMemberEmails),
    usDate: usDateParser(),
  };
  // Where each column sits, worked out once: rows are read by the ten thousand.
  const plan = MATTER_FIELDS.map((field) => ({
    field,
    definition: MATTER_COLUMNS[field] as MatterColumn<unknown>,
    position: sheet.positions.get(MATTER_COLUMNS[field].header) as number,
  }));
  const rows: DraftMatterRow[] = [];
  const { records } = sheet;
  for (let index = 0; index < records.length; index++) {
    const record = records[index] as string[];
    if (!isBlankRecord(record)) rows.push(readRow(index + 1, record, plan, context));
  }
  applyCrossRowRules(rows, options.ruleSet);

  const failing = rows.filter((row) => row.failed !== 0);
  const result: MatterValidationResult = {
    numValidRows: rows.length - failing.length,
    rowErrors: failing.map((row) => ({
      rowNumber: row.rowNumber,
      columnsWithErrors: MATTER_FIELDS.filter(
        (field) => (row.failed & MATTER_FIELD_BIT[field]) !== 0,
      ).map((field) => MATTER_COLUMNS[field].header),
    })),
    fileError: null,
  };
  if (failing.length > 0) return { ok: false, result };
  return {
    ok: true,
    result,
    rows: rows.map((row) => row.values as ValidatedMatterRow),
  };
}

/** Lower-cased address to stored spelling, and each stored spelling to the same answer. */
function performMembersByAddress(emails: readonly string[]): Map<string, string> {
  const byKey = new Map(emails.map((email) => [emailKey(email), email]));
  for (const email of emails) byKey.set(email, byKey.get(emailKey(email)) as string);
  return byKey;
}

function readRow(
  rowNumber: number,
  record: readonly string[],
  plan: readonly { field: MatterField; definition: MatterColumn<unknown>; position: number }[],
  context: MatterRuleContext,
): DraftMatterRow {
  const row: DraftMatterRow = {
    rowNumber,
    texts: {} as DraftMatterRow["texts"],
    values: { rowNumber },
    failed: 0,
  };
  for (const { field, definition, position } of plan) {
    const text = cellValue(record[position]);
    row.texts[field] = text;
    if (text === null) {
      if (definition.required) markFailed(row, field);
      else (row.values as Record<string, unknown>)[field] = null;
      continue;
    }
    const value = definition.parse(text, context);
    if (value === undefined) markFailed(row, field);
    else (row.values as Record<string, unknown>)[field] = value;
  }
  const { startDate, endDate } = row.values;
  // ISO dates compare correctly as strings.
  if (typeof startDate === "string" && typeof endDate === "string" && startDate > endDate) {
    markFailed(row, "startDate");
    markFailed(row, "endDate");
  }
  return row;
}

export type { MatterField, MatterRuleSet };
