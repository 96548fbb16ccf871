import type { Member } from "../domain/member";
import type { Steps } from "../runtime/steps";
import { emailKey } from "../values/email";
import { reportDuplicateGroup } from "./duplicates";
import type { DraftMemberRow, ReportProblem } from "./row";

/** What the cross-row rules know of an address that is not simply one row's Email. */
class AddressEntry {
  constructor(
    /**
     * The stored member with this address, or the one a row moves to it; `null` for none, and
     * `undefined` while the address is only {@link AddressBook.name}d.
     */
    public member: Member | null | undefined,
    /** The rows whose Email it is, when several (a duplicate), in file order. */
    public rows: DraftMemberRow[] | null,
  ) {}
}

/**
 * One address in the book: the one row whose Email it is (its matched member is the row's
 * `existing`), an {@link AddressEntry} for anything else, and once {@link AddressBook.sealSteps | sealed}, for
 * a row's Email, the row's owner: its matched member's id or its number. Most addresses are one
 * row's Email, so most hold the row itself, no entry besides it.
 */
type Listing = DraftMemberRow | AddressEntry | string | number;

/**
 * Every address the cross-row rules ask about, in one map: the rows' Emails, the addresses they
 * name, the stored members' and, once added, the addresses rows move their members to. A row's
 * match, its duplicate check and each reference then cost one look-up instead of one per kind of
 * address; with tens of thousands of rows these look-ups were most of the cross-row rules' time.
 * The rows' addresses are noted first, then the stored members are {@link attach}ed:
 * the book is also the list of addresses the members are loaded by, so a large file's addresses
 * are not gathered into a set of their own besides it.
 */
export class AddressBook {
  readonly #entries = new Map<string, Listing>();
  #collisions = false;

  /** Notes the row's Email (`key`, lower-cased) as the row's. */
  noteRow(row: DraftMemberRow, key: string): void {
    const listing = this.#entries.get(key);
    if (listing === undefined) {
      this.#entries.set(key, row);
    } else if (listing instanceof AddressEntry) {
      if (listing.rows !== null) listing.rows.push(row);
      // Named before the row that has it as Email: the row takes the address's place.
      else this.#entries.set(key, row);
    } else {
      this.#collisions = true;
      this.#entries.set(key, new AddressEntry(undefined, [listing as DraftMemberRow, row]));
    }
  }

  /** Notes an address a row names (New Email, Manager Email, Mentor Emails), lower-cased. */
  name(key: string): void {
    if (!this.#entries.has(key)) this.#entries.set(key, new AddressEntry(undefined, null));
  }

  /** Every address noted or named, in the order first seen. */
  addresses(): string[] {
    return Array.from(this.#entries.keys());
  }

  /**
   * Matches the rows with each stored member's address to it, and notes the others; the last
   * member wins, should two share one.
   */
  attach(members: readonly Member[]): void {
    for (const member of members) {
      const key = emailKey(member.email);
      const listing = this.#entries.get(key);
      if (listing === undefined) this.#entries.set(key, new AddressEntry(member, null));
      else if (listing instanceof AddressEntry) {
        listing.member = member;
        for (const row of listing.rows ?? []) row.existing = member;
      } else (listing as DraftMemberRow).existing = member;
    }
  }

  /** Notes an address a row moves its member (`moving`) to; it is then {@link known}. */
  noteMovedTo(key: string, moving: Member | null): void {
    const listing = this.#entries.get(key);
    if (listing === undefined) this.#entries.set(key, new AddressEntry(moving, null));
    else if (
      listing instanceof AddressEntry &&
      listing.member === undefined &&
      listing.rows === null
    )
      listing.member = moving;
  }

  /** Whether a stored member has this address, a row has it as Email, or a row moves to it. */
  known(key: string): boolean {
    const listing = this.#entries.get(key);
    if (listing instanceof AddressEntry)
      return listing.member !== undefined || listing.rows !== null;
    return listing !== undefined;
  }

  /** Whether more than one row has this address as Email. */
  repeated(key: string): boolean {
    const listing = this.#entries.get(key);
    return listing instanceof AddressEntry && listing.rows !== null;
  }

  /**
   * Whom an address names once the rules have passed: the id of the stored member it is (or is
   * moved to) or of the row's matched member, the number of the row that creates its member, or
   * `undefined` for an address the book does not know.
   */
  owner(key: string): string | number | undefined {
    const listing = this.#entries.get(key);
    if (listing === undefined || typeof listing === "string" || typeof listing === "number")
      return listing;
    if (listing instanceof AddressEntry) {
      // A valid file repeats no Email, so rows, if any, are one.
      const row = listing.rows?.[0];
      return row === undefined ? listing.member?.id : rowOwner(row);
    }
    return rowOwner(listing);
  }

  /**
   * Once the rules have passed: each row is replaced by its {@link owner}, so the book no longer
   * holds the rows (and through them every validated value) while the plan consumes them.
   * {@link owner} and {@link isRowEmail} answer as before; the rules must not run again. In steps
   * of a few thousand addresses.
   */
  *sealSteps(): Steps<void> {
    let visited = 0;
    for (const [key, listing] of this.#entries) {
      if (typeof listing === "object" && !(listing instanceof AddressEntry))
        this.#entries.set(key, rowOwner(listing));
      // Setting a key that is there keeps the map's order, so its iteration may go on.
      if (++visited % ADDRESSES_PER_STEP === 0) yield;
    }
  }

  /** Whether a row has this address as Email. */
  isRowEmail(key: string): boolean {
    const listing = this.#entries.get(key);
    if (listing instanceof AddressEntry) return listing.rows !== null;
    return listing !== undefined;
  }

  /** Reports every row whose Email (case-insensitive) another row repeats. */
  reportDuplicates(report: ReportProblem): void {
    if (!this.#collisions) return;
    for (const listing of this.#entries.values()) {
      if (listing instanceof AddressEntry && listing.rows !== null)
        reportDuplicateGroup(listing.rows, "email", "Email", report);
    }
  }
}

/** Addresses sealed per step: a map write each, a millisecond or so. */
const ADDRESSES_PER_STEP = 4096;

function rowOwner(row: DraftMemberRow): string | number {
  return row.existing?.id ?? row.rowNumber;
}
