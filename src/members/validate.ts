import { type CheckedCsv, type CsvInput, MAX_CSV_BYTES } from "../csv/read";
import type { Member } from "../domain/member";
import type { OrganizationProfile } from "../domain/organization";
import type { Product } from "../domain/products";
import type { PartialMessageCatalog } from "../messages/catalog";
import { drainSteps, type Steps } from "../runtime/steps";
import type { MemberValidationResult } from "./result";
import { MemberRowValidator, type MemberValidation } from "./row-validator";
import { createMemberRuleContext, type MemberRuleContext } from "./rule-context";
import { type MemberSheet, streamMemberSheetSteps } from "./sheet";

export type { MemberValidation } from "./row-validator";

/** What member validation needs besides the file. */
export interface MemberValidationContext {
  product: Product;
  organization: OrganizationProfile;
  /**
   * Members of the organization. Only those whose address the file mentions matter, so a caller
   * may pass just those (see {@link memberSheetAddresses}).
   */
  members: readonly Member[];
  /** Addresses of users in other organizations that the file mentions. */
  externalUserEmails?: readonly string[];
  /** The current time: the year rules are relative to it. */
  now: Date;
  /** The file size limit; the interface's 10 MiB unless a library caller needs more. */
  maxBytes?: number;
  /** The host's words for the 400 body's messages (`defineMessages`); English for every key it leaves out. */
  messages?: PartialMessageCatalog;
}

/**
 * Validates a member CSV against the spec's every file, column and cross-row rule. Pure and
 * total: bad input of any kind comes back as the spec's 400 body, never as a throw. Each row is
 * checked as it is parsed and its record let go, so the file never sits in memory as a table.
 */
export function validateMemberCsv(
  input: CsvInput,
  context: MemberValidationContext,
): MemberValidation {
  return drainSteps(validateMemberCsvSteps(input, context));
}

/**
 * {@link validateMemberCsv} in steps (of `sliceBytes` of the file while it is read, of
 * `ROWS_PER_STEP` rows after): what the synchronous and the paced validators both run.
 */
export function* validateMemberCsvSteps(
  input: CsvInput,
  context: MemberValidationContext,
  sliceBytes?: number,
): Steps<MemberValidation> {
  const read = yield* readMemberRowSteps(input, rulesOf(context), context.maxBytes, sliceBytes);
  if (!read.ok) return read;
  return yield* read.rows.finishSteps(context.members, context.externalUserEmails ?? []);
}

/**
 * The file checks and every single-row rule, record by record as the file is parsed; the rules
 * that need stored members are left to the answer's `finish`.
 */
export function readMemberRows(
  input: CsvInput | CheckedCsv,
  rules: MemberRuleContext,
  maxBytes: number = MAX_CSV_BYTES,
): MemberRowsRead {
  return drainSteps(readMemberRowSteps(input, rules, maxBytes));
}

/** What {@link readMemberRows} answers: the rows awaiting `finish`, or the 400 body. */
export type MemberRowsRead =
  | { ok: true; rows: MemberRowValidator }
  | { ok: false; result: MemberValidationResult };

/**
 * {@link readMemberRows} in steps of `sliceBytes` of the file (see `parseCsvRecordSteps`).
 * `onRows` is handed the validator as soon as the header is read, so a caller can see the rows
 * read so far between two steps.
 */
export function* readMemberRowSteps(
  input: CsvInput | CheckedCsv,
  rules: MemberRuleContext,
  maxBytes: number = MAX_CSV_BYTES,
  sliceBytes?: number,
  onRows?: (rows: MemberRowValidator) => void,
): Steps<MemberRowsRead> {
  let validator: MemberRowValidator | undefined;
  const read = yield* streamMemberSheetSteps(
    input,
    maxBytes,
    (positions) => {
      const rows = new MemberRowValidator(positions, rules);
      validator = rows;
      onRows?.(rows);
      return (record, rowNumber) => rows.read(record, rowNumber);
    },
    sliceBytes,
    rules.messages,
  );
  if (!read.ok) return read;
  return { ok: true, rows: validator as MemberRowValidator };
}

/** The row half of {@link validateMemberCsv}, for callers that read the sheet first. */
export function validateMemberSheet(
  sheet: MemberSheet,
  context: MemberValidationContext,
): MemberValidation {
  const rules = rulesOf(context);
  const validator = new MemberRowValidator(sheet.positions, rules);
  sheet.records.forEach((record, index) => {
    validator.read(record, index + 1);
  });
  return validator.finish(context.members, context.externalUserEmails ?? []);
}

/** The rule context of a validation without an acting member. */
function rulesOf(context: MemberValidationContext): MemberRuleContext {
  return createMemberRuleContext(
    context.organization,
    context.product,
    context.now,
    null,
    context.messages,
  );
}
