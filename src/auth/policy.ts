import { Feature } from "../domain/features";
import type { Member, MemberRoles, ProductRole } from "../domain/member";
import type { OrganizationProfile } from "../domain/organization";
import { PRODUCTS, Product, Role } from "../domain/products";

/** The endpoint groups of the spec's "Authorization per endpoint group", plus rpdi's own. */
export type EndpointGroup =
  | "member-import"
  | "bulk-remove"
  | "member-files"
  | "lookup-lists"
  | "matters"
  | "job-applications";

/** Who is calling: the member the session token names, and their organization. */
export interface Principal {
  member: Member;
  organization: OrganizationProfile;
}

/**
 * What {@link authorize} decides for a principal and an endpoint group: allowed, or the status and
 * message to refuse with.
 */
export type Decision = { allowed: true } | { allowed: false; status: 401 | 403; error: string };

const ALLOWED: Decision = { allowed: true };

/** Admin: `ADMIN` on any product of the organization (DESIGN.md). */
export function isAdmin(member: Pick<Member, "products">): boolean {
  return member.products.some((access) => access.role === Role.ADMIN);
}

/** Perform Admin: `ADMIN` on PERFORM. */
export function isPerformAdmin(member: Pick<Member, "products">): boolean {
  return member.products.some(
    (access) => access.product === Product.PERFORM && access.role === Role.ADMIN,
  );
}

function forbidden(error: string): Decision {
  return { allowed: false, status: 403, error };
}

/** Member import and bulk remove: PERFORM needs Perform Admin, every other product Admin. */
function productAdmin(principal: Principal, product: Product): Decision {
  if (product === Product.PERFORM) {
    return isPerformAdmin(principal.member)
      ? ALLOWED
      : forbidden("Importing or removing PERFORM access requires the Perform Admin role.");
  }
  return isAdmin(principal.member)
    ? ALLOWED
    : forbidden(`This operation on ${product} requires an Admin role.`);
}

/**
 * The one authorization table. A missing or invalid session is 401 for every group (decided by
 * the binding before this is asked); this decides for an authenticated caller.
 */
export function authorize(
  group: EndpointGroup,
  principal: Principal,
  product: Product | null = null,
): Decision {
  const { member, organization } = principal;
  switch (group) {
    case "member-import":
      return productAdmin(principal, product ?? Product.RECRUIT);
    case "bulk-remove": {
      const decision = productAdmin(principal, product ?? Product.RECRUIT);
      if (!decision.allowed) return decision;
      return organization.features.includes(Feature.BULK_REMOVE)
        ? ALLOWED
        : forbidden("Bulk remove is not enabled for this organization.");
    }
    case "member-files":
    case "lookup-lists":
      return isAdmin(member) ? ALLOWED : forbidden("This endpoint requires an Admin role.");
    case "matters":
      return isPerformAdmin(member)
        ? ALLOWED
        : forbidden("The matter endpoints require the Perform Admin role.");
    case "job-applications":
      // The spec answers 401, not 403, for a non-admin or a disabled feature here.
      return isAdmin(member) && organization.features.includes(Feature.HR_FEED)
        ? ALLOWED
        : {
            allowed: false,
            status: 401,
            error:
              "The job-application feed needs admin credentials and the HR feed feature enabled for the organization; please contact support.",
          };
  }
}

/**
 * The per-member operations of POST /graphql (spec: Member endpoints), in the schema's order.
 * {@link authorizeMemberOperation} decides each of them.
 */
export const MEMBER_OPERATIONS = [
  "memberById",
  "membersByProduct",
  "editEmployerMemberInfo",
  "editEmployerMemberAuthInfo",
  "editUniversityMemberInfo",
  "addEmployerMemberProductUserRole",
  "revokeProductUserAccess",
  "deleteMember",
] as const;
/** One of {@link MEMBER_OPERATIONS}. */
export type MemberOperation = (typeof MEMBER_OPERATIONS)[number];

/** What each operation names besides its target, as far as the decision depends on it. */
export interface MemberOperationArgs {
  memberById: Record<never, never>;
  membersByProduct: Record<never, never>;
  editEmployerMemberInfo: Record<never, never>;
  editEmployerMemberAuthInfo: { productRoles: readonly ProductRole[] };
  editUniversityMemberInfo: Record<never, never>;
  addEmployerMemberProductUserRole: { product: Product; role: Role };
  revokeProductUserAccess: { product: Product };
  deleteMember: Record<never, never>;
}

