import { paceOf } from "../runtime/pace";
import type { Store } from "../store/port";
import { runTransaction } from "../store/run";
import { newRecordId } from "../values/record-id";
import { canonicalId } from "../values/uuid";
import { type LegacyUploadConflict, planLegacyUpload } from "./plan-legacy";
import type { MatterCellProblem } from "./problems";
import type { MatterValidationResult } from "./result";
import type { UpsertMattersInput } from "./upsert";
import { checkMattersIn } from "./upsert";

/** The deprecated upload's answer: 200 with an empty body, 400, 404, or 409. */
export type UploadMattersLegacyOutcome =
  | { ok: true; created: number; skipped: number }
  | {
      ok: false;
      reason: "INVALID_FILE";
      validation: MatterValidationResult;
      /** Each cell problem with its reason (the endpoint's 400 shows none: the spec gives it no row detail). */
      problems: readonly MatterCellProblem[];
    }
  | { ok: false; reason: "REVIEW_CYCLE_NOT_FOUND"; reviewCycleId: string }
  | { ok: false; reason: "CONFLICT"; conflicts: LegacyUploadConflict[] };

/**
 * POST /matters-csv/upload-csv (deprecated), in one transaction: an entry per row, rows whose
 * five-field identifier exists skipped silently, exact duplicates collapsed; a row that would
 * give an existing upsert key a second entry, or rename an existing client matter, refuses the
 * whole file (see docs/decisions.md).
 */
export async function uploadMattersLegacy(
  store: Store,
  input: UpsertMattersInput,
): Promise<UploadMattersLegacyOutcome> {
  const newId = input.newId ?? newRecordId;
  const reviewCycleId = canonicalId(input.reviewCycleId);
  const pace = paceOf(input.pace);
  return runTransaction(store, input.orgId, async (tx) => {
    if ((await tx.findReviewCycle(reviewCycleId)) === null) {
      return { ok: false, reason: "REVIEW_CYCLE_NOT_FOUND", reviewCycleId };
    }
    const check = await checkMattersIn(tx, input.file, "legacy", { ...input, pace: pace ?? null });
    if (!check.ok) {
      return {
        ok: false,
        reason: "INVALID_FILE",
        validation: check.result,
        problems: check.problems,
      };
    }
    const { entries, clientMatters } = await tx.loadCycleMatters(reviewCycleId);
    const plan = planLegacyUpload(check.rows, entries, clientMatters, newId);
    input.onPhase?.("planned");
    if (plan.conflicts.length > 0)
      return { ok: false, reason: "CONFLICT", conflicts: plan.conflicts };
    if (plan.createEntries.length > 0) {
      await tx.applyMatterWrites(reviewCycleId, plan);
    }
    input.onPhase?.("written");
    return { ok: true, created: plan.createEntries.length, skipped: plan.skipped };
  });
}
