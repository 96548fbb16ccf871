import { drawInvitationSteps, hashInvitationSteps } from "../accounts/invitation";
import { cellValue } from "../csv/cells";
import { CSV_SLICE_BYTES } from "../csv/parse";
import { type CheckedCsv, type CsvInput, checkCsv, MAX_CSV_BYTES } from "../csv/read";
import type { Member, MemberRoles } from "../domain/member";
import type { Product } from "../domain/products";
import type { WelcomeEmail } from "../domain/welcome-email";
import { type PartialMessageCatalog, renderMessage } from "../messages/catalog";
import { paceOf } from "../runtime/pace";
import { eachStep, type Pace, runSteps } from "../runtime/steps";
import { supportsAccounts } from "../store/accounts";
import { supports } from "../store/capabilities";
import { MemberConflictError } from "../store/errors";
import type { Store, StoreTx } from "../store/port";
import { runTransaction } from "../store/run";
import { emailKey } from "../values/email";
import { newRecordId } from "../values/record-id";
import { MemberRowErrorType } from "./errors";
import { loadNamedUsers, NamedUserLookups, type NamedUsers } from "./named-users";
import { planMemberImportSteps } from "./plan";
import type { AbsentMember, MemberImportResult, MemberValidationResult } from "./result";
import type { ValidatedMemberRow } from "./row";
import type { AddressOwners, MemberRowValidator } from "./row-validator";
import { createMemberRuleContext, type MemberRuleContext } from "./rule-context";
import { memberReadFailure, readMemberSheet } from "./sheet";
import { absentMemberSteps, sortAbsentMembers } from "./summary";
import { type MemberRowsRead, readMemberRowSteps } from "./validate";

/** What {@link importMembers} needs: the organization, the product, the file and the clock. */
export interface ImportMembersInput {
  orgId: string;
  product: Product;
  file: CsvInput;
  now: Date;
  /** Ids for created members and outbox records; `newRecordId` (a random UUID) by default. */
  newId?: () => string;
  /**
   * How long the invitation token of each created member's welcome email stays valid (default 7
   * days). A store without account operations issues none.
   */
  invitationLifetimeMs?: number;
  /**
   * The member running the import (the HTTP binding passes the caller). New Email then moves only
   * members whose every product the actor holds ADMIN on; other moves are `ROW_VALUE_CONFLICT`.
   * Without it, every move the spec allows is made.
   */
  actor?: MemberRoles;
  /**
   * Awaited between slices of the file's work (every 64 KiB of CSV, every few hundred rows of
   * the cross-row rules and the plan, the store's writes), still inside the one transaction. By
   * default the call lets the host's event loop turn every `DEFAULT_SLICE_MS` (3 ms) of work, so
   * the host answers other requests meanwhile; `null` runs the work in one go (a CLI, a worker
   * thread, a test that wants no turns); a host may pass its own (`yieldingPace(sliceMs)`). The
   * answer is the same either way.
   */
  pace?: Pace | null;
  /**
   * Reads the checked file (CSV syntax, header, every single-row rule) in place of the service,
   * e.g. on a worker thread: it must answer what `readMemberRows(csv, rules)` answers.
   */
  reader?: MemberFileReader;
  /**
   * Told as each phase ends, for a host's logs and traces: `read` (CSV, header, single-row rules),
   * `checked` (the rules across rows, with the stored members they name), `planned`, `written`.
   * The service keeps no clock; the host times the phases.
   */
  onPhase?: (phase: ImportPhase) => void;
  /**
   * The host's words for the 400 body's messages (`defineMessages`); English for every key it
   * leaves out. A `reader` on a worker thread receives them: see `ImportWorkerPool.readMembers`.
   */
  messages?: PartialMessageCatalog;
}

/** The phases of a member import, in order (see `ImportMembersInput.onPhase`). */
export type ImportPhase = "read" | "checked" | "planned" | "written";

