import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../src/http/app";
import type { RpdiLogger } from "../../src/http/logger";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import { ADMIN, PASSWORD, SECRET, sandboxSnapshot } from "./support";

interface Answer {
  status: number;
  requestId: string | null;
  /** The session cookie a login answered, as a `cookie` header sends it back. */
  cookie: string;
}

interface Served {
  send(path: string, init?: RequestInit): Promise<Answer>;
  logged: string[];
  store: Store;
  close(): Promise<void>;
}

function appWithLog() {
  const logged: string[] = [];
  const at = (fields: Record<string, unknown>) => logged.push(String(fields.requestId));
  const logger: RpdiLogger = { info: at, warn: at, error: at };
  const store = createMemoryStore(sandboxSnapshot());
  const app = createHttpApp({ store, tokenSecret: SECRET, importWorkers: false, logger });
  return { app, logged, store };
}

const answerOf = async (response: Response): Promise<Answer> => {
  await response.arrayBuffer();
  const cookie = response.headers.get("set-cookie")?.split(";")[0] ?? "";
  return { status: response.status, requestId: response.headers.get("x-request-id"), cookie };
};

/** The app behind @hono/node-server, which hands it the Node response in its bindings. */
async function overNodeServer(): Promise<Served> {
  const { app, logged, store } = appWithLog();
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    send: async (path, init) => answerOf(await fetch(`http://127.0.0.1:${port}${path}`, init)),
    logged,
    store,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/** The app called with a web Request alone, as a fetch host without bindings does. */
async function overFetch(): Promise<Served> {
  const { app, logged, store } = appWithLog();
  return {
    send: async (path, init) => answerOf(await app.request(`http://127.0.0.1${path}`, init)),
    logged,
    store,
    close: async () => undefined,
  };
}

describe.each([
  ["@hono/node-server", overNodeServer],
  ["a fetch host", overFetch],
])("X-Request-Id served by %s", (_host, start) => {
  let served: Served;
  let login: string;
  beforeAll(async () => {
    served = await start();
    const answer = await served.send("/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    });
    expect(answer.status).toBe(200);
    login = answer.cookie;
  });
  afterAll(() => served.close());

  it("answers every kind of answer with exactly the id its log line has, once", async () => {
    const asked: [string, RequestInit, number][] = [
      ["/api/v2/departments", { headers: { cookie: login } }, 200],
      ["/api/v2/lawSchoolsList.csv", { headers: { cookie: login } }, 200],
      ["/openapi.json", { method: "HEAD" }, 200],
      ["/api/v2/departments", {}, 401],
      ["/api/v2/nowhere", { headers: { cookie: login } }, 404],
      ["/api/v2/departments", { method: "POST", headers: { cookie: login } }, 405],
    ];
    for (const [path, init, status] of asked) {
      const before = served.logged.length;
      const answer = await served.send(path, init);
      expect([path, answer.status]).toEqual([path, status]);
      expect(served.logged.slice(before)).toEqual([answer.requestId]);
      expect(answer.requestId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });

  it("answers a caller's well-formed id, and a failure's 500 carries its id too", async () => {
    const kept = await served.send("/api/v2/departments", {
      headers: { cookie: login, "x-request-id": "lb-7f3a.42" },
    });
    expect([kept.status, kept.requestId]).toEqual([200, "lb-7f3a.42"]);
    const transaction = served.store.transaction;
    served.store.transaction = async () => {
      throw new Error("the store failed");
    };
    try {
      const before = served.logged.length;
      const failed = await served.send("/api/v2/departments", { headers: { cookie: login } });
      expect(failed.status).toBe(500);
      expect(served.logged.slice(before)).toEqual([failed.requestId]);
    } finally {
      served.store.transaction = transaction;
    }
  });
});
