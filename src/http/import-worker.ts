/**
 * The import pool's worker (its own bundle entry, `dist/import-worker.js`): reads a member file
 * (CSV syntax, header, every single-row rule) or checks a matter file off the main thread. It
 * receives plain data only and sends large answers back in batches over the task's port, so the
 * main thread never deserializes a whole file's rows in one task.
 */
import type { MessagePort } from "node:worker_threads";
import { CheckedCsv } from "../csv/read";
import type { MemberHeader } from "../domain/headers";
import type { MemberRoles } from "../domain/member";
import type { OrganizationProfile } from "../domain/organization";
import type { Product } from "../domain/products";
import { checkMatterCsv, type MatterValidationOptions } from "../matters/validate";
import { MemberRowValidator } from "../members/row-validator";
import { createMemberRuleContext } from "../members/rule-context";
import { streamMemberSheet } from "../members/sheet";
import type { PartialMessageCatalog } from "../messages/catalog";

/** Items per message on the task's port: each message is a short task to deserialize. */
export const BATCH_ITEMS = 250;

/** A member file to read: the rule context is made again here from its plain parts. */
export interface MemberReadTask {
  kind: "members";
  bytes: Uint8Array;
  organization: OrganizationProfile;
  product: Product;
  now: Date;
  actor: MemberRoles | null;
  /** The host's messages, when every entry is a template (plain data; see `isTemplateCatalog`). */
  messages?: PartialMessageCatalog;
  port: MessagePort;
}

/** A matter file to check with the Perform members' addresses. */
export interface MatterCheckTask {
  kind: "matters";
  bytes: Uint8Array | string;
  options: MatterValidationOptions;
  port: MessagePort;
}

/** A task of the import pool. */
export type ImportTask = MemberReadTask | MatterCheckTask;

/** One message on a task's port: a batch of one of the answer's lists. */
export interface ImportBatch {
  list: string;
  items: unknown[];
}

/**
 * A task's answer: what is small, and how many items of each list were sent on the port (the
 * pool's port and the task's port do not keep order between them).
 */
export interface ImportAnswer {
  head: unknown;
  counts: Record<string, number>;
}

/** The head of a member read's answer: the 400 body, or the positions the rows were read by. */
export type MemberReadHead =
  | { ok: false; result: unknown }
  | { ok: true; positions: [MemberHeader, number][] };

/** Runs one task (Piscina calls the default export). */
export default function runImportTask(task: ImportTask): ImportAnswer {
  const sender = new BatchSender(task.port);
  try {
    if (task.kind === "members") return { head: readMembers(task, sender), counts: sender.counts };
    const check = checkMatterCsv(task.bytes, task.options);
    const { problems, ...rest } = check;
    sender.send("problems", problems);
    if (check.ok) sender.send("rows", check.rows);
    return { head: { ok: check.ok, result: rest.result }, counts: sender.counts };
  } finally {
    task.port.close();
  }
}

function readMembers(task: MemberReadTask, sender: BatchSender): MemberReadHead {
  const rules = createMemberRuleContext(
    task.organization,
    task.product,
    task.now,
    task.actor,
    task.messages,
  );
  let validator: MemberRowValidator | undefined;
  let positions: ReadonlyMap<MemberHeader, number> = new Map();
  const read = streamMemberSheet(
    new CheckedCsv(task.bytes),
    Number.POSITIVE_INFINITY,
    (found) => {
      positions = found;
      const rows = new MemberRowValidator(found, rules);
      validator = rows;
      return (record, rowNumber) => rows.read(record, rowNumber);
    },
    task.messages,
  );
  if (!read.ok) return { ok: false, result: read.result };
  const state = (validator as MemberRowValidator).exportState();
  sender.send("rows", state.rows);
  sender.send("errors", state.errors);
  return { ok: true, positions: [...positions] };
}

class BatchSender {
  readonly counts: Record<string, number> = {};
  readonly #port: MessagePort;

  constructor(port: MessagePort) {
    this.#port = port;
  }

  send(list: string, items: readonly unknown[]): void {
    this.counts[list] = items.length;
    for (let start = 0; start < items.length; start += BATCH_ITEMS) {
      const batch: ImportBatch = { list, items: items.slice(start, start + BATCH_ITEMS) };
      this.#port.postMessage(batch);
    }
  }
}
