import type { Member } from "../domain/member";
import { type Product, Role } from "../domain/products";
import { paceOf } from "../runtime/pace";
import type { Pace } from "../runtime/steps";
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
  /**
   * Awaited between slices of the look-ups and writes, inside the one transaction: by default the
   * host's event loop turns every few ms of work; `null` runs it in one go (see
   * `ImportMembersInput.pace`). The answer is the same either way.
   */
  pace?: Pace | null;
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
  const pace = paceOf(input.pace);
  return runTransaction(store, input.orgId, async (tx) => {
    // A set: the store looks addresses up without case, so two spellings of one address in
    // different slices find its member twice.
    const removable = new Set<string>();
    for (const slice of slices([...wanted], pace)) {
      for (const member of await tx.loadMembersByEmail(slice))
        if (isRemovable(member, wanted, input.product)) removable.add(member.id);
      await pace?.();
    }
    for (const ids of slices([...removable], pace)) {
      if (ids.length > 0) await tx.revokeProductAccess(input.product, ids);
      await pace?.();
    }
    return { removedCount: removable.size };
  });
}

/** Addresses (or member ids) per store call when paced: each call is then a short slice of work. */
const PER_CALL = 1024;

/** `items` in slices of {@link PER_CALL} when paced, else whole (one store call). */
function slices<T>(items: T[], pace: Pace | undefined): T[][] {
  if (pace === undefined || items.length <= PER_CALL) return [items];
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += PER_CALL)
    out.push(items.slice(start, start + PER_CALL));
  return out;
}

/** A member the file's address names exactly, holding the product as a plain member. */
function isRemovable(member: Member, wanted: ReadonlySet<string>, product: Product): boolean {
  return (
    wanted.has(member.email) &&
    member.products.some((access) => access.product === product && access.role === Role.MEMBER)
  );
}
