import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  changesCursorExpiredSchema,
  isTombstone,
  type JobApplicationChanges,
  jobApplicationChangesSchema,
} from "../../src/changes/change-schemas";
import { encodeChangeCursor } from "../../src/changes/cursor";
import { createHttpHandler } from "../../src/http/handler";
import { createWindowRateLimiter } from "../../src/runtime/rate-limit";
import { CHANGE_LOG_OPERATIONS } from "../../src/store/change-log";
import type { Store, StoreTx } from "../../src/store/port";
import { OTHER_ORG_ID, SEED_ORG_ID } from "../../src/testing/seed";
import { changesSandbox, NON_ADMIN, SECRET, SEEDED_APPLICATIONS } from "../support/changes";
import { withTx } from "../support/tx-override";
import { OPERATOR_TOKEN } from "./operator-support";

const CHANGES = "/v1/job-applications/changes";

type Sandbox = Awaited<ReturnType<typeof changesSandbox>>;

/** A logged-in caller of the changes route, reading each 200 body with the schema. */
async function reader(sandbox: Sandbox) {
  const cookie = await sandbox.login();
  const get = (query = "") => sandbox.request(`${CHANGES}${query}`, { headers: { cookie } });
  const page = async (query = ""): Promise<JobApplicationChanges> => {
    const response = await get(query);
    expect(response.status, await response.clone().text()).toBe(200);
    return jobApplicationChangesSchema.parse(await response.json());
  };
  return { cookie, get, page };
}

const ids = (page: JobApplicationChanges) =>
  page.changes.map((change) => (isTombstone(change) ? `-${change.id}` : change.applicationId));

/** Every page from `cursor` until `hasMore` is false. */
async function readAll(page: (query: string) => Promise<JobApplicationChanges>, limit: number) {
  const pages: JobApplicationChanges[] = [];
  let query = `?limit=${limit}`;
  for (;;) {
    const next = await page(query);
    pages.push(next);
    if (!next.hasMore) return pages;
    query = `?limit=${limit}&cursor=${encodeURIComponent(next.nextCursor)}`;
  }
}

describe("GET /v1/job-applications/changes: who may call it", () => {
  it("answers 401 without a session, to a non-admin, and with the HR feed feature off", async () => {
    const sandbox = await changesSandbox();
    expect((await sandbox.request(CHANGES)).status).toBe(401);
    const member = await sandbox.login(NON_ADMIN);
    const refused = await sandbox.request(CHANGES, { headers: { cookie: member } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: expect.stringContaining("contact support") });
    const off = await changesSandbox({ hrFeed: false });
    const admin = await off.login();
    expect((await off.request(CHANGES, { headers: { cookie: admin } })).status).toBe(401);
  });

  it("answers 401 before it looks at the parameters", async () => {
    const sandbox = await changesSandbox();
    const response = await sandbox.request(`${CHANGES}?limit=0&limit=1&cursor=forged`);
    expect(response.status).toBe(401);
  });
});

