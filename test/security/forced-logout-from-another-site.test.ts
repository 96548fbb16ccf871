import { describe, expect, it } from "vitest";
import { ADMIN, sandbox } from "../http/support";

describe("Forced logout: another site's page cannot clear the session cookie", () => {
  it("refuses a cross-site logout carrying no cookie (a top-level form POST) with 403 and no Set-Cookie, and the session still works", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    for (const headers of [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ] as Record<string, string>[]) {
      const response = await request("/app/sandbox/admin/auth/logout", { method: "POST", headers });
      expect(response.status).toBe(403);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect((await request("/api/v2/departments", { headers: { cookie } })).status).toBe(200);
    const own = await request("/app/sandbox/admin/auth/logout", {
      method: "POST",
      headers: { cookie, origin: "http://rpdi.test" },
    });
    expect(own.status).toBe(204);
  });
});
