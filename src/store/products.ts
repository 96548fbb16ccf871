/** The spec's Product enumeration. */
export const Product = { RECRUIT: "RECRUIT", PERFORM: "PERFORM", UNI: "UNI" } as const;
export type Product = (typeof Product)[keyof typeof Product];
export const PRODUCTS = Object.values(Product) as [Product, ...Product[]];

/** Role values on a product. */
export const Role = { ADMIN: "ADMIN", MEMBER: "MEMBER" } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLES = Object.values(Role) as [Role, ...Role[]];

export function isProduct(value: string): value is Product {
  return (PRODUCTS as readonly string[]).includes(value);
}
