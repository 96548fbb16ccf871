import {
  invalidInput,
  type LiveDataOutcome,
  problemsOf,
  refusedWrite,
  unstorableTextProblems,
} from "../domain/live-data-outcome";
import type { Store } from "../store/port";
import { type ReviewCycleInput, reviewCycleInputSchema } from "./inputs";
import { runLiveData } from "./live-data-work";

/** What {@link createReviewCycle} needs. */
export interface CreateReviewCycleInput {
  orgId: string;
  reviewCycle: ReviewCycleInput;
}

/**
 * Opens an empty performance review cycle, for `upsertMatters` to load matters into. Refuses with
 * `REVIEW_CYCLE_EXISTS` when the organization has one with this id.
 */
export async function createReviewCycle(
  store: Store,
  input: CreateReviewCycleInput,
): Promise<LiveDataOutcome<{ reviewCycle: { id: string; name: string } }>> {
  const parsed = reviewCycleInputSchema.safeParse(input.reviewCycle);
  if (!parsed.success) return invalidInput(problemsOf(parsed.error, null, ["reviewCycle"]));
  const unstorable = unstorableTextProblems(parsed.data, null, ["reviewCycle"]);
  if (unstorable.length > 0) return invalidInput(unstorable);
  const reviewCycle = parsed.data;
  return runLiveData(store, input.orgId, async (tx) =>
    (await tx.createReviewCycle(reviewCycle))
      ? { ok: true, reviewCycle }
      : refusedWrite("REVIEW_CYCLE_EXISTS", "The organization has a review cycle with this id.", [
          { index: null, field: "reviewCycle.id", message: "is taken" },
        ]),
  );
}
