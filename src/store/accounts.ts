import type { TxWith } from "./capabilities";
import type { StoreTx } from "./port";

/** The port's account operations, which an adapter has all together or not at all. */
export const ACCOUNT_OPERATIONS = [
  "updateMemberCredentials",
  "saveAccountTokens",
  "findAccountToken",
  "deleteAccountToken",
  "saveMfaEnrollment",
  "loadMfaEnrollment",
  "deleteMfaEnrollment",
] as const;

/** A transaction with the account operations. */
export type AccountTx = TxWith<(typeof ACCOUNT_OPERATIONS)[number]>;

/** Whether `tx` keeps accounts (tokens, enrollments, credentials changes). */
export function supportsAccounts(tx: StoreTx): tx is AccountTx {
  return ACCOUNT_OPERATIONS.every((operation) => typeof tx[operation] === "function");
}
