import type { Member } from "./member";
import type { Product, Role } from "./products";

/**
 * Frozen parts of member records that many records share instead of each holding its own: an
 * import of tens of thousands of members otherwise keeps as many identical empty lists, default
 * credentials and one-product lists. Nothing changes a record's parts in place without copying
 * the record first (`copyMember`), which copies what it may change and shares what is frozen.
 */
export const NO_MENTORS = Object.freeze([]) as unknown as Member["mentorIds"];

/** See {@link NO_MENTORS}. */
export const NO_EDUCATION = Object.freeze([]) as unknown as Member["education"];

/** A new member's credentials: no password, no MFA secret, epoch 0. See {@link NO_MENTORS}. */
export const NEW_CREDENTIALS: Member["credentials"] = Object.freeze({
  passwordHash: null,
  mfaSecret: null,
  sessionEpoch: 0,
});

const ACCESS = new Map<Product, Map<Role, Member["products"]>>();

/** A frozen one-entry product list, one per product and role. See {@link NO_MENTORS}. */
export function sharedAccess(product: Product, role: Role): Member["products"] {
  let byRole = ACCESS.get(product);
  if (byRole === undefined) {
    byRole = new Map();
    ACCESS.set(product, byRole);
  }
  let products = byRole.get(role);
  if (products === undefined) {
    products = Object.freeze([Object.freeze({ product, role })]) as Member["products"];
    byRole.set(role, products);
  }
  return products;
}

/**
 * `products` with `product`'s role set to `role`, as a new list: a member's product list and its
 * entries may be shared and frozen, so a role is never changed in place.
 */
export function withRole(
  products: Member["products"],
  product: Product,
  role: Role,
): Member["products"] {
  return products.map((entry) => (entry.product === product ? { product, role } : entry));
}
