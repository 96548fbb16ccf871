import type { OpenAPIHono } from "@hono/zod-openapi";
import type { HttpEnv, HttpSettings } from "../env";
import { registerInvitationPage } from "./invitation";
import { registerLoginPage } from "./login-page";
import { registerMfaPage } from "./mfa";
import { registerRecoveryPages } from "./recovery";

export { browserLoginPages } from "./login-page";

/**
 * The account pages beside the login address, HTML without script, outside the OpenAPI document
 * (they are pages, not the interface): the sign-in form, the invitation, recovery and reset
 * pages, and the authenticator setup. Registered after the app's front door, so the host
 * allow-list and the body limit apply to them as to every route.
 */
export function registerAccountPages(app: OpenAPIHono<HttpEnv>, settings: HttpSettings): void {
  registerLoginPage(app);
  registerInvitationPage(app, settings);
  registerRecoveryPages(app, settings);
  registerMfaPage(app, settings);
}
