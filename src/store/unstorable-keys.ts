import { holdsNul, NUL } from "../values/nul";
import type { StoreTx } from "./port";
import type { TxOperation } from "./tx-wrap";

/** `keys` without those holding NUL; `keys` itself when none does, as a file's address list is. */
const storable = (keys: readonly string[]) =>
  keys.some(holdsNul) ? keys.filter((key) => !holdsNul(key)) : keys;

/**
 * `tx`'s `operation`, with every look-up by a key that holds NUL answered here, as matching
 * nothing, without the adapter seeing the key: the memory store would find nothing, and a database
 * would fail on the key instead (`invalid byte sequence for encoding "UTF8": 0x00`). A page cursor
 * is cut at its first NUL, which leaves the same ids after it. Operations that take no key come
 * back bound to `tx`.
 */
export function unstorableKeysFindNothing(
  tx: StoreTx,
  operation: TxOperation,
  method: (...args: never[]) => unknown,
): (...args: never[]) => unknown {
  return (
    (GUARDS[operation]?.(tx) as ((...args: never[]) => unknown) | undefined) ?? method.bind(tx)
  );
}

type Guards = { [Operation in keyof StoreTx]?: (tx: StoreTx) => NonNullable<StoreTx[Operation]> };

const GUARDS: Guards = {
  loadMembersByEmail: (tx) => (emails) => tx.loadMembersByEmail(storable(emails)),
  loadMembersById: (tx) => (ids) => tx.loadMembersById(storable(ids)),
  loadExternalUserEmails: (tx) => (emails) => tx.loadExternalUserEmails(storable(emails)),
  loadMembersLinkedTo: (tx) => (ids) => tx.loadMembersLinkedTo(storable(ids)),
  deleteMembers: (tx) => (ids) => tx.deleteMembers(storable(ids)),
  revokeProductAccess: (tx) => (product, ids) => tx.revokeProductAccess(product, storable(ids)),
  findReviewCycle: (tx) => async (id) => (holdsNul(id) ? null : tx.findReviewCycle(id)),
  acceptTotpStep: (tx) => async (memberId, step) =>
    holdsNul(memberId) ? false : tx.acceptTotpStep(memberId, step),
  endMemberSessions: (tx) => async (memberId) =>
    holdsNul(memberId) ? false : tx.endMemberSessions(memberId),
  deleteWelcomeEmails: (tx) => (ids) => tx.deleteWelcomeEmails(storable(ids)),
  listProductMemberPage: (tx) => (product, page) =>
    (tx.listProductMemberPage as NonNullable<StoreTx["listProductMemberPage"]>).call(tx, product, {
      ...page,
      after: page.after === null ? null : (page.after.split(NUL, 1)[0] ?? ""),
    }),
  loadFeedApplicationHeads: (tx) => (ids, options) =>
    (tx.loadFeedApplicationHeads as NonNullable<StoreTx["loadFeedApplicationHeads"]>).call(
      tx,
      storable(ids),
      options,
    ),
};
