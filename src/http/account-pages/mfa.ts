import type { OpenAPIHono } from "@hono/zod-openapi";
import { readMemberAndOrganization } from "../../accounts/member-reading";
import { confirmMfaEnrollment } from "../../accounts/mfa-enrollment";
import { ticketHolds, verifyEnrollmentTicket } from "../../auth/enrollment-ticket";
import type { Member } from "../../domain/member";
import { cookieHeader } from "../cookie-header";
import { comesFromAnotherSite } from "../cross-site";
import type { HttpEnv, HttpSettings } from "../env";
import { readFormFields } from "../form-fields";
import { authenticate } from "../session";
import { crossSitePage, donePage, signInFirstPage, tooLargePage } from "./common-pages";
import { accountContext } from "./context";
import { type Enrollee, enrollmentResponse } from "./enrollment";
import { pageResponse } from "./layout";
import { ACCOUNT_PAGE_SEGMENTS, authBase, pageRoute } from "./links";
import { alreadySetUpPage, BEGIN_ACTION, mfaCodePage, mfaStartPage } from "./mfa-page";
import { forOrganization } from "./organization";

/** Whose setup a request may begin or confirm, with the member as read to decide it. */
type Caller = Enrollee & { member: Member };

const SIGN_IN_AGAIN = "Sign in to set up your authenticator; the sign-in step may have expired.";

/**
 * `GET {login_url}mfa`: for a signed-in member of the address's organization, begins an
 * authenticator setup (a new key, pending until confirmed) and shows it. `POST`: with `code`,
 * confirms it; with `action=begin`, begins again. The member is the session's, or, for a member
 * who has no session yet because MFA is due, the one the hidden `ticket` names (a login or a
 * password set by a link issued it), checked against the member as stored now. From a session
 * the member's password is asked too, so a stolen session cannot set the thief's authenticator. A
 * confirmed setup
 * ends every session of the member (and the ticket): they sign in again with a code.
 */
export function registerMfaPage(app: OpenAPIHono<HttpEnv>, settings: HttpSettings): void {
  const route = pageRoute(ACCOUNT_PAGE_SEGMENTS.mfa);
  // GET only reads (a link from another site may open it): the setup begins with the form's POST.
  app.get(route, async (c) => {
    const base = authBase(c.req.path);
    const now = c.get("now");
    const who = await enrolleeOf(settings, c.req.raw, c.req.param("org_name") ?? "", null, now);
    if (who === null) return signInFirstPage(base, SIGN_IN_AGAIN);
    if (hasAuthenticator(who)) return pageResponse(409, alreadySetUpPage(base));
    return pageResponse(200, mfaStartPage());
  });
  app.post(route, async (c) => {
    const request = c.req.raw;
    if (comesFromAnotherSite(request, settings.trustedOrigins)) return crossSitePage();
    const base = authBase(c.req.path);
    const now = c.get("now");
    const fields = await readFormFields(request, ["code", "ticket", "action", "password"]);
    if (fields === null) return tooLargePage();
    const ticket = nonEmpty(fields.get("ticket"));
    const who = await enrolleeOf(settings, request, c.req.param("org_name") ?? "", ticket, now);
    if (who === null) return signInFirstPage(base, SIGN_IN_AGAIN);
    // From a session, an authenticator is never replaced: removing it needs a code of it first.
    if (ticket === null && hasAuthenticator(who)) return pageResponse(409, alreadySetUpPage(base));
    if (fields.get("action") === BEGIN_ACTION)
      return enrollmentResponse(settings, who, ticket, now, base);
    const password = ticket === null ? (fields.get("password") ?? "") : undefined;
    return confirmSetup(
      settings,
      who,
      { code: fields.get("code") ?? "", password },
      ticket,
      now,
      base,
    );
  });
}

/** Confirms the pending setup with a code: the "set up" page, or the code form with the refusal. */
async function confirmSetup(
  settings: HttpSettings,
  who: Enrollee,
  answer: { code: string; password: string | undefined },
  ticket: string | null,
  now: Date,
  base: string,
): Promise<Response> {
  const { code, password } = answer;
  const outcome = await confirmMfaEnrollment(
    settings.store,
    {
      orgId: who.orgId,
      memberId: who.memberId,
      code,
      now,
      ...(password === undefined ? {} : { currentPassword: password }),
    },
    accountContext(settings),
  );
  if (!outcome.ok)
    return pageResponse(
      outcome.error.code === "THROTTLED" ? 429 : 400,
      mfaCodePage(outcome.error.message, ticket),
    );
  // The session, if any, ended with the change; the browser may drop its cookie.
  return pageResponse(
    200,
    donePage(
      "Authenticator set up",
      "Your authenticator is set up. Sign in with your email, your password and the code it shows.",
      base,
    ),
    { "set-cookie": cookieHeader(settings, settings.cookieName, "", 0) },
  );
}

/**
 * Whose setup the request may begin or confirm, in the address's organization: the ticket's
 * member when a ticket is sent (never the session then), else the session's; `null` for neither.
 */
async function enrolleeOf(
  settings: HttpSettings,
  request: Request,
  shortName: string,
  ticket: string | null,
  now: Date,
): Promise<Caller | null> {
  return forOrganization(
    settings,
    shortName,
    (orgId) =>
      ticket === null
        ? sessionEnrollee(settings, request, orgId, now)
        : ticketEnrollee(settings, ticket, orgId, now),
    async () => null,
  );
}

async function sessionEnrollee(
  settings: HttpSettings,
  request: Request,
  orgId: string,
  now: Date,
): Promise<Caller | null> {
  const principal = await authenticate(request, settings, now);
  if (principal === null || principal.organization.id !== orgId) return null;
  return { orgId, memberId: principal.member.id, member: principal.member };
}

async function ticketEnrollee(
  settings: HttpSettings,
  ticket: string,
  orgId: string,
  now: Date,
): Promise<Caller | null> {
  const verified = await verifyEnrollmentTicket(settings.secret, ticket, now);
  if (verified === null || verified.orgId !== orgId) return null;
  const who = { orgId, memberId: verified.memberId };
  const found = await readMemberAndOrganization(settings.store, who);
  if (found === null || !ticketHolds(settings.secret, verified, found.member, found.organization))
    return null;
  return { ...who, member: found.member };
}

/** Whether the member, as read when the request was authenticated, has an authenticator. */
function hasAuthenticator(who: Caller): boolean {
  return who.member.credentials.mfaSecret !== null;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === "" ? null : value;
}
