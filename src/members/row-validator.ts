import { cellValue, isBlankRecord } from "../csv/cells";
import type { MemberHeader } from "../domain/headers";
import type { Member } from "../domain/member";
import type { Office } from "../domain/organization";
import { type MessageRef, type PartialMessageCatalog, renderMessageRef } from "../messages/catalog";
import { drainSteps, ROWS_PER_STEP, type Steps } from "../runtime/steps";
import { emailKey } from "../values/email";
import { guardActorChanges } from "./actor-guard";
import { AddressBook } from "./addresses";
import { columnApplies, MEMBER_COLUMNS, MEMBER_FIELDS, type MemberField } from "./columns";
import { DuplicateEmployeeIds } from "./duplicates";
import { MemberRowErrorType } from "./errors";
import { reportExternalUsers } from "./external-users";
import { resolveNewEmails } from "./new-email";
import { checkOffice, type OfficeField } from "./office";
import { CellProblem } from "./problem";
import { reportBadReferences } from "./references";
import type { MemberRowColumnError, MemberValidationResult } from "./result";
import type { DraftMemberRow, MemberCells, MemberCellValue, ValidatedMemberRow } from "./row";
import type { MemberRuleContext } from "./rule-context";
import { checkSsoRequirement } from "./sso";

const OFFICE_FIELDS: readonly MemberField[] = ["officeCity", "officeState", "officeCountry"];

/** The verdict on a member file: the 400 body, or every row ready for planning. */
export type MemberValidation =
  | { ok: true; rows: ValidatedMemberRow[]; columns: ReadonlySet<MemberHeader> }
  | { ok: false; result: MemberValidationResult };

/** A column the rows are read by, resolved once per file: rows are validated by the ten thousand. */
interface CellPlan<F extends ValueField> {
  field: F;
  header: MemberHeader;
  required: boolean;
  parse: (text: string, rules: MemberRuleContext) => MemberCellValue<F> | CellProblem;
  position: number;
}

/** The fields read cell by cell: all but the office columns, which are read as one unit. */
type ValueField = Exclude<MemberField, OfficeField>;

/** Each field's column, or `null` when the file lacks it or it does not count for this file. */
type CellPlans = { [F in ValueField]: CellPlan<F> | null };

/**
 * Member rows in two phases. {@link read} applies every rule of a single row as each record
 * arrives, so the record can be dropped at once; {@link finish} applies the rules that need the
 * stored members or the whole file (matches, duplicates, references, New Email, SSO ID).
 */
export class MemberRowValidator {
  readonly #rules: MemberRuleContext;
  readonly #fields: readonly MemberField[];
  readonly #plans: CellPlans;
  /** Where Office City, State and Country sit; all `-1` when the file has none of them. */
  readonly #officePositions: readonly [number, number, number];
  readonly #officePresent: boolean;
  readonly #mentorPosition: number | undefined;
  readonly #errors = new RowErrorCollector();
  readonly #rows: DraftMemberRow[] = [];
  /** The rows' addresses, once {@link addressSteps} or {@link finishSteps} gathered them. */
  #index: AddressBook | null = null;
  /** The address book of rows that passed every rule. */
  #book: AddressBook | null = null;

