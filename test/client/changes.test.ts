import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyJobApplicationChanges,
  type ChangesPage,
  type JobApplication,
  type JobApplicationChange,
  RpdiContractError,
  RpdiCursorExpiredError,
  RpdiValidationError,
} from "../../src/client/index";
import { changesSandbox, SEEDED_APPLICATIONS } from "../support/changes";
import { clientOf, feedRecord, json, rejection, StubService } from "./stub-service";

type Client = ReturnType<Awaited<ReturnType<typeof changesSandbox>>["client"]>;

/** Applies every page of one iteration to `copy`; the pages and the cursor to store after. */
async function sync(
  client: Client,
  copy: Map<string, JobApplication>,
  cursor: string | null,
  limit?: number,
) {
  const pages: ChangesPage[] = [];
  let stored = cursor;
  for await (const page of client.feed.changes({
    cursor,
    ...(limit === undefined ? {} : { limit }),
  })) {
    applyJobApplicationChanges(copy, page);
    pages.push(page);
    stored = page.nextCursor;
  }
  return { pages, cursor: stored };
}

/** A copy read from the beginning by a fresh client: what a synced copy must equal. */
async function freshCopy(client: Client): Promise<Map<string, JobApplication>> {
  const copy = new Map<string, JobApplication>();
  await sync(client, copy, null);
  return copy;
}

