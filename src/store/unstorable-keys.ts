import { STORE_TX_OPERATIONS, type StoreTx } from "./port";

const NUL = "\u0000";

/**
 * Whether `text` holds U+0000, which no stored value can: PostgreSQL text refuses it, the CSV
 * reader refuses files with it and edits refuse values with it.
 */
export function holdsNul(text: string): boolean {
  return text.includes(NUL);
}

const storable = (keys: readonly string[]) => keys.filter((key) => !holdsNul(key));

/**
 * `tx` with every look-up by a key that holds NUL answered here, as matching nothing, without
 * the adapter seeing the key: the memory store would find nothing, and a database would fail
 * on the key instead (`invalid byte sequence for encoding "UTF8": 0x00`). A page cursor is cut at
 * its first NUL, which leaves the same ids after it.
 */
export function unstorableKeysFindNothing(tx: StoreTx): StoreTx {
  const bound = {} as Record<string, unknown>;
  for (const operation of STORE_TX_OPERATIONS) {
    const method = tx[operation] as ((...args: unknown[]) => unknown) | undefined;
    if (method !== undefined) bound[operation] = method.bind(tx);
  }
  const guarded = bound as unknown as StoreTx;
  Object.assign(guarded, {
    loadMembersByEmail: (emails: readonly string[]) => tx.loadMembersByEmail(storable(emails)),
    loadMembersById: (ids: readonly string[]) => tx.loadMembersById(storable(ids)),
    loadExternalUserEmails: (emails: readonly string[]) =>
      tx.loadExternalUserEmails(storable(emails)),
    loadMembersLinkedTo: (ids: readonly string[]) => tx.loadMembersLinkedTo(storable(ids)),
    deleteMembers: (ids: readonly string[]) => tx.deleteMembers(storable(ids)),
    revokeProductAccess: (
      product: Parameters<StoreTx["revokeProductAccess"]>[0],
      ids: readonly string[],
    ) => tx.revokeProductAccess(product, storable(ids)),
    findReviewCycle: async (id: string) => (holdsNul(id) ? null : tx.findReviewCycle(id)),
    acceptTotpStep: async (memberId: string, step: number) =>
      holdsNul(memberId) ? false : tx.acceptTotpStep(memberId, step),
    endMemberSessions: async (memberId: string) =>
      holdsNul(memberId) ? false : tx.endMemberSessions(memberId),
    deleteWelcomeEmails: (ids: readonly string[]) => tx.deleteWelcomeEmails(storable(ids)),
  });
  const { listProductMemberPage, loadFeedApplicationHeads } = tx;
  if (listProductMemberPage !== undefined)
    guarded.listProductMemberPage = (product, page) =>
      listProductMemberPage.call(tx, product, {
        ...page,
        after: page.after === null ? null : (page.after.split(NUL, 1)[0] ?? ""),
      });
  if (loadFeedApplicationHeads !== undefined)
    guarded.loadFeedApplicationHeads = (ids, options) =>
      loadFeedApplicationHeads.call(tx, storable(ids), options);
  return guarded;
}
