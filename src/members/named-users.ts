import type { Member } from "../domain/member";
import { type Pace, runSteps, type Steps } from "../runtime/steps";
import { supports } from "../store/capabilities";
import type { StoreTx } from "../store/port";
import type { MemberRowValidator } from "./row-validator";

/** The stored members and other organizations' users a member file names. */
export interface NamedUsers {
  members: Member[];
  externalUserEmails: string[];
}

/** Addresses per store look-up: each call's rows are then a short slice of this host's work. */
export const ADDRESSES_PER_LOOKUP = 2048;

/**
 * Looks up the users a file names while the file is still being read: each time the rows read so
 * far name {@link ADDRESSES_PER_LOOKUP} addresses, they are sent to the store, which answers while
 * later rows are checked (each batch sent when the one before is answered, while this host reads on),
 * rather than every address being sent after the last row. The answer is what one look-up of
 * every address answers: members kept once by id, other organizations' addresses once each.
 */
export class NamedUserLookups {
  readonly #tx: StoreTx;
  #rows: MemberRowValidator | null = null;
  /** Rows whose addresses are gathered; every address gathered, and those not yet sent. */
  #gathered = 0;
  readonly #seen = new Set<string>();
  #pending: string[] = [];
  readonly #answers: Promise<NamedUsers>[] = [];
  /** The last look-up sent: each waits for the one before (see {@link lookUp}). */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(tx: StoreTx) {
    this.#tx = tx;
  }

  /** Follows `rows` (the validator `readMemberRowSteps` hands over) from its first row. */
  follow(rows: MemberRowValidator): void {
    this.#rows = rows;
  }

  /** Between two steps of reading: gathers the new rows' addresses and sends a full batch. */
  step(): void {
    const rows = this.#rows;
    if (rows === null) return;
    const count = rows.rowCount;
    if (count === this.#gathered) return;
    // Sent once each: a manager named by rows of many batches is read once.
    for (const address of rows.addressesOfRows(this.#gathered, count)) {
      if (this.#seen.has(address)) continue;
      this.#seen.add(address);
      this.#pending.push(address);
    }
    this.#gathered = count;
    if (this.#pending.length >= ADDRESSES_PER_LOOKUP) this.#send();
  }

  /**
   * Once reading is done: sends the rest and answers every look-up. A failed look-up rejects
   * here, not before; a caller whose file broke a rule calls {@link settle} instead.
   */
  async finish(pace?: Pace): Promise<NamedUsers> {
    this.step();
    if (this.#pending.length > 0 || this.#answers.length === 0) this.#send();
    return runSteps(mergeNamedUserSteps(await Promise.all(this.#answers)), pace);
  }

  /**
   * Once every look-up sent has settled, failed or not: a caller whose file broke a rule waits
   * for it before its transaction's next statement, so no two are ever in flight at once.
   */
  settle(): Promise<void> {
    return this.#tail.then(() => undefined);
  }

  #send(): void {
    const addresses = this.#pending;
    this.#pending = [];
    const answer = this.#tail.then(() => lookUp(this.#tx, addresses));
    // Observed by finish; should the file break a rule, never: no unhandled rejection then.
    this.#tail = answer.catch(() => undefined);
    this.#answers.push(answer);
  }
}

/**
 * Both look-ups: read together where the store can (the addresses sent once), otherwise one after
 * the other: a transaction's statements are never sent while another is in flight (node-postgres
 * deprecates queueing them on one client, and pg 9 drops it).
 */
async function lookUp(tx: StoreTx, addresses: readonly string[]): Promise<NamedUsers> {
  if (supports(tx, "loadUsersByEmail")) return tx.loadUsersByEmail(addresses);
  const members = await tx.loadMembersByEmail(addresses);
  const externalUserEmails = await tx.loadExternalUserEmails(addresses);
  return { members, externalUserEmails };
}

/**
 * The users the file names, all addresses at hand: paced, in slices of
 * {@link ADDRESSES_PER_LOOKUP} with the pace between them; otherwise in one look-up.
 */
export async function loadNamedUsers(
  tx: StoreTx,
  addresses: readonly string[],
  pace: Pace | undefined,
): Promise<NamedUsers> {
  if (pace === undefined || addresses.length <= ADDRESSES_PER_LOOKUP) return lookUp(tx, addresses);
  const answers: NamedUsers[] = [];
  for (let start = 0; start < addresses.length; start += ADDRESSES_PER_LOOKUP) {
    answers.push(await lookUp(tx, addresses.slice(start, start + ADDRESSES_PER_LOOKUP)));
    await pace();
  }
  return runSteps(mergeNamedUserSteps(answers), pace);
}

/**
 * The answers of look-ups in batches as one: a member named by addresses of two batches (its
 * Email in one, a New Email in another) kept once by id, an outside address once. A step per
 * batch: an import's 20,000 stored members merged at once held the host's loop 10-20 ms.
 */
function* mergeNamedUserSteps(answers: readonly NamedUsers[]): Steps<NamedUsers> {
  const members = new Map<string, Member>();
  const external = new Set<string>();
  for (const answer of answers) {
    for (const member of answer.members) members.set(member.id, member);
    for (const email of answer.externalUserEmails) external.add(email);
    yield;
  }
  const merged = Array.from(members.values());
  yield;
  return { members: merged, externalUserEmails: Array.from(external) };
}
