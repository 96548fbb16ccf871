import { supportsAll, type TxWith } from "./capabilities";
import { CHANGE_LOG_OPERATIONS, type StoreTx } from "./port";

export { CHANGE_LOG_OPERATIONS } from "./port";

/** A transaction with the change-log operations. */
export type ChangeLogTx = TxWith<(typeof CHANGE_LOG_OPERATIONS)[number]>;

/** Whether `tx` keeps a change log (and webhook endpoints). */
export function supportsChangeLog(tx: StoreTx): tx is ChangeLogTx {
  return supportsAll(tx, CHANGE_LOG_OPERATIONS);
}
