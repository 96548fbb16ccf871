import type { CsvInput } from "../csv/read";
import type { PartialMessageCatalog } from "../messages/catalog";
import { drainSteps, ROWS_PER_STEP, type Steps } from "../runtime/steps";
import { usDateParser } from "../values/dates";
import { emailKey } from "../values/email";
import {
  MATTER_COLUMNS,
  MATTER_HEADER_INDEX,
  type MatterColumn,
  type MatterField,
  type MatterRuleContext,
} from "./columns";
import type { MatterCellProblem, MatterCellReason } from "./problems";
import { endBeforeStartReason, requiredReason } from "./reasons";
import type { MatterValidationResult } from "./result";
import { type DraftMatterRow, reportProblem, type ValidatedMatterRow } from "./row";
import { matterRowErrors } from "./row-errors";
import { applyCrossRowRules, type MatterRuleSet } from "./rule-sets";
import {
  type MatterRowTexts,
  type MatterSheet,
  matterSheetRowTexts,
  readMatterRowTextSteps,
} from "./sheet";

/** Which rule set to validate with (upsert or legacy) and the addresses of the Perform members. */
export interface MatterValidationOptions {
  ruleSet: MatterRuleSet;
  /** Addresses of the organization's Perform members (any role). */
  performMemberEmails: readonly string[];
  /**
   * The host's words for the reasons' messages and the file error's description
   * (`defineMessages`); English for every key it leaves out.
   */
  messages?: PartialMessageCatalog;
}

/**
 * The validator's body, every cell problem with its reason (by row, then the spec's column
 * order; none for a file error), and the rows ready for planning when every row passed. The
 * body's `rowErrors` are derived from `problems`.
 */
export type MatterCheck =
  | {
      ok: true;
      rows: ValidatedMatterRow[];
      result: MatterValidationResult;
      problems: readonly MatterCellProblem[];
    }
  | { ok: false; result: MatterValidationResult; problems: readonly MatterCellProblem[] };

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
  return drainSteps(checkMatterCsvSteps(input, options));
}

/**
 * {@link checkMatterCsv} in steps (of `sliceBytes` of the file while it is read, of
 * `ROWS_PER_STEP` rows after): what the synchronous and the paced checks both run.
 */
export function* checkMatterCsvSteps(
  input: CsvInput,
  options: MatterValidationOptions,
  sliceBytes?: number,
): Steps<MatterCheck> {
  const read = yield* readMatterRowTextSteps(input, sliceBytes, options.messages);
  if (!read.ok) return matterFileErrorCheck(read.result);
  return yield* checkMatterRowSteps(read.rows, options);
}

/** The check of a file refused as a whole: its body, and no cell problems. */
export function matterFileErrorCheck(result: MatterValidationResult): MatterCheck {
  return { ok: false, result, problems: [] };
}

/** The row half of {@link checkMatterCsv}, for callers that read the sheet first. */
export function checkMatterSheet(
  sheet: MatterSheet,
  options: MatterValidationOptions,
): MatterCheck {
  return checkMatterRows(matterSheetRowTexts(sheet), options);
}

/** The row half of {@link checkMatterCsv}, on rows `readMatterRowTexts` read. */
export function checkMatterRows(
  texts: readonly MatterRowTexts[],
  options: MatterValidationOptions,
): MatterCheck {
  return drainSteps(checkMatterRowSteps(texts, options));
}

/**
 * {@link checkMatterRows} in steps of {@link ROWS_PER_STEP} rows, for a service that lets other
 * work run between them. The answer is the same.
 */
