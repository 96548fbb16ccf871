import { describe, expect, it } from "vitest";
import { createClient, RpdiAuthorizationError } from "../../src/client/index";
import { ADMIN, PASSWORD, sandbox } from "../http/support";

// The sandbox's cookies are Secure: the client keeps them only from https, as a browser does.
const BASE = "https://rpdi.test";

/**
 * rpdi/client over the HTTP app in process: what it sends, with which cookie, and the answers;
 * `logoutHeaders` are added to the logout request alone.
 */
function clientOverSandbox(logoutHeaders: Record<string, string> = {}) {
  const { handler } = sandbox();
  const sent: { method: string; path: string; cookie: string | null; status: number }[] = [];
  const client = createClient({
    baseUrl: `${BASE}/api/v2`,
    loginUrl: `${BASE}/app/sandbox/admin/auth/`,
    credentials: { email: ADMIN, password: PASSWORD },
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const { pathname } = new URL(request.url);
      if (pathname.endsWith("/logout"))
        for (const [name, value] of Object.entries(logoutHeaders)) request.headers.set(name, value);
      const response = await handler(request);
      const cookie = request.headers.get("cookie");
      sent.push({ method: request.method, path: pathname, cookie, status: response.status });
      return response;
    },
  });
  const replay = (cookie: string) =>
    handler(new Request(`${BASE}/api/v2/departments`, { headers: { cookie } }));
  return { client, sent, replay };
}

describe("rpdi/client logOut()", () => {
  it("posts to {login_url}logout with the session, forgets it, and the next call logs in again", async () => {
    const { client, sent, replay } = clientOverSandbox();
    await client.lists.departments();
    const cookie = sent.find((entry) => entry.path === "/api/v2/departments")?.cookie;
    expect(cookie).toMatch(/^SERVICEAUTH=/);
    await client.logOut();
    expect(sent.at(-1)).toEqual({
      method: "POST",
      path: "/app/sandbox/admin/auth/logout",
      cookie,
      status: 204,
    });
    expect((await replay(cookie as string)).status).toBe(401);
    sent.length = 0;
    await client.lists.departments();
    expect(sent.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ["POST", "/app/sandbox/admin/auth/", 200],
      ["GET", "/api/v2/departments", 200],
    ]);
    expect(sent[1]?.cookie).not.toBe(cookie);
  });

  it("sends nothing when it holds no session", async () => {
    const { client, sent } = clientOverSandbox();
    await client.logOut();
    expect(sent).toEqual([]);
  });

  it("rejects with the service's refusal (a cross-site logout is 403) and still forgets the session", async () => {
    const { client, sent } = clientOverSandbox({ origin: "https://elsewhere.example" });
    await client.logIn();
    await expect(client.logOut()).rejects.toBeInstanceOf(RpdiAuthorizationError);
    sent.length = 0;
    await client.logIn();
    expect(sent.map((entry) => entry.path)).toEqual(["/app/sandbox/admin/auth/"]);
  });
});