/** An operation with its arguments, e.g. `{ operation: "revokeProductUserAccess", product: "UNI" }`. */
export type MemberOperationRequest = {
  [O in MemberOperation]: { operation: O } & MemberOperationArgs[O];
}[MemberOperation];

/**
 * The products an operation touches on its target: the caller needs `ADMIN` on every one. An
 * edit or a delete touches every product the target holds, because it changes (or removes) the
 * person behind all of them, email and sign-in included; a grant, a role change or a revoke
 * touches the product it names. A `null` target (a list, or a member not read yet) holds none.
 */
export function touchedProducts(
  request: MemberOperationRequest,
  target: MemberRoles | null,
): Product[] {
  const held = target?.products.map((access) => access.product) ?? [];
  switch (request.operation) {
    case "memberById":
    case "membersByProduct":
      return [];
    case "editEmployerMemberInfo":
    case "editUniversityMemberInfo":
    case "deleteMember":
      return inProductOrder(held);
    case "editEmployerMemberAuthInfo":
      return inProductOrder([...held, ...request.productRoles.map((entry) => entry.product)]);
    case "addEmployerMemberProductUserRole":
    case "revokeProductUserAccess":
      return [request.product];
  }
}

function inProductOrder(products: readonly Product[]): Product[] {
  return PRODUCTS.filter((product) => products.includes(product));
}

/** The products on which `member` holds `ADMIN`, in the spec's product order. */
export function adminProducts(member: Pick<Member, "products">): Product[] {
  const admin = new Set(
    member.products.filter((access) => access.role === Role.ADMIN).map((access) => access.product),
  );
  return PRODUCTS.filter((product) => admin.has(product));
}

/** Whether the operation would take one of the target's `ADMIN` roles away (or the whole member). */
function removesAdminRole(request: MemberOperationRequest, target: MemberRoles): boolean {
  const admin = new Set(adminProducts(target));
  switch (request.operation) {
    case "deleteMember":
      return admin.size > 0;
    case "revokeProductUserAccess":
      return admin.has(request.product);
    case "addEmployerMemberProductUserRole":
      return admin.has(request.product) && request.role !== Role.ADMIN;
    case "editEmployerMemberAuthInfo":
      return request.productRoles.some(
        (entry) => admin.has(entry.product) && entry.role !== Role.ADMIN,
      );
    default:
      return false;
  }
}

function productNames(products: readonly Product[]): string {
  return products
    .map((product) => (product === Product.PERFORM ? "PERFORM (Perform Admin)" : product))
    .join(", ");
}

/**
 * Decides whether `caller` may run a per-member operation on `target`: what the target holds
 * counts, not only who the caller is. Pure. The rule:
 *
 * 1. Every operation, reads included, needs an Admin (`ADMIN` on any product).
 * 2. The caller needs `ADMIN` on every product the operation touches (see the table in
 *    docs/login-and-authorization.md): so an Admin can neither edit nor delete a member who holds
 *    a role the caller could not grant, and granting, changing or revoking a role on a product
 *    needs `ADMIN` on that product (PERFORM: the Perform Admin role).
 * 3. Nobody takes away their own `ADMIN` role on a product, nor deletes themselves: only an
 *    `ADMIN` on a product can grant it again, so the product could be left with no one to.
 *
 * `target` is the member as read in the operation's own transaction; `null` for a list or before
 * the read, when only the caller and the named products can be judged.
 */
export function authorizeMemberOperation(
  request: MemberOperationRequest,
  caller: MemberRoles,
  target: MemberRoles | null,
): Decision {
  if (!isAdmin(caller)) return forbidden("The member operations require an Admin role.");
  const mine = new Set(adminProducts(caller));
  const missing = touchedProducts(request, target).filter((product) => !mine.has(product));
  if (missing.length > 0) {
    return forbidden(
      `${request.operation} on this member needs the ADMIN role on ${productNames(missing)}.`,
    );
  }
  if (target !== null && target.id === caller.id && removesAdminRole(request, target)) {
    return forbidden(
      `${request.operation} would take away your own ADMIN role; another admin must do it.`,
    );
  }
  return ALLOWED;
}
