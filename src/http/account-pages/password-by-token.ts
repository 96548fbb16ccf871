import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AccountContext } from "../../accounts/context";
import { type AccountError, type AccountOutcome, refused } from "../../accounts/errors";
import { readMemberAndOrganization } from "../../accounts/member-reading";
import type { SetPasswordByTokenInput } from "../../accounts/set-password";
import { throttledAll, throttleKeys } from "../../accounts/throttle";
import { enrollmentTicketFor, mustEnrollMfa } from "../../auth/enrollment-ticket";
import type { Store } from "../../store/port";
import { comesFromAnotherSite } from "../cross-site";
import type { HttpEnv, HttpSettings } from "../env";
import { readFormFields } from "../form-fields";
import { crossSitePage, donePage, throttledPage, tooLargePage } from "./common-pages";
import { accountContext } from "./context";
import { enrollmentResponse } from "./enrollment";
import { pageResponse } from "./layout";
import { authBase, pageRoute } from "./links";
import { forOrganization } from "./organization";
import { linkRefusal, MISMATCH, type PasswordPageCopy, passwordForm } from "./password-form";
import {
  type TokenCookieKind,
  tokenCookieHeader,
  tokenFromCookie,
  tokenRedirect,
} from "./token-cookie";

/** A page that sets a password with an emailed link's token: the invitation's, or the reset's. */
export interface PasswordLinkPage extends PasswordPageCopy {
  kind: TokenCookieKind;
  /** The service that checks the token and sets the password. */
  setPassword(
    store: Store,
    input: SetPasswordByTokenInput,
    context: AccountContext,
  ): Promise<AccountOutcome<{ memberId: string }>>;
}

/**
 * `GET` with `?token=` moves the token to a cookie (303, see `tokenRedirect`); `GET` shows the
 * password form (for any organization: the link's cookie is not even sent on a navigation from
 * another site, the email's); `POST` sets the password with the cookie's token. A refusal writes
 * nothing; success clears the cookie and goes on to the authenticator setup when MFA is due.
 */
export function registerPasswordLinkPage(
  app: OpenAPIHono<HttpEnv>,
  settings: HttpSettings,
  page: PasswordLinkPage,
): void {
  app.get(pageRoute(page.segment), (c) => {
    const url = new URL(c.req.url);
    if (url.search !== "") return tokenRedirect(settings, page.kind, url);
    return pageResponse(200, passwordForm(page));
  });
  app.post(pageRoute(page.segment), async (c) => {
    const request = c.req.raw;
    if (comesFromAnotherSite(request, settings.trustedOrigins)) return crossSitePage();
    const fields = await readFormFields(request, ["password", "confirm"]);
    if (fields === null) return tooLargePage();
    const token = tokenFromCookie(request, settings, page.kind);
    const password = fields.get("password") ?? "";
    if (token !== null && password !== (fields.get("confirm") ?? ""))
      return pageResponse(400, passwordForm(page, MISMATCH));
    const now = c.get("now");
    const attempt = { token, password, now, client: settings.clientKey(request) };
    const outcome = await setPassword(settings, page, c.req.param("org_name") ?? "", attempt);
    const base = authBase(c.req.path);
    const clear = tokenCookieHeader(settings, page.kind, c.req.path, "");
    if (!outcome.ok) return refusalPage(page, outcome.error, base, { "set-cookie": clear });
    const next = await afterPasswordSet(settings, outcome, now, base);
    next.headers.append("set-cookie", clear);
    return next;
  });
}

/** A password set with a link's token, as one try of the limiter's budget. */
interface PasswordAttempt {
  token: string | null;
  password: string;
  now: Date;
  client: string;
}

/** The page's service for the address's organization; a missing token or organization refuses. */
function setPassword(
  settings: HttpSettings,
  page: PasswordLinkPage,
  shortName: string,
  { token, password, now, client }: PasswordAttempt,
): Promise<AccountOutcome<{ memberId: string; orgId: string }>> {
  const missing = () => tokenMissing(settings, client, now);
  return forOrganization(
    settings,
    shortName,
    async (orgId) => {
      if (token === null) return missing();
      const input = { orgId, token, password, now, client };
      const result = await page.setPassword(settings.store, input, accountContext(settings));
      return result.ok ? { ...result, orgId } : result;
    },
    missing,
  );
}

/**
 * The refusal of a link that is missing or of an unknown organization, counted as a try like a
 * wrong token (the key is `setPasswordByToken`'s, accounts/set-password.ts), so guessing costs
 * the same budget whatever the address names.
 */
async function tokenMissing(
  settings: HttpSettings,
  client: string,
  now: Date,
): Promise<{ ok: false; error: AccountError }> {
  const held = await throttledAll(
    settings.accountLimiter,
    [throttleKeys.tokenClient(client)],
    now,
    settings.messages,
  );
  return held ?? refused("account.INVALID_TOKEN.unknown", {}, settings.messages);
}

/** The form again for a weak password (the cookie kept); otherwise the link is done with. */
function refusalPage(
  page: PasswordLinkPage,
  error: AccountError,
  base: string,
  clear: Record<string, string>,
): Response {
  if (error.code === "WEAK_PASSWORD") return pageResponse(400, passwordForm(page, error.message));
  if (error.code === "THROTTLED") return throttledPage(error.message, base);
  return pageResponse(400, linkRefusal(page, error.message, base), clear);
}

/** The authenticator setup when MFA is due and none is set up, else the "password set" page. */
async function afterPasswordSet(
  settings: HttpSettings,
  who: { orgId: string; memberId: string },
  now: Date,
  base: string,
): Promise<Response> {
  const found = await readMemberAndOrganization(settings.store, who);
  if (found !== null && mustEnrollMfa(found.member, found.organization)) {
    const { member, organization } = found;
    const ticket = await enrollmentTicketFor(settings.secret, who.orgId, member, organization, now);
    return enrollmentResponse(settings, who, ticket, now, base);
  }
  return pageResponse(
    200,
    donePage(
      "Password set",
      "Your password is set. Sign in with your email address and the new password.",
      base,
    ),
  );
}
