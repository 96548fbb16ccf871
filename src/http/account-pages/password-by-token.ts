import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AccountContext } from "../../accounts/context";
import { type AccountError, type AccountOutcome, refused } from "../../accounts/errors";
import type { SetPasswordByTokenInput } from "../../accounts/set-password";
import { throttled } from "../../accounts/throttle";
import type { Store } from "../../store/port";
import { comesFromAnotherSite } from "../cross-site";
import type { HttpEnv, HttpSettings } from "../env";
import { readFormFields } from "../form-fields";
import { crossSitePage, donePage, throttledPage, tooLargePage } from "./common-pages";
import { accountContext } from "./context";
import { enrollmentResponse, loadEnrollee, mustEnroll, ticketFor } from "./enrollment";
import { errorNote, field, form, linkParagraph, paragraph } from "./form-parts";
import { type PageContent, pageResponse } from "./layout";
import { authBase, pageRoute } from "./links";
import { forOrganization } from "./organization";
import {
  type TokenCookieKind,
  tokenCookieHeader,
  tokenFromCookie,
  tokenRedirect,
} from "./token-cookie";

/** A page that sets a password with an emailed link's token: the invitation's, or the reset's. */
export interface PasswordLinkPage {
  /** Its path below the login address. */
  segment: string;
  kind: TokenCookieKind;
  title: string;
  intro: string;
  submit: string;
  /** What to do when the link no longer works. */
  renewal: { href: string; text: string } | { text: string };
  /** The service that checks the token and sets the password. */
  setPassword(
    store: Store,
    input: SetPasswordByTokenInput,
    context: AccountContext,
  ): Promise<AccountOutcome<{ memberId: string }>>;
}

const MISMATCH = "The two passwords are not the same; type the same password in both fields.";

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
    const base = authBase(c.req.path);
    const fields = await readFormFields(request, ["password", "confirm"]);
    if (fields === null) return tooLargePage();
    const token = tokenFromCookie(request, settings, page.kind);
    const password = fields.get("password") ?? "";
    if (token !== null && password !== (fields.get("confirm") ?? ""))
      return pageResponse(400, passwordForm(page, MISMATCH));
    const now = c.get("now");
    const client = settings.clientKey(request);
    const outcome = await forOrganization(
      settings,
      c.req.param("org_name") ?? "",
      (orgId) =>
        token === null
          ? tokenMissing(settings, client, now)
          : page
              .setPassword(
                settings.store,
                { orgId, token, password, now, client },
                accountContext(settings),
              )
              .then((result) => (result.ok ? { ...result, orgId } : result)),
      () => tokenMissing(settings, client, now),
    );
    const clear = { "set-cookie": tokenCookieHeader(settings, page.kind, c.req.path, "") };
    if (!outcome.ok) return refusalPage(page, outcome.error, base, clear);
    const next = await afterPasswordSet(settings, outcome, now, base);
    next.headers.append("set-cookie", clear["set-cookie"]);
    return next;
  });
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
  const held = await throttled(
    settings.accountLimiter,
    `account-token\u0000${client}`,
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
  const found = await loadEnrollee(settings, who);
  if (found !== null && mustEnroll(found.member, found.organization)) {
    const ticket = await ticketFor(settings, who.orgId, found.member, found.organization, now);
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

function passwordForm(page: PasswordLinkPage, error?: string): PageContent {
  return {
    title: page.title,
    body: [
      paragraph(page.intro),
      errorNote(error),
      form(
        page.segment,
        [
          field({
            name: "password",
            label: "New password",
            type: "password",
            autocomplete: "new-password",
            hint: "A passphrase of several words is easiest to remember.",
            invalid: error !== undefined,
          }),
          field({
            name: "confirm",
            label: "New password again",
            type: "password",
            autocomplete: "new-password",
            invalid: error === MISMATCH,
          }),
        ],
        page.submit,
      ),
    ].join("\n"),
  };
}

function linkRefusal(page: PasswordLinkPage, message: string, base: string): PageContent {
  const renewal = page.renewal;
  return {
    title: "This link cannot be used",
    body: [
      errorNote(message),
      paragraph(
        "A link opened more than 15 minutes before the form was sent must be opened again from the email.",
      ),
      "href" in renewal ? linkParagraph(renewal.href, renewal.text) : paragraph(renewal.text),
      linkParagraph(base, "Sign in"),
    ].join("\n"),
  };
}
