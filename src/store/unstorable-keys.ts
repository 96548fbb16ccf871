import { holdsNul, NUL } from "../values/nul";
import { isStorableText } from "../values/storable-text";
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

/** Live-data keys were never stored with NUL or a lone surrogate: such a key finds nothing. */
const kept = (keys: readonly string[]) =>
  keys.every(isStorableText) ? keys : keys.filter(isStorableText);

const GUARDS: Guards = {
  loadJobs: (tx) => (ids) => (tx.loadJobs as NonNullable<StoreTx["loadJobs"]>).call(tx, kept(ids)),
  loadCandidates: (tx) => (ids) =>
    (tx.loadCandidates as NonNullable<StoreTx["loadCandidates"]>).call(tx, kept(ids)),
  loadApplications: (tx) => (ids) =>
    (tx.loadApplications as NonNullable<StoreTx["loadApplications"]>).call(tx, kept(ids)),
  eraseCandidates: (tx) => (ids) =>
    (tx.eraseCandidates as NonNullable<StoreTx["eraseCandidates"]>).call(tx, kept(ids)),
  eraseApplications: (tx) => (ids) =>
    (tx.eraseApplications as NonNullable<StoreTx["eraseApplications"]>).call(tx, kept(ids)),
  loadMembersByEmail: (tx) => (emails) => tx.loadMembersByEmail(storable(emails)),
  loadMembersById: (tx) => (ids) => tx.loadMembersById(storable(ids)),
  loadExternalUserEmails: (tx) => (emails) => tx.loadExternalUserEmails(storable(emails)),
  loadUsersByEmail: (tx) => (emails) =>
    (tx.loadUsersByEmail as NonNullable<StoreTx["loadUsersByEmail"]>).call(tx, storable(emails)),
  loadMembersLinkedTo: (tx) => (ids) => tx.loadMembersLinkedTo(storable(ids)),
  // An address holding NUL is no stored member's: dropping it leaves the same members absent.
  listAbsentProductMembers: (tx) => (product, emails) =>
    (tx.listAbsentProductMembers as NonNullable<StoreTx["listAbsentProductMembers"]>).call(
      tx,
      product,
      storable(emails),
    ),
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