/** Reads a member file as `readMemberRows` does, somewhere else (see `ImportMembersInput.reader`). */
export type MemberFileReader = (
  csv: CheckedCsv,
  rules: MemberRuleContext,
) => Promise<MemberRowsRead>;

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
  if (!checked.ok) return { ok: false, result: memberReadFailure(checked.error, input.messages) };
  const newId = input.newId ?? newRecordId;
  try {
    return await runTransaction(store, input.orgId, async (tx) => {
      const organization = await tx.loadOrganization();
      const rules = createMemberRuleContext(
        organization,
        input.product,
        input.now,
        input.actor ?? null,
        input.messages,
      );
      const pace = paceOf(input.pace);
      const verdict = await validateRows(tx, checked.csv, rules, { ...input, pace });
      if (!verdict.ok) return verdict;
      const { rows, members, owners, absent } = verdict;
      // A store that finds absent members itself was asked once the rows were read and answers
      // while the rules across rows run and the plan is made, not before them.
      const absentMembers =
        absent === undefined ? await listAbsent(tx, owners.isRowEmail, input.product, pace) : [];
      const plan = await runSteps(
        planMemberImportSteps(rows, {
          product: input.product,
          now: input.now,
          newId,
          members,
          productMembers: [],
          absentMembers,
          membersAreCopies: true,
          consumeRows: true,
          addressOwner: owners.owner,
        }),
        pace,
      );
      if (absent !== undefined) plan.result.absentMembers = await absent;
      input.onPhase?.("planned");
      const drawn = await runSteps(
        drawInvitationSteps(tx, plan.welcomeEmails, input.now, input.invitationLifetimeMs),
        pace,
      );
      // The plan's records were made for this write alone and nothing here touches them again.
      const applied = tx.applyMemberPlan({
        ...plan,
        handOver: true,
        ...(pace === undefined ? {} : { pace }),
      });
      // The tokens' hashes are made while the store writes (a database's server works meanwhile):
      // 100-150 ms for a file creating 30,000 members, off the import's critical path.
      const hashing = runSteps(hashInvitationSteps(drawn), pace);
      // Awaited once the write is done; should the write fail first, no unhandled rejection.
      hashing.catch(() => undefined);
      await applied;
      const invitations = await hashing;
      if (invitations.length > 0 && supportsAccounts(tx)) await tx.saveAccountTokens(invitations);
      input.onPhase?.("written");
      return { ok: true, result: plan.result, welcomeEmails: plan.welcomeEmails };
    });
  } catch (error) {
    if (error instanceof MemberConflictError)
      return { ok: false, result: conflictResult(error, checked.csv, input.messages) };
    throw error;
  }
}

/**
 * `absentMembers` by the store's own search, when it has one: asked as soon as the rows are read
 * (their Email addresses are all it needs) and after the stored members they name, so it runs on
 * the store while the rules across rows run here. A file those rules refuse waits for the search
 * to end, then drops its answer.
 * Without such a search they are found as soon as the product's members are listed
 * ({@link listAbsent}): the list is then garbage before the plan's work begins rather than held
 * through it, long enough to be moved into the collector's old generation.
 */
function searchAbsent(
  tx: StoreTx,
  rows: MemberRowValidator,
  product: Product,
): Promise<AbsentMember[]> | undefined {
  if (!supports(tx, "listAbsentProductMembers")) return undefined;
  const members = tx.listAbsentProductMembers(product, rows.rowEmailKeys()).then(sortAbsentMembers);
  // Awaited once the plan is made; a refused file or a failure meanwhile leaves no unhandled
  // rejection.
  members.catch(() => undefined);
  return members;
}

async function listAbsent(
  tx: StoreTx,
  isRowEmail: (key: string) => boolean,
  product: Product,
  pace: Pace | undefined,
): Promise<AbsentMember[]> {
  const productMembers = supports(tx, "listProductMemberNames")
    ? await tx.listProductMemberNames(product)
    : await tx.listProductMembers(product);
  return runSteps(absentMemberSteps(productMembers, product, isRowEmail), pace);
}

/**
 * Every rule over the file, with the stored members and other organizations' users it names. A
 * function of its own so the row validator (every row's draft) is let go as soon as the validated
 * rows exist.
 */
