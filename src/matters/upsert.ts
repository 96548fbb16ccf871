import { CSV_SLICE_BYTES } from "../csv/parse";
import type { CsvInput } from "../csv/read";
import { Product } from "../domain/products";
import type { ImportPhase } from "../members/import";
import type { PartialMessageCatalog } from "../messages/catalog";
import { paceOf } from "../runtime/pace";
import { type Pace, runSteps } from "../runtime/steps";
import { supports } from "../store/capabilities";
import type { Store, StoreTx } from "../store/port";
import { runReadOnly, runTransaction } from "../store/run";
import { newRecordId } from "../values/record-id";
import { canonicalId } from "../values/uuid";
import { isEmptyMatterPlan, planMatterUpsert } from "./plan-upsert";
import type { MatterCellProblem } from "./problems";
import { matterRejectionText } from "./rejection-text";
import type { MatterUpsertResult, MatterValidationResult } from "./result";
import type { MatterRuleSet } from "./rule-sets";
import { readMatterRowTextSteps } from "./sheet";
import {
  checkMatterRowSteps,
  type MatterCheck,
  type MatterValidationOptions,
  matterFileErrorCheck,
} from "./validate";

/** What {@link upsertMatters} needs: organization, review cycle and file. */
export interface UpsertMattersInput {
  orgId: string;
  reviewCycleId: string;
  file: CsvInput;
  /** Ids for created client matters and entries; `newRecordId` (a random UUID) by default. */
  newId?: () => string;
  /**
   * Awaited between slices of the file's work, inside the one transaction: by default the host's
   * event loop turns every few ms of work; `null` runs it in one go (see
   * `ImportMembersInput.pace`). The answer is the same either way.
   */
  pace?: Pace | null;
  /** Checks the file in place of the service, e.g. on a worker thread (see {@link MatterFileChecker}). */
  checker?: MatterFileChecker;
  /**
   * Told as each phase ends, for a host's logs and traces (see `ImportMembersInput.onPhase`):
   * `read` (CSV and header; not told when a `checker` reads and checks in one go), `checked`,
   * `planned`, `written`. Not told for a file that fails or an unknown review cycle past the
   * phase that found it.
   */
  onPhase?: (phase: ImportPhase) => void;
  /**
   * The host's words for the file error and the reasons (`defineMessages`); English for every
   * key it leaves out. A `checker` receives them in its options.
   */
  messages?: PartialMessageCatalog;
}

/**
 * Checks a matter file as `checkMatterCsv(file, options)` does, somewhere else (a worker thread):
 * the HTTP binding passes one that runs on its pool.
 */
export type MatterFileChecker = (
  file: CsvInput,
  options: MatterValidationOptions,
) => Promise<MatterCheck>;

/** The upsert's answer: 200 body, 400 (with its plain-text body), or 404. */
export type UpsertMattersOutcome =
  | { ok: true; result: MatterUpsertResult }
  | {
      ok: false;
      reason: "INVALID_FILE";
      validation: MatterValidationResult;
      /** Each cell problem with its reason; none for a file error. */
      problems: readonly MatterCellProblem[];
      /** The 400 body: see `matterRejectionText`. */
      text: string;
    }
  | { ok: false; reason: "REVIEW_CYCLE_NOT_FOUND"; reviewCycleId: string };

/**
 * POST /matters-csv/upsert, in one transaction: an unknown review cycle is not found (before the
 * file is looked at); any failing row writes nothing; otherwise each row creates or updates its
 * entry. Retrying the same file gives the same end state and counts nothing.
 */
export async function upsertMatters(
  store: Store,
  input: UpsertMattersInput,
): Promise<UpsertMattersOutcome> {
  const newId = input.newId ?? newRecordId;
  const reviewCycleId = canonicalId(input.reviewCycleId);
  const pace = paceOf(input.pace);
  return runTransaction(store, input.orgId, async (tx) => {
    if ((await tx.findReviewCycle(reviewCycleId)) === null) {
      return { ok: false, reason: "REVIEW_CYCLE_NOT_FOUND", reviewCycleId };
    }
    const check = await checkMattersIn(tx, input.file, "upsert", { ...input, pace: pace ?? null });
    if (!check.ok) {
      return {
        ok: false,
        reason: "INVALID_FILE",
        validation: check.result,
        problems: check.problems,
        text: matterRejectionText(check.result, check.problems, input.messages),
      };
    }
    const { entries, clientMatters } = await tx.loadCycleMatters(reviewCycleId);
    const plan = planMatterUpsert(check.rows, entries, clientMatters, newId);
    input.onPhase?.("planned");
    if (!isEmptyMatterPlan(plan)) await tx.applyMatterWrites(reviewCycleId, plan);
    input.onPhase?.("written");
    return { ok: true, result: plan.result };
  });
}

/** What {@link validateMattersFile} needs: organization, rule set and file. */
export interface ValidateMattersInput {
  orgId: string;
  file: CsvInput;
  /** `upsert` for validate-upsert, `legacy` for the deprecated validate-csv. */
  ruleSet: MatterRuleSet;
  /** Awaited between slices of the file's work (see {@link UpsertMattersInput.pace}). */
  pace?: Pace | null;
  /** Checks the file in place of the service (see {@link MatterFileChecker}). */
  checker?: MatterFileChecker;
  /** The host's words (see {@link UpsertMattersInput.messages}). */
  messages?: PartialMessageCatalog;
}

/** POST /matters-csv/validate-upsert and validate-csv: the validators' body; persists nothing. */
export function validateMattersFile(
  store: Store,
  input: ValidateMattersInput,
): Promise<MatterValidationResult> {
  return runReadOnly(
    store,
    input.orgId,
    async (tx) => (await checkMattersIn(tx, input.file, input.ruleSet, input)).result,
  );
}

/**
 * Reads and checks a matter file against the organization's Perform members, on a `checker` when
 * the caller gives one, else in slices with `how.pace` between them (by default the host's event
 * loop turns every few ms; `null`: in one go).
 */
export async function checkMattersIn(
  tx: StoreTx,
  file: CsvInput,
  ruleSet: MatterRuleSet,
  how: Pick<UpsertMattersInput, "pace" | "checker" | "onPhase" | "messages"> = {},
): Promise<MatterCheck> {
  const { checker, onPhase, messages } = how;
  const pace = paceOf(how.pace);
  const said = messages === undefined ? {} : { messages };
  if (checker !== undefined) {
    // The members are read first: the checker judges the whole file in one go.
    const check = await checker(file, {
      ruleSet,
      performMemberEmails: await performMemberEmailsIn(tx),
      ...said,
    });
    onPhase?.("checked");
    return check;
  }
  const read = await runSteps(
    readMatterRowTextSteps(file, pace === undefined ? undefined : CSV_SLICE_BYTES, messages),
    pace,
  );
  if (!read.ok) return matterFileErrorCheck(read.result);
  onPhase?.("read");
  const performMemberEmails = await performMemberEmailsIn(tx);
  const check = await runSteps(
    checkMatterRowSteps(read.rows, { ruleSet, performMemberEmails, ...said }),
    pace,
  );
  onPhase?.("checked");
  return check;
}

async function performMemberEmailsIn(tx: StoreTx): Promise<string[]> {
  if (supports(tx, "listProductMemberEmails")) return tx.listProductMemberEmails(Product.PERFORM);
  return (await tx.listProductMembers(Product.PERFORM)).map((member) => member.email);
}
