import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createClient,
  RpdiAuthenticationError,
  RpdiAuthorizationError,
  type RpdiClientError,
  RpdiConflictError,
  RpdiContractError,
  RpdiNetworkError,
  RpdiNotFoundError,
  RpdiRateLimitError,
  RpdiServerError,
  RpdiValidationError,
} from "../../src/client/index";
import { FakeClock, LOGIN_PATH, ORIGIN } from "./stub-service";

/*
 * The password, the MFA secret and the session cookie never reach an error's message, its
 * String() or its JSON, for every kind of error, even from a service (or a proxy in front of it)
 * whose error pages echo the request back: a debug page listing the headers, a WAF's refusal page
 * quoting the form.
 */

interface Secrets {
  password: string;
  mfaSecret: string;
  cookie: string;
}

interface Scenario {
  name: string;
  kind: new (...args: never[]) => RpdiClientError;
  /** How the login answers: with the cookie, 200 without it, or another status (echoing). */
  login: "ok" | "no-cookie" | number;
  /** The API's answer, given the echo of what the client sent. */
  api?: (echo: string) => Response;
  fetchThrows?: boolean;
  call: (client: ReturnType<typeof createClient>) => Promise<unknown>;
}

const echoed =
  (status: number, headers: Record<string, string> = {}) =>
  (echo: string) =>
    Response.json({ error: echo }, { status, headers });

const SCENARIOS: Scenario[] = [
  {
    name: "login refused (200, no cookie)",
    kind: RpdiAuthenticationError,
    login: "no-cookie",
    call: (client) => client.logIn(),
  },
  {
    name: "login answered 403 by a proxy quoting the form",
    kind: RpdiAuthorizationError,
    login: 403,
    call: (client) => client.logIn(),
  },
  {
    name: "login answered 500 quoting the form",
    kind: RpdiServerError,
    login: 500,
    call: (client) => client.logIn(),
  },
  {
    name: "401 after one fresh login",
    kind: RpdiAuthenticationError,
    login: "ok",
    api: echoed(401),
    call: (client) => client.lists.departments(),
  },
  {
    name: "400 from the feed",
    kind: RpdiValidationError,
    login: "ok",
    api: echoed(400),
    call: (client) => client.feed.jobApplications(),
  },
  {
    name: "403",
    kind: RpdiAuthorizationError,
    login: "ok",
    api: echoed(403),
    call: (client) => client.lists.departments(),
  },
  {
    name: "404",
    kind: RpdiNotFoundError,
    login: "ok",
    api: echoed(404),
    call: (client) => client.lists.departments(),
  },
  {
    name: "409",
    kind: RpdiConflictError,
    login: "ok",
    api: echoed(409),
    call: (client) => client.lists.departments(),
  },
  {
    name: "429",
    kind: RpdiRateLimitError,
    login: "ok",
    api: echoed(429, { "retry-after": "1" }),
    call: (client) => client.feed.jobApplications(),
  },
  {
    name: "500",
    kind: RpdiServerError,
    login: "ok",
    api: echoed(500),
    call: (client) => client.lists.departments(),
  },
  {
    name: "a body outside the contract",
    kind: RpdiContractError,
    login: "ok",
    api: (echo) => Response.json({ departments: echo }),
    call: (client) => client.lists.departments(),
  },
  {
    name: "a body that is not JSON (the parser quotes it)",
    kind: RpdiContractError,
    login: "ok",
    api: (echo) => new Response(echo, { headers: { "content-type": "application/json" } }),
    call: (client) => client.lists.departments(),
  },
  {
    name: "a redirect whose Location carries the session",
    kind: RpdiContractError,
    login: "ok",
    api: (echo) =>
      new Response(null, {
        status: 302,
        headers: { location: `https://sso.example/next?${new URLSearchParams({ echo })}` },
      }),
    call: (client) => client.lists.departments(),
  },
  {
    name: "fetch failing with a message quoting the request",
    kind: RpdiNetworkError,
    login: "ok",
    fetchThrows: true,
    call: (client) => client.lists.departments(),
  },
];

