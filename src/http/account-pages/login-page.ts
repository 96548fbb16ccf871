import type { OpenAPIHono } from "@hono/zod-openapi";
import type { HttpEnv, HttpSettings } from "../env";
import type { BrowserLoginPages } from "../login";
import { enrollmentResponse } from "./enrollment";
import { errorNote, field, form, linkParagraph, paragraph } from "./form-parts";
import { type PageContent, pageResponse } from "./layout";
import { ACCOUNT_PAGE_SEGMENTS, AUTH_ROUTE, authBase } from "./links";

/** The one thing a failed sign-in says, whatever was wrong (or held back). */
export const SIGN_IN_FAILED =
  "The email, password or code was not accepted. Check them and try again; after several failures, wait a minute first.";

/** What a sign-in form posted from another site's page says: nothing was checked. */
export const SIGN_IN_CROSS_SITE =
  "This sign-in was sent from another site, so nothing was checked. Sign in here.";

/** The sign-in form: email, password, the MFA code for members who use one. */
export function loginFormPage(base: string, error?: string, email?: string): PageContent {
  return {
    title: "Sign in",
    body: [
      errorNote(error),
      form(
        base,
        [
          field({
            name: "email",
            label: "Email",
            type: "email",
            autocomplete: "email",
            value: email,
            invalid: error !== undefined,
          }),
          field({
            name: "password",
            label: "Password",
            type: "password",
            autocomplete: "current-password",
            invalid: error !== undefined,
          }),
          field({
            name: "mfaCode",
            label: "Authenticator code",
            type: "text",
            autocomplete: "one-time-code",
            optional: true,
            digits: true,
            hint: "Only if you use an authenticator app: the 6-digit code it shows now.",
          }),
        ],
        "Sign in",
      ),
      linkParagraph(`${base}${ACCOUNT_PAGE_SEGMENTS.recovery}`, "Forgot your password?"),
    ].join("\n"),
  };
}

/** `GET {login_url}` (and without its slash): the sign-in form, for any organization name. */
export function registerLoginPage(app: OpenAPIHono<HttpEnv>): void {
  for (const path of [AUTH_ROUTE, AUTH_ROUTE.slice(0, -1)])
    app.get(path, (c) => pageResponse(200, loginFormPage(authBase(c.req.path))));
}

/**
 * The login's answers to a browser's form post: the form again with one message on any failure,
 * the setup screen when MFA is due and no authenticator is set up, a short page when signed in.
 */
export function browserLoginPages(settings: HttpSettings): BrowserLoginPages {
  const baseOf = (request: Request) => authBase(new URL(request.url).pathname);
  return {
    crossSite: (request) => pageResponse(200, loginFormPage(baseOf(request), SIGN_IN_CROSS_SITE)),
    failed: async (request, outcome, email, now) => {
      const base = baseOf(request);
      const form = pageResponse(200, loginFormPage(base, SIGN_IN_FAILED, email));
      if (outcome.reason !== "MFA_ENROLLMENT_REQUIRED") return form;
      const setup = await enrollmentResponse(
        settings,
        outcome,
        outcome.enrollmentTicket,
        now,
        base,
      );
      // The login answers 200 in every case (spec): a member removed meanwhile fails as any other.
      return setup.status === 200 ? setup : form;
    },
    signedIn: (request) =>
      pageResponse(200, {
        title: "Signed in",
        body: [
          paragraph("You are signed in."),
          linkParagraph(
            `${baseOf(request)}${ACCOUNT_PAGE_SEGMENTS.mfa}`,
            "Set up an authenticator app",
          ),
        ].join("\n"),
      }),
  };
}
