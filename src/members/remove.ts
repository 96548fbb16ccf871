import { type Product, Role } from "../domain/products";
import type { Store } from "../store/port";
import { runTransaction } from "../store/run";

/**
 * What {@link removeProductAccess} needs: organization, product and the addresses (or `null` for
 * the spec's empty body).
 */
export interface RemoveProductAccessInput {
  orgId: string;
  product: Product;
  /** Null, missing or empty is a valid no-op. */
  emails?: readonly string[] | null;
}

/** The bulk-remove 200 body. */
export interface RemoveProductAccessResult {
  removedCount: number;
}

/**
 * DELETE /members/bulk-remove: removes access to one product, in one transaction. Matching is by
 * the exact stored address (no trimming, case folding or aliases); unmatched addresses are
 * ignored; a repeated address counts once; members with `ADMIN` on the product are skipped and
 * not counted; other products and the member record stay.
 */
export async function removeProductAccess(
  store: Store,
  input: RemoveProductAccessInput,
): Promise<RemoveProductAccessResult> {
  const wanted = new Set(input.emails ?? []);
  if (wanted.size === 0) return { removedCount: 0 };
  return runTransaction(store, input.orgId, async (tx) => {
    const candidates = await tx.loadMembersByEmail([...wanted]);
    const removable = candidates.filter(
      (member) =>
        wanted.has(member.email) &&
        member.products.some(
          (access) => access.product === input.product && access.role === Role.MEMBER,
        ),
    );
    if (removable.length > 0) {
      await tx.revokeProductAccess(
        input.product,
        removable.map((member) => member.id),
      );
    }
    return { removedCount: removable.length };
  });
}
