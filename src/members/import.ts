import type { MemberRoles } from "../auth/policy";
import { type CsvInput, checkCsv } from "../csv/read";
import { MemberConflictError } from "../store/errors";
import type { Store } from "../store/port";
import type { Product } from "../store/products";
import { runTransaction } from "../store/run";
import { emailKey } from "../values/email";
import { newRecordId } from "../values/record-id";
import { MemberRowErrorType } from "./errors";
import { planMemberImport } from "./plan";
import type { MemberImportResult, MemberValidationResult } from "./result";
import type { ValidatedMemberRow } from "./row";
import { createMemberRuleContext } from "./rule-context";
import { memberReadFailure } from "./sheet";
import { readMemberRows } from "./validate";
import type { WelcomeEmail } from "./welcome-email";

/** What {@link importMembers} needs: the organization, the product, the file and the clock. */
export interface ImportMembersInput {
  orgId: string;
  product: Product;
  file: CsvInput;
  now: Date;
  /** Ids for created members and outbox records; `newRecordId` (a random UUID) by default. */
  newId?: () => string;
  /**
   * The member running the import (the HTTP binding passes the caller). New Email then moves only
   * members whose every product the actor holds ADMIN on; other moves are `ROW_VALUE_CONFLICT`.
   * Without it, every move the spec allows is made.
   */
  actor?: MemberRoles;
}

/** The import's answer: the 200 body and the welcome emails it queued, or the 400 body. */
export type ImportMembersOutcome =
  | { ok: true; result: MemberImportResult; welcomeEmails: WelcomeEmail[] }
  | { ok: false; result: MemberValidationResult };

/**
 * POST /members/import-csv: validation and write in one transaction (spec: "Validation and write
 * happen together"). Any invalid row writes nothing. An adapter's {@link MemberConflictError}
 * (an address taken since the directory was read) rolls everything back and answers 400 with an
 * UNKNOWN error on that row; any other adapter failure rolls back and is rethrown.
 */
export async function importMembers(
  store: Store,
  input: ImportMembersInput,
): Promise<ImportMembersOutcome> {
  // Size, emptiness and encoding are answered before any store work; the rest needs the profile.
  const checked = checkCsv(input.file);
  if (!checked.ok) return { ok: false, result: memberReadFailure(checked.error) };
  const newId = input.newId ?? newRecordId;
  let rows: readonly ValidatedMemberRow[] = [];
  try {
    return await runTransaction(store, input.orgId, async (tx) => {
      const organization = await tx.loadOrganization();
      const rules = createMemberRuleContext(
        organization,
        input.product,
        input.now,
        input.actor ?? null,
      );
      const read = readMemberRows(checked.csv, rules);
      if (!read.ok) return read;
      const addresses = read.rows.addresses();
      const members = await tx.loadMembersByEmail(addresses);
      const externalUserEmails = await tx.loadExternalUserEmails(addresses);
      const verdict = read.rows.finish(members, externalUserEmails);
      if (!verdict.ok) return verdict;
      rows = verdict.rows;
      const productMembers = await tx.listProductMembers(input.product);
      const plan = planMemberImport(verdict.rows, {
        product: input.product,
        now: input.now,
        newId,
        members,
        productMembers,
      });
      // The plan's records were made for this write alone and nothing here touches them again.
      await tx.applyMemberPlan({ ...plan, handOver: true });
      return { ok: true, result: plan.result, welcomeEmails: plan.welcomeEmails };
    });
  } catch (error) {
    if (error instanceof MemberConflictError)
      return { ok: false, result: conflictResult(error, rows) };
    throw error;
  }
}

function conflictResult(
  error: MemberConflictError,
  rows: readonly ValidatedMemberRow[],
): MemberValidationResult {
  const key = emailKey(error.email);
  const row = rows.find((candidate) => emailKey(candidate.newEmail ?? candidate.email) === key);
  const columnName = row?.newEmail !== undefined ? "New Email" : "Email";
  return {
    fileError: null,
    rowColumnErrors: [
      {
        rowNumber: row?.rowNumber ?? 0,
        columnName,
        value: error.email,
        type: MemberRowErrorType.UNKNOWN,
        message: `The member could not be written: ${error.message} Nothing was imported; try again.`,
      },
    ],
  };
}
