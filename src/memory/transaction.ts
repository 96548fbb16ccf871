import { OrganizationNotFoundError } from "../store/errors";
import type { StoreTx } from "../store/port";
import { accountOperations } from "./accounts";
import { changeLogOperations } from "./change-log-ops";
import { columnMappingOperations } from "./column-mappings";
import { feedOperations } from "./feed";
import { liveDataOperations } from "./live-data";
import { matterOperations } from "./matters";
import { memberReads } from "./member-reads";
import { memberWrites } from "./member-writes";
import { outboxOperations } from "./outbox";
import type { PublishedStates } from "./published";
import { totpOperations } from "./sessions";
import { type OrganizationState, overlay, type StateView, type WorkingState } from "./state";
import type { MemoryTxContext } from "./tx-context";

/** The port of one memory transaction, assembled from its parts by concern. */
export function memoryTx(context: MemoryTxContext): StoreTx {
  return {
    ...memberReads(context),
    ...memberWrites(context),
    ...matterOperations(context),
    ...feedOperations(context),
    ...outboxOperations(context),
    ...totpOperations(context),
    ...columnMappingOperations(context),
    ...accountOperations(context),
    ...liveDataOperations(context),
    ...changeLogOperations(context),
  };
}

/**
 * A read-only transaction's port over a published state holds nothing of its own (its reads are
 * of that state, its writes refused), so one serves them all: every session check opens one.
 */
const readOnlyTxs = new WeakMap<OrganizationState, StoreTx>();

/** Runs `work` on the state of `orgId` published now, pinned until the work settles. */
export function runReadOnly<T>(
  states: PublishedStates,
  orgId: string,
  work: (tx: StoreTx) => Promise<T>,
): Promise<T> {
  const committed = states.get(orgId);
  if (committed === undefined) return Promise.reject(new OrganizationNotFoundError(orgId));
  let tx = readOnlyTxs.get(committed);
  if (tx === undefined) {
    tx = memoryTx({
      read: () => committed,
      write: refuseWrite,
      externalUsers: (emails) => states.externalUsers(orgId, committed, emails),
      published: committed,
      linked: () => null,
    });
    readOnlyTxs.set(committed, tx);
  }
  const unpin = states.pin(committed);
  // Chained rather than awaited in an async wrapper, whose frame every read-only transaction
  // would carry.
  let done: Promise<T>;
  try {
    done = Promise.resolve(work(tx));
  } catch (error) {
    unpin();
    return Promise.reject(error);
  }
  return done.then(
    (result) => {
      unpin();
      return result;
    },
    (error: unknown) => {
      unpin();
      throw error;
    },
  );
}

/**
 * Runs `work` in `orgId`'s turn over the state published when the turn came; its writes go to
 * an overlay, published only when `work` resolves. Answers whether it wrote.
 */
export function runWrite<T>(
  states: PublishedStates,
  orgId: string,
  work: (tx: StoreTx) => Promise<T>,
): Promise<{ result: T; wrote: boolean }> {
  return states.serialized(orgId, async () => {
    const committed = states.get(orgId);
    if (committed === undefined) throw new OrganizationNotFoundError(orgId);
    let working: WorkingState | null = null;
    let ended = false;
    // Once ended, the published maps may have moved on under the overlays: read what is
    // published instead.
    const read = (): StateView =>
      ended ? (states.get(orgId) ?? committed) : (working ?? committed);
    const write = () => {
      if (ended) throw new Error("the transaction has ended");
      working ??= overlay(committed);
      return working;
    };
    try {
      const result = await work(
        memoryTx({
          read,
          write,
          externalUsers: (emails) => states.externalUsers(orgId, read(), emails),
          published: null,
          linked: () => (ended ? null : { counts: states.linkCounts(committed), working }),
        }),
      );
      if (working !== null) await states.commit(orgId, committed, working);
      return { result, wrote: working !== null };
    } finally {
      ended = true;
    }
  });
}

function refuseWrite(): WorkingState {
  throw new Error("a read-only transaction cannot write");
}