function clientFor(scenario: Scenario, secrets: Secrets) {
  const clock = new FakeClock();
  return createClient({
    baseUrl: `${ORIGIN}/api/v2`,
    apiUrl: ORIGIN,
    loginUrl: `${ORIGIN}${LOGIN_PATH}`,
    credentials: {
      email: "service.account@acme.example",
      password: secrets.password,
      mfaSecret: secrets.mfaSecret,
    },
    now: () => clock.now,
    sleep: clock.sleep,
    retry: { maxRetries: 0 },
    fetch: async (input, init) => {
      const url = new URL(String(input));
      const cookie = new Headers(init?.headers).get("cookie") ?? "";
      const echo = `you sent cookie=${cookie} body=${typeof init?.body === "string" ? init.body : ""}`;
      if (url.pathname === LOGIN_PATH) {
        if (scenario.login === "ok")
          return new Response("<html></html>", {
            headers: { "set-cookie": `SERVICEAUTH=${secrets.cookie}; Path=/; HttpOnly` },
          });
        return new Response(echo, {
          status: scenario.login === "no-cookie" ? 200 : scenario.login,
          headers: { "content-type": "text/plain" },
        });
      }
      // An instrumented fetch's failure may quote the request it failed on.
      if (scenario.fetchThrows) throw new TypeError(`fetch failed: ${echo}`);
      return (scenario.api ?? echoed(200))(echo);
    },
  });
}

/** Every way a secret may be written in what the client received: raw, URL- and JSON-encoded. */
function spellings(secret: string): string[] {
  return [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
  ];
}

async function errorsOf(secrets: Secrets): Promise<{ scenario: Scenario; error: unknown }[]> {
  const out: { scenario: Scenario; error: unknown }[] = [];
  for (const scenario of SCENARIOS) {
    const error = await scenario.call(clientFor(scenario, secrets)).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    out.push({ scenario, error });
  }
  return out;
}

function expectNoSecret(error: unknown, secrets: Secrets, scenario: string) {
  if (!(error instanceof Error)) throw new Error(`${scenario}: no error thrown`);
  const shown = [error.message, String(error), JSON.stringify(error)];
  for (const secret of [secrets.password, secrets.mfaSecret, secrets.cookie])
    for (const spelling of spellings(secret))
      for (const text of shown)
        expect(text.includes(spelling), `${scenario} shows a secret: ${text}`).toBe(false);
}

const passwordArbitrary = fc
  .string({ minLength: 10, maxLength: 40, unit: "grapheme" })
  .filter((password) => password.trim().length >= 10 && new Set(password).size >= 5);
const cookieArbitrary = fc.stringMatching(/^[A-Za-z0-9._-]{24,48}$/);
const mfaSecretArbitrary = fc.stringMatching(/^[A-Z2-7]{16,32}$/);

describe("secrets never reach an error", () => {
  it("each scenario throws its error kind (the echoing service reached every path)", async () => {
    const secrets = {
      password: "pa ss&word=%1é",
      mfaSecret: "JBSWY3DPEHPK3PXP",
      cookie: "eyJhbGciOiJIUzI1NiJ9.session",
    };
    for (const { scenario, error } of await errorsOf(secrets)) {
      expect(error, scenario.name).toBeInstanceOf(scenario.kind);
      expectNoSecret(error, secrets, scenario.name);
    }
  });

  it("property: for any password, MFA secret and cookie value, no error of any kind shows any of them in its message, String() or JSON", async () => {
    await fc.assert(
      fc.asyncProperty(
        passwordArbitrary,
        mfaSecretArbitrary,
        cookieArbitrary,
        async (password, mfaSecret, cookie) => {
          const secrets = { password, mfaSecret, cookie };
          for (const { scenario, error } of await errorsOf(secrets))
            expectNoSecret(error, secrets, scenario.name);
        },
      ),
      { numRuns: 25 },
    );
  });
});
