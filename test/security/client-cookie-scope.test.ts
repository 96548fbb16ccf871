import { describe, expect, it } from "vitest";
import { type ClientOptions, createClient, RpdiAuthenticationError } from "../../src/client/index";
import { FakeClock, rejection } from "../client/stub-service";

/*
 * The hole: rpdi/client sent every cookie the login set (one scoped to `Domain=other.example`
 * included) to every configured root whatever its origin, path or scheme, and ignored `Max-Age`
 * on later answers. It now keeps cookies as RFC 6265 says: each request carries only the cookies
 * whose Domain, Path and Secure match its URL, on the client's clock.
 */

const LOGIN = "https://rpdi.test/app/acme/admin/auth/";
const SESSION = "SERVICEAUTH=session-1; Path=/; Secure; HttpOnly; SameSite=Lax";

interface Seen {
  url: string;
  cookie: string | null;
}

/**
 * A service whose login sets `loginCookies` and whose other addresses answer `[]` with the
 * `Set-Cookie` lines `answerCookies` gives for that call (numbered from 0, logins excluded).
 */
function service(
  loginCookies: readonly string[],
  answerCookies: (call: number) => readonly string[] = () => [],
) {
  const seen: Seen[] = [];
  let calls = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    seen.push({ url, cookie: new Headers(init?.headers).get("cookie") });
    const headers = new Headers({ "content-type": "application/json" });
    const lines = url.endsWith("/admin/auth/") ? loginCookies : answerCookies(calls++);
    for (const line of lines) headers.append("set-cookie", line);
    return new Response(url.endsWith("/admin/auth/") ? "" : "[]", { status: 200, headers });
  };
  return {
    seen,
    fetch,
    api: () => seen.filter((request) => !request.url.endsWith("/admin/auth/")),
  };
}

function clientOf(fetch: typeof globalThis.fetch, overrides: Partial<ClientOptions> = {}) {
  const clock = new FakeClock();
  const client = createClient({
    baseUrl: "https://rpdi.test/api/v2",
    apiUrl: "https://rpdi.test",
    loginUrl: LOGIN,
    credentials: { email: "service@acme.example", password: "a password" },
    fetch,
    now: () => clock.now,
    sleep: clock.sleep,
    ...overrides,
  });
  return { client, clock };
}

const feedQuery = { start: "2026-01-01", end: "2026-01-31" };

describe("client cookie scope (RFC 6265 Domain, Path, Secure, expiry)", () => {
  it("a cookie for Domain=other.example and one for Path=/elsewhere go to neither root; the session cookie goes to both", async () => {
    const { fetch, api } = service([
      SESSION,
      "TRACKER=leak-1; Domain=other.example; Path=/",
      "ELSEWHERE=leak-2; Path=/elsewhere",
    ]);
    const { client } = clientOf(fetch);
    await client.feed.jobApplications(feedQuery);
    await client.lists.departments();
    expect(api().map((request) => request.cookie)).toEqual([
      "SERVICEAUTH=session-1",
      "SERVICEAUTH=session-1",
    ]);
  });

  it("a login that sets only a cookie for another domain has set no session: RpdiAuthenticationError, no call", async () => {
    const { fetch, api } = service(["SERVICEAUTH=stolen; Domain=other.example; Path=/"]);
    const { client } = clientOf(fetch);
    expect(await rejection(client.lists.departments())).toBeInstanceOf(RpdiAuthenticationError);
    expect(api()).toHaveLength(0);
  });

  it("a host-only cookie stays on the login's host; one with Domain=rpdi.test reaches its subdomains", async () => {
    const hostOnly = service([SESSION]);
    await clientOf(hostOnly.fetch, {
      apiUrl: "https://feed.elsewhere.test",
    }).client.feed.jobApplications(feedQuery);
    expect(hostOnly.api().map((request) => request.cookie)).toEqual([null]);

    const shared = service([`${SESSION}; Domain=rpdi.test`]);
    await clientOf(shared.fetch, { apiUrl: "https://feed.rpdi.test" }).client.feed.jobApplications(
      feedQuery,
    );
    expect(shared.api().map((request) => request.cookie)).toEqual(["SERVICEAUTH=session-1"]);
  });

  it("a Secure cookie is not sent over plain http to a host other than this machine", async () => {
    const { fetch, api } = service([SESSION]);
    const { client } = clientOf(fetch, { apiUrl: "http://rpdi.test", allowInsecureHttp: true });
    await client.feed.jobApplications(feedQuery);
    await client.lists.departments();
    expect(api().map((request) => request.cookie)).toEqual([null, "SERVICEAUTH=session-1"]);
  });

  it("on loopback over plain http (the sandbox) a cookie, Secure or not, is sent", async () => {
    const { fetch, api } = service([
      "SERVICEAUTH=session-1; Path=/; HttpOnly",
      "OTHER=value-2; Path=/; Secure",
    ]);
    const { client } = clientOf(fetch, {
      baseUrl: "http://127.0.0.1:8787/api/v2",
      apiUrl: "http://127.0.0.1:8787",
      loginUrl: "http://127.0.0.1:8787/app/sandbox/admin/auth/",
    });
    await client.lists.departments();
    expect(api().map((request) => request.cookie)).toEqual([
      "SERVICEAUTH=session-1; OTHER=value-2",
    ]);
  });

  it("a cookie an answer sets with Max-Age=10 is sent 9 s later and not 11 s later", async () => {
    const { fetch, api } = service([SESSION], (call) =>
      call === 0 ? ["HINT=short-lived; Path=/; Max-Age=10"] : [],
    );
    const { client, clock } = clientOf(fetch);
    await client.lists.departments();
    clock.advance(9_000);
    await client.lists.departments();
    clock.advance(2_000);
    await client.lists.departments();
    expect(api().map((request) => request.cookie)).toEqual([
      "SERVICEAUTH=session-1",
      "SERVICEAUTH=session-1; HINT=short-lived",
      "SERVICEAUTH=session-1",
    ]);
  });

  it("an answer setting the session cookie with Max-Age=0 removes it: the next call sends no cookie", async () => {
    const { fetch, api } = service([SESSION], (call) =>
      call === 0 ? ["SERVICEAUTH=; Path=/; Secure; HttpOnly; Max-Age=0"] : [],
    );
    const { client } = clientOf(fetch);
    await client.lists.departments();
    await client.lists.departments();
    expect(api().map((request) => request.cookie)).toEqual(["SERVICEAUTH=session-1", null]);
  });

  it("a login cookie with Expires in the past is no session", async () => {
    const { fetch } = service([
      "SERVICEAUTH=old; Path=/; Secure; Expires=Thu, 01 Jan 2026 00:00:00 GMT",
    ]);
    const { client } = clientOf(fetch);
    expect(await rejection(client.logIn())).toBeInstanceOf(RpdiAuthenticationError);
  });
});
