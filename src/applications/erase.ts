import { DEFAULT_CHANGE_RETENTION_DAYS } from "../changes/read-changes";
import { type LiveDataOutcome, refusedWrite } from "../domain/live-data-outcome";
import { runLiveData } from "../organizations/live-data-work";
import { supportsChangeLog } from "../store/change-log";
import type { ErasedCounts, Store, StoreTx } from "../store/port";

/** What an erasure deleted. */
export interface Erasure {
  erased: ErasedCounts;
}

/** When an erasure happens, and how long the change log keeps tombstones. */
export interface ErasureClock {
  /** The clock (`new Date()` by default). */
  now?: Date;
  /**
   * Tombstones older than this many days leave the change log with the erasure
   * (`DEFAULT_CHANGE_RETENTION_DAYS` by default); readers of the changes whose cursor is older
   * are told to read everything again.
   */
  retentionDays?: number;
}

/**
 * Erases a candidate for an erasure request: their name and contact details and every
 * application of theirs (status history, answers, education, offer, address) leave the store and
 * every index it keeps, and the feed no longer returns them. `CANDIDATE_NOT_FOUND` when there is
 * no such candidate (erased before, say).
 */
export function eraseCandidate(
  store: Store,
  input: { orgId: string; candidateId: string } & ErasureClock,
): Promise<LiveDataOutcome<Erasure>> {
  return runLiveData(store, input.orgId, async (tx) => {
    const erased = await tx.eraseCandidates([input.candidateId]);
    await pruneTombstones(tx, input);
    return erased.candidates === 0
      ? refusedWrite("CANDIDATE_NOT_FOUND", "The organization has no such candidate.")
      : { ok: true, erased };
  });
}

/**
 * Erases one job application (status history, answers, education, offer, address), and its
 * candidate too when they have no other application. `APPLICATION_NOT_FOUND` when there is none.
 */
export function eraseJobApplication(
  store: Store,
  input: { orgId: string; applicationId: string } & ErasureClock,
): Promise<LiveDataOutcome<Erasure>> {
  return runLiveData(store, input.orgId, async (tx) => {
    const erased = await tx.eraseApplications([input.applicationId]);
    await pruneTombstones(tx, input);
    return erased.applications === 0
      ? refusedWrite("APPLICATION_NOT_FOUND", "The organization has no such application.")
      : { ok: true, erased };
  });
}

/**
 * Erasures are what make tombstones, so each one also prunes those past the retention: the log
 * keeps no more than the retention's erasures, with no job of its own to schedule.
 */
async function pruneTombstones(tx: StoreTx, clock: ErasureClock): Promise<void> {
  if (!supportsChangeLog(tx)) return;
  const now = clock.now ?? new Date();
  const days = clock.retentionDays ?? DEFAULT_CHANGE_RETENTION_DAYS;
  await tx.pruneChangeLog(new Date(now.getTime() - days * 86_400_000));
}
