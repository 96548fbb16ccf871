import type { StoreTx } from "./port";

/** The port's operations that an adapter may leave out. */
export type OptionalTxOperation = {
  [K in keyof StoreTx]-?: undefined extends StoreTx[K] ? K : never;
}[keyof StoreTx];

/** A transaction that has the optional operations `K`. */
export type TxWith<K extends OptionalTxOperation> = StoreTx & Required<Pick<StoreTx, K>>;

/**
 * Whether `tx` has every one of `operations` (the port's optional capabilities, such as the
 * feed index or saved column mappings), as {@link isWelcomeEmailOutbox} tells a store's outbox.
 */
export function supports<K extends OptionalTxOperation>(
  tx: StoreTx,
  ...operations: K[]
): tx is TxWith<K> {
  return supportsAll(tx, operations);
}

/** {@link supports} for a list of operations held in a constant (a capability's set). */
export function supportsAll<K extends OptionalTxOperation>(
  tx: StoreTx,
  operations: readonly K[],
): tx is TxWith<K> {
  return operations.every((operation) => typeof tx[operation] === "function");
}
