import type { Store } from "../store/port";
import { runTransaction } from "../store/run";
import { holdsNul } from "../values/nul";
import { newRecordId } from "../values/record-id";
import type { AccountContext } from "./context";
import type { AccountOutcome } from "./errors";
import { ACCOUNT_LIFETIMES, isoAfter } from "./lifetimes";
import { requireAccounts } from "./require-accounts";
import { type SetPasswordByTokenInput, setPasswordByToken } from "./set-password";
import { throttledAll, throttleKeys } from "./throttle";
import { storedToken, tokenEmail, writeMailedToken } from "./token-email";
import { hashAccountToken, newAccountToken } from "./tokens";

/** What {@link requestPasswordRecovery} needs. */
export interface RequestPasswordRecoveryInput {
  orgId: string;
  /** The address typed into the recovery form. */
  email: string;
  now: Date;
  /** Who is asking (the client's address), counted by `context.limiter`; `""` when unknown. */
  client?: string;
  /** How long the recovery link stays valid (default 30 minutes). */
  lifetimeMs?: number;
  /** The outbox email's id; a random UUID by default. */
  newId?: () => string;
}

/**
 * Asks for a password-recovery email. The answer is `{ ok: true }` whether or not the address is
 * a member's, and the work is the same either way (a token is made and hashed, one transaction
 * reads the member): only for a member is the token's hash stored and a `PASSWORD_RECOVERY` email
 * with the token written to the outbox. A newer request voids the link of an older one. With
 * `context.limiter`, tries count per account and per client (THROTTLED when over, for known and
 * unknown addresses alike).
 */
export async function requestPasswordRecovery(
  store: Store,
  input: RequestPasswordRecoveryInput,
  context: AccountContext = {},
): Promise<AccountOutcome> {
  const started = performance.now();
  const address = input.email.trim();
  const held = await recoveryThrottled(input.orgId, address, input, context);
  if (held !== null) return held;
  const token = newAccountToken();
  const tokenHash = hashAccountToken(token);
  const expiresAt = isoAfter(input.now, input.lifetimeMs ?? ACCOUNT_LIFETIMES.recoveryMs);
  await runTransaction(store, input.orgId, async (tx) => {
    requireAccounts(tx);
    const [member] = holdsNul(address) ? [] : await tx.loadMembersByEmail([address]);
    if (member === undefined) return;
    const createdAt = input.now.toISOString();
    const id = (input.newId ?? newRecordId)();
    const email = tokenEmail(
      member,
      { id, reason: "PASSWORD_RECOVERY", createdAt },
      token,
      expiresAt,
    );
    await writeMailedToken(
      tx,
      email,
      storedToken(member, "RECOVERY", tokenHash, { createdAt, expiresAt }),
    );
  });
  await answerFloor(started, context.recoveryAnswerFloorMs ?? RECOVERY_ANSWER_FLOOR_MS);
  return { ok: true };
}

/** A recovery request's limits: per client (when the host can tell it) and per account. */
function recoveryThrottled(
  organization: string,
  address: string,
  input: { client?: string; now: Date },
  context: AccountContext,
) {
  return throttledAll(
    context.limiter,
    [
      throttleKeys.recoveryClient(input.client),
      throttleKeys.recoveryAccount(organization, address),
    ],
    input.now,
    context.messages,
  );
}

/**
 * `requestPasswordRecovery`'s answer for an organization the store does not have (a binding
 * that resolves short names answers it): counted by the same limits, and given no sooner than the
 * same floor, so neither the answer nor its time tells which organizations exist.
 */
export async function answerRecoveryForUnknownOrganization(
  input: { shortName: string; email: string; now: Date; client?: string },
  context: AccountContext = {},
): Promise<AccountOutcome> {
  const started = performance.now();
  const held = await recoveryThrottled(`?${input.shortName}`, input.email.trim(), input, context);
  if (held !== null) return held;
  await answerFloor(started, context.recoveryAnswerFloorMs ?? RECOVERY_ANSWER_FLOOR_MS);
  return { ok: true };
}

/** The default of `AccountContext.recoveryAnswerFloorMs`. */
export const RECOVERY_ANSWER_FLOOR_MS = 200;

/** Resolves once `floorMs` have passed since `started` (a `performance.now()` reading). */
function answerFloor(started: number, floorMs: number): Promise<void> {
  const left = started + floorMs - performance.now();
  return left <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, left));
}

/** What {@link resetPassword} needs: the token from the recovery email and the new password. */
export type ResetPasswordInput = SetPasswordByTokenInput;

/**
 * Sets a new password with a recovery token (single use, unexpired, the newest one, for the
 * address the member still has), voids the member's tokens and ends every session and device
 * cookie of the member, in one transaction. A refusal writes nothing.
 */
export function resetPassword(
  store: Store,
  input: ResetPasswordInput,
  context: AccountContext = {},
): Promise<AccountOutcome<{ memberId: string }>> {
  return setPasswordByToken(store, "RECOVERY", input, context);
}