describe("GET /v1/job-applications/changes: reading", () => {
  it("without a cursor, every application's current record with every status, a body the schema accepts", async () => {
    const sandbox = await changesSandbox();
    const { get } = await reader(sandbox);
    const response = await get();
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = jobApplicationChangesSchema.parse(await response.json());
    expect(body.hasMore).toBe(false);
    expect(body.nextCursor).toMatch(/^c1\./);
    expect(new Set(ids(body)).size).toBe(SEEDED_APPLICATIONS);
    const last = body.changes.find(
      (change) => !isTombstone(change) && change.applicationId === "app-03",
    );
    expect(last).toMatchObject({
      jobApplicationStatuses: [
        { statusName: "Applied" },
        { statusName: "Interview" },
        { statusName: "Offer" },
        { statusName: "Rejected" },
      ],
    });
  });

  it("pages carry nextCursor on every page and hasMore until the last", async () => {
    const sandbox = await changesSandbox();
    const { page } = await reader(sandbox);
    const pages = await readAll(page, 5);
    expect(pages.map((each) => each.changes.length)).toEqual([5, 5, 2]);
    expect(pages.map((each) => each.hasMore)).toEqual([true, true, false]);
    for (const each of pages) expect(each.nextCursor).toMatch(/^c1\./);
    expect(new Set(pages.flatMap(ids)).size).toBe(SEEDED_APPLICATIONS);
  });

  it("property: for any limit, paging from the beginning yields each application once and hasMore is false only on the last page", async () => {
    const sandbox = await changesSandbox();
    const { page } = await reader(sandbox);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: SEEDED_APPLICATIONS + 2 }), async (limit) => {
        const pages = await readAll(page, limit);
        const seen = pages.flatMap(ids);
        expect(seen.length).toBe(SEEDED_APPLICATIONS);
        expect(new Set(seen).size).toBe(SEEDED_APPLICATIONS);
        expect(pages.slice(0, -1).every((each) => each.hasMore)).toBe(true);
        expect(pages.every((each) => each.changes.length <= limit)).toBe(true);
      }),
      { numRuns: 12 },
    );
  });

  it("a stored cursor reads only what changed since: a recorded application, then an erasure's tombstone", async () => {
    const sandbox = await changesSandbox();
    const { page } = await reader(sandbox);
    const first = await page();
    await sandbox.record(1);
    const recorded = await page(`?cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(ids(recorded)).toEqual(["ra-1"]);
    await sandbox.erase("ra-1");
    const erased = await page(`?cursor=${encodeURIComponent(recorded.nextCursor)}`);
    expect(erased.changes).toEqual([{ id: "ra-1", deletedAt: expect.any(String) }]);
    const caughtUp = await page(`?cursor=${encodeURIComponent(erased.nextCursor)}`);
    expect([caughtUp.changes, caughtUp.hasMore]).toEqual([[], false]);
  });

  it("cursor=now gives an empty page, then only the later changes", async () => {
    const sandbox = await changesSandbox();
    const { page } = await reader(sandbox);
    const present = await page("?cursor=now");
    expect([present.changes, present.hasMore]).toEqual([[], false]);
    await sandbox.record(2);
    expect(ids(await page(`?cursor=${encodeURIComponent(present.nextCursor)}`))).toEqual(["ra-2"]);
  });

  it("ignores unknown parameters, as the feed does; an empty cursor reads from the beginning", async () => {
    const sandbox = await changesSandbox();
    const { page } = await reader(sandbox);
    expect(ids(await page("?limit=3&job_application_status=Applied&x=1"))).toHaveLength(3);
    expect(ids(await page("?cursor="))).toHaveLength(SEEDED_APPLICATIONS);
  });
});

describe("GET /v1/job-applications/changes: refusals", () => {
  it("cursors refused when altered: 400 for a changed signature, payload or text", async () => {
    const sandbox = await changesSandbox();
    const { page, get } = await reader(sandbox);
    const cursor = (await page()).nextCursor;
    const [version, payload, mac] = cursor.split(".") as [string, string, string];
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith("A") ? "B" : "A"}`;
    for (const altered of [
      `${version}.${payload}.${flip(mac)}`,
      `${version}.${flip(payload)}.${mac}`,
      `c2.${payload}.${mac}`,
      "not-a-cursor",
    ]) {
      const response = await get(`?cursor=${encodeURIComponent(altered)}`);
      expect(response.status, altered).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it("cursors of another organization are refused with 400, though signed by this service", async () => {
    const sandbox = await changesSandbox();
    const { get } = await reader(sandbox);
    const theirs = encodeChangeCursor(
      {
        orgId: OTHER_ORG_ID,
        epoch: "e",
        position: 0,
        issuedAt: sandbox.clock.now.getTime(),
        prunedThrough: 0,
      },
      SECRET,
    );
    const response = await get(`?cursor=${encodeURIComponent(theirs)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: expect.stringContaining("another organization"),
    });
  });

  it("a signed cursor ahead of the log, past its head or a pruning it has not seen, is refused with 400", async () => {
    const sandbox = await changesSandbox();
    const { get, page } = await reader(sandbox);
    const payload = (await page("?cursor=now")).nextCursor.split(".")[1] as string;
    const [orgId, epoch, head] = JSON.parse(Buffer.from(payload, "base64url").toString()) as [
      string,
      string,
      number,
    ];
    const signed = (position: number, prunedThrough: number) =>
      encodeURIComponent(
        encodeChangeCursor(
          { orgId, epoch, position, issuedAt: sandbox.clock.now.getTime(), prunedThrough },
          SECRET,
        ),
      );
    expect((await get(`?cursor=${signed(head, 0)}`)).status).toBe(200);
    for (const [position, prunedThrough] of [
      [head + 1, 0],
      [Number.MAX_SAFE_INTEGER, 0],
      [0, 1],
    ] as const) {
      const response = await get(`?cursor=${signed(position, prunedThrough)}`);
      expect(response.status, `${position} ${prunedThrough}`).toBe(400);
      expect(await response.json()).toEqual({ error: expect.stringContaining("ahead") });
    }
  });

  it("410 on expired cursors: resync true, 31 days after the cursor was handed out", async () => {
    const sandbox = await changesSandbox();
    const first = await (await reader(sandbox)).page();
    sandbox.later(31);
    const { get } = await reader(sandbox);
    const response = await get(`?cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(response.status).toBe(410);
    const body = changesCursorExpiredSchema.parse(await response.json());
    expect([body.code, body.resync]).toEqual(["CURSOR_EXPIRED", true]);
    // Reading from the beginning is the way back.
    expect((await get()).status).toBe(200);
  });

  it("changeRetentionDays sets the retention: 8 days is past a 7-day one, 6 days is not", async () => {
    const sandbox = await changesSandbox({ changeRetentionDays: 7 });
    const cursor = encodeURIComponent((await (await reader(sandbox)).page()).nextCursor);
    sandbox.later(6);
    expect((await (await reader(sandbox)).get(`?cursor=${cursor}`)).status).toBe(200);
    sandbox.later(2);
    expect((await (await reader(sandbox)).get(`?cursor=${cursor}`)).status).toBe(410);
  });

  it("operator erasures keep tombstones for the handler's changeRetentionDays, on its clock: a 45-day-old cursor under a 90-day retention reads an erasure made 45 days ago", async () => {
    const sandbox = await changesSandbox({
      changeRetentionDays: 90,
      operatorToken: OPERATOR_TOKEN,
    });
    const erase = async (applicationId: string) => {
      const response = await sandbox.request(
        `/operator/v1/organizations/${SEED_ORG_ID}/job-applications/${applicationId}`,
        { method: "DELETE", headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } },
      );
      expect(response.status, await response.clone().text()).toBe(200);
    };
    const before = await (await reader(sandbox)).page("?cursor=now");
    await erase("app-01");
    sandbox.later(45);
    await erase("app-02");
    const { page } = await reader(sandbox);
    const after = await page(`?cursor=${encodeURIComponent(before.nextCursor)}`);
    expect(ids(after)).toEqual(["-app-01", "-app-02"]);
  });

  it("limit bounds: 1 and 1000 are served; 0, 1001, digits-free and empty values are 400", async () => {
    const sandbox = await changesSandbox();
    const { get } = await reader(sandbox);
    for (const limit of ["1", "1000", "007"])
      expect((await get(`?limit=${limit}`)).status, limit).toBe(200);
    for (const limit of ["0", "1001", "-1", "1.5", "ten", "", "99999999999"]) {
      const response = await get(`?limit=${limit}`);
      expect(response.status, limit).toBe(400);
      expect(await response.json()).toEqual({ error: expect.stringContaining("1 to 1000") });
    }
  });

  it("a parameter given twice is 400", async () => {
    const sandbox = await changesSandbox();
    const { get } = await reader(sandbox);
    for (const query of ["?limit=1&limit=2", "?cursor=now&cursor=now"]) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ error: expect.stringContaining("at most once") });
    }
  });

  it("answers 501 when the store keeps no change log", async () => {
    const sandbox = await changesSandbox();
    const handler = createHttpHandler({
      store: withoutChangeLog(sandbox.store),
      tokenSecret: SECRET,
      now: () => sandbox.clock.now,
    });
    const cookie = await sandbox.login();
    const response = await handler(
      new Request(`http://rpdi.test${CHANGES}`, { headers: { cookie } }),
    );
    expect(response.status).toBe(501);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });
});

