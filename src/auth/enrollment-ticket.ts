import { hmac } from "@noble/hashes/hmac";
import { sha256 } from "@noble/hashes/sha2";
import { jwtVerify, SignJWT } from "jose";
import type { Member } from "../domain/member";
import type { OrganizationProfile } from "../domain/organization";
import { sessionStamp } from "./session-stamp";
import type { TokenSecret } from "./token";

/** How long a member sent to MFA enrollment after the password has to finish it: 15 minutes. */
export const ENROLLMENT_TICKET_LIFETIME_SECONDS = 15 * 60;

const TYPE = "rpdi-mfa-enrollment+jwt";
const encoder = new TextEncoder();

/** A key of its own, so a ticket never passes as a session or device token, nor the reverse. */
function ticketKey(secret: TokenSecret): Uint8Array {
  const bytes = typeof secret === "string" ? encoder.encode(secret) : secret;
  return hmac(sha256, bytes, encoder.encode("rpdi mfa enrollment ticket v1"));
}

/** Whose enrollment a ticket allows, and the member's session stamp when it was issued. */
export interface EnrollmentTicket {
  orgId: string;
  memberId: string;
  stamp: string;
}

/**
 * A ticket for a member whose password was right but who must enroll MFA before any session: it
 * lets the holder begin and confirm an enrollment, nothing else. Bound to the member's session
 * stamp, it ends with any change to the member's credentials (the enrollment itself included).
 */
export function issueEnrollmentTicket(
  secret: TokenSecret,
  ticket: EnrollmentTicket,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ org: ticket.orgId, stp: ticket.stamp })
    .setProtectedHeader({ alg: "HS256", typ: TYPE })
    .setSubject(ticket.memberId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ENROLLMENT_TICKET_LIFETIME_SECONDS)
    .sign(ticketKey(secret));
}

/** The ticket's content when it is one of ours and unexpired at `now`, else `null`. */
export async function verifyEnrollmentTicket(
  secret: TokenSecret,
  ticket: string,
  now: Date,
): Promise<EnrollmentTicket | null> {
  try {
    const { payload } = await jwtVerify(ticket, ticketKey(secret), {
      algorithms: ["HS256"],
      typ: TYPE,
      currentDate: now,
      requiredClaims: ["exp", "iat", "sub"],
    });
    const { org, stp, sub } = payload;
    if (typeof org !== "string" || typeof stp !== "string" || typeof sub !== "string") return null;
    return { orgId: org, memberId: sub, stamp: stp };
  } catch {
    return null;
  }
}

/** Whether a verified ticket still holds for the member as stored now. */
export function ticketHolds(
  secret: TokenSecret,
  ticket: EnrollmentTicket,
  member: Member,
  organization: Pick<OrganizationProfile, "mfaRequired">,
): boolean {
  return (
    ticket.memberId === member.id && ticket.stamp === sessionStamp(secret, member, organization)
  );
}

/** Whether the member must set up an authenticator before any session: MFA applies, none is set. */
export function mustEnrollMfa(
  member: Member,
  organization: Pick<OrganizationProfile, "mfaRequired">,
): boolean {
  return (organization.mfaRequired || member.useMfa) && member.credentials.mfaSecret === null;
}

/** An enrollment ticket for the member as stored now, bound to the member's session stamp. */
export function enrollmentTicketFor(
  secret: TokenSecret,
  orgId: string,
  member: Member,
  organization: Pick<OrganizationProfile, "mfaRequired">,
  now: Date,
): Promise<string> {
  const stamp = sessionStamp(secret, member, organization);
  return issueEnrollmentTicket(secret, { orgId, memberId: member.id, stamp }, now);
}
