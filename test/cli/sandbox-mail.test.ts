import { describe, expect, it } from "vitest";
import { issueInvitation } from "../../src/accounts/invitation";
import { requestPasswordRecovery } from "../../src/accounts/recovery";
import {
  createSandboxMailPage,
  isLoopbackAddress,
  SANDBOX_MAIL_CONTENT_SECURITY_POLICY,
  SANDBOX_MAIL_PATH,
} from "../../src/cli/sandbox-mail";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { ADMIN, SECRET, sandboxSnapshot } from "../http/support";

const ORGANIZATIONS = [{ id: "org-sandbox", shortName: "sandbox" }];

/** The sandbox with a member whose name would be markup, an invitation for it, then a recovery. */
async function storeWithMail() {
  const snapshot = sandboxSnapshot();
  snapshot.members?.push({
    id: "m-markup",
    email: "markup@hartwell.example",
    firstName: "<b>Bold</b>",
    lastName: "O'Neil & Co",
    products: [{ product: "RECRUIT", role: "MEMBER" }],
  });
  const store = createMemoryStore(snapshot);
  const invited = await issueInvitation(store, {
    orgId: "org-sandbox",
    memberId: "m-markup",
    now: new Date("2026-06-15T12:00:00Z"),
  });
  const recovered = await requestPasswordRecovery(store, {
    orgId: "org-sandbox",
    email: ADMIN,
    now: new Date("2026-06-15T12:05:00Z"),
  });
  if (!invited.ok || !recovered.ok) throw new Error("no email was written");
  return { store, invitation: invited.email };
}

describe("the sandbox's mail page (/_sandbox/mail)", () => {
  it("lists the outbox newest first with each token's link, escaped, under a strict policy and no-store", async () => {
    const { store, invitation } = await storeWithMail();
    const page = createSandboxMailPage({ store, organizations: ORGANIZATIONS });
    const response = await page(new Request(`http://127.0.0.1:8787${SANDBOX_MAIL_PATH}`));
    expect(response?.status).toBe(200);
    expect(response?.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response?.headers.get("cache-control")).toBe("no-store");
    expect(response?.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response?.headers.get("x-content-type-options")).toBe("nosniff");
    const policy = response?.headers.get("content-security-policy");
    expect(policy).toBe(SANDBOX_MAIL_CONTENT_SECURITY_POLICY);
    expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; /);
    expect(policy).not.toContain("unsafe");
    const html = (await response?.text()) as string;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain("<main>");
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/);
    expect(html).toContain('<th scope="col">Reason</th>');
    // Escaped: the name is text, not markup.
    expect(html).toContain("&#60;b&#62;Bold&#60;/b&#62; O&#39;Neil &#38; Co");
    expect(html).not.toContain("<b>Bold");
    // Newest first: the recovery (12:05) before the invitation (12:00).
    expect(html.indexOf("PASSWORD_RECOVERY")).toBeGreaterThan(0);
    expect(html.indexOf("PASSWORD_RECOVERY")).toBeLessThan(html.indexOf("<code>INVITATION"));
    expect(html).toContain(
      `href="http://127.0.0.1:8787/app/sandbox/admin/auth/invitation?token=${invitation.token}"`,
    );
    expect(html).toMatch(
      /href="http:\/\/127\.0\.0\.1:8787\/app\/sandbox\/admin\/auth\/reset\?token=/,
    );
    expect(html).toContain(">sandbox.admin@hartwell.example<");
  });

  it("keeps its links on the loopback name the reader used", async () => {
    const { store, invitation } = await storeWithMail();
    const page = createSandboxMailPage({ store, organizations: ORGANIZATIONS });
    const html = await (
      await page(new Request(`http://localhost:9000${SANDBOX_MAIL_PATH}`))
    )?.text();
    expect(html).toContain(
      `href="http://localhost:9000/app/sandbox/admin/auth/invitation?token=${invitation.token}"`,
    );
  });

  it("says so when the outbox is empty, and answers HEAD without a body and other methods with 405", async () => {
    const page = createSandboxMailPage({
      store: createMemoryStore(sandboxSnapshot()),
      organizations: ORGANIZATIONS,
    });
    const url = `http://127.0.0.1:8787${SANDBOX_MAIL_PATH}`;
    const html = await (await page(new Request(url)))?.text();
    expect(html).toContain("The outbox is empty.");
    expect(html).not.toContain("<table>");
    const head = await page(new Request(url, { method: "HEAD" }));
    expect(head?.status).toBe(200);
    expect(await head?.text()).toBe("");
    const post = await page(new Request(url, { method: "POST" }));
    expect(post?.status).toBe(405);
    expect(post?.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers 404 to a request addressed to a host outside loopback, whatever the port, showing nothing", async () => {
    const { store, invitation } = await storeWithMail();
    const page = createSandboxMailPage({ store, organizations: ORGANIZATIONS });
    for (const host of ["hr.hartwell.example", "192.0.2.10:8787", "localhost.evil.example"]) {
      const response = await page(new Request(`http://${host}${SANDBOX_MAIL_PATH}`));
      expect(response?.status, host).toBe(404);
      expect(await response?.text()).not.toContain(invitation.token as string);
    }
    // A Host header naming another host than the URL's (a proxy, a rebound name) is refused too.
    const rebound = await page(
      new Request(`http://127.0.0.1:8787${SANDBOX_MAIL_PATH}`, {
        headers: { host: "evil.example:8787" },
      }),
    );
    expect(rebound?.status).toBe(404);
    for (const host of ["localhost:1", "127.0.0.1", "[::1]:8787", "LOCALHOST:8787"])
      expect((await page(new Request(`http://${host}${SANDBOX_MAIL_PATH}`)))?.status, host).toBe(
        200,
      );
  });

  it("answers 404 to a request from another machine, even one naming a loopback host", async () => {
    const { store } = await storeWithMail();
    let address = "192.0.2.7";
    const page = createSandboxMailPage({
      store,
      organizations: ORGANIZATIONS,
      clientAddress: () => address,
    });
    const get = async () =>
      (await page(new Request(`http://127.0.0.1:8787${SANDBOX_MAIL_PATH}`)))?.status;
    expect(await get()).toBe(404);
    for (address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect(await get(), address).toBe(200);
    expect(isLoopbackAddress("::ffff:192.0.2.7")).toBe(false);
    expect(isLoopbackAddress("")).toBe(false);
  });

  it("leaves every other path to what it is composed with", async () => {
    const page = createSandboxMailPage({
      store: createMemoryStore(sandboxSnapshot()),
      organizations: ORGANIZATIONS,
    });
    for (const path of ["/", "/_sandbox", "/_sandbox/mailx", "/api/v2/_sandbox/mail", "/docs"])
      expect(await page(new Request(`http://127.0.0.1:8787${path}`)), path).toBeNull();
  });

  it("is no part of createHttpHandler: the binding answers 404 there, with the outbox full", async () => {
    const { store, invitation } = await storeWithMail();
    const handler = createHttpHandler({ store, tokenSecret: SECRET });
    for (const path of [SANDBOX_MAIL_PATH, `${SANDBOX_MAIL_PATH}/`]) {
      const response = await handler(new Request(`http://127.0.0.1:8787${path}`));
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(invitation.token as string);
    }
  });
});