  constructor(positions: ReadonlyMap<MemberHeader, number>, rules: MemberRuleContext) {
    this.#rules = rules;
    this.#fields = MEMBER_FIELDS.filter(
      (field) => positions.has(MEMBER_COLUMNS[field].header) && columnApplies(field, rules),
    );
    this.#officePresent = OFFICE_FIELDS.some((field) => this.#fields.includes(field));
    const at = (header: MemberHeader) => positions.get(header) ?? -1;
    this.#officePositions = [
      at("Office City"),
      at("Office State (US Only)"),
      at("Office Country (Non-US Only)"),
    ];
    const plan = <F extends ValueField>(field: F): CellPlan<F> | null => {
      if (!this.#fields.includes(field)) return null;
      const definition = MEMBER_COLUMNS[field];
      return {
        field,
        header: definition.header,
        required: definition.required,
        parse: definition.parse as CellPlan<F>["parse"],
        position: positions.get(definition.header) as number,
      };
    };
    // One literal, so every file's plans have one shape whatever columns it has.
    this.#plans = {
      employeeId: plan("employeeId"),
      firstName: plan("firstName"),
      lastName: plan("lastName"),
      email: plan("email"),
      newEmail: plan("newEmail"),
      jobTitle: plan("jobTitle"),
      level: plan("level"),
      department: plan("department"),
      practiceArea: plan("practiceArea"),
      lawSchool: plan("lawSchool"),
      graduationYear: plan("graduationYear"),
      effectiveClassYear: plan("effectiveClassYear"),
      startDate: plan("startDate"),
      role: plan("role"),
      ssoId: plan("ssoId"),
      useMfa: plan("useMfa"),
      bioLink: plan("bioLink"),
      workArrangement: plan("workArrangement"),
      flsaStatus: plan("flsaStatus"),
      managerEmail: plan("managerEmail"),
      mentorEmails: plan("mentorEmails"),
    };
    this.#mentorPosition = this.#fields.includes("mentorEmails")
      ? positions.get("Mentor Emails")
      : undefined;
  }

  /**
   * What {@link read} gathered, as plain data a worker thread can post (structured clone): the
   * rows read and the single-row errors found. The arrays are the validator's own, not copies.
   */
  exportState(): MemberRowValidatorState {
    return { rows: this.#rows, errors: this.#errors.entries() };
  }

  /**
   * A validator that goes on from another's {@link exportState} (made on a worker thread): the
   * same `positions`, and `rules` made for the same organization, product, time and actor.
   */
  static fromState(
    state: MemberRowValidatorState,
    positions: ReadonlyMap<MemberHeader, number>,
    rules: MemberRuleContext,
  ): MemberRowValidator {
    const validator = new MemberRowValidator(positions, rules);
    for (const row of state.rows) validator.#rows.push(row);
    validator.#errors.restore(state.errors);
    return validator;
  }

  /** Applies the single-row rules to one data record; `rowNumber` is the spec's (1-based). */
  read(record: readonly string[], rowNumber: number): void {
    if (isBlankRecord(record)) return;
    const plans = this.#plans;
    // Every row's values are made by this one literal: one shape, every field of a validated row
    // there from the start (`undefined` for an absent column or a broken cell), rather than stored
    // field by field under computed names, which kept the store megamorphic and cost a fifth of
    // the single-row rules.
    const values: MemberCells & Record<"rowNumber" | "existing" | "office", undefined> = {
      employeeId: this.#value(plans.employeeId, record, rowNumber),
      firstName: this.#value(plans.firstName, record, rowNumber),
      lastName: this.#value(plans.lastName, record, rowNumber),
      email: this.#value(plans.email, record, rowNumber),
      newEmail: this.#value(plans.newEmail, record, rowNumber),
      jobTitle: this.#value(plans.jobTitle, record, rowNumber),
      level: this.#value(plans.level, record, rowNumber),
      department: this.#value(plans.department, record, rowNumber),
      practiceArea: this.#value(plans.practiceArea, record, rowNumber),
      lawSchool: this.#value(plans.lawSchool, record, rowNumber),
      graduationYear: this.#value(plans.graduationYear, record, rowNumber),
      effectiveClassYear: this.#value(plans.effectiveClassYear, record, rowNumber),
      startDate: this.#value(plans.startDate, record, rowNumber),
      role: this.#value(plans.role, record, rowNumber),
      ssoId: this.#value(plans.ssoId, record, rowNumber),
      useMfa: this.#value(plans.useMfa, record, rowNumber),
      bioLink: this.#value(plans.bioLink, record, rowNumber),
      workArrangement: this.#value(plans.workArrangement, record, rowNumber),
      flsaStatus: this.#value(plans.flsaStatus, record, rowNumber),
      managerEmail: this.#value(plans.managerEmail, record, rowNumber),
      mentorEmails: this.#value(plans.mentorEmails, record, rowNumber),
      // Set by finishRow when the row passes: the draft already has the validated row's shape.
      rowNumber: undefined,
      existing: undefined,
      office: undefined,
    };
    const email = values.email;
    this.#rows.push({
      rowNumber,
      values,
      mentorText:
        this.#mentorPosition !== undefined && Array.isArray(values.mentorEmails)
          ? (cellValue(record[this.#mentorPosition]) ?? "")
          : undefined,
      office: this.#officePresent ? this.#office(record, rowNumber) : undefined,
      existing: null,
      emailKey: typeof email === "string" ? emailKey(email) : null,
    });
  }

  /**
   * Every address the rows name (Email, New Email, Manager Email, Mentor Emails), lower-cased
   * and unique: what a service loads stored members and other organizations' users by.
   */
  addresses(): string[] {
    return drainSteps(this.addressSteps());
  }

  /** {@link addresses} in steps of `ROWS_PER_STEP` rows. */
  *addressSteps(): Steps<string[]> {
    return (yield* this.#addressBookSteps(true)).addresses();
  }

  /**
   * Each row's Email, lower-cased, in read order (a row whose Email broke its rule has none): the
   * addresses an import's absent members are not among, known before the rules across rows run.
   */
  rowEmailKeys(): string[] {
    const keys: string[] = [];
    for (const row of this.#rows) if (row.emailKey !== null) keys.push(row.emailKey);
    return keys;
  }

  /** How many rows {@link read} has taken so far (blank records are not rows). */
  get rowCount(): number {
    return this.#rows.length;
  }

  /**
   * The addresses rows `from` to `to` (exclusive, in read order) name, as {@link addresses} keys
   * them, unique within the call but not across calls: a service can look stored members up by
   * the rows read so far while later ones are still being read.
   */
  addressesOfRows(from: number, to: number): string[] {
    const keys = new Set<string>();
    const name = (address: unknown) => {
      if (typeof address === "string") keys.add(emailKey(address));
    };
    const rows = this.#rows;
    for (let index = from; index < to; index++) {
      const row = rows[index] as DraftMemberRow;
      if (row.emailKey !== null) keys.add(row.emailKey);
      name(row.values.newEmail);
      name(row.values.managerEmail);
      for (const mentor of row.values.mentorEmails ?? []) name(mentor);
    }
    return Array.from(keys);
  }

  /**
   * The address book of the rows, made on first use: each row's Email noted as the row's and,
   * `withNamed`, the addresses it names besides, the list {@link addresses} answers. Validation
   * alone needs no such list: the stored members it is given are all noted by `attach`.
   */
  *#addressBookSteps(withNamed: boolean): Steps<AddressBook> {
    if (this.#index !== null) return this.#index;
    const book = new AddressBook();
    const name = (address: unknown) => {
      if (typeof address === "string") book.name(emailKey(address));
    };
    const rows = this.#rows;
    // Filled after reading rather than while reading: a large map taking in freshly parsed values
    // on every record made the garbage collector track each insertion, tripling the cost.
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index] as DraftMemberRow;
      if (row.emailKey !== null) book.noteRow(row, row.emailKey);
      if (withNamed) {
        name(row.values.newEmail);
        name(row.values.managerEmail);
        for (const mentor of row.values.mentorEmails ?? []) name(mentor);
      }
      if ((index + 1) % ROWS_PER_STEP === 0) yield;
    }
    this.#index = book;
    return book;
  }

  /** The cross-row rules, then the verdict. */
  finish(members: readonly Member[], externalUserEmails: readonly string[]): MemberValidation {
    return drainSteps(this.finishSteps(members, externalUserEmails));
  }

  /**
   * {@link finish} in steps: it yields every `ROWS_PER_STEP` rows of its per-row passes and
   * between the whole-file rules, so a service can let other work run in between.
   */
  *finishSteps(
    members: readonly Member[],
    externalUserEmails: readonly string[],
  ): Steps<MemberValidation> {
    const rows = this.#rows;
    const report = this.#errors.report;
    const rules = this.#rules;
    const book = yield* this.#addressBookSteps(false);
    // By slices: an import names tens of thousands of stored members.
    yield* inSlices(members, (slice) => book.attach(slice));
    const ssoPresent = { ssoId: this.#has("ssoId"), useMfa: this.#has("useMfa") };
    const employeeIds = new DuplicateEmployeeIds();
    // The rows with a New Email, in file order: the New Email rules then pass over those few
    // rather than over every row again, each row of a large file a cache miss.
    const movers: DraftMemberRow[] = [];
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index] as DraftMemberRow;
      employeeIds.note(row);
      if (typeof row.values.newEmail === "string") movers.push(row);
      if (rules.ssoIdApplies) {
        const problem = checkSsoRequirement(row, ssoPresent);
        if (problem !== undefined) report(row, "ssoId", problem);
      }
      if ((index + 1) % ROWS_PER_STEP === 0) yield;
    }
    yield;
    book.reportDuplicates(report);
    employeeIds.report(rows, report);
    yield;
    const external = new Set(externalUserEmails.map(emailKey));
    yield* inSlices(rows, (slice) => reportExternalUsers(slice, external, report));
    if (this.#has("newEmail")) {
      // Taken: a stored member's address or a row's Email (the book holds no moves yet), or
      // another organization's user's.
      const isTaken = (key: string) => book.known(key) || external.has(key);
      resolveNewEmails(movers, isTaken, report);
      yield;
    }
    const { actor } = rules;
    if (actor !== null) {
      yield* inSlices(rows, (slice) => guardActorChanges(slice, actor, rules.product, report));
    }
    if (this.#has("managerEmail") || this.#has("mentorEmails")) {
      for (const row of movers) {
        if (typeof row.values.newEmail === "string")
          book.noteMovedTo(emailKey(row.values.newEmail), row.existing);
      }
      yield;
      // A manager or mentor is a member already stored or any row of the file, by either address.
      const isKnown = (key: string) => book.known(key);
      const isRepeated = (key: string) => book.repeated(key);
      yield* inSlices(rows, (slice) => reportBadReferences(slice, isKnown, isRepeated, report));
    }

    if (this.#errors.size > 0) {
      const rowColumnErrors = this.#errors.sorted(this.#rules.messages);
      return { ok: false, result: { fileError: null, rowColumnErrors } };
    }
    this.#book = book;
    const columns = new Set(this.#fields.map((field) => MEMBER_COLUMNS[field].header));
    // Made at its size: grown push by push, a large file's list left each smaller one behind.
    const validated = new Array<ValidatedMemberRow>(rows.length);
    for (let index = 0; index < rows.length; index++) {
      validated[index] = finishRow(rows[index] as DraftMemberRow);
      if ((index + 1) % ROWS_PER_STEP === 0) yield;
    }
    return { ok: true, rows: validated, columns };
  }

  /**
   * After a {@link finish} that passed, whom each address the file names stands for, for
   * `MemberPlanContext.addressOwner` (see `AddressBook.owner`), and whether a row has it as Email;
   * `null` before. The answer holds the rules' own index, not the validator.
   */
  addressOwners(): AddressOwners | null {
    return drainSteps(this.addressOwnerSteps());
  }

  /** {@link addressOwners} in steps (the book's seal visits every address of the file). */
  *addressOwnerSteps(): Steps<AddressOwners | null> {
    const book = this.#book;
    if (book === null) return null;
    yield* book.sealSteps();
    return { owner: (key) => book.owner(key), isRowEmail: (key) => book.isRowEmail(key) };
  }

  #has(field: MemberField): boolean {
    return this.#fields.includes(field);
  }

  /** A cell's value by its column's rule: `null` when blank, `undefined` when it broke a rule. */
  #value<F extends ValueField>(
    plan: CellPlan<F> | null,
    record: readonly string[],
    rowNumber: number,
  ): MemberCells[F] {
    if (plan === null) return undefined;
    const text = cellValue(record[plan.position]);
    if (text === null) {
      if (!plan.required) return null;
      this.#errors.reportAt(
        rowNumber,
        plan.field,
        new CellProblem(MemberRowErrorType.EMPTY_REQUIRED_VALUE, {
          key: "member.EMPTY_REQUIRED_VALUE.blank",
          params: { column: plan.header },
        }),
        "",
      );
      return undefined;
    }
    const value = plan.parse(text, this.#rules);
    if (!(value instanceof CellProblem)) return value as MemberCells[F];
    this.#errors.reportAt(rowNumber, plan.field, value, text);
    return undefined;
  }

  /**
   * The office columns read as one unit (spec: office rules), not cell by cell: the row's office,
   * `null` for none, `undefined` when the columns break a rule.
   */
  #office(record: readonly string[], rowNumber: number): Office | null | undefined {
    const [cityAt, stateAt, countryAt] = this.#officePositions;
    const city = cityAt < 0 ? null : cellValue(record[cityAt]);
    const state = stateAt < 0 ? null : cellValue(record[stateAt]);
    const country = countryAt < 0 ? null : cellValue(record[countryAt]);
    const verdict = checkOffice(city, state, country, this.#rules.offices);
    if (verdict.ok) return verdict.office;
    const texts = { officeCity: city, officeState: state, officeCountry: country };
    for (const { field, problem } of verdict.problems) {
      this.#errors.reportAt(rowNumber, field, problem, texts[field] ?? "");
    }
    return undefined;
  }
}

