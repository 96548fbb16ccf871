import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../../src/auth/token";
import { generateTotp } from "../../src/auth/totp";
import { MAX_CSV_BYTES } from "../../src/csv/read";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { createRateLimiter } from "../../src/feed/rate-limit";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import { DATABASE_URL, dropStore, freshStore, pgliteClient, serverPool } from "../postgres/stores";
import { ADMIN, MFA_ADMIN, MFA_SECRET, PASSWORD, SECRET, sandboxSnapshot } from "./support";

const STORES: [string, () => Promise<Store>][] = [
  ["the memory store", async () => createMemoryStore(sandboxSnapshot())],
  [
    "the PostgreSQL store (PGlite)",
    async () => {
      const store = await freshStore(pgliteClient(), "rpdi_e2e");
      await store.loadSnapshot(organizationSnapshotSchema.parse(sandboxSnapshot()));
      return store;
    },
  ],
];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
if (DATABASE_URL !== undefined) {
  STORES.push([
    "the PostgreSQL store (server)",
    async () => {
      const pool = serverPool();
      const store = await freshStore(pool, "rpdi_e2e_srv");
      cleanups.push(async () => {
        await dropStore(store);
        await pool.end();
      });
      await store.loadSnapshot(organizationSnapshotSchema.parse(sandboxSnapshot()));
      return store;
    },
  ]);
}

describe.each(STORES)("end to end over a loopback port, on %s", (_, makeStore) => {
  const clock = { now: new Date("2026-06-15T12:00:00Z") };
  let server: ReturnType<typeof serve>;
  let root = "";

  beforeAll(async () => {
    const handler = createHttpHandler({
      store: await makeStore(),
      tokenSecret: SECRET,
      secureCookie: false,
      now: () => clock.now,
      rateLimiter: createRateLimiter({ limit: 3, windowMs: 300_000 }),
    });
    server = serve({ fetch: handler, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  async function login(fields: Record<string, string>): Promise<string | null> {
    const response = await fetch(`${root}/app/sandbox/admin/auth/`, {
      method: "POST",
      body: new URLSearchParams(fields),
    });
    expect(response.status).toBe(200);
    return response.headers.get("set-cookie")?.split(";")[0] ?? null;
  }

  it("logs in without MFA and with MFA, and the cookie carries the session", async () => {
    const plain = await login({ email: ADMIN, password: PASSWORD });
    const mfa = await login({
      email: MFA_ADMIN,
      password: PASSWORD,
      mfaCode: generateTotp(MFA_SECRET, clock.now),
    });
    expect(await login({ email: MFA_ADMIN, password: PASSWORD })).toBeNull();
    for (const cookie of [plain, mfa]) {
      const response = await fetch(`${root}/api/v2/offices`, {
        headers: { cookie: cookie as string },
      });
      expect(response.status).toBe(200);
    }
  });

  it("imports a file, removes access with a DELETE that has no body, and refuses 10 MiB + 1", async () => {
    const cookie = (await login({ email: ADMIN, password: PASSWORD })) as string;
    const form = new FormData();
    form.set(
      "file",
      new Blob(["First Name,Last Name,Email\nZed,Ray,zed.ray@hartwell.example\n"]),
      "m.csv",
    );
    const imported = await fetch(`${root}/api/v2/members/import-csv?product=PERFORM`, {
      method: "POST",
      headers: { cookie },
      body: form,
    });
    expect([imported.status, (await imported.json()).createdCount]).toEqual([200, 1]);
    const removed = await fetch(`${root}/api/v2/members/bulk-remove`, {
      method: "DELETE",
      headers: { cookie },
    });
    expect(await removed.json()).toEqual({ removedCount: 0 });
    const big = new FormData();
    big.set("file", new Blob([new Uint8Array(MAX_CSV_BYTES + 1).fill(65)]), "big.csv");
    const refused = await fetch(`${root}/api/v2/members/import-csv?product=PERFORM`, {
      method: "POST",
      headers: { cookie },
      body: big,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fileError.type).toBe("FILE_SIZE_EXCEEDED");
  });

  it("answers 429 with Retry-After once the feed passes its limit", async () => {
    const cookie = (await login({ email: ADMIN, password: PASSWORD })) as string;
    const statuses = [];
    for (let call = 0; call < 4; call++) {
      const response = await fetch(`${root}/v1/job-applications`, { headers: { cookie } });
      statuses.push([response.status, response.headers.get("retry-after")]);
    }
    expect(statuses).toEqual([
      [200, null],
      [200, null],
      [200, null],
      [429, "300"],
    ]);
  });

  it("refuses a forged token and an expired one with 401", async () => {
    const forged = await issueToken(
      "a-different-secret-of-32-bytes-or-more",
      { orgId: "org-sandbox", memberId: "m-sandbox-admin" },
      clock.now,
    );
    expect(
      (await fetch(`${root}/api/v2/offices`, { headers: { cookie: `SERVICEAUTH=${forged}` } }))
        .status,
    ).toBe(401);
    const cookie = (await login({ email: ADMIN, password: PASSWORD })) as string;
    clock.now = new Date(clock.now.getTime() + 13 * 3600_000);
    const expired = await fetch(`${root}/api/v2/offices`, { headers: { cookie } });
    expect([expired.status, expired.headers.get("content-type")]).toEqual([
      401,
      "application/json; charset=utf-8",
    ]);
  });
});
