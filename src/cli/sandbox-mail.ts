import { createHash } from "node:crypto";
import type { WelcomeEmail } from "../domain/welcome-email";
import { accountEmailLink } from "../http/account-pages/links";
import { hostNameOf, isAllowedHost, LOOPBACK_HOSTS } from "../http/allowed-hosts";
import { jsonError } from "../http/responses";
import { listWelcomeEmails } from "../members/outbox";
import type { Store } from "../store/port";
import { escapeHtml } from "./html";

/** Where `rpdi serve` on the memory store shows the outbox. */
export const SANDBOX_MAIL_PATH = "/_sandbox/mail";

/** Emails shown at most, the newest; a sandbox that imported a large file holds many more. */
export const SANDBOX_MAIL_SHOWN = 500;

/** The page's only style, allowed by its hash: no other style, no script, no image, no form. */
const PAGE_CSS = `body { font-family: sans-serif; margin: 0 auto; max-width: 1200px; padding: 16px 20px; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #bbb; padding: 6px 8px; text-align: left; vertical-align: top; }
td a { word-break: break-all; }
.address { color: #333; }`;

/** The page's policy: its one style block, nothing else loaded, nothing posted, never framed. */
export const SANDBOX_MAIL_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(PAGE_CSS).digest("base64")}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** An organization the sandbox serves, as the page names it and builds its links. */
export interface SandboxMailOrganization {
  id: string;
  shortName: string;
}

/** Options of {@link createSandboxMailPage}. */
export interface SandboxMailOptions {
  /** The memory store `rpdi serve` serves; never a shared database, whose outbox is a host's. */
  store: Store;
  organizations: readonly SandboxMailOrganization[];
  /**
   * The address of the socket a request came on (`rpdi serve`'s): a request from anywhere but this
   * machine is not answered, whatever its `Host` header says. Unchecked when absent (tests).
   */
  clientAddress?: (request: Request) => string | undefined;
  /**
   * The link an email carries, on `siteUrl`; `null` for an email without a token. The account
   * pages' {@link accountEmailLink} by default, the link a host's email would carry.
   */
  link?: (siteUrl: string, orgShortName: string, email: WelcomeEmail) => string | null;
}

/**
 * A development mail catcher for `rpdi serve` on the memory store: `GET /_sandbox/mail` lists the
 * emails every served organization's outbox holds, newest first, with the link of each one that
 * carries a token (an invitation, a password reset), so a person can follow the flows the sandbox
 * cannot send. The links are the tokens themselves, so the page answers only requests addressed
 * to a loopback name (`localhost`, `127.0.0.1`, `[::1]`, any port) and, when `clientAddress` is
 * given, coming from this machine: any other gets 404, as a path that does not exist. Answers
 * `null` for every other path. It is composed by the CLI around the HTTP binding, never part of it.
 */
export function createSandboxMailPage(
  options: SandboxMailOptions,
): (request: Request) => Promise<Response | null> {
  const link = options.link ?? accountEmailLink;
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== SANDBOX_MAIL_PATH && url.pathname !== `${SANDBOX_MAIL_PATH}/`) return null;
    if (!fromThisMachine(request, url, options.clientAddress)) return jsonError(404, "Not found.");
    if (request.method !== "GET" && request.method !== "HEAD")
      return new Response("Method not allowed\n", {
        status: 405,
        headers: {
          "content-type": "text/plain; charset=utf-8",
          "cache-control": "no-store",
          allow: "GET, HEAD",
        },
      });
    const emails = await outboxNewestFirst(options.store, options.organizations);
    // The links stay on the loopback name the reader used: the pages they open keep their token in
    // a cookie, which a browser keeps per host name.
    const html = pageHtml(emails, (organization, email) =>
      link(url.origin, organization.shortName, email),
    );
    return new Response(request.method === "HEAD" ? null : html, {
      status: 200,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "content-security-policy": SANDBOX_MAIL_CONTENT_SECURITY_POLICY,
        "referrer-policy": "no-referrer",
        "x-content-type-options": "nosniff",
      },
    });
  };
}

