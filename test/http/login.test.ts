import { describe, expect, it, vi } from "vitest";
import { issueSessionToken } from "../../src/auth/session-token";
import { issueToken } from "../../src/auth/token";
import { ADMIN, MEMBER, MFA_ADMIN, PASSWORD, SECRET, sandbox } from "./support";

describe("POST /app/{org_name}/admin/auth/ and the session", () => {
  it("answers 200 in every case and sets an HttpOnly SERVICEAUTH cookie only on success", async () => {
    const { request } = sandbox();
    const success = await request("/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    });
    expect(success.status).toBe(200);
    const [session, device, ...others] = success.headers.getSetCookie();
    expect(session).toMatch(
      /^SERVICEAUTH=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/,
    );
    // OWASP device cookies: lets this browser past the lockout an attacker causes (login protection).
    expect(device).toMatch(
      /^SERVICEAUTH_DEVICE=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=15552000; Secure$/,
    );
    expect(others).toEqual([]);
    const failures: Record<string, string>[] = [
      { email: ADMIN, password: "wrong" },
      { email: "nobody@hartwell.example", password: PASSWORD },
      { email: ADMIN },
    ];
    for (const body of failures) {
      const failure = await request("/app/sandbox/admin/auth/", {
        method: "POST",
        body: new URLSearchParams(body),
      });
      expect(failure.status).toBe(200);
      expect(failure.headers.get("set-cookie")).toBeNull();
      expect(await failure.text()).toBe("");
    }
    const otherOrg = await request("/app/elsewhere/admin/auth", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    });
    expect([otherOrg.status, otherOrg.headers.get("set-cookie")]).toEqual([200, null]);
  });

  it("requires a valid 6-digit TOTP for a member who uses MFA", async () => {
    const { login, loginMfa } = sandbox();
    expect(await login(MFA_ADMIN)).toBeNull();
    expect(await login(MFA_ADMIN, { mfaCode: "123456" })).toBeNull();
    expect(await loginMfa()).toMatch(/^SERVICEAUTH=/);
  });

  it("holds back an account after five failures from one client, for a delay that grows", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    try {
      const { request, login } = sandbox();
      const fail = () =>
        request("/app/sandbox/admin/auth/", {
          method: "POST",
          body: new URLSearchParams({ email: ADMIN, password: "wrong" }),
        });
      for (let attempt = 0; attempt < 5; attempt++) await fail();
      expect(await login(ADMIN)).toBeNull();
      vi.advanceTimersByTime(1100);
      await fail();
      vi.advanceTimersByTime(1100);
      expect(await login(ADMIN)).toBeNull();
      vi.advanceTimersByTime(1000);
      expect(await login(ADMIN)).toMatch(/^SERVICEAUTH=/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 401 without a session, with a forged token and with an expired one", async () => {
    const { request, login, clock } = sandbox();
    const path = "/api/v2/departments";
    expect((await request(path)).status).toBe(401);
    const forged = await issueToken(
      "another-secret-that-is-long-enough!!",
      { orgId: "org-sandbox", memberId: "m-sandbox-admin" },
      clock.now,
    );
    expect((await request(path, { headers: { cookie: `SERVICEAUTH=${forged}` } })).status).toBe(
      401,
    );
    const cookie = (await login(ADMIN)) as string;
    expect((await request(path, { headers: { cookie } })).status).toBe(200);
    clock.now = new Date(clock.now.getTime() + 12 * 3600_000 + 1000);
    const expired = await request(path, { headers: { cookie } });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: expect.stringContaining("SERVICEAUTH") });
  });

  it("ignores a bearer header unless the host opts in", async () => {
    const { request, clock, store } = sandbox();
    const token = await issueSessionToken(
      store,
      SECRET,
      { orgId: "org-sandbox", memberId: "m-sandbox-admin" },
      clock.now,
    );
    expect(
      (await request("/api/v2/departments", { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(401);
  });

  it("applies role changes at once: the session made before ends (401), and a new login has the new role", async () => {
    const { request, login } = sandbox();
    const member = (await login(MEMBER)) as string;
    const before = await request("/api/v2/departments", { headers: { cookie: member } });
    expect([before.status, await before.json()]).toEqual([
      403,
      { error: "This endpoint requires an Admin role." },
    ]);
    const admin = (await login(ADMIN)) as string;
    const form = new FormData();
    form.set(
      "file",
      new Blob([`First Name,Last Name,Email,Role\nBen,Marsh,${MEMBER},ADMIN\n`]),
      "ben.csv",
    );
    const promoted = await request("/api/v2/members/import-csv?product=RECRUIT", {
      method: "POST",
      headers: { cookie: admin },
      body: form,
    });
    expect(promoted.status).toBe(200);
    expect((await request("/api/v2/departments", { headers: { cookie: member } })).status).toBe(
      401,
    );
    const again = (await login(MEMBER)) as string;
    expect((await request("/api/v2/departments", { headers: { cookie: again } })).status).toBe(200);
  });
});
