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
import {
  type MatterRowTexts,
  type MatterSheet,
  matterSheetRowTexts,
  readMatterRowTexts,
} from "./sheet";

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
  const read = readMatterRowTexts(input);
  return read.ok ? checkMatterRows(read.rows, options) : read;
}

/** The row half of {@link checkMatterCsv}, for callers that read the sheet first. */
export function checkMatterSheet(
  sheet: MatterSheet,
  options: MatterValidationOptions,
): MatterCheck {
  return checkMatterRows(matterSheetRowTexts(sheet), options);
}

/** The row half of {@link checkMatterCsv}, on rows {@link readMatterRowTexts} read. */
export function checkMatterRows(
  texts: readonly MatterRowTexts[],
  options: MatterValidationOptions,
): MatterCheck {
  const context: MatterRuleContext = {
    performMembers: performMembersByAddress(options.performMemberEmails),
    usDate: usDateParser(),
  };
  const rows: DraftMatterRow[] = texts.map((row) => readRow(row, context));
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

function readRow({ rowNumber, texts }: MatterRowTexts, context: MatterRuleContext): DraftMatterRow {
  const row: DraftMatterRow = { rowNumber, texts, values: { rowNumber }, failed: 0 };
  // One literal in one fixed shape, in the catalogue's order (a failed cell is `undefined`):
  // rows are read by the ten thousand.
  const values = {
    rowNumber,
    matterId: readCell(row, "matterId", texts.matterId, context),
    matterName: readCell(row, "matterName", texts.matterName, context),
    attorneyEmail: readCell(row, "attorneyEmail", texts.attorneyEmail, context),
    billingAttorneyEmail: readCell(
      row,
      "billingAttorneyEmail",
      texts.billingAttorneyEmail,
      context,
    ),
    startDate: readCell(row, "startDate", texts.startDate, context),
    endDate: readCell(row, "endDate", texts.endDate, context),
    hoursBilled: readCell(row, "hoursBilled", texts.hoursBilled, context),
    clientName: readCell(row, "clientName", texts.clientName, context),
    description: readCell(row, "description", texts.description, context),
  };
  row.values = values as DraftMatterRow["values"];
  const { startDate, endDate } = values;
  // ISO dates compare correctly as strings.
  if (typeof startDate === "string" && typeof endDate === "string" && startDate > endDate) {
    markFailed(row, "startDate");
    markFailed(row, "endDate");
  }
  return row;
}

/** A cell's value by its column's rule: `null` when blank and optional, `undefined` when failed. */
function readCell<F extends MatterField>(
  row: DraftMatterRow,
  field: F,
  text: string | null,
  context: MatterRuleContext,
): ValidatedMatterRow[F] | undefined {
  const definition = MATTER_COLUMNS[field] as MatterColumn<ValidatedMatterRow[F]>;
  if (text === null) {
    if (!definition.required) return null as ValidatedMatterRow[F];
    markFailed(row, field);
    return undefined;
  }
  const value = definition.parse(text, context);
  if (value === undefined) markFailed(row, field);
  return value;
}

export type { MatterField, MatterRuleSet };
