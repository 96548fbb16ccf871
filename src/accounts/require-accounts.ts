import { type AccountTx, supportsAccounts } from "../store/accounts";
import type { StoreTx } from "../store/port";

/** Throws when the store keeps no accounts: a host wiring error, not bad input. */
export function requireAccounts(tx: StoreTx): asserts tx is AccountTx {
  if (!supportsAccounts(tx))
    throw new TypeError(
      "This store has no account operations (updateMemberCredentials, saveAccountTokens, …); both shipped adapters have them.",
    );
}
