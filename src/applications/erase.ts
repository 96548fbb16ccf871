import { type LiveDataOutcome, refusedWrite } from "../domain/live-data-outcome";
import { runLiveData } from "../organizations/live-data-work";
import type { ErasedCounts, Store } from "../store/port";

/** What an erasure deleted. */
export interface Erasure {
  erased: ErasedCounts;
}

/**
 * Erases a candidate for an erasure request: their name and contact details and every
 * application of theirs (status history, answers, education, offer, address) leave the store and
 * every index it keeps, and the feed no longer returns them. `CANDIDATE_NOT_FOUND` when there is
 * no such candidate (erased before, say).
 */
export function eraseCandidate(
  store: Store,
  input: { orgId: string; candidateId: string },
): Promise<LiveDataOutcome<Erasure>> {
  return runLiveData(store, input.orgId, async (tx) => {
    const erased = await tx.eraseCandidates([input.candidateId]);
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
  input: { orgId: string; applicationId: string },
): Promise<LiveDataOutcome<Erasure>> {
  return runLiveData(store, input.orgId, async (tx) => {
    const erased = await tx.eraseApplications([input.applicationId]);
    return erased.applications === 0
      ? refusedWrite("APPLICATION_NOT_FOUND", "The organization has no such application.")
      : { ok: true, erased };
  });
}
