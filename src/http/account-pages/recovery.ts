import type { OpenAPIHono } from "@hono/zod-openapi";
import { ACCOUNT_LIFETIMES } from "../../accounts/lifetimes";
import {
  answerRecoveryForUnknownOrganization,
  requestPasswordRecovery,
  resetPassword,
} from "../../accounts/recovery";
import { comesFromAnotherSite } from "../cross-site";
import type { HttpEnv, HttpSettings } from "../env";
import { readFormFields } from "../form-fields";
import { crossSitePage, throttledPage, tooLargePage } from "./common-pages";
import { accountContext } from "./context";
import { field, form, linkParagraph, paragraph } from "./form-parts";
import { type PageContent, pageResponse } from "./layout";
import { ACCOUNT_PAGE_SEGMENTS, authBase, pageRoute } from "./links";
import { forOrganization } from "./organization";
import { type PasswordLinkPage, registerPasswordLinkPage } from "./password-by-token";

const RECOVERY_MINUTES = ACCOUNT_LIFETIMES.recoveryMs / 60_000;

/** The recovery email's link page: a new password (`resetPassword`). */
export const RESET_PAGE: PasswordLinkPage = {
  segment: ACCOUNT_PAGE_SEGMENTS.reset,
  kind: "RESET",
  title: "Choose a new password",
  intro: "Choose the new password you will sign in with.",
  submit: "Set new password",
  renewal: { href: ACCOUNT_PAGE_SEGMENTS.recovery, text: "Ask for a new link" },
  setPassword: resetPassword,
};

/**
 * `GET {login_url}recovery`: the email form. `POST`: asks for a recovery email and answers the
 * same page, byte for byte, whether the address is a member's, whatever the organization (the
 * page links relative to itself, so it names none); only a spent budget answers otherwise.
 * `GET` and `POST {login_url}reset`: the link's page (see `registerPasswordLinkPage`).
 */
export function registerRecoveryPages(app: OpenAPIHono<HttpEnv>, settings: HttpSettings): void {
  const route = pageRoute(ACCOUNT_PAGE_SEGMENTS.recovery);
  app.get(route, (c) => pageResponse(200, recoveryForm(authBase(c.req.path))));
  app.post(route, async (c) => {
    const request = c.req.raw;
    if (comesFromAnotherSite(request, settings.trustedOrigins)) return crossSitePage();
    const fields = await readFormFields(request, ["email"]);
    if (fields === null) return tooLargePage();
    const email = fields.get("email") ?? "";
    const now = c.get("now");
    const client = settings.clientKey(request);
    const shortName = c.req.param("org_name") ?? "";
    const outcome = await forOrganization(
      settings,
      shortName,
      (orgId) =>
        requestPasswordRecovery(
          settings.store,
          { orgId, email, now, client, newId: settings.newId },
          accountContext(settings),
        ),
      () =>
        answerRecoveryForUnknownOrganization(
          { shortName, email, now, client },
          accountContext(settings),
        ),
    );
    const base = authBase(c.req.path);
    if (!outcome.ok) return throttledPage(outcome.error.message, base);
    return pageResponse(200, sentPage(base));
  });
  registerPasswordLinkPage(app, settings, RESET_PAGE);
}

function recoveryForm(base: string): PageContent {
  return {
    title: "Forgot your password?",
    body: [
      paragraph("Enter your email address; we will send you a link to choose a new password."),
      form(
        ACCOUNT_PAGE_SEGMENTS.recovery,
        [field({ name: "email", label: "Email", type: "email", autocomplete: "email" })],
        "Send link",
      ),
      linkParagraph(base, "Back to sign in"),
    ].join("\n"),
  };
}

function sentPage(base: string): PageContent {
  return {
    title: "Check your email",
    body: [
      paragraph(
        `If that address has an account, we sent a link to it. The link works for ${RECOVERY_MINUTES} minutes; if no email arrives, check the address and ask again.`,
      ),
      linkParagraph(base, "Back to sign in"),
    ].join("\n"),
  };
}
