import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateTotp } from "../../src/auth/totp";
import { createWindowRateLimiter } from "../../src/runtime/rate-limit";
import {
  ADA,
  AUTH,
  accountSandbox,
  cookiePair,
  ELENA,
  hiddenValue,
  linkCookie,
  NEW_PASSWORD,
  textOf,
} from "./account-pages-support";
import { ADMIN, PASSWORD } from "./support";

const INVITATION = `${AUTH}invitation`;

/** What every account page (and its redirect) must carry. */
function expectPageHeaders(response: Response): void {
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
}

describe("the account pages' headers and markup", () => {
  it("answers every page, refusal and redirect no-store, no-referrer, a script-free CSP and no framing", async () => {
    const { request, post } = await accountSandbox();
    const answers = [
      await request(AUTH),
      await request(AUTH.slice(0, -1)),
      await request(INVITATION),
      await request(`${INVITATION}?token=${"a".repeat(43)}`),
      await request(`${AUTH}reset`),
      await request(`${AUTH}reset?token=x`),
      await request(`${AUTH}recovery`),
      await request(`${AUTH}mfa`),
      await post(`${AUTH}recovery`, { email: ADMIN }),
      await post(INVITATION, { password: NEW_PASSWORD, confirm: NEW_PASSWORD }),
      await post(`${AUTH}mfa`, { code: "123456" }),
      await post(AUTH, { email: ADMIN, password: "wrong" }),
      await post(AUTH, { email: ADMIN, password: PASSWORD }),
      await post(INVITATION, {}, { origin: "https://evil.example" }),
    ];
    for (const response of answers) {
      expectPageHeaders(response);
      if (response.status !== 303)
        expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    }
  });

  it("admits its one style element by the hash in the CSP, and has no script or inline style attribute", async () => {
    const { request } = await accountSandbox();
    const response = await request(AUTH);
    const page = await response.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    expect(response.headers.get("content-security-policy")).toContain(`style-src 'sha256-${hash}'`);
    expect(page).not.toMatch(/<script|\sstyle=/);
  });

  it("gives every page a language, a title, one main landmark and a label for every visible input", async () => {
    const { request, post } = await accountSandbox({ mfaRequired: true });
    const pages = [
      await (await request(AUTH)).text(),
      await (await request(INVITATION)).text(),
      await (await request(`${AUTH}recovery`)).text(),
      await (await post(AUTH, { email: ADMIN, password: PASSWORD })).text(),
      await (await post(AUTH, { email: ADMIN, password: "wrong" })).text(),
    ];
    for (const page of pages) {
      expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(page).toMatch(/<title>[^<]+<\/title>/);
      expect(page.match(/<main>/g)).toHaveLength(1);
      for (const [input] of page.matchAll(/<input [^>]*>/g)) {
        if (input.includes('type="hidden"')) continue;
        const id = /id="([^"]+)"/.exec(input)?.[1];
        expect(page).toContain(`<label for="${id}">`);
        expect(input).toMatch(/autocomplete="(email|current-password|new-password|one-time-code)"/);
      }
    }
  });
});

describe("the app's front door before the pages", () => {
  it("refuses a host outside the allow-list (421) and a body past the limit (413), writing nothing", async () => {
    const { request, post, invitationToken, state } = await accountSandbox({
      allowedHosts: ["rpdi.test"],
    });
    const cookie = linkCookie("INVITATION", await invitationToken(ADA.id));
    const before = await state();
    const elsewhere = await request(INVITATION, { headers: { host: "evil.test" } });
    expect(elsewhere.status).toBe(421);
    const huge = await post(INVITATION, { password: "x".repeat(70_000), confirm: "" }, { cookie });
    expect(huge.status).toBe(413);
    expect(await state()).toEqual(before);
  });
});

