import type { Member } from "../store/snapshot";
import { emailKey } from "../values/email";
import { reportDuplicateGroup } from "./duplicates";
import type { DraftMemberRow, ReportProblem } from "./row";

/** What the cross-row rules know of one lower-cased address. */
interface AddressEntry {
  /**
   * The stored member with this address, or the one a row moves to it; `null` for none, and
   * `undefined` while the address is only {@link AddressBook.name}d.
   */
  member: Member | null | undefined;
  /**
   * The rows whose Email it is: none, one, or (a duplicate) several in file order. Once
   * {@link AddressBook.seal}ed, the one row's owner instead: its matched member's id or its number.
   */
  rows: DraftMemberRow | DraftMemberRow[] | string | number | null;
}

/**
 * Every address the cross-row rules ask about, in one map: the rows' Emails, the addresses they
 * name, the stored members' and, once added, the addresses rows move their members to. A row's
 * match, its duplicate check and each reference then cost one look-up instead of one per kind of
 * address; with tens of thousands of rows these look-ups were most of the cross-row rules' time.
 * The rows' addresses are noted first, then the stored members they name are {@link attach}ed:
 * the book is also the list of addresses the members are loaded by, so a large file's addresses
 * are not gathered into a set of their own besides it.
 */
export class AddressBook {
  readonly #entries = new Map<string, AddressEntry>();
  #collisions = false;

  /** Notes the row's Email (`key`, lower-cased) as the row's. */
  noteRow(row: DraftMemberRow, key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) {
      this.#entries.set(key, { member: undefined, rows: row });
      return;
    }
    const seen = entry.rows;
    if (seen === null) entry.rows = row;
    else {
      this.#collisions = true;
      if (Array.isArray(seen)) seen.push(row);
      else entry.rows = [seen as DraftMemberRow, row];
    }
  }

  /** Notes an address a row names (New Email, Manager Email, Mentor Emails), lower-cased. */
  name(key: string): void {
    if (!this.#entries.has(key)) this.#entries.set(key, { member: undefined, rows: null });
  }

  /** Every address noted or named, in the order first seen. */
  addresses(): string[] {
    return Array.from(this.#entries.keys());
  }

  /**
   * Matches the rows with each stored member's address to it; the last member wins, should two
   * share one. Members whose address no row notes or names are left out: no rule asks for them.
   */
  attach(members: readonly Member[]): void {
    for (const member of members) {
      const entry = this.#entries.get(emailKey(member.email));
      if (entry === undefined) continue;
      entry.member = member;
      const rows = entry.rows;
      if (Array.isArray(rows)) for (const row of rows) row.existing = member;
      else if (rows !== null && typeof rows === "object") rows.existing = member;
    }
  }

  /** Notes an address a row moves its member (`moving`) to; it is then {@link known}. */
  noteMovedTo(key: string, moving: Member | null): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) this.#entries.set(key, { member: moving, rows: null });
    else if (entry.member === undefined && entry.rows === null) entry.member = moving;
  }

  /** Whether a stored member has this address, a row has it as Email, or a row moves to it. */
  known(key: string): boolean {
    const entry = this.#entries.get(key);
    return entry !== undefined && (entry.member !== undefined || entry.rows !== null);
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
    if (typeof rows === "string" || typeof rows === "number") return rows;
    // A valid file repeats no Email, so the rows are one.
    const row = (Array.isArray(rows) ? rows[0] : rows) as DraftMemberRow;
    return row.existing?.id ?? row.rowNumber;
  }

  /**
   * Once the rules have passed: each row is replaced by its {@link owner}, so the book no longer
   * holds the rows (and through them every validated value) while the plan consumes them.
   * {@link owner} and {@link isRowEmail} answer as before; the rules must not run again.
   */
  seal(): void {
    for (const entry of this.#entries.values()) {
      const rows = entry.rows;
      if (rows === null || typeof rows === "string" || typeof rows === "number") continue;
      const row = (Array.isArray(rows) ? rows[0] : rows) as DraftMemberRow;
      entry.rows = row.existing?.id ?? row.rowNumber;
    }
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
