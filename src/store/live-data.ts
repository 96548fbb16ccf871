import { supportsAll, type TxWith } from "./capabilities";
import { LIVE_DATA_OPERATIONS, type StoreTx } from "./port";

export { LIVE_DATA_OPERATIONS } from "./port";

/** A transaction with the live-data operations. */
export type LiveDataTx = TxWith<(typeof LIVE_DATA_OPERATIONS)[number]>;

/** Whether `tx` can change an organization in place and record applications. */
export function supportsLiveData(tx: StoreTx): tx is LiveDataTx {
  return supportsAll(tx, LIVE_DATA_OPERATIONS);
}
