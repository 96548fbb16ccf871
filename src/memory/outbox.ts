import { checkClaimRequest } from "../store/outbox-claims";
import type {
  ClaimedWelcomeEmail,
  StoreTx,
  WelcomeEmailClaim,
  WelcomeEmailClaimRequest,
  WelcomeEmailOutbox,
} from "../store/port";
import type { PublishedStates } from "./published";
import type { MemoryTxContext } from "./tx-context";

/** The port's welcome-email outbox within one organization's transaction. */
export function outboxOperations({
  read,
  write,
}: MemoryTxContext): Pick<StoreTx, "listWelcomeEmails" | "deleteWelcomeEmails"> {
  return {
    async listWelcomeEmails(limit) {
      const outbox = read().outbox;
      return (limit === undefined ? outbox : outbox.slice(0, limit)).map((email) => ({ ...email }));
    },

    async deleteWelcomeEmails(ids) {
      const state = write();
      const gone = new Set(ids);
      state.outbox = state.outbox.filter((email) => !gone.has(email.id));
    },
  };
}

/** Who holds a welcome email, and until when (epoch milliseconds). */
interface Lease {
  token: string;
  worker: string;
  expiresAt: number;
}

/**
 * The shared outbox across organizations: leases are delivery state beside the organizations,
 * like TOTP steps, so a claim changes no organization data and needs neither the organization's
 * turn nor a copy of its state. An acknowledgement deletes in the organization's turn.
 */
export class WelcomeEmailLeases implements WelcomeEmailOutbox {
  readonly #leases = new Map<string, Map<string, Lease>>();
  readonly #states: PublishedStates;
  readonly #afterCommit: (orgId: string) => Promise<void>;

  constructor(states: PublishedStates, afterCommit: (orgId: string) => Promise<void>) {
    this.#states = states;
    this.#afterCommit = afterCommit;
  }

  /** Forgets `orgId`'s leases (its snapshot was replaced). */
  drop(orgId: string): void {
    this.#leases.delete(orgId);
  }

  async claimWelcomeEmails(request: WelcomeEmailClaimRequest): Promise<ClaimedWelcomeEmail[]> {
    checkClaimRequest(request);
    const now = request.now.getTime();
    const lease = {
      token: crypto.randomUUID(),
      worker: request.worker,
      expiresAt: now + request.leaseMs,
    };
    const claimed: ClaimedWelcomeEmail[] = [];
    // Synchronous from here on: no other claim can run between the check and the lease.
    for (const [orgId, state] of this.#states.entries()) {
      if (claimed.length >= request.limit) break;
      const held = this.#leases.get(orgId) ?? new Map<string, Lease>();
      const current = new Map<string, Lease>();
      for (const email of state.outbox) {
        const holding = held.get(email.id);
        if (holding !== undefined && (holding.expiresAt > now || claimed.length >= request.limit)) {
          current.set(email.id, holding);
          continue;
        }
        if (claimed.length >= request.limit) continue;
        current.set(email.id, lease);
        claimed.push({
          orgId,
          email: { ...email },
          claim: { orgId, emailId: email.id, token: lease.token },
          leaseExpiresAt: new Date(lease.expiresAt),
        });
      }
      // Leases of emails no longer in the outbox (deleted, drained) go with this rebuild.
      if (current.size === 0) this.#leases.delete(orgId);
      else this.#leases.set(orgId, current);
    }
    return claimed;
  }

  async acknowledgeWelcomeEmailClaims(claims: readonly WelcomeEmailClaim[]): Promise<number> {
    const byOrganization = new Map<string, Map<string, string>>();
    for (const claim of claims) {
      const tokens = byOrganization.get(claim.orgId) ?? new Map<string, string>();
      tokens.set(claim.emailId, claim.token);
      byOrganization.set(claim.orgId, tokens);
    }
    let deleted = 0;
    for (const [orgId, tokens] of byOrganization) {
      const removed = await this.#states.serialized(orgId, async () =>
        this.#deleteHeld(orgId, tokens),
      );
      if (removed > 0) await this.#afterCommit(orgId);
      deleted += removed;
    }
    return deleted;
  }

  /** Deletes the emails of `orgId` whose lease is still `tokens`' (email id to token). */
  #deleteHeld(orgId: string, tokens: ReadonlyMap<string, string>): number {
    const state = this.#states.get(orgId);
    const held = this.#leases.get(orgId);
    if (state === undefined || held === undefined) return 0;
    const gone = new Set<string>();
    for (const [emailId, token] of tokens) {
      if (held.get(emailId)?.token !== token) continue;
      gone.add(emailId);
      held.delete(emailId);
    }
    if (gone.size === 0) return 0;
    const outbox = state.outbox.filter((email) => !gone.has(email.id));
    this.#states.replace(orgId, state, { ...state, outbox });
    return state.outbox.length - outbox.length;
  }
}
