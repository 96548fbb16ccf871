import { cellValue, isBlankRecord } from "../csv/cells";
import type { Member } from "../store/snapshot";
import { emailKey } from "../values/email";
import { guardActorChanges } from "./actor-guard";
import {
  columnApplies,
  MEMBER_COLUMNS,
  MEMBER_FIELDS,
  type MemberColumn,
  type MemberField,
  type MemberHeader,
} from "./columns";
import { DuplicateValues } from "./duplicates";
import { MemberRowErrorType } from "./errors";
import { reportExternalUsers } from "./external-users";
import { resolveNewEmails } from "./new-email";
import { checkOffice } from "./office";
import { CellProblem } from "./problem";
import { reportBadReferences } from "./references";
import type { MemberRowColumnError, MemberValidationResult } from "./result";
import { blankMemberValues, type DraftMemberRow, type ValidatedMemberRow } from "./row";
import type { MemberRuleContext } from "./rule-context";
import { checkSsoRequirement } from "./sso";

const OFFICE_FIELDS: readonly MemberField[] = ["officeCity", "officeState", "officeCountry"];

/** The verdict on a member file: the 400 body, or every row ready for planning. */
export type MemberValidation =
  | { ok: true; rows: ValidatedMemberRow[]; columns: ReadonlySet<MemberHeader> }
  | { ok: false; result: MemberValidationResult };

interface CellPlan {
  field: MemberField;
  definition: MemberColumn<unknown>;
  position: number;
}

/**
 * Member rows in two phases. {@link read} applies every rule of a single row as each record
 * arrives, so the record can be dropped at once; {@link finish} applies the rules that need the
 * stored members or the whole file (matches, duplicates, references, New Email, SSO ID).
 */
export class MemberRowValidator {
  readonly #rules: MemberRuleContext;
  readonly #positions: ReadonlyMap<MemberHeader, number>;
  readonly #fields: readonly MemberField[];
  // Resolved once per file: rows are validated by the ten thousand.
  readonly #plan: readonly CellPlan[];
  readonly #officePresent: boolean;
  readonly #mentorPosition: number | undefined;
  readonly #errors = new RowErrorCollector();
  readonly #rows: DraftMemberRow[] = [];

