import { supportsAll, type TxWith } from "./capabilities";
import { ACCOUNT_OPERATIONS, type StoreTx } from "./port";

export { ACCOUNT_OPERATIONS } from "./port";

/** A transaction with the account operations. */
export type AccountTx = TxWith<(typeof ACCOUNT_OPERATIONS)[number]>;

/** Whether `tx` keeps accounts (tokens, enrollments, credentials changes). */
export function supportsAccounts(tx: StoreTx): tx is AccountTx {
  return supportsAll(tx, ACCOUNT_OPERATIONS);
}