describe("GET /v1/job-applications/changes: the feed's rate limit", () => {
  it("counts changes requests against the feed's quota: one budget for both, 429 with Retry-After", async () => {
    const rateLimiter = createWindowRateLimiter({ limit: 3, windowMs: 300_000 });
    const sandbox = await changesSandbox({ rateLimiter });
    const { get, cookie } = await reader(sandbox);
    const feed = () => sandbox.request("/v1/job-applications", { headers: { cookie } });
    const first = await get();
    expect(first.headers.get("ratelimit")).toMatch(/^"feed";r=2/);
    expect(first.headers.get("ratelimit-policy")).toBe('"feed";q=3;w=300');
    expect((await feed()).status).toBe(200);
    expect((await get("?limit=0")).status).toBe(400);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit")).toMatch(/^"feed";r=0/);
    expect((await feed()).status).toBe(429);
  });
});

/** The store with the change-log operations hidden from its transactions. */
function withoutChangeLog(store: Store): Store {
  const hidden = new Set<PropertyKey>(CHANGE_LOG_OPERATIONS);
  const hide = (tx: StoreTx): StoreTx =>
    new Proxy(tx, {
      get: (target, name, receiver) =>
        hidden.has(name) ? undefined : Reflect.get(target, name, receiver),
      has: (target, name) => !hidden.has(name) && Reflect.has(target, name),
    });
  return withTx(store, hide);
}
