import type { WelcomeEmail } from "../../domain/welcome-email";

/** The account pages' paths below the login address `/app/{org_name}/admin/auth/`. */
export const ACCOUNT_PAGE_SEGMENTS = {
  invitation: "invitation",
  recovery: "recovery",
  reset: "reset",
  mfa: "mfa",
} as const;

/** The login address's route, with its trailing slash (spec), and a page's below it. */
export const AUTH_ROUTE = "/app/:org_name/admin/auth/";

/** The route of the page `segment` below the login address. */
export function pageRoute(segment: string): string {
  return `${AUTH_ROUTE}${segment}`;
}

/**
 * How a page links to the login address, relative to its own: `./` from a page below it (and from
 * the address itself), `auth/` from the address written without its slash. Relative, so a page
 * names no organization (the recovery page is the same bytes for every address and organization)
 * and works wherever a host mounts the app.
 */
export function authBase(pathname: string): string {
  return pathname.endsWith("/admin/auth") ? "auth/" : "./";
}

/**
 * The link a host's email carries for an outbox email: the invitation page for `MEMBER_CREATED`
 * and `INVITATION` with a token, the password reset page for `PASSWORD_RECOVERY` with one, and
 * `null` for an email without a token (a product granted to a member who has a password). The
 * organization's short name is percent-encoded; the page moves the token out of the address at
 * once (303 to the same page, the token in a cookie), so it stays in no history or log.
 *
 * @param siteUrl - The site's root, such as `https://hr.example.com` (a trailing `/` is dropped).
 * @param orgShortName - The organization's short name, the `{org_name}` of its login address.
 */
export function accountEmailLink(
  siteUrl: string,
  orgShortName: string,
  email: Pick<WelcomeEmail, "reason" | "token">,
): string | null {
  if (email.token === null || email.token === "") return null;
  const segment = segmentFor(email.reason);
  if (segment === null) return null;
  const root = siteUrl.replace(/\/+$/, "");
  const org = encodeURIComponent(orgShortName);
  return `${root}/app/${org}/admin/auth/${segment}?token=${encodeURIComponent(email.token)}`;
}

function segmentFor(reason: WelcomeEmail["reason"]): string | null {
  switch (reason) {
    case "MEMBER_CREATED":
    case "INVITATION":
      return ACCOUNT_PAGE_SEGMENTS.invitation;
    case "PASSWORD_RECOVERY":
      return ACCOUNT_PAGE_SEGMENTS.reset;
    default:
      return null;
  }
}
