import { describe, expect, it } from "vitest";
import type { OrganizationSnapshot } from "../../src/domain/snapshot";
import {
  deleteMember,
  editMember,
  editMemberAuthInfo,
  revokeMemberProductAccess,
} from "../../src/members/operations";
import type { Store } from "../../src/store/port";
import { ADMIN, BASE, MEMBER, sandbox } from "../http/support";

const ORG = "org-sandbox";
const ADMIN_ID = "m-sandbox-admin";
const NOW = new Date("2026-06-15T12:00:00Z");
const PROBE = "/api/v2/departments";
const LOGOUT = "/app/sandbox/admin/auth/logout";

/** The organization exported, changed, and loaded back: how a host's own writes arrive. */
async function reload(store: Store, change: (snapshot: OrganizationSnapshot) => void) {
  const snapshot = await store.exportSnapshot(ORG);
  if (snapshot === null) throw new Error("the sandbox is missing");
  change(snapshot);
  await store.loadSnapshot(snapshot);
}

function adminOf(snapshot: OrganizationSnapshot) {
  const found = snapshot.members.find((member) => member.id === ADMIN_ID);
  if (found === undefined) throw new Error("the sandbox has no admin");
  return found;
}

const target = { orgId: ORG, memberId: ADMIN_ID, now: NOW };

/** A change to what the admin's session vouches for; `everyone` when it ends every member's. */
const CHANGES: [string, (store: Store) => Promise<unknown>, { everyone: boolean }][] = [
  [
    "the member turns MFA on",
    (store) => editMemberAuthInfo(store, { ...target, edit: { useMfa: "TRUE" } }),
    { everyone: false },
  ],
  [
    "the organization starts requiring MFA",
    (store) =>
      reload(store, (snapshot) => {
        snapshot.organization.mfaRequired = true;
      }),
    { everyone: true },
  ],
  [
    "the member's MFA secret is set",
    (store) =>
      reload(store, (snapshot) => {
        adminOf(snapshot).credentials.mfaSecret = "GEZDGNBVGY3TQOJQ";
      }),
    { everyone: false },
  ],
  [
    "the member's email changes",
    (store) => editMember(store, { ...target, edit: { email: "new.admin@hartwell.example" } }),
    { everyone: false },
  ],
  [
    "the member's password changes",
    (store) =>
      reload(store, (snapshot) => {
        adminOf(snapshot).credentials.passwordHash = "another-hash";
      }),
    { everyone: false },
  ],
  [
    "a product role of the member changes",
    (store) =>
      editMemberAuthInfo(store, { ...target, productRoles: [{ product: "UNI", role: "MEMBER" }] }),
    { everyone: false },
  ],
  [
    "the member loses a product",
    (store) => revokeMemberProductAccess(store, { ...target, product: "UNI" }),
    { everyone: false },
  ],
  ["the member is deleted", (store) => deleteMember(store, target), { everyone: false }],
];

describe("a session outlives the MFA, email, password and role it was made under (issue 29)", () => {
  it.each(CHANGES)(
    "ends the session made before when %s (401); only the organization's MFA requirement ends other members'",
    async (_, change, { everyone }) => {
      const { request, login, store } = sandbox();
      const admin = (await login(ADMIN)) as string;
      const member = (await login(MEMBER)) as string;
      expect((await request(PROBE, { headers: { cookie: admin } })).status).toBe(200);
      const outcome = await change(store);
      expect(outcome === undefined || (outcome as { ok: boolean }).ok).toBe(true);
      expect((await request(PROBE, { headers: { cookie: admin } })).status).toBe(401);
      // Ben's session is not the admin's: still authenticated (403 is the member's answer here).
      expect((await request(PROBE, { headers: { cookie: member } })).status).toBe(
        everyone ? 401 : 403,
      );
    },
  );

  it("keeps the session through a change to nothing it vouches for (a job title)", async () => {
    const { request, login, store } = sandbox();
    const admin = (await login(ADMIN)) as string;
    expect((await editMember(store, { ...target, edit: { jobTitle: "Counsel" } })).ok).toBe(true);
    expect((await request(PROBE, { headers: { cookie: admin } })).status).toBe(200);
  });
});

describe("logout ends the member's sessions: POST /app/{org_name}/admin/auth/logout", () => {
  it("answers 204, clears the cookie, and every session of the member made before answers 401; other members' stay", async () => {
    const { request, login } = sandbox();
    const laptop = (await login(ADMIN)) as string;
    const phone = (await login(ADMIN)) as string;
    const member = (await login(MEMBER)) as string;
    const response = await request(LOGOUT, { method: "POST", headers: { cookie: laptop } });
    expect([response.status, await response.text()]).toEqual([204, ""]);
    expect(response.headers.get("set-cookie")).toBe(
      "SERVICEAUTH=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
    expect((await request(PROBE, { headers: { cookie: laptop } })).status).toBe(401);
    expect((await request(PROBE, { headers: { cookie: phone } })).status).toBe(401);
    expect((await request(PROBE, { headers: { cookie: member } })).status).toBe(403);
    const again = (await login(ADMIN)) as string;
    expect((await request(PROBE, { headers: { cookie: again } })).status).toBe(200);
  });

  it("clears the cookie with the login's attributes, only the value and Max-Age differing", async () => {
    const { request } = sandbox();
    const login = await request("/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: "sandbox-password" }),
    });
    const attributes = (cookie: string | null) =>
      (cookie ?? "")
        .split("; ")
        .filter((part) => !part.startsWith("SERVICEAUTH=") && !part.startsWith("Max-Age="));
    const set = login.headers.getSetCookie()[0] ?? null;
    const cleared = (await request(LOGOUT, { method: "POST" })).headers.get("set-cookie");
    expect(set).not.toBeNull();
    expect(attributes(cleared)).toEqual(attributes(set));
  });

  it("is idempotent: without a session, or with a dead one, it still clears the cookie and answers 204", async () => {
    const { request, login } = sandbox();
    const admin = (await login(ADMIN)) as string;
    await request(LOGOUT, { method: "POST", headers: { cookie: admin } });
    const tries: Record<string, string>[] = [
      {},
      { cookie: admin },
      { cookie: "SERVICEAUTH=not-a-token" },
    ];
    for (const headers of tries) {
      const response = await request(LOGOUT, { method: "POST", headers });
      expect([response.status, response.headers.get("set-cookie")]).toEqual([
        204,
        expect.stringContaining("Max-Age=0"),
      ]);
    }
  });

  it("is also served with a trailing slash", async () => {
    const { request, login } = sandbox();
    const admin = (await login(ADMIN)) as string;
    const response = await request(`${LOGOUT}/`, { method: "POST", headers: { cookie: admin } });
    expect(response.status).toBe(204);
    expect((await request(PROBE, { headers: { cookie: admin } })).status).toBe(401);
  });

  it("refuses a cookie-authenticated logout from another site (403) and keeps the session", async () => {
    const { request, login } = sandbox();
    const admin = (await login(ADMIN)) as string;
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const response = await request(LOGOUT, {
        method: "POST",
        headers: { cookie: admin, ...headers },
      });
      expect([response.status, response.headers.get("set-cookie")]).toEqual([403, null]);
    }
    expect((await request(PROBE, { headers: { cookie: admin } })).status).toBe(200);
    const sameSite = await request(LOGOUT, {
      method: "POST",
      headers: { cookie: admin, origin: BASE },
    });
    expect(sameSite.status).toBe(204);
  });
});
