import type { Member } from "../store/snapshot";
import { emailKey } from "../values/email";
import { reportDuplicateGroup } from "./duplicates";
import type { DraftMemberRow, ReportProblem } from "./row";

/** What the cross-row rules know of one lower-cased address. */
interface AddressEntry {
  /** The stored member with this address, or the one a row moves to it; if any. */
  member: Member | null;
  /** The rows whose Email it is: none, one, or (a duplicate) several in file order. */
  rows: DraftMemberRow | DraftMemberRow[] | null;
}

/**
 * Every address the cross-row rules ask about, in one map: the stored members', the rows' Emails
 * and, once added, the addresses rows move their members to. A row's match, its duplicate check
 * and each reference then cost one look-up instead of one per kind of address; with tens of
 * thousands of rows these look-ups were most of the cross-row rules' time.
 */
export class AddressBook {
  readonly #entries = new Map<string, AddressEntry>();
  #collisions = false;

  /**
   * Stored members by lower-cased address (the last one wins, should two share one). With
   * `named`, only those whose address it holds: a directory larger than the file is filtered by
   * the addresses the file names rather than indexed whole.
   */
  constructor(members: readonly Member[], named: ReadonlySet<string> | null) {
    for (const member of members) {
      const key = emailKey(member.email);
      if (named === null || named.has(key)) this.#entries.set(key, { member, rows: null });
    }
  }

  /** Matches the row to the stored member with its Email, and notes the Email as the row's. */
  noteRow(row: DraftMemberRow, key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) {
      this.#entries.set(key, { member: null, rows: row });
      return;
    }
    row.existing = entry.member;
    const seen = entry.rows;
    if (seen === null) entry.rows = row;
    else {
      this.#collisions = true;
      if (Array.isArray(seen)) seen.push(row);
      else entry.rows = [seen, row];
    }
  }

  /** Notes an address a row moves its member (`moving`) to; it is then {@link known}. */
  noteMovedTo(key: string, moving: Member | null): void {
    if (!this.#entries.has(key)) this.#entries.set(key, { member: moving, rows: null });
  }

  /** Whether a stored member has this address, a row has it as Email, or a row moves to it. */
  known(key: string): boolean {
    return this.#entries.has(key);
  }

  /** Whether more than one row has this address as Email. */
  repeated(key: string): boolean {
    return Array.isArray(this.#entries.get(key)?.rows);
  }

  /**
   * Whom an address names once the rules have passed: the id of the stored member it is (or is
   * moved to) or of the row's matched member, the number of the row that creates its member, or
   * `undefined` for an address the book does not know.
   */
  owner(key: string): string | number | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    const rows = entry.rows;
    if (rows === null) return entry.member?.id;
    // A valid file repeats no Email, so the rows are one.
    const row = (Array.isArray(rows) ? rows[0] : rows) as DraftMemberRow;
    return row.existing?.id ?? row.rowNumber;
  }

  /** Whether a row has this address as Email. */
  isRowEmail(key: string): boolean {
    return (this.#entries.get(key)?.rows ?? null) !== null;
  }

  /** Reports every row whose Email (case-insensitive) another row repeats. */
  reportDuplicates(report: ReportProblem): void {
    if (!this.#collisions) return;
    for (const { rows } of this.#entries.values()) {
      if (Array.isArray(rows)) reportDuplicateGroup(rows, "email", "Email", report);
    }
  }
}
