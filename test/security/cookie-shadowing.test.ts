import { describe, expect, it } from "vitest";
import type { OrganizationSnapshotInput } from "../../src/domain/snapshot";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot, upload } from "../http/support";

const LOGIN_PATH = "/app/{org}/admin/auth/";
const VICTIM_CSV = "First Name,Last Name,Email\nVera,Victim,vera.victim@hartwell.example\n";

/** The sandbox organization, and a copy of it that the attacker administers. */
function twoOrganizations(): OrganizationSnapshotInput[] {
  const victim = sandboxSnapshot();
  const attacker = sandboxSnapshot();
  attacker.organization = { ...attacker.organization, id: "org-attacker", shortName: "attacker" };
  return [victim, attacker];
}

function setUp(cookieName?: string) {
  const store = createMemoryStore(twoOrganizations());
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    ...(cookieName === undefined ? {} : { cookieName }),
  });
  const request = (path: string, init: RequestInit = {}) =>
    handler(new Request(`${BASE}${path}`, init));
  const login = async (org: string) => {
    const response = await request(LOGIN_PATH.replace("{org}", org), {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    });
    return response.headers.getSetCookie()[0] ?? "";
  };
  const emailsOf = async (orgId: string) =>
    (await store.exportSnapshot(orgId))?.members.map((member) => member.email) ?? [];
  return { request, login, emailsOf };
}

describe("Cookie shadowing: a second session cookie planted for the site is refused, never resolved by order", () => {
  it("answers 401 to an import carrying the attacker's session cookie before the victim's, and lands in neither organization", async () => {
    const { request, login, emailsOf } = setUp();
    const victim = (await login("sandbox")).split(";")[0] as string;
    const attacker = (await login("attacker")).split(";")[0] as string;
    const response = await request("/api/v2/members/import-csv?product=RECRUIT", {
      method: "POST",
      headers: { cookie: `${attacker}; other=1; ${victim}` },
      body: upload(VICTIM_CSV),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toContain("more than once");
    expect(await emailsOf("org-sandbox")).not.toContain("vera.victim@hartwell.example");
    expect(await emailsOf("org-attacker")).not.toContain("vera.victim@hartwell.example");
  });

  it("says why when an empty cookie of the same name comes first, and accepts the victim's cookie alone", async () => {
    const { request, login } = setUp();
    const victim = (await login("sandbox")).split(";")[0] as string;
    const shadowed = await request("/api/v2/departments", {
      headers: { cookie: `SERVICEAUTH=; ${victim}` },
    });
    expect(shadowed.status).toBe(401);
    expect(((await shadowed.json()) as { error: string }).error).toContain("more than once");
    const alone = await request("/api/v2/departments", { headers: { cookie: victim } });
    expect(alone.status).toBe(200);
  });

  it("a __Host- session cookie is set Secure, for Path=/, without Domain, and is the one read back", async () => {
    const { request, login } = setUp("__Host-SERVICEAUTH");
    const setCookie = await login("sandbox");
    expect(setCookie.startsWith("__Host-SERVICEAUTH=")).toBe(true);
    const attributes = setCookie.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toContain("secure");
    expect(attributes).toContain("path=/");
    expect(attributes.some((attribute) => attribute.startsWith("domain"))).toBe(false);
    const cookie = setCookie.split(";")[0] as string;
    expect((await request("/api/v2/departments", { headers: { cookie } })).status).toBe(200);
    const planted = cookie.replace("__Host-SERVICEAUTH", "SERVICEAUTH");
    expect((await request("/api/v2/departments", { headers: { cookie: planted } })).status).toBe(
      401,
    );
  });

  it("refuses to build a handler whose __Host- or __Secure- cookie could never be kept (secureCookie off)", () => {
    const store = createMemoryStore(sandboxSnapshot());
    for (const cookieName of ["__Host-SERVICEAUTH", "__Secure-SERVICEAUTH"]) {
      expect(() =>
        createHttpHandler({ store, tokenSecret: SECRET, cookieName, secureCookie: false }),
      ).toThrow(/secureCookie/);
    }
  });
});
