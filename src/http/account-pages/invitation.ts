import type { OpenAPIHono } from "@hono/zod-openapi";
import { acceptInvitation } from "../../accounts/invitation";
import type { HttpEnv, HttpSettings } from "../env";
import { ACCOUNT_PAGE_SEGMENTS } from "./links";
import { type PasswordLinkPage, registerPasswordLinkPage } from "./password-by-token";

/** The invitation link's page: a new member sets a first password (`acceptInvitation`). */
export const INVITATION_PAGE: PasswordLinkPage = {
  segment: ACCOUNT_PAGE_SEGMENTS.invitation,
  kind: "INVITATION",
  title: "Set your password",
  intro: "Choose the password you will sign in with.",
  submit: "Set password",
  renewal: { text: "Ask your administrator to send you a new invitation." },
  setPassword: acceptInvitation,
};

/** `GET` and `POST {login_url}invitation`: see `registerPasswordLinkPage`. */
export function registerInvitationPage(app: OpenAPIHono<HttpEnv>, settings: HttpSettings): void {
  registerPasswordLinkPage(app, settings, INVITATION_PAGE);
}
