import type { OrganizationNotFoundError } from "../store/errors";
import type { Store } from "../store/port";
import { runTransaction } from "../store/run";

/** Whose sessions {@link endSessions} ends. */
export interface EndSessionsInput {
  orgId: string;
  memberId: string;
}

/**
 * Ends every session of the member made until now: their session tokens answer 401 from then on,
 * and logins after it work as before. A change to the member's address, password, MFA or roles,
 * or their deletion, ends sessions by itself, wherever it is made; this ends them without one (a
 * cookie thought stolen, a host's own "sign out everywhere"). `false` when the member is unknown;
 * throws {@link OrganizationNotFoundError} when the organization is.
 */
export function endSessions(store: Store, input: EndSessionsInput): Promise<boolean> {
  return runTransaction(store, input.orgId, (tx) => tx.endMemberSessions(input.memberId));
}
