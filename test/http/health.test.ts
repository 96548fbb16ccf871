import { describe, expect, it } from "vitest";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import { dropStore, freshStore, olderStore, pgliteClient } from "../postgres/stores";
import { SECRET, sandboxSnapshot } from "./support";

function handlerOn(store: Store, health: Parameters<typeof createHttpHandler>[0]["health"]) {
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    allowedHosts: ["rpdi.test"],
    importWorkers: false,
    ...(health === undefined ? {} : { health }),
  });
  return (path: string, host = "rpdi.test") => handler(new Request(`http://${host}${path}`));
}

describe("health probes", () => {
  it("are off unless the host asks for them: the paths are outside the spec's", async () => {
    const get = handlerOn(createMemoryStore(sandboxSnapshot()), undefined);
    expect((await get("/healthz")).status).toBe(404);
    expect((await get("/readyz")).status).toBe(404);
  });

  it("answer liveness and readiness without a session, at any host address, with no organization data", async () => {
    const get = handlerOn(createMemoryStore(sandboxSnapshot()), true);
    for (const host of ["rpdi.test", "10.0.0.7:8080"]) {
      const live = await get("/healthz", host);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: "ok" });
      expect(live.headers.get("cache-control")).toBe("no-store");
      const ready = await get("/readyz", host);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", checks: { store: "ok" } });
    }
    // The allow-list still guards everything else.
    expect((await get("/api/v2/departments", "10.0.0.7:8080")).status).toBe(421);
  });

  it("are not ready while any check fails or outlasts the deadline, without showing a check's error", async () => {
    const get = handlerOn(createMemoryStore(sandboxSnapshot()), {
      timeoutMs: 50,
      checks: {
        cache: async () => {
          throw new Error("redis://user:hunter2@cache.internal refused");
        },
        queue: () => new Promise(() => undefined),
        mail: async () => "PONG",
      },
    });
    const ready = await get("/readyz");
    expect(ready.status).toBe(503);
    const body = await ready.json();
    expect(body).toEqual({
      status: "not ready",
      checks: { store: "ok", cache: "failed", queue: "timed out after 50 ms", mail: "ok" },
    });
    expect(JSON.stringify(body)).not.toContain("hunter2");
    expect((await get("/healthz")).status).toBe(200);
  });

  it("on PostgreSQL: ready once migrated, not ready on a schema an older rpdi left", async () => {
    const current = await freshStore(pgliteClient(), "health");
    const older = await olderStore(pgliteClient(), "health_old", 11);
    try {
      const ready = await handlerOn(current, true)("/readyz");
      expect(ready.status).toBe(200);
      const stale = await handlerOn(older, true)("/readyz");
      expect(stale.status).toBe(503);
      const { checks } = await stale.json();
      expect(checks.store).toMatch(/^failed: the schema is at version 11, this rpdi needs \d+/);
      await older.migrate();
      expect((await handlerOn(older, true)("/readyz")).status).toBe(200);
    } finally {
      await dropStore(current);
      await dropStore(older);
    }
  });
});