async function validateRows(
  tx: StoreTx,
  csv: CheckedCsv,
  rules: MemberRuleContext,
  input: Pick<ImportMembersInput, "reader" | "onPhase" | "product"> & { pace: Pace | undefined },
): Promise<RowsVerdict> {
  const { pace } = input;
  if (input.reader !== undefined) {
    const read = await input.reader(csv, rules);
    if (!read.ok) return read;
    input.onPhase?.("read");
    const addresses = await runSteps(read.rows.addressSteps(), pace);
    const named = await loadNamedUsers(tx, addresses, pace);
    return finishRows(read.rows, named, searchAbsent(tx, read.rows, input.product), input);
  }
  // The stored members the rows name are asked for as the rows are read, so the store finds them
  // while later rows are checked: after the last row only the last batch is still out.
  const lookups = new NamedUserLookups(tx);
  const read = await runSteps(
    eachStep(
      readMemberRowSteps(
        csv,
        rules,
        MAX_CSV_BYTES,
        pace === undefined ? undefined : CSV_SLICE_BYTES,
        (rows) => lookups.follow(rows),
      ),
      () => lookups.step(),
    ),
    pace,
  );
  if (!read.ok) {
    await lookups.settle();
    return read;
  }
  input.onPhase?.("read");
  const named = await lookups.finish(pace);
  return finishRows(read.rows, named, searchAbsent(tx, read.rows, input.product), input);
}

/** The rules' verdict on every row, and what the import needs next when they pass. */
type RowsVerdict =
  | {
      ok: true;
      rows: ValidatedMemberRow[];
      members: Member[];
      owners: AddressOwners;
      /** The store's search for absent members, when it has one (see {@link searchAbsent}). */
      absent: Promise<AbsentMember[]> | undefined;
    }
  | { ok: false; result: MemberValidationResult };

/** The rules across rows, given the users the file names, and whom each address stands for. */
async function finishRows(
  rows: MemberRowValidator,
  { members, externalUserEmails }: NamedUsers,
  absent: Promise<AbsentMember[]> | undefined,
  input: Pick<ImportMembersInput, "onPhase"> & { pace: Pace | undefined },
): Promise<RowsVerdict> {
  const { pace } = input;
  let passed = false;
  try {
    const verdict = await runSteps(rows.finishSteps(members, externalUserEmails), pace);
    input.onPhase?.("checked");
    if (!verdict.ok) return verdict;
    const owners = (await runSteps(rows.addressOwnerSteps(), pace)) as AddressOwners;
    passed = true;
    return { ok: true, rows: verdict.rows, members, owners, absent };
  } finally {
    // A refused file, or a failure here (the host's onPhase included), lets the search it no
    // longer needs end before its transaction does.
    if (!passed) await absent?.catch(() => undefined);
  }
}

/**
 * The 400 body of an address taken since the directory was read. The rows were let go while
 * planning, so the row is found in the file again: this happens only when another writer wins a
 * race, and the file is still at hand.
 */
function conflictResult(
  error: MemberConflictError,
  csv: CheckedCsv,
  messages: PartialMessageCatalog | undefined,
): MemberValidationResult {
  const key = emailKey(error.email);
  const row = findRowMovingTo(csv, key);
  return {
    fileError: null,
    rowColumnErrors: [
      {
        rowNumber: row?.rowNumber ?? 0,
        columnName: row?.column ?? "Email",
        value: error.email,
        type: MemberRowErrorType.UNKNOWN,
        message: renderMessage(messages, "member.UNKNOWN.writeFailed", { detail: error.message }),
      },
    ],
  };
}

/** The first row whose member would end at address `key`: by a New Email that moves it, or its Email. */
function findRowMovingTo(
  csv: CheckedCsv,
  key: string,
): { rowNumber: number; column: "Email" | "New Email" } | undefined {
  const read = readMemberSheet(csv.bytes);
  if (!read.ok) return undefined;
  const { positions, records } = read.sheet;
  const emailAt = positions.get("Email");
  const newEmailAt = positions.get("New Email");
  for (let index = 0; index < records.length; index++) {
    const record = records[index] as string[];
    const email = emailAt === undefined ? null : cellValue(record[emailAt]);
    const newEmail = newEmailAt === undefined ? null : cellValue(record[newEmailAt]);
    const moves = newEmail !== null && emailKey(newEmail) !== emailKey(email ?? "");
    if (moves && emailKey(newEmail) === key) return { rowNumber: index + 1, column: "New Email" };
    if (!moves && email !== null && emailKey(email) === key)
      return { rowNumber: index + 1, column: "Email" };
  }
  return undefined;
}