/**
 * Runs a rule that judges each row on its own over `rows` a step's worth at a time, yielding
 * after each: the same reports in the same order as one call over all of them.
 */
function* inSlices<T>(rows: readonly T[], rule: (slice: readonly T[]) => void): Steps<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STEP) {
    rule(rows.slice(start, start + ROWS_PER_STEP));
    yield;
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

/** What {@link MemberRowValidator.addressOwners} answers. */
export interface AddressOwners {
  /**
   * Who holds a lower-cased address: a stored member's id, the row number of a row that creates
   * its member, or `undefined` for an address neither holds.
   */
  owner: (key: string) => string | number | undefined;
  /** Whether the lower-cased address is the Email of some row of the file. */
  isRowEmail: (key: string) => boolean;
}

/**
 * A row error and where it sorts in the 400 body; its message not yet said (plain data, so it
 * crosses threads; the catalog says it when the body is built).
 */
export interface MemberRowErrorEntry {
  order: number;
  error: Omit<MemberRowColumnError, "message">;
  message: MessageRef;
}

/** What {@link MemberRowValidator.exportState} answers: plain data, cloneable across threads. */
export interface MemberRowValidatorState {
  /** Each non-blank data row read, with its parsed values. */
  rows: DraftMemberRow[];
  /** The single-row errors found, each once, by row and field. */
  errors: [string, MemberRowErrorEntry][];
}

/** Row errors in the 400 body's order: by row, then by the spec's column order; one per cell. */
class RowErrorCollector {
  readonly #errors = new Map<string, MemberRowErrorEntry>();

  /** A cross-row rule's report: the cell's value is the row's parsed text for that column. */
  readonly report = (row: DraftMemberRow, field: MemberField, problem: CellProblem): void => {
    const value =
      field === "mentorEmails" ? row.mentorText : row.values[field as keyof typeof row.values];
    this.reportCell(row, field, problem, typeof value === "string" ? value : "");
  };

  /** A single-row rule's report, with the cell's trimmed text. */
  reportCell(row: DraftMemberRow, field: MemberField, problem: CellProblem, value: string): void {
    this.reportAt(row.rowNumber, field, problem, value);
  }

  /** {@link reportCell} by the row's number. */
  reportAt(rowNumber: number, field: MemberField, problem: CellProblem, value: string): void {
    const key = `${rowNumber}:${field}`;
    if (this.#errors.has(key)) return;
    this.#errors.set(key, {
      order: rowNumber * MEMBER_FIELDS.length + MEMBER_FIELDS.indexOf(field),
      error: { rowNumber, columnName: MEMBER_COLUMNS[field].header, value, type: problem.type },
      message: problem.ref,
    });
  }

  get size(): number {
    return this.#errors.size;
  }

  entries(): [string, MemberRowErrorEntry][] {
    return [...this.#errors];
  }

  restore(entries: readonly (readonly [string, MemberRowErrorEntry])[]): void {
    for (const [key, entry] of entries) if (!this.#errors.has(key)) this.#errors.set(key, entry);
  }

  sorted(messages: PartialMessageCatalog | undefined): MemberRowColumnError[] {
    return [...this.#errors.values()]
      .sort((a, b) => a.order - b.order)
      .map((entry) => ({ ...entry.error, message: renderMessageRef(messages, entry.message) }));
  }
}
