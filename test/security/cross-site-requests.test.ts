import { describe, expect, it } from "vitest";
import { issueSessionToken } from "../../src/auth/session-token";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { ADMIN, BASE, SECRET, sandbox, sandboxSnapshot, upload } from "../http/support";

const MEMBER_CSV = "First Name,Last Name,Email\nMallory,Forged,mallory.forged@hartwell.example\n";
const importPath = "/api/v2/members/import-csv?product=RECRUIT";

describe("CSRF: cookie-authenticated writes from another site are refused", () => {
  it("refuses a multipart import with Origin: https://evil.example, and imports nothing", async () => {
    const { request, login, store } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const response = await request(importPath, {
      method: "POST",
      body: upload(MEMBER_CSV),
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    const snapshot = await store.exportSnapshot(sandboxSnapshot().organization.id as string);
    expect(snapshot?.members.map((member) => member.email)).not.toContain(
      "mallory.forged@hartwell.example",
    );
  });

  it("refuses a write whose Sec-Fetch-Site says cross-site when no Origin is sent", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const response = await request(importPath, {
      method: "POST",
      body: upload(MEMBER_CSV),
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });

  it("accepts the same import from the site itself, a trusted origin, or a client that sends neither header", async () => {
    const store = createMemoryStore(sandboxSnapshot());
    const handler = createHttpHandler({
      store,
      tokenSecret: SECRET,
      trustedOrigins: ["https://hr.hartwell.example"],
    });
    const token = await issueSessionToken(
      store,
      SECRET,
      { orgId: sandboxSnapshot().organization.id as string, memberId: "m-sandbox-admin" },
      new Date(),
    );
    const post = (headers: Record<string, string>) =>
      handler(
        new Request(`${BASE}${importPath}`, {
          method: "POST",
          body: upload(MEMBER_CSV),
          headers: { cookie: `SERVICEAUTH=${token}`, ...headers },
        }),
      );
    expect((await post({ origin: BASE })).status).toBe(200);
    expect((await post({ origin: "https://hr.hartwell.example" })).status).toBe(200);
    expect((await post({})).status).toBe(200);
    expect((await post({ origin: "https://hr.hartwell.example.evil" })).status).toBe(403);
  });

  it("exempts bearer-authenticated requests, which carry no ambient credential", async () => {
    const snapshot = sandboxSnapshot();
    const store = createMemoryStore(snapshot);
    const handler = createHttpHandler({ store, tokenSecret: SECRET, acceptBearer: true });
    const admin = snapshot.members?.find((member) => member.email === ADMIN);
    const token = await issueSessionToken(
      store,
      SECRET,
      { orgId: snapshot.organization.id as string, memberId: admin?.id as string },
      new Date(),
    );
    const response = await handler(
      new Request(`${BASE}${importPath}`, {
        method: "POST",
        body: upload(MEMBER_CSV),
        headers: { authorization: `Bearer ${token}`, origin: "https://elsewhere.example" },
      }),
    );
    expect(response.status).toBe(200);
  });

  it("runs GraphQL only from application/json POSTs: text/plain and forms are never executed", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const mutation = JSON.stringify({
      query: 'mutation { deleteMember(id: "m-002") }',
    });
    const asText = await request("/api/v2/graphql", {
      method: "POST",
      headers: { cookie, "content-type": "text/plain" },
      body: mutation,
    });
    const asForm = await request("/api/v2/graphql", {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ query: 'mutation { deleteMember(id: "m-002") }' }),
    });
    expect([asText.status, asForm.status]).toEqual([415, 415]);
    const still = await request("/api/v2/graphql", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ query: '{ memberById(id: "m-002") { email } }' }),
    });
    expect(await still.json()).toEqual({
      data: { memberById: { email: "ben.marsh@hartwell.example" } },
    });
  });

  it("fails a login posted from another site's page (login CSRF), still with 200", async () => {
    const { request } = sandbox();
    const response = await request("/app/sandbox/admin/auth/", {
      method: "POST",
      headers: { origin: "https://evil.example" },
      body: new URLSearchParams({ email: ADMIN, password: "sandbox-password" }),
    });
    expect([response.status, response.headers.get("set-cookie")]).toEqual([200, null]);
  });
});
