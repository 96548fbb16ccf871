import { cellValue, isBlankRecord } from "../csv/cells";
import type { CsvInput } from "../csv/read";
import type { Product } from "../store/products";
import type { Member, OrganizationProfile } from "../store/snapshot";
import { emailKey } from "../values/email";
import {
  columnApplies,
  MEMBER_COLUMNS,
  MEMBER_FIELDS,
  type MemberColumn,
  type MemberField,
  type MemberHeader,
} from "./columns";
import { reportDuplicates } from "./duplicates";
import { MemberRowErrorType } from "./errors";
import { reportExternalUsers } from "./external-users";
import { resolveNewEmails } from "./new-email";
import { checkOffice } from "./office";
import { CellProblem } from "./problem";
import { reportBadReferences } from "./references";
import type { MemberRowColumnError, MemberValidationResult } from "./result";
import type { DraftMemberRow, ValidatedMemberRow } from "./row";
import { createMemberRuleContext, type MemberRuleContext } from "./rule-context";
import { type MemberSheet, readMemberSheet } from "./sheet";
import { checkSsoRequirement } from "./sso";

const OFFICE_FIELDS: readonly MemberField[] = ["officeCity", "officeState", "officeCountry"];

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
}

/** The verdict on a member file: the 400 body, or every row ready for planning. */
export type MemberValidation =
  | { ok: true; rows: ValidatedMemberRow[]; columns: ReadonlySet<MemberHeader> }
  | { ok: false; result: MemberValidationResult };

/**
 * Validates a member CSV against the spec's every file, column and cross-row rule. Pure and
 * total: bad input of any kind comes back as the spec's 400 body, never as a throw.
 */
export function validateMemberCsv(
  input: CsvInput,
  context: MemberValidationContext,
): MemberValidation {
  const read = readMemberSheet(input, context.maxBytes);
  return read.ok ? validateMemberSheet(read.sheet, context) : read;
}

/** The row half of {@link validateMemberCsv}, for callers that read the sheet first. */
export function validateMemberSheet(
  sheet: MemberSheet,
  context: MemberValidationContext,
): MemberValidation {
  const rules = createMemberRuleContext(context.organization, context.product, context.now);
  const fields = MEMBER_FIELDS.filter(
    (field) => sheet.positions.has(MEMBER_COLUMNS[field].header) && columnApplies(field, rules),
  );
  const has = (field: MemberField) => fields.includes(field);
  const officePresent = OFFICE_FIELDS.some(has);
  // Resolved once per file: rows are validated by the ten thousand.
  const plan: CellPlan[] = fields
    .filter((field) => !OFFICE_FIELDS.includes(field))
    .map((field) => ({
      field,
      definition: MEMBER_COLUMNS[field],
      position: sheet.positions.get(MEMBER_COLUMNS[field].header) as number,
    }));
  const ssoPresent = { ssoId: has("ssoId"), useMfa: has("useMfa") };
  const officePositions: OfficePositions = {
    city: sheet.positions.get("Office City"),
    state: sheet.positions.get("Office State (US Only)"),
    country: sheet.positions.get("Office Country (Non-US Only)"),
  };
  const members = new Map(context.members.map((member) => [emailKey(member.email), member]));
  const errors = new RowErrorCollector(sheet);

  const rows: DraftMemberRow[] = [];
  sheet.records.forEach((record, index) => {
    if (isBlankRecord(record)) return;
    const row: DraftMemberRow = {
      rowNumber: index + 1,
      record,
      values: {},
      existing: null,
      emailKey: null,
    };
    for (const cell of plan) readCell(row, cell, rules, errors.report);
    if (officePresent) applyOfficeRule(row, officePositions, rules, errors.report);
    const email = row.values.email;
    if (typeof email === "string") {
      row.emailKey = emailKey(email);
      row.existing = members.get(row.emailKey) ?? null;
    }
    if (rules.ssoIdApplies) {
      const problem = checkSsoRequirement(row, ssoPresent);
      if (problem !== undefined) errors.report(row, "ssoId", problem);
    }
    rows.push(row);
  });

  reportDuplicates(rows, "email", "Email", errors.report);
  reportDuplicates(rows, "employeeId", "Employee ID", errors.report);
  const external = new Set((context.externalUserEmails ?? []).map(emailKey));
  reportExternalUsers(rows, external, errors.report);
  if (has("newEmail"))
    resolveNewEmails(rows, new Set([...members.keys(), ...external]), errors.report);
  if (has("managerEmail") || has("mentorEmails")) {
    reportBadReferences(rows, knownAddresses(rows, members.keys()), errors.report);
  }

  if (errors.size > 0)
    return { ok: false, result: { fileError: null, rowColumnErrors: errors.sorted() } };
  const columns = new Set(fields.map((field) => MEMBER_COLUMNS[field].header));
  return { ok: true, rows: rows.map(finishRow), columns };
}

