import { Feature } from "../store/features";
import { Product, Role } from "../store/products";
import type { Member, OrganizationProfile } from "../store/snapshot";

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
export function isAdmin(member: Member): boolean {
  return member.products.some((access) => access.role === Role.ADMIN);
}

/** Perform Admin: `ADMIN` on PERFORM. */
export function isPerformAdmin(member: Member): boolean {
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