export function* checkMatterRowSteps(
  texts: readonly MatterRowTexts[],
  options: MatterValidationOptions,
): Steps<MatterCheck> {
  const rules: MatterRuleContext = {
    performMembers: performMembersByAddress(options.performMemberEmails),
    usDate: rememberedDates(usDateParser()),
    messages: options.messages,
  };
  // A file repeats its mistakes (one wrong date format in every row): each is explained once.
  const explained = new Map<string, MatterCellReason>();
  const context: RowContext = {
    ...rules,
    explain: (field, text) => {
      const key = `${field}\u0000${text}`;
      let reason = explained.get(key);
      if (reason === undefined) {
        reason = (MATTER_COLUMNS[field] as MatterColumn<unknown>).explain(text, rules);
        explained.set(key, reason);
      }
      return reason;
    },
  };
  const rows: DraftMatterRow[] = [];
  for (let index = 0; index < texts.length; index++) {
    rows.push(readRow(texts[index] as MatterRowTexts, context));
    if ((index + 1) % ROWS_PER_STEP === 0) yield;
  }
  yield;
  applyCrossRowRules(rows, options.ruleSet, options.messages);
  yield;

  const problems: MatterCellProblem[] = [];
  for (const row of rows) {
    if (row.problems === null) continue;
    // Stable: a cell's own rule before the cross-row rules that found it later.
    row.problems.sort((a, b) => MATTER_HEADER_INDEX[a.column] - MATTER_HEADER_INDEX[b.column]);
    for (const problem of row.problems) problems.push(problem);
  }
  const rowErrors = matterRowErrors(problems);
  const result: MatterValidationResult = {
    numValidRows: rows.length - rowErrors.length,
    rowErrors,
    fileError: null,
  };
  if (problems.length > 0) return { ok: false, result, problems };
  return {
    ok: true,
    result,
    problems,
    rows: rows.map((row) => row.values as ValidatedMatterRow),
  };
}

/** `parse`, remembering each text's answer: a file repeats a few hundred dates across its rows. */
function rememberedDates(
  parse: (text: string) => string | undefined,
): (text: string) => string | undefined {
  const seen = new Map<string, string | null>();
  return (text) => {
    const known = seen.get(text);
    if (known !== undefined) return known ?? undefined;
    const date = parse(text);
    seen.set(text, date ?? null);
    return date;
  };
}

/** Lower-cased address to stored spelling, and each stored spelling to the same answer. */
function performMembersByAddress(emails: readonly string[]): Map<string, string> {
  const byKey = new Map(emails.map((email) => [emailKey(email), email]));
  for (const email of emails) byKey.set(email, byKey.get(emailKey(email)) as string);
  return byKey;
}

/** The column rules' context, and their reasons for failing cells, remembered for the file. */
interface RowContext extends MatterRuleContext {
  explain: (field: MatterField, text: string) => MatterCellReason;
}

/** A row's values while its cells are read: nothing reads them before they are set. */
const PENDING: DraftMatterRow["values"] = Object.freeze({ rowNumber: 0 });

function readRow({ rowNumber, texts }: MatterRowTexts, context: RowContext): DraftMatterRow {
  const row: DraftMatterRow = { rowNumber, texts, values: PENDING, problems: null };
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
    const reason = endBeforeStartReason(
      texts.startDate as string,
      texts.endDate as string,
      context.messages,
    );
    reportProblem(row, "startDate", reason);
    reportProblem(row, "endDate", reason);
  }
  return row;
}

/** A cell's value by its column's rule: `null` when blank and optional, `undefined` when failed. */
function readCell<F extends MatterField>(
  row: DraftMatterRow,
  field: F,
  text: string | null,
  context: RowContext,
): ValidatedMatterRow[F] | undefined {
  const definition = MATTER_COLUMNS[field] as MatterColumn<ValidatedMatterRow[F]>;
  if (text === null) {
    if (!definition.required) return null as ValidatedMatterRow[F];
    reportProblem(row, field, requiredReason(definition.header, context.messages));
    return undefined;
  }
  const value = definition.parse(text, context);
  if (value === undefined) reportProblem(row, field, context.explain(field, text));
  return value;
}

export type { MatterField, MatterRuleSet };