interface CellPlan {
  field: MemberField;
  definition: MemberColumn<unknown>;
  position: number;
}

function readCell(
  row: DraftMemberRow,
  cell: CellPlan,
  rules: MemberRuleContext,
  report: (row: DraftMemberRow, field: MemberField, problem: CellProblem) => void,
): void {
  const { field, definition } = cell;
  const text = cellValue(row.record[cell.position]);
  if (text === null) {
    if (definition.required) {
      report(
        row,
        field,
        new CellProblem(
          MemberRowErrorType.EMPTY_REQUIRED_VALUE,
          `${definition.header} is required.`,
        ),
      );
    } else {
      (row.values as Record<string, unknown>)[field] = null;
    }
    return;
  }
  const value = definition.parse(text, rules);
  if (value instanceof CellProblem) report(row, field, value);
  else (row.values as Record<string, unknown>)[field] = value;
}

/** The office columns are read as one unit (spec: office rules), not cell by cell. */
function applyOfficeRule(
  row: DraftMemberRow,
  positions: OfficePositions,
  rules: MemberRuleContext,
  report: (row: DraftMemberRow, field: MemberField, problem: CellProblem) => void,
): void {
  const cell = (position: number | undefined) =>
    position === undefined ? null : cellValue(row.record[position]);
  const verdict = checkOffice(
    cell(positions.city),
    cell(positions.state),
    cell(positions.country),
    rules.offices,
  );
  if (verdict.ok) row.office = verdict.office;
  else for (const { field, problem } of verdict.problems) report(row, field, problem);
}

interface OfficePositions {
  city: number | undefined;
  state: number | undefined;
  country: number | undefined;
}

/** Addresses a manager or mentor may name: members already stored and every row of the file. */
function knownAddresses(rows: readonly DraftMemberRow[], stored: Iterable<string>): Set<string> {
  const known = new Set(stored);
  for (const row of rows) {
    if (row.emailKey !== null) known.add(row.emailKey);
    if (typeof row.values.newEmail === "string") known.add(emailKey(row.values.newEmail));
  }
  return known;
}

/** Turns a draft into its validated row in place: rows are validated by the ten thousand. */
function finishRow(row: DraftMemberRow): ValidatedMemberRow {
  const validated = row.values as ValidatedMemberRow & { newEmail?: string | null };
  validated.rowNumber = row.rowNumber;
  validated.existing = row.existing;
  if (row.office !== undefined) validated.office = row.office;
  if (validated.newEmail === null) delete validated.newEmail;
  return validated;
}

/** Row errors in the 400 body's order: by row, then by the spec's column order; one per cell. */
class RowErrorCollector {
  readonly #errors = new Map<string, { order: number; error: MemberRowColumnError }>();
  readonly #sheet: MemberSheet;

  constructor(sheet: MemberSheet) {
    this.#sheet = sheet;
  }

  readonly report = (row: DraftMemberRow, field: MemberField, problem: CellProblem): void => {
    const key = `${row.rowNumber}:${field}`;
    if (this.#errors.has(key)) return;
    const header = MEMBER_COLUMNS[field].header;
    const position = this.#sheet.positions.get(header);
    const value = position === undefined ? "" : (row.record[position] ?? "").trim();
    this.#errors.set(key, {
      order: row.rowNumber * MEMBER_FIELDS.length + MEMBER_FIELDS.indexOf(field),
      error: {
        rowNumber: row.rowNumber,
        columnName: header,
        value,
        type: problem.type,
        message: problem.message,
      },
    });
  };

  get size(): number {
    return this.#errors.size;
  }

  sorted(): MemberRowColumnError[] {
    return [...this.#errors.values()].sort((a, b) => a.order - b.order).map((entry) => entry.error);
  }
}
