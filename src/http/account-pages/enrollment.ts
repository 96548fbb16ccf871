import { beginMfaEnrollment } from "../../accounts/mfa-enrollment";
import { issueEnrollmentTicket } from "../../auth/enrollment-ticket";
import { sessionStamp } from "../../auth/session-stamp";
import type { Member } from "../../domain/member";
import type { OrganizationProfile } from "../../domain/organization";
import { runReadOnly } from "../../store/run";
import type { HttpSettings } from "../env";
import { signInFirstPage } from "./common-pages";
import { pageResponse } from "./layout";
import { mfaEnrollmentPage } from "./mfa-page";

/** Whose enrollment a page begins or confirms. */
export interface Enrollee {
  orgId: string;
  memberId: string;
}

/** Whether the member must set up an authenticator before any session: MFA applies, none is set. */
export function mustEnroll(
  member: Member,
  organization: Pick<OrganizationProfile, "mfaRequired">,
): boolean {
  return (organization.mfaRequired || member.useMfa) && member.credentials.mfaSecret === null;
}

/** The member and their organization as stored now; `null` when the member is gone. */
export function loadEnrollee(
  settings: Pick<HttpSettings, "store">,
  who: Enrollee,
): Promise<{ member: Member; organization: OrganizationProfile } | null> {
  return runReadOnly(settings.store, who.orgId, async (tx) => {
    const [member] = await tx.loadMembersById([who.memberId]);
    return member === undefined ? null : { member, organization: await tx.loadOrganization() };
  });
}

/**
 * An enrollment ticket for the member as stored now (as a login that finds MFA due issues one):
 * it allows an enrollment only, for 15 minutes, and ends when the member's credentials change.
 */
export function ticketFor(
  settings: Pick<HttpSettings, "secret">,
  orgId: string,
  member: Member,
  organization: Pick<OrganizationProfile, "mfaRequired">,
  now: Date,
): Promise<string> {
  const stamp = sessionStamp(settings.secret, member, organization);
  return issueEnrollmentTicket(settings.secret, { orgId, memberId: member.id, stamp }, now);
}

/**
 * Begins an enrollment and answers its setup screen, with the ticket (when the member has no
 * session) in a hidden field.
 */
export async function enrollmentResponse(
  settings: HttpSettings,
  who: Enrollee,
  ticket: string | null,
  now: Date,
  base: string,
): Promise<Response> {
  const start = await beginMfaEnrollment(
    settings.store,
    { orgId: who.orgId, memberId: who.memberId, now },
    { messages: settings.messages },
  );
  if (!start.ok) return signInFirstPage(base, "Sign in again to set up your authenticator.");
  return pageResponse(200, mfaEnrollmentPage(start, ticket));
}