describe("the sign-in page and the login's answers to a browser", () => {
  it("serves the form at the login address, posting to it with email, password and mfaCode", async () => {
    const { request } = await accountSandbox();
    const response = await request(AUTH);
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(page).toContain('<form method="post" action="./">');
    for (const name of ["email", "password", "mfaCode"]) expect(page).toContain(`name="${name}"`);
    // Without its slash the address links one level up, to stay on the spec's address.
    expect(await (await request(AUTH.slice(0, -1))).text()).toContain('action="auth/"');
  });

  it("answers a browser's successful form post with a page and the cookies, an API client's with the empty body", async () => {
    const { request, post } = await accountSandbox();
    const browser = await post(AUTH, { email: ADMIN, password: PASSWORD });
    expect(browser.status).toBe(200);
    expect(await browser.text()).toContain("<h1>Signed in</h1>");
    expect(cookiePair(browser, "SERVICEAUTH")).toMatch(/^SERVICEAUTH=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cookiePair(browser, "SERVICEAUTH_DEVICE")).not.toBeNull();
    const api = await request(AUTH, {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    });
    expect([api.status, await api.text(), api.headers.get("content-type")]).toEqual([
      200,
      "",
      "text/plain; charset=utf-8",
    ]);
    expect(cookiePair(api, "SERVICEAUTH")).not.toBeNull();
  });

  it("answers every failed browser sign-in with the same form and one message that names no part", async () => {
    const { request, post } = await accountSandbox();
    const pages = [
      await post(AUTH, { email: ADMIN, password: "wrong" }),
      await post(AUTH, { email: "nobody@hartwell.example", password: PASSWORD }),
      await post("/app/elsewhere/admin/auth/", { email: ADMIN, password: PASSWORD }),
      await post(AUTH, { email: "sandbox.mfa@hartwell.example", password: PASSWORD }),
    ];
    const bodies: string[] = [];
    for (const response of pages) {
      expect(response.status).toBe(200);
      expect(response.headers.get("set-cookie")).toBeNull();
      // The address typed is shown again; all else is the same, byte for byte.
      bodies.push((await response.text()).replace(/ value="[^"]*"/, ""));
    }
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain('role="alert"');
    expect(bodies[0]).toContain('aria-invalid="true"');
    // A browser's failure is no API client's business: they still get the empty 200.
    const api = await request(AUTH, {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: "wrong" }),
    });
    expect([api.status, await api.text()]).toEqual([200, ""]);
  });

  it("answers a browser's sign-in posted from another site with 200 and the form, checking nothing", async () => {
    const { post } = await accountSandbox();
    const response = await post(
      AUTH,
      { email: ADMIN, password: PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.text()).toContain("sent from another site");
  });

  it("sends a member whose MFA is due but who has no authenticator to its setup, with no session", async () => {
    const { post } = await accountSandbox({ mfaRequired: true });
    const response = await post(AUTH, { email: ADMIN, password: PASSWORD });
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(page).toContain("<h1>Set up your authenticator</h1>");
    expect(textOf(page, "mfa-secret")).toMatch(/^[A-Z2-7]{16,}$/);
    expect(hiddenValue(page, "ticket")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(page).toMatch(/<div class="qr" role="img" aria-label="[^"]+"><svg aria-hidden="true"/);
  });
});

describe("the invitation page", () => {
  it("moves a link's token into an HttpOnly, SameSite=Strict cookie for the page's path, and answers 303 without the query", async () => {
    const { request, invitationToken } = await accountSandbox();
    const token = await invitationToken(ADA.id);
    const response = await request(`${INVITATION}?token=${token}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(INVITATION);
    expect(response.headers.getSetCookie()).toEqual([
      `__Secure-SERVICEAUTH_INVITATION=${token}; Path=${INVITATION}; HttpOnly; SameSite=Strict; Max-Age=900; Secure`,
    ]);
    expect(await response.text()).toBe("");
  });

  it("shows the set-password form without the cookie (a navigation from the email carries none)", async () => {
    const { request } = await accountSandbox();
    const response = await request(INVITATION);
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(page.match(/autocomplete="new-password"/g)).toHaveLength(2);
    expect(page).toContain('action="invitation"');
  });

  it("sets the password once: the member then signs in with it, the cookie is cleared, and the link is refused after", async () => {
    const { post, invitationToken, login } = await accountSandbox();
    const token = await invitationToken(ADA.id);
    const cookie = linkCookie("INVITATION", token);
    const fields = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    const done = await post(INVITATION, fields, { cookie });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('<p><a href="./">Sign in</a></p>');
    expect(done.headers.getSetCookie()).toEqual([
      `__Secure-SERVICEAUTH_INVITATION=; Path=${INVITATION}; HttpOnly; SameSite=Strict; Max-Age=0; Secure`,
    ]);
    expect(await login(ADA.email, NEW_PASSWORD)).toMatch(/^SERVICEAUTH=/);
    const reused = await post(
      INVITATION,
      { password: "Another fine phrase 77", confirm: "Another fine phrase 77" },
      { cookie },
    );
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("This link is not valid");
    expect(await login(ADA.email, "Another fine phrase 77")).toBeNull();
  });

  it("shows a weak password's reason with the form again, and stores nothing", async () => {
    const { post, invitationToken, state } = await accountSandbox();
    const cookie = linkCookie("INVITATION", await invitationToken(ADA.id));
    const before = await state();
    const response = await post(INVITATION, { password: "short", confirm: "short" }, { cookie });
    const page = await response.text();
    expect(response.status).toBe(400);
    expect(page).toContain("it needs at least 8");
    expect(page).toMatch(/<p class="error" id="form-error" role="alert">/);
    expect(page).toMatch(
      /id="field-password"[^>]*aria-describedby="form-error field-password-hint"/,
    );
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await state()).toEqual(before);
  });

  it("asks again when the two passwords differ, and stores nothing", async () => {
    const { post, invitationToken, state } = await accountSandbox();
    const cookie = linkCookie("INVITATION", await invitationToken(ADA.id));
    const before = await state();
    const response = await post(
      INVITATION,
      { password: NEW_PASSWORD, confirm: `${NEW_PASSWORD}!` },
      { cookie },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The two passwords are not the same");
    expect(await state()).toEqual(before);
  });

  it("refuses an expired invitation and stores nothing", async () => {
    const { post, invitationToken, state, clock } = await accountSandbox();
    const cookie = linkCookie("INVITATION", await invitationToken(ADA.id));
    clock.now = new Date(clock.now.getTime() + 7 * 24 * 3600_000 + 1000);
    const before = await state();
    const response = await post(
      INVITATION,
      { password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      { cookie },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This link has expired");
    expect(await state()).toEqual(before);
  });

  it("refuses another organization's invitation, in either organization's address, and stores nothing", async () => {
    const { post, invitationToken, state } = await accountSandbox();
    const cookie = linkCookie("INVITATION", await invitationToken("o-001", "org-other"));
    const before = await state();
    const fields = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    const response = await post(INVITATION, fields, { cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This link is not valid");
    expect(await state()).toEqual(before);
  });

  it("answers an unknown organization's address like an invalid link, never a 500", async () => {
    const { request, post, invitationToken } = await accountSandbox();
    const cookie = linkCookie("INVITATION", await invitationToken(ADA.id));
    const fields = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    for (const org of ["nowhere", "%00", "sandbox%2F"]) {
      const path = `/app/${org}/admin/auth/invitation`;
      expect((await request(path)).status).toBe(200);
      const response = await post(path, fields, { cookie });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("This link is not valid");
    }
  });

  it("refuses a form posted from another site with 403, and stores nothing", async () => {
    const { request, post, invitationToken, state } = await accountSandbox();
    const cookie = linkCookie("INVITATION", await invitationToken(ADA.id));
    const before = await state();
    const fields = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    for (const headers of [
      { origin: "https://evil.example", cookie },
      { origin: "null", cookie },
    ]) {
      const response = await post(INVITATION, fields, headers);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("sent from another site");
    }
    // Without Origin, the browser's Sec-Fetch-Site tells: a sibling subdomain is another site.
    const sameSite = await request(INVITATION, {
      method: "POST",
      headers: { accept: "text/html", "sec-fetch-site": "same-site", cookie },
      body: new URLSearchParams(fields),
    });
    expect(sameSite.status).toBe(403);
    expect(await state()).toEqual(before);
    // The same form from this site is taken.
    expect((await post(INVITATION, fields, { cookie })).status).toBe(200);
  });

  it("takes a form from its own no-referrer page, which browsers post with Origin: null and Sec-Fetch-Site: same-origin", async () => {
    const { request, post, invitationToken, state } = await accountSandbox();
    const cookie = linkCookie("INVITATION", await invitationToken(ADA.id));
    const fields = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    const before = await state();
    // Origin: null from anywhere else (a sandboxed frame, a redirect from another origin) is not.
    for (const site of ["cross-site", "same-site"]) {
      const refused = await post(INVITATION, fields, {
        origin: "null",
        "sec-fetch-site": site,
        cookie,
      });
      expect(refused.status).toBe(403);
    }
    expect(await state()).toEqual(before);
    const taken = await post(INVITATION, fields, {
      origin: "null",
      "sec-fetch-site": "same-origin",
      cookie,
    });
    expect(taken.status).toBe(200);
    const login = await request(AUTH, {
      method: "POST",
      headers: { accept: "text/html", origin: "null", "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({ email: ADA.email, password: NEW_PASSWORD }),
    });
    expect(await login.text()).toContain("<h1>Signed in</h1>");
  });

  it("bounds guessing: past the limiter's budget even a valid link answers the throttled page and stores nothing", async () => {
    const { post, invitationToken, state } = await accountSandbox({
      accountLimiter: createWindowRateLimiter({ limit: 3, windowMs: 15 * 60_000 }),
      clientKey: () => "203.0.113.5",
    });
    const fields = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    for (let guess = 0; guess < 3; guess++) {
      const wrong = linkCookie("INVITATION", `${"g".repeat(42)}${guess}`);
      expect((await post(INVITATION, fields, { cookie: wrong })).status).toBe(400);
    }
    const cookie = linkCookie("INVITATION", await invitationToken(ADA.id));
    const before = await state();
    const response = await post(INVITATION, fields, { cookie });
    expect(response.status).toBe(429);
    const page = await response.text();
    expect(page).toContain("<h1>Too many tries</h1>");
    expect(page).toContain("Too many tries; try again in");
    expect(await state()).toEqual(before);
  });

  it("takes a member who must use MFA from the invitation straight to the authenticator setup, then to a sign-in with a code", async () => {
    const { post, invitationToken, login, clock } = await accountSandbox();
    const cookie = linkCookie("INVITATION", await invitationToken(ELENA.id));
    const fields = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    const setup = await post(INVITATION, fields, { cookie });
    const page = await setup.text();
    expect(setup.status).toBe(200);
    expect(page).toContain("<h1>Set up your authenticator</h1>");
    // The link's cookie is cleared; no session is set before the setup.
    expect(setup.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^__Secure-SERVICEAUTH_INVITATION=; .*Max-Age=0/),
    ]);
    const secret = textOf(page, "mfa-secret") as string;
    const ticket = hiddenValue(page, "ticket") as string;
    expect(await login(ELENA.email, NEW_PASSWORD)).toBeNull();
    const confirmed = await post(`${AUTH}mfa`, { ticket, code: generateTotp(secret, clock.now) });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("<h1>Authenticator set up</h1>");
    clock.now = new Date(clock.now.getTime() + 30_000);
    expect(await login(ELENA.email, NEW_PASSWORD, generateTotp(secret, clock.now))).toMatch(
      /^SERVICEAUTH=/,
    );
  });
});

describe("accountPages: false", () => {
  it("serves none of the pages, and the login answers a browser's post with the spec's empty 200", async () => {
    const { request, post } = await accountSandbox({ accountPages: false });
    for (const segment of ["invitation", "recovery", "reset", "mfa"]) {
      expect((await request(`${AUTH}${segment}`)).status).toBe(404);
      expect((await post(`${AUTH}${segment}`, {})).status).toBe(404);
    }
    // The login address itself answers POST only: its GET is the 405 of a known path.
    const form = await request(AUTH);
    expect([form.status, form.headers.get("allow")]).toEqual([405, "POST"]);
    const login = await post(AUTH, { email: ADMIN, password: PASSWORD });
    expect([login.status, await login.text()]).toEqual([200, ""]);
    expect(cookiePair(login, "SERVICEAUTH")).not.toBeNull();
  });
});
