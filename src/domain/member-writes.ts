import type { Pace } from "../runtime/steps";
import type { Member } from "./member";
import type { WelcomeEmail } from "./welcome-email";

/**
 * What a member write stores: whole records for creates and updates (by id), and the welcome
 * emails for the outbox. `StoreTx.applyMemberPlan` takes it; an import's plan extends it.
 */
export interface MemberWrites {
  creates: Member[];
  /** Every matched member as it will be stored (an import writes to each, see decisions). */
  updates: Member[];
  welcomeEmails: WelcomeEmail[];
  /**
   * The caller hands the member records of `creates` and `updates` and the welcome emails over: it
   * changes none of them after `applyMemberPlan`, so an adapter may keep them as they are (the
   * memory store does, freezing the emails) rather than copy them. Absent or `false`, the records
   * stay the caller's.
   */
  handOver?: boolean;
  /**
   * Awaited by an adapter between slices of a large write, if it writes on the host's own thread
   * (the memory store does), so other requests are answered meanwhile; see `Pace`.
   */
  pace?: Pace;
}
