import { afterAll, describe, expect, it } from "vitest";
import { createHttpHandler } from "../../src/http/handler";
import { createImportWorkerPool } from "../../src/http/import-pool";
import { createMemoryStore } from "../../src/store/memory";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot } from "./support";

const pool = createImportWorkerPool({ threads: 1, minBytes: 0 });
afterAll(() => pool.close());

function app(importWorkers: false | typeof pool) {
  const store = createMemoryStore(sandboxSnapshot());
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    now: () => new Date("2026-06-15T12:00:00Z"),
    importWorkers,
  });
  const request = (path: string, init: RequestInit = {}) =>
    handler(new Request(`${BASE}${path}`, init));
  const login = async () => {
    const response = await request("/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    });
    return (response.headers.get("set-cookie") as string).split(";")[0] as string;
  };
  return { store, handler, request, login };
}

const BOUNDARY = "rpdi-test-boundary";

/**
 * A multipart upload whose body the test releases, and which tells whether it was read (`pulled`
 * resolves when it first is).
 */
function heldUpload(csv: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let firstPull: () => void = () => undefined;
  const pulled = new Promise<void>((resolve) => {
    firstPull = resolve;
  });
  const state = { pulled: false };
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const encoder = new TextEncoder();
  let sent = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        state.pulled = true;
        firstPull();
        if (!sent) {
          sent = true;
          controller.enqueue(encoder.encode(head));
          return;
        }
        await released;
        controller.enqueue(encoder.encode(`${csv}\r\n--${BOUNDARY}--\r\n`));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const init = {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  } as RequestInit;
  return { init, release, state, pulled };
}

const CSV = "First Name,Last Name,Email\nZoe,Kim,zoe.kim@hartwell.example\n";
const MATTERS = "/api/v2/matters-csv/validate-upsert";

describe("the bound on imports running at once", () => {
  it("a third import while two are held open gets 503 with Retry-After, its body unread; a caller without a session gets 401", async () => {
    const { request, login } = app(false);
    const cookie = await login();
    const with_ = (init: RequestInit) => ({
      ...init,
      headers: { ...(init.headers as Record<string, string>), cookie },
    });
    const first = heldUpload(CSV);
    const second = heldUpload(CSV);
    const importing = [
      request("/api/v2/members/import-csv?product=PERFORM", with_(first.init)),
      request(MATTERS, with_(second.init)),
    ];
    // Both bodies are being read (on a loaded machine that can take longer than any fixed wait).
    await Promise.all([first.pulled, second.pulled]);
    expect([first.state.pulled, second.state.pulled]).toEqual([true, true]);

    const third = heldUpload(CSV);
    const refused = await request("/api/v2/members/import-csv?product=PERFORM", with_(third.init));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toEqual({
      error:
        "2 file imports are already running on this server, its limit; nothing was read or written. Retry after 5 seconds.",
    });
    expect(third.state.pulled).toBe(false);

    const anonymous = heldUpload(CSV);
    const unauthenticated = await request("/api/v2/matters-csv/upsert", anonymous.init);
    expect(unauthenticated.status).toBe(401);
    expect(anonymous.state.pulled).toBe(false);

    first.release();
    second.release();
    const [imported, validated] = await Promise.all(importing);
    expect(imported?.status).toBe(200);
    expect(validated?.status).toBe(200);
    // The turns were given back.
    const after = await request("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      headers: { cookie },
      body: (() => {
        const form = new FormData();
        form.set("file", new Blob([CSV], { type: "text/csv" }), "a.csv");
        return form;
      })(),
    });
    expect(after.status).toBe(200);
  });
});

/** A sandbox member file of `rows` new members: large enough to keep an import busy. */
function largeFile(rows: number): string {
  const lines = ["First Name,Last Name,Email,Job Title,Level"];
  for (let row = 0; row < rows; row++)
    lines.push(`First${row},Last${row},member.${row}@hartwell.example,Associate,`);
  return `${lines.join("\n")}\n`;
}

describe("reads beside a large import", () => {
  for (const workers of [false, "pool"] as const) {
    it(`with ${workers === false ? "the pace alone" : "the worker pool"}: lookup-list reads are answered while the import runs, and the import answers what it answers alone`, async () => {
      const csv = largeFile(20_000);
      const run = async (withReads: boolean) => {
        const { request, login, store } = app(workers === false ? false : pool);
        const cookie = await login();
        const form = new FormData();
        form.set("file", new Blob([csv], { type: "text/csv" }), "large.csv");
        let done = false;
        const importing = request("/api/v2/members/import-csv?product=PERFORM", {
          method: "POST",
          headers: { cookie },
          body: form,
        }).then(async (response) => {
          done = true;
          return { status: response.status, body: await response.json() };
        });
        let readsDuringImport = 0;
        while (withReads && !done) {
          const response = await request("/api/v2/departments", { headers: { cookie } });
          expect(response.status).toBe(200);
          if (!done) readsDuringImport++;
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        const answer = await importing;
        const orgId = sandboxSnapshot().organization.id as string;
        const state = JSON.parse(store.exportSnapshotJson(orgId) as string);
        return { answer, state, readsDuringImport };
      };
      const alone = await run(false);
      const beside = await run(true);
      expect(alone.answer.status).toBe(200);
      expect(beside.readsDuringImport).toBeGreaterThanOrEqual(3);
      expect(beside.answer).toEqual(alone.answer);
      // Ids are random UUIDs: the stored members are compared without them.
      const withoutIds = (state: { members: { id: string }[] }) =>
        state.members.map(({ id: _id, ...member }) => member);
      expect(withoutIds(beside.state)).toEqual(withoutIds(alone.state));
    });
  }
});
