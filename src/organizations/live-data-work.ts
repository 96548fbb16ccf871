import { type LiveDataOutcome, refusedWrite } from "../domain/live-data-outcome";
import { type LiveDataTx, supportsLiveData } from "../store/live-data";
import type { Store } from "../store/port";
import { runTransaction } from "../store/run";

/**
 * Runs `work` in one transaction on a store with the live-data operations; a store without them
 * answers `NOT_SUPPORTED`, writing nothing.
 */
export function runLiveData<T extends object>(
  store: Store,
  orgId: string,
  work: (tx: LiveDataTx) => Promise<LiveDataOutcome<T>>,
): Promise<LiveDataOutcome<T>> {
  return runTransaction(store, orgId, async (tx) =>
    supportsLiveData(tx)
      ? work(tx)
      : refusedWrite("NOT_SUPPORTED", "This store keeps no live data: load a snapshot instead."),
  );
}

/** The most records one batch call takes. */
export const MAX_BATCH_RECORDS = 10_000;

/** The refusal of a batch over {@link MAX_BATCH_RECORDS}, or `null`. */
export function tooMany(count: number, what: string): LiveDataOutcome<never> | null {
  return count > MAX_BATCH_RECORDS
    ? refusedWrite(
        "TOO_MANY_RECORDS",
        `At most ${MAX_BATCH_RECORDS} ${what} per call; this one has ${count}.`,
      )
    : null;
}
