import { describe, expect, it } from "vitest";
import { ADMIN, PASSWORD, sandbox } from "../http/support";

describe("login answers 200 whatever the org segment decodes to", () => {
  it.each([
    "/app/%E0%A4%A/admin/auth/",
    "/app/%/admin/auth/",
    "/app/%FF%FE/admin/auth",
    "/app/sand%00box/admin/auth/",
  ])("POST %s answers 200 without a cookie, never 500", async (path) => {
    const errors: unknown[] = [];
    const { request } = sandbox({ onError: (error) => errors.push(error) });
    const response = await request(path, {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    });
    expect([response.status, response.headers.get("set-cookie"), errors]).toEqual([200, null, []]);
  });

  it("still logs in through a percent-encoded segment that decodes to the organization", async () => {
    const { request } = sandbox();
    const response = await request("/app/%73andbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    });
    expect(response.headers.get("set-cookie")).toMatch(/^SERVICEAUTH=/);
  });
});
