import { issueInvitation } from "../../src/accounts/invitation";
import { requestPasswordRecovery } from "../../src/accounts/recovery";
import type { OrganizationSnapshotInput } from "../../src/domain/snapshot";
import { createHttpHandler } from "../../src/http/handler";
import type { HttpHandlerOptions } from "../../src/http/options";
import { listWelcomeEmails } from "../../src/members/outbox";
import { createMemoryStore } from "../../src/memory/store";
import { BASE, cheapHasher, cheaplyHashedSandbox, PASSWORD, SECRET } from "./support";

export const ORG = "org-sandbox";
export const AUTH = "/app/sandbox/admin/auth/";
/** A password the policy accepts for any sandbox member. */
export const NEW_PASSWORD = "Tulip quartz meadow 93";
/** Elena Petrova: uses MFA, has neither password nor authenticator yet. */
export const ELENA = { id: "m-005", email: "elena.petrova@hartwell.example" };
/** Ada Okoye: an admin without password. */
export const ADA = { id: "m-001", email: "ada.okoye@hartwell.example" };

/** A second organization, with a member of its own. */
export function otherOrganization(): OrganizationSnapshotInput {
  return {
    version: 1,
    organization: { id: "org-other", shortName: "other", name: "Other Firm LLP" },
    members: [
      {
        id: "o-001",
        email: "olga.other@other.example",
        firstName: "Olga",
        lastName: "Other",
        products: [{ product: "RECRUIT", role: "ADMIN" }],
      },
    ],
  } as OrganizationSnapshotInput;
}

/**
 * A handler over the sandbox (cheap password hashing) and a second organization, with a clock the
 * test moves, and helpers that post forms as a browser of this site does.
 */
export async function accountSandbox(
  options: Partial<HttpHandlerOptions> & { mfaRequired?: boolean } = {},
) {
  const { mfaRequired, ...handlerOptions } = options;
  const sandboxSnapshot = await cheaplyHashedSandbox();
  if (mfaRequired === true)
    (sandboxSnapshot.organization as { mfaRequired?: boolean }).mfaRequired = true;
  const store = createMemoryStore([sandboxSnapshot, otherOrganization()]);
  const clock = { now: new Date("2026-06-15T12:00:00Z") };
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    now: () => clock.now,
    passwordHasher: cheapHasher(),
    importWorkers: false,
    ...handlerOptions,
  });
  const request = (path: string, init: RequestInit = {}) =>
    handler(new Request(`${BASE}${path}`, init));
  /** A form post from this site's own page (`Origin` is the site's), asking for HTML. */
  const post = (
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    request(path, {
      method: "POST",
      headers: { accept: "text/html", origin: BASE, ...headers },
      body: new URLSearchParams(fields),
    });
  const state = async () => ({
    sandbox: await store.exportSnapshot(ORG),
    other: await store.exportSnapshot("org-other"),
  });
  return {
    store,
    clock,
    handler,
    request,
    post,
    state,
    /** A new invitation's token for the member (of the sandbox unless `orgId` says). */
    invitationToken: async (memberId: string, orgId = ORG) => {
      const outcome = await issueInvitation(store, { orgId, memberId, now: clock.now });
      if (!outcome.ok || outcome.email.token === null) throw new Error("no invitation");
      return outcome.email.token;
    },
    /** A new recovery link's token for the address, as the outbox email carries it. */
    recoveryToken: async (email: string) => {
      await requestPasswordRecovery(store, { orgId: ORG, email, now: clock.now });
      const emails = await listWelcomeEmails(store, { orgId: ORG });
      const sent = emails.filter((entry) => entry.reason === "PASSWORD_RECOVERY").at(-1);
      if (sent?.token == null) throw new Error("no recovery email");
      return sent.token;
    },
    /** The session cookie (`name=value`) of an API login, or `null`. */
    login: async (email: string, password = PASSWORD, mfaCode?: string) => {
      const response = await request(AUTH, {
        method: "POST",
        body: new URLSearchParams({ email, password, ...(mfaCode ? { mfaCode } : {}) }),
      });
      return cookiePair(response, "SERVICEAUTH");
    },
  };
}

/** The `name=value` of the response's cookie `name`, or `null`. */
export function cookiePair(response: Response, name: string): string | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return header === undefined ? null : (header.split(";")[0] as string);
}

/** The cookie header a browser sends after following a link with `token` (`GET ?token=`). */
export function linkCookie(kind: "INVITATION" | "RESET", token: string): string {
  return `__Secure-SERVICEAUTH_${kind}=${token}`;
}

/** The text of the element with `id` in a page, or `null`. */
export function textOf(page: string, id: string): string | null {
  const match = new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(page);
  return match?.[1] ?? null;
}

/** The value of the hidden input `name` in a page, or `null`. */
export function hiddenValue(page: string, name: string): string | null {
  const match = new RegExp(`type="hidden" name="${name}" value="([^"]*)"`).exec(page);
  return match?.[1] ?? null;
}