const sorted = (copy: Map<string, JobApplication>) =>
  [...copy.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

describe("feed.changes() against the service", () => {
  it("reads from the beginning page by page until caught up, every record once", async () => {
    const sandbox = await changesSandbox();
    const copy = new Map<string, JobApplication>();
    const { pages } = await sync(sandbox.client(), copy, null, 5);
    expect(pages.map((page) => [page.changes.length, page.hasMore, page.reset])).toEqual([
      [5, true, false],
      [5, true, false],
      [2, false, false],
    ]);
    expect(copy.size).toBe(SEEDED_APPLICATIONS);
  });

  it("resumes from a stored cursor with only the later changes, and the copy stays equal to a fresh read", async () => {
    const sandbox = await changesSandbox();
    const copy = new Map<string, JobApplication>();
    const first = await sync(sandbox.client(), copy, null);
    await sandbox.record(3, 4);
    await sandbox.erase("app-00");
    // A later run: a new client, resuming from what the first stored.
    const second = await sync(sandbox.client(), copy, first.cursor);
    const changed = second.pages.flatMap((page) => page.changes);
    expect(changed).toHaveLength(3);
    expect(changed).toContainEqual({ id: "app-00", deletedAt: expect.any(String) });
    expect(copy.has("ra-3") && copy.has("ra-4") && !copy.has("app-00")).toBe(true);
    expect(sorted(copy)).toEqual(sorted(await freshCopy(sandbox.client())));
  });

  it("restarts from the beginning with reset: true on a 410, once, and the copy is rebuilt", async () => {
    const sandbox = await changesSandbox();
    const copy = new Map<string, JobApplication>();
    const first = await sync(sandbox.client(), copy, null);
    copy.set("stale", copy.values().next().value as JobApplication);
    sandbox.later(31);
    const again = await sync(sandbox.client(), copy, first.cursor, 5);
    expect(again.pages.map((page) => page.reset)).toEqual([true, false, false]);
    expect(copy.has("stale")).toBe(false);
    expect(sorted(copy)).toEqual(sorted(await freshCopy(sandbox.client())));
  });

  it("starts from the present with cursor now", async () => {
    const sandbox = await changesSandbox();
    const copy = new Map<string, JobApplication>();
    const present = await sync(sandbox.client(), copy, "now");
    expect(present.pages.map((page) => page.changes.length)).toEqual([0]);
    await sandbox.record(5);
    await sync(sandbox.client(), copy, present.cursor);
    expect([...copy.keys()]).toEqual(["ra-5"]);
  });

  it("a limit the service refuses is a validation error", async () => {
    const sandbox = await changesSandbox();
    const error = await rejection(sync(sandbox.client(), new Map(), null, 0));
    expect(error).toBeInstanceOf(RpdiValidationError);
  });
});

const EXPIRED = { error: "expired", code: "CURSOR_EXPIRED", resync: true };
const page = (changes: JobApplicationChange[], hasMore: boolean, cursor = "c-next") => ({
  changes,
  nextCursor: cursor,
  hasMore,
});

/** A stub whose changes answers come from `answers` in turn; the cursors sent are recorded. */
function scripted(answers: (() => Response)[]) {
  const cursors: (string | null)[] = [];
  const service = new StubService({
    api: (request) => {
      cursors.push(request.url.searchParams.get("cursor"));
      const answer = answers.shift();
      if (answer === undefined) throw new Error("no answer left");
      return answer();
    },
  });
  return { client: clientOf(service), cursors, service };
}

async function collect(pages: AsyncIterable<ChangesPage>): Promise<ChangesPage[]> {
  const out: ChangesPage[] = [];
  for await (const each of pages) out.push(each);
  return out;
}

describe("feed.changes() against a stub: the edges", () => {
  it("follows nextCursor while hasMore, sending the stored cursor first", async () => {
    const { client, cursors } = scripted([
      () => json(page([feedRecord("a-1", [{ name: "Applied", at: 0 }])], true, "c-2")),
      () => json(page([{ id: "a-0", deletedAt: "2026-03-01T00:00:00.000Z" }], false, "c-3")),
    ]);
    const pages = await collect(client.feed.changes({ cursor: "c-1" }));
    expect(cursors).toEqual(["c-1", "c-2"]);
    expect(pages.map((each) => each.nextCursor)).toEqual(["c-2", "c-3"]);
  });

  it("a second 410 in one iteration throws RpdiCursorExpiredError", async () => {
    const { client, cursors } = scripted([
      () => json(EXPIRED, { status: 410 }),
      () => json(page([], true, "c-2")),
      () => json(EXPIRED, { status: 410 }),
    ]);
    const seen: ChangesPage[] = [];
    const error = await rejection(
      (async () => {
        for await (const each of client.feed.changes({ cursor: "c-old" })) seen.push(each);
      })(),
    );
    expect(error).toBeInstanceOf(RpdiCursorExpiredError);
    expect(error).toMatchObject({ kind: "cursor-expired", status: 410, resync: true });
    expect(seen.map((each) => each.reset)).toEqual([true]);
    expect(cursors).toEqual(["c-old", null, "c-2"]);
  });

  it("a 410 answering a read from the beginning is thrown, not retried", async () => {
    const { client, cursors } = scripted([() => json(EXPIRED, { status: 410 })]);
    expect(await rejection(collect(client.feed.changes()))).toBeInstanceOf(RpdiCursorExpiredError);
    expect(cursors).toEqual([null]);
  });

  it("a 410 body outside the contract is a contract error", async () => {
    const { client } = scripted([() => json({ error: "gone" }, { status: 410 })]);
    expect(await rejection(collect(client.feed.changes({ cursor: "c" })))).toBeInstanceOf(
      RpdiContractError,
    );
  });

  it("waits out a 429's Retry-After, as the feed's calls do", async () => {
    const { client, service } = scripted([
      () => json({ error: "slow down" }, { status: 429, headers: { "retry-after": "7" } }),
      () => json(page([], false)),
    ]);
    const pages = await collect(client.feed.changes({ cursor: "c" }));
    expect(pages).toHaveLength(1);
    expect(service.clock.sleeps).toEqual([7500]);
  });

  it("a page outside the schema is a contract error", async () => {
    const { client } = scripted([() => json({ changes: [{ id: 1 }], hasMore: false })]);
    expect(await rejection(collect(client.feed.changes()))).toBeInstanceOf(RpdiContractError);
  });
});

const recordArbitrary = fc.constantFrom("a-1", "a-2", "a-3", "a-4").chain((id) =>
  fc.oneof(
    fc
      .integer({ min: 0, max: 10 })
      .map((at): JobApplicationChange => feedRecord(id, [{ name: "Applied", at }])),
    fc.constant<JobApplicationChange>({ id, deletedAt: "2026-03-01T00:00:00.000Z" }),
  ),
);

describe("applyJobApplicationChanges", () => {
  it("property: applying a page twice leaves the copy as applying it once", () => {
    fc.assert(
      fc.property(fc.array(recordArbitrary), fc.array(recordArbitrary), (before, changes) => {
        const once = new Map<string, JobApplication>();
        applyJobApplicationChanges(once, { changes: before });
        const twice = new Map(once);
        applyJobApplicationChanges(once, { changes });
        applyJobApplicationChanges(twice, { changes });
        applyJobApplicationChanges(twice, { changes });
        expect(sorted(twice)).toEqual(sorted(once));
      }),
    );
  });

  it("sets records, removes tombstoned ones, counts only what it removed, and a reset clears first", () => {
    const copy = new Map<string, JobApplication>([
      ["old", feedRecord("old", [{ name: "A", at: 0 }])],
    ]);
    expect(
      applyJobApplicationChanges(copy, {
        changes: [
          feedRecord("a-1", [{ name: "Applied", at: 0 }]),
          { id: "old", deletedAt: "2026-03-01T00:00:00.000Z" },
          { id: "never-held", deletedAt: "2026-03-01T00:00:00.000Z" },
        ],
      }),
    ).toEqual({ changed: 1, deleted: 1 });
    expect([...copy.keys()]).toEqual(["a-1"]);
    applyJobApplicationChanges(copy, {
      changes: [feedRecord("a-2", [{ name: "A", at: 0 }])],
      reset: true,
    });
    expect([...copy.keys()]).toEqual(["a-2"]);
  });
});
