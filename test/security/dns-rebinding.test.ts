import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { ADMIN, PASSWORD, SECRET, sandboxSnapshot, upload } from "../http/support";
import { startServe } from "../support/serve";

const LOGIN_PATH = "/app/sandbox/admin/auth/";
const CREDENTIALS = new URLSearchParams({ email: ADMIN, password: PASSWORD }).toString();

/** A request with the exact Host header a browser sends for a rebound name. */
function rawPost(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, path, method: "POST", headers },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("DNS rebinding: a name the attacker points at this server is not one it answers to", () => {
  it("rpdi serve refuses a login sent as Host and Origin evil.example:PORT (421, no cookie), and answers its own loopback names", async () => {
    const { child, rest } = await startServe([]);
    try {
      const port = Number(new URL(rest).port);
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const rebound = await rawPost(
        port,
        LOGIN_PATH,
        { ...form, host: `evil.example:${port}`, origin: `http://evil.example:${port}` },
        CREDENTIALS,
      );
      expect(rebound.status).toBe(421);
      expect(rebound.headers["set-cookie"]).toBeUndefined();
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
        const own = await rawPost(port, LOGIN_PATH, { ...form, host }, CREDENTIALS);
        expect(own.status).toBe(200);
        expect(own.headers["set-cookie"]).toBeDefined();
      }
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("rpdi serve answers a name given with --allowed-host, and still no other", async () => {
    const { child, rest, output } = await startServe(["--allowed-host", "sandbox.hartwell.test"]);
    try {
      expect(output()).toContain("sandbox.hartwell.test");
      const port = Number(new URL(rest).port);
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const allowed = await rawPost(
        port,
        LOGIN_PATH,
        { ...form, host: `sandbox.hartwell.test:${port}` },
        CREDENTIALS,
      );
      expect(allowed.headers["set-cookie"]).toBeDefined();
      const other = await rawPost(
        port,
        LOGIN_PATH,
        { ...form, host: `evil.hartwell.test:${port}` },
        CREDENTIALS,
      );
      expect(other.status).toBe(421);
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("createHttpHandler with allowedHosts refuses an import addressed to another host before authentication, and writes nothing", async () => {
    const store = createMemoryStore(sandboxSnapshot());
    const handler = createHttpHandler({
      store,
      tokenSecret: SECRET,
      allowedHosts: ["hr.hartwell.example", ".sandbox.test"],
    });
    const login = (host: string) =>
      handler(
        new Request(`http://${host}${LOGIN_PATH}`, {
          method: "POST",
          body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
        }),
      );
    const cookie = (await login("hr.hartwell.example")).headers.get("set-cookie")?.split(";")[0];
    expect(cookie).toBeDefined();
    expect((await login("a.b.sandbox.test")).headers.get("set-cookie")).not.toBeNull();
    expect((await login("sandbox.test")).headers.get("set-cookie")).not.toBeNull();
    expect((await login("HR.Hartwell.Example:8443")).headers.get("set-cookie")).not.toBeNull();
    for (const host of ["evil.example", "hr.hartwell.example.evil.example", "xsandbox.test"]) {
      const refused = await login(host);
      expect(refused.status).toBe(421);
      expect(((await refused.json()) as { error: string }).error).toContain("allowedHosts");
    }
    const imported = await handler(
      new Request("http://evil.example/api/v2/members/import-csv?product=RECRUIT", {
        method: "POST",
        headers: { cookie: cookie as string, origin: "http://evil.example" },
        body: upload(
          "First Name,Last Name,Email\nMallory,Rebind,mallory.rebind@hartwell.example\n",
        ),
      }),
    );
    expect(imported.status).toBe(421);
    const snapshot = await store.exportSnapshot("org-sandbox");
    expect(snapshot?.members.map((member) => member.email)).not.toContain(
      "mallory.rebind@hartwell.example",
    );
  });
});