  constructor(positions: ReadonlyMap<MemberHeader, number>, rules: MemberRuleContext) {
    this.#rules = rules;
    this.#positions = positions;
    this.#fields = MEMBER_FIELDS.filter(
      (field) => positions.has(MEMBER_COLUMNS[field].header) && columnApplies(field, rules),
    );
    this.#officePresent = OFFICE_FIELDS.some((field) => this.#fields.includes(field));
    this.#plan = this.#fields
      .filter((field) => !OFFICE_FIELDS.includes(field))
      .map((field) => ({
        field,
        definition: MEMBER_COLUMNS[field],
        position: positions.get(MEMBER_COLUMNS[field].header) as number,
      }));
    this.#mentorPosition = this.#fields.includes("mentorEmails")
      ? positions.get("Mentor Emails")
      : undefined;
  }

  /** Applies the single-row rules to one data record; `rowNumber` is the spec's (1-based). */
  read(record: readonly string[], rowNumber: number): void {
    if (isBlankRecord(record)) return;
    const row: DraftMemberRow = {
      rowNumber,
      values: blankMemberValues(),
      existing: null,
      emailKey: null,
    };
    for (const cell of this.#plan) this.#readCell(row, record, cell);
    if (this.#officePresent) this.#applyOfficeRule(row, record);
    if (this.#mentorPosition !== undefined && Array.isArray(row.values.mentorEmails)) {
      row.mentorText = cellValue(record[this.#mentorPosition]) ?? "";
    }
    if (typeof row.values.email === "string") row.emailKey = emailKey(row.values.email);
    this.#rows.push(row);
  }

  /**
   * Every address the rows name (Email, New Email, Manager Email, Mentor Emails), lower-cased
   * and unique: what a service loads stored members and other organizations' users by.
   */
  addresses(): string[] {
    const addresses = new Set<string>();
    const add = (address: unknown) => {
      if (typeof address === "string") addresses.add(emailKey(address));
    };
    for (const row of this.#rows) {
      if (row.emailKey !== null) addresses.add(row.emailKey);
      add(row.values.newEmail);
      add(row.values.managerEmail);
      for (const mentor of row.values.mentorEmails ?? []) add(mentor);
    }
    return [...addresses];
  }

  /** The cross-row rules, then the verdict. */
  finish(members: readonly Member[], externalUserEmails: readonly string[]): MemberValidation {
    const rows = this.#rows;
    const report = this.#errors.report;
    const rules = this.#rules;
    const stored = this.#storedByAddress(members);
    const ssoPresent = { ssoId: this.#has("ssoId"), useMfa: this.#has("useMfa") };
    const emails = new DuplicateValues("email", "Email");
    const employeeIds = new DuplicateValues("employeeId", "Employee ID");
    // Filled here rather than while reading: a large map taking in freshly parsed values on every
    // record made the garbage collector track each insertion, tripling the cost of this pass.
    for (const row of rows) {
      if (row.emailKey !== null) {
        row.existing = stored.get(row.emailKey) ?? null;
        emails.note(row, row.emailKey);
      }
      const employeeId = row.values.employeeId;
      if (typeof employeeId === "string") employeeIds.note(row, employeeId.toLowerCase());
      if (rules.ssoIdApplies) {
        const problem = checkSsoRequirement(row, ssoPresent);
        if (problem !== undefined) report(row, "ssoId", problem);
      }
    }
    emails.report(report);
    employeeIds.report(report);
    const external = new Set(externalUserEmails.map(emailKey));
    reportExternalUsers(rows, external, report);
    if (this.#has("newEmail")) {
      const isTaken = (key: string) => stored.has(key) || external.has(key) || emails.has(key);
      resolveNewEmails(rows, isTaken, report);
    }
    if (rules.actor !== null) guardActorChanges(rows, rules.actor, rules.product, report);
    if (this.#has("managerEmail") || this.#has("mentorEmails")) {
      const movedTo = new Set<string>();
      for (const row of rows) {
        if (typeof row.values.newEmail === "string") movedTo.add(emailKey(row.values.newEmail));
      }
      // A manager or mentor is a member already stored or any row of the file, by either address.
      const isKnown = (key: string) => stored.has(key) || emails.has(key) || movedTo.has(key);
      reportBadReferences(rows, isKnown, (key) => emails.repeated(key), report);
    }

    if (this.#errors.size > 0) {
      return { ok: false, result: { fileError: null, rowColumnErrors: this.#errors.sorted() } };
    }
    const columns = new Set(this.#fields.map((field) => MEMBER_COLUMNS[field].header));
    return { ok: true, rows: rows.map(finishRow), columns };
  }

  /**
   * Stored members by lower-cased address. Only addresses the file names can be looked up, so a
   * directory larger than the file is filtered by them rather than indexed whole: validating a
   * small file against a large organization then costs little more than the file.
   */
  #storedByAddress(members: readonly Member[]): Map<string, Member> {
    const stored = new Map<string, Member>();
    const named = members.length > this.#rows.length ? new Set(this.addresses()) : null;
    for (const member of members) {
      const key = emailKey(member.email);
      if (named === null || named.has(key)) stored.set(key, member);
    }
    return stored;
  }

  #has(field: MemberField): boolean {
    return this.#fields.includes(field);
  }

  #readCell(row: DraftMemberRow, record: readonly string[], cell: CellPlan): void {
    const { field, definition } = cell;
    const text = cellValue(record[cell.position]);
    if (text === null) {
      if (definition.required) {
        this.#errors.reportCell(
          row,
          field,
          new CellProblem(
            MemberRowErrorType.EMPTY_REQUIRED_VALUE,
            `${definition.header} is required.`,
          ),
          "",
        );
      } else {
        (row.values as Record<string, unknown>)[field] = null;
      }
      return;
    }
    const value = definition.parse(text, this.#rules);
    if (value instanceof CellProblem) this.#errors.reportCell(row, field, value, text);
    else (row.values as Record<string, unknown>)[field] = value;
  }

  /** The office columns are read as one unit (spec: office rules), not cell by cell. */
  #applyOfficeRule(row: DraftMemberRow, record: readonly string[]): void {
    const cell = (header: MemberHeader) => {
      const position = this.#positions.get(header);
      return position === undefined ? null : cellValue(record[position]);
    };
    const city = cell("Office City");
    const state = cell("Office State (US Only)");
    const country = cell("Office Country (Non-US Only)");
    const verdict = checkOffice(city, state, country, this.#rules.offices);
    if (verdict.ok) {
      row.office = verdict.office;
      return;
    }
    const texts = { officeCity: city, officeState: state, officeCountry: country };
    for (const { field, problem } of verdict.problems) {
      this.#errors.reportCell(row, field, problem, texts[field] ?? "");
    }
  }
}

/** Turns a draft into its validated row in place: rows are validated by the ten thousand. */
function finishRow(row: DraftMemberRow): ValidatedMemberRow {
  const validated = row.values as ValidatedMemberRow & { newEmail?: string | null };
  validated.rowNumber = row.rowNumber;
  validated.existing = row.existing;
  if (row.office !== undefined) validated.office = row.office;
  // Assigned rather than deleted: deleting a property turns the object into a slow dictionary,
  // and every row of a file with a blank New Email column has one to drop.
  if (validated.newEmail === null) validated.newEmail = undefined;
  return validated;
}

/** Row errors in the 400 body's order: by row, then by the spec's column order; one per cell. */
class RowErrorCollector {
  readonly #errors = new Map<string, { order: number; error: MemberRowColumnError }>();

  /** A cross-row rule's report: the cell's value is the row's parsed text for that column. */
  readonly report = (row: DraftMemberRow, field: MemberField, problem: CellProblem): void => {
    const value =
      field === "mentorEmails" ? row.mentorText : row.values[field as keyof typeof row.values];
    this.reportCell(row, field, problem, typeof value === "string" ? value : "");
  };

  /** A single-row rule's report, with the cell's trimmed text. */
  reportCell(row: DraftMemberRow, field: MemberField, problem: CellProblem, value: string): void {
    const key = `${row.rowNumber}:${field}`;
    if (this.#errors.has(key)) return;
    this.#errors.set(key, {
      order: row.rowNumber * MEMBER_FIELDS.length + MEMBER_FIELDS.indexOf(field),
      error: {
        rowNumber: row.rowNumber,
        columnName: MEMBER_COLUMNS[field].header,
        value,
        type: problem.type,
        message: problem.message,
      },
    });
  }

  get size(): number {
    return this.#errors.size;
  }

  sorted(): MemberRowColumnError[] {
    return [...this.#errors.values()].sort((a, b) => a.order - b.order).map((entry) => entry.error);
  }
}
