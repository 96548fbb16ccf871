import type { AccountToken } from "../domain/account";
import type { Member } from "../domain/member";
import { copyMember } from "../domain/member-copy";
import { withSessionEpoch } from "../domain/session-epoch";
import type { StoreTx } from "../store/port";
import type { StateView, WorkingState } from "./state";
import type { MemoryTxContext } from "./tx-context";
import { WRITES_PER_SLICE } from "./write-slice";

type AccountOperations = Required<
  Pick<
    StoreTx,
    | "updateMemberCredentials"
    | "saveAccountTokens"
    | "findAccountToken"
    | "deleteAccountToken"
    | "saveMfaEnrollment"
    | "loadMfaEnrollment"
    | "deleteMfaEnrollment"
  >
>;

/** The port's account operations (credentials, tokens, enrollments) over `context`'s state. */
export function accountOperations({ read, write }: MemoryTxContext): AccountOperations {
  return {
    async updateMemberCredentials(memberId, change) {
      // Looked up before write(): an unknown member changes nothing, so nothing is published.
      const stored = read().members.get(memberId);
      if (stored === undefined) return false;
      const next: Member = {
        ...copyMember(stored),
        useMfa: change.useMfa ?? stored.useMfa,
        credentials: {
          ...stored.credentials,
          ...(change.passwordHash === undefined ? {} : { passwordHash: change.passwordHash }),
          ...(change.mfaSecret === undefined ? {} : { mfaSecret: change.mfaSecret }),
        },
      };
      write().members.set(memberId, withSessionEpoch(stored, next));
      return true;
    },

    async saveAccountTokens(tokens) {
      const state = write();
      let invitations = 0;
      for (const token of tokens) if (token.purpose === "INVITATION") invitations++;
      state.invitationTokens.willChange(invitations);
      state.recoveryTokens.willChange(tokens.length - invitations);
      state.tokenHashes.willChange(tokens.length * 2);
      let written = 0;
      for (const token of tokens) {
        if (state.pace !== undefined && ++written % WRITES_PER_SLICE === 0) await state.pace();
        dropToken(state, token.memberId, token.purpose);
        // A frozen token cannot change under the store; any other is copied.
        const stored = Object.isFrozen(token) ? token : Object.freeze({ ...token });
        tokensOf(state, token.purpose).set(token.memberId, stored);
        state.tokenHashes.set(stored.tokenHash, stored);
      }
    },

    async findAccountToken(purpose, tokenHash) {
      const token = read().tokenHashes.get(tokenHash);
      return token?.purpose === purpose ? token : null;
    },

    async deleteAccountToken(memberId, purpose) {
      if (!tokensOf(read(), purpose).has(memberId)) return;
      dropToken(write(), memberId, purpose);
    },

    async saveMfaEnrollment(enrollment) {
      write().mfaEnrollments.set(enrollment.memberId, Object.freeze({ ...enrollment }));
    },

    async loadMfaEnrollment(memberId) {
      return read().mfaEnrollments.get(memberId) ?? null;
    },

    async deleteMfaEnrollment(memberId) {
      if (!read().mfaEnrollments.has(memberId)) return;
      write().mfaEnrollments.delete(memberId);
    },
  };
}

/** Removes the member's token of `purpose` and its hash entry, when there is one. */
function dropToken(state: WorkingState, memberId: string, purpose: AccountToken["purpose"]): void {
  const tokens = tokensOf(state, purpose);
  const token = tokens.get(memberId);
  if (token === undefined) return;
  tokens.delete(memberId);
  state.tokenHashes.delete(token.tokenHash);
}

/** The state's table of tokens of `purpose`, by member id. */
function tokensOf<S extends StateView>(
  state: S,
  purpose: AccountToken["purpose"],
): S["invitationTokens"] {
  return purpose === "INVITATION" ? state.invitationTokens : state.recoveryTokens;
}

/** Drops the member's invitation and recovery tokens: sent to an address it no longer has. */
export function dropAccountTokens(state: WorkingState, memberId: string): void {
  dropToken(state, memberId, "INVITATION");
  dropToken(state, memberId, "RECOVERY");
}

/** Drops every token and the pending enrollment of deleted members. */
export function dropAccountState(state: WorkingState, memberIds: readonly string[]): void {
  for (const memberId of memberIds) {
    dropAccountTokens(state, memberId);
    if (state.mfaEnrollments.has(memberId)) state.mfaEnrollments.delete(memberId);
  }
}
