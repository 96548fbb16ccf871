import { beginMfaEnrollment } from "../../accounts/mfa-enrollment";
import type { HttpSettings } from "../env";
import { signInFirstPage } from "./common-pages";
import { pageResponse } from "./layout";
import { mfaEnrollmentPage } from "./mfa-page";

/** Whose enrollment a page begins or confirms. */
export interface Enrollee {
  orgId: string;
  memberId: string;
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
