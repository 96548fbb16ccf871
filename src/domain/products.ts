/** The spec's Product enumeration. */
export const Product = { RECRUIT: "RECRUIT", PERFORM: "PERFORM", UNI: "UNI" } as const;
export type Product = (typeof Product)[keyof typeof Product];
/** The products a member can have access to. */
export const PRODUCTS = Object.values(Product) as [Product, ...Product[]];

/** Role values on a product. */
export const Role = { ADMIN: "ADMIN", MEMBER: "MEMBER" } as const;
export type Role = (typeof Role)[keyof typeof Role];
/** The roles a member can hold in a product. */
export const ROLES = Object.values(Role) as [Role, ...Role[]];

/** Whether `value` is one of {@link PRODUCTS}. */
export function isProduct(value: string): value is Product {
  return (PRODUCTS as readonly string[]).includes(value);
}