/** Whether the request names a loopback host (URL and `Host`) and came on a loopback socket. */
function fromThisMachine(
  request: Request,
  url: URL,
  clientAddress: ((request: Request) => string | undefined) | undefined,
): boolean {
  const header = request.headers.get("host");
  const names = header === null ? [url.host] : [url.host, header];
  const loopbackName = names.every((name) => {
    const hostName = hostNameOf(name);
    return hostName !== null && isAllowedHost(hostName, LOOPBACK_HOSTS);
  });
  if (!loopbackName) return false;
  if (clientAddress === undefined) return true;
  return isLoopbackAddress(clientAddress(request) ?? "");
}

/** 127.0.0.0/8, `::1`, and IPv4 loopback as an IPv6-mapped address. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.toLowerCase().replace(/^::ffff:/, "");
  return address === "::1" || /^127(\.\d{1,3}){3}$/.test(v4);
}

interface Listed {
  organization: SandboxMailOrganization;
  email: WelcomeEmail;
  /** Its place in its organization's outbox, which is oldest first. */
  order: number;
}

/** Every organization's outbox, newest first (later in an outbox first among equal times). */
async function outboxNewestFirst(
  store: Store,
  organizations: readonly SandboxMailOrganization[],
): Promise<Listed[]> {
  const listed: Listed[] = [];
  for (const organization of organizations) {
    const emails = await listWelcomeEmails(store, { orgId: organization.id });
    emails.forEach((email, order) => {
      listed.push({ organization, email, order });
    });
  }
  return listed.sort(
    (a, b) =>
      (a.email.createdAt < b.email.createdAt
        ? 1
        : a.email.createdAt > b.email.createdAt
          ? -1
          : 0) || b.order - a.order,
  );
}

const REASONS: Record<WelcomeEmail["reason"], string> = {
  MEMBER_CREATED: "Welcome to a new member, with an invitation",
  PRODUCT_GRANTED: "Welcome to a product",
  INVITATION: "Invitation sent again",
  PASSWORD_RECOVERY: "Password recovery",
};

function pageHtml(
  listed: readonly Listed[],
  link: (organization: SandboxMailOrganization, email: WelcomeEmail) => string | null,
): string {
  const shown = listed.slice(0, SANDBOX_MAIL_SHOWN);
  const rows = shown.map(({ organization, email }) => {
    const href = link(organization, email);
    const linkCell =
      href === null
        ? "No link"
        : `<a href="${escapeHtml(href)}" rel="noreferrer">${escapeHtml(href)}</a>${email.tokenExpiresAt === null ? "" : `<br>Expires ${time(email.tokenExpiresAt)}`}`;
    return `<tr>
<td>${time(email.createdAt)}</td>
<td><code>${escapeHtml(email.reason)}</code><br>${escapeHtml(REASONS[email.reason])}</td>
<td>${escapeHtml(`${email.firstName} ${email.lastName}`)}<br><span class="address">${escapeHtml(email.email)}</span></td>
<td>${escapeHtml(organization.shortName)}</td>
<td>${email.product === null ? "None" : escapeHtml(email.product)}</td>
<td>${linkCell}</td>
</tr>`;
  });
  const count =
    listed.length === 0
      ? "The outbox is empty."
      : listed.length > shown.length
        ? `${listed.length} emails; the newest ${shown.length} are shown.`
        : `${listed.length} email${listed.length === 1 ? "" : "s"}, newest first.`;
  const table =
    listed.length === 0
      ? ""
      : `<table>
<caption>Emails in the outbox, newest first</caption>
<thead><tr><th scope="col">Created</th><th scope="col">Reason</th><th scope="col">To</th><th scope="col">Organization</th><th scope="col">Product</th><th scope="col">Link</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Sandbox mail (${listed.length}) - rpdi</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<main>
<h1>Sandbox mail</h1>
<p>The emails the sandbox's outbox holds, which a host would send: welcomes, invitations and password recoveries. The sandbox sends none; follow a link here instead. Only <code>rpdi serve</code> on the memory store shows this page, and only to this machine. Reload for new emails.</p>
<p role="status">${count}</p>
${table}
</main>
</body>
</html>
`;
}

function time(iso: string): string {
  const shown = iso.replace("T", " ").replace(/\.\d+Z$|Z$/, " UTC");
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(shown)}</time>`;
}
