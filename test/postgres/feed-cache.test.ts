import { describe, expect, it } from "vitest";
import { FeedIndex } from "../../src/domain/feed-index";
import { type BuiltFeedIndex, FeedIndexCache } from "../../src/postgres/feed-cache";

const ORGANIZATION = {
  shortName: "firm",
  siteUrl: "https://x.example",
  applicationCustomFields: [],
};

function built(version: string, statusChanges: number): BuiltFeedIndex {
  return { version, statusChanges, index: new FeedIndex([], ORGANIZATION) };
}

describe("the feed index cache", () => {
  it("keeps at most its limit of status changes, evicting the least recently used organization", async () => {
    const sizes: Record<string, number> = { a: 40, b: 40, c: 40 };
    const cache = new FeedIndexCache(100, async (orgId) => built("1", sizes[orgId] ?? 0));
    expect(await cache.warm("a")).toBe(true);
    expect(await cache.warm("b")).toBe(true);
    expect(cache.lookup("a", "1")).not.toBeNull(); // a is now the most recently used
    expect(await cache.warm("c")).toBe(true);
    expect(cache.lookup("b", "1")).toBeNull();
    expect(cache.lookup("a", "1")).not.toBeNull();
    expect(cache.lookup("c", "1")).not.toBeNull();
  });

  it("answers only the version it was built from", async () => {
    const cache = new FeedIndexCache(100, async () => built("7", 1));
    await cache.warm("a");
    expect(cache.lookup("a", "7")).not.toBeNull();
    expect(cache.lookup("a", "8")).toBeNull();
  });

  it("builds once for concurrent misses, and swallows a failed build so the next miss retries", async () => {
    let builds = 0;
    let fail = true;
    const cache = new FeedIndexCache(100, async () => {
      builds++;
      if (fail) throw new Error("connection lost");
      return built("1", 1);
    });
    expect(await Promise.all([cache.warm("a"), cache.warm("a")])).toEqual([false, false]);
    expect(builds).toBe(1);
    fail = false;
    expect(cache.lookup("a", "1")).toBeNull();
    expect(await cache.warm("a")).toBe(true);
    expect(cache.lookup("a", "1")).not.toBeNull();
  });

  it("does not rebuild an organization found too large until its version changes", async () => {
    let builds = 0;
    const cache = new FeedIndexCache(10, async () => {
      builds++;
      return { version: "1", statusChanges: 11, index: null };
    });
    expect(await cache.warm("a")).toBe(false);
    expect(cache.lookup("a", "1")).toBeNull();
    expect(builds).toBe(1);
    expect(cache.lookup("a", "2")).toBeNull();
    await cache.warm("a");
    expect(builds).toBe(2);
  });

  it("is off with a limit of 0: nothing is built", async () => {
    let builds = 0;
    const cache = new FeedIndexCache(0, async () => {
      builds++;
      return built("1", 0);
    });
    expect(await cache.warm("a")).toBe(false);
    expect(cache.lookup("a", "1")).toBeNull();
    expect(builds).toBe(0);
  });

  it("builds on a miss only when asked to (a pool), never behind a single connection's back", async () => {
    let builds = 0;
    const build = async () => {
      builds++;
      return built("1", 1);
    };
    const single = new FeedIndexCache(100, build, { warmOnMiss: false });
    expect(single.lookup("a", "1")).toBeNull();
    expect(builds).toBe(0);
    const pooled = new FeedIndexCache(100, build, { warmOnMiss: true });
    expect(pooled.lookup("a", "1")).toBeNull();
    expect(await pooled.warm("a")).toBe(true);
    expect(builds).toBe(1);
    expect(pooled.lookup("a", "1")).not.toBeNull();
  });

  it("moves an index to a write's version only from the version it holds, and counts its new size", async () => {
    const cache = new FeedIndexCache(100, async () => built("5", 0));
    await cache.warm("a");
    const grown = indexWith(3);
    expect(cache.advance("a", "4", "6", () => grown)).toBe(false);
    expect(cache.lookup("a", "5")).not.toBeNull();
    expect(cache.advance("a", "5", "6", () => grown)).toBe(true);
    expect(cache.lookup("a", "5")).toBeNull();
    expect(cache.lookup("a", "6")).toBe(grown);
    expect(cache.holds("a", "6")).toBe(true);
    expect(cache.advance("b", "5", "6", () => grown)).toBe(false);
  });

  it("drops an index whose change fails or grows past the limit, so the next miss rebuilds it", async () => {
    let builds = 0;
    const cache = new FeedIndexCache(2, async () => {
      builds++;
      return built("5", 0);
    });
    await cache.warm("a");
    expect(
      cache.advance("a", "5", "6", () => {
        throw new Error("a bug");
      }),
    ).toBe(false);
    expect(cache.holds("a", "5")).toBe(false);
    await cache.warm("a");
    expect(cache.advance("a", "5", "6", () => indexWith(3))).toBe(false);
    expect(cache.lookup("a", "6")).toBeNull();
    expect(builds).toBe(2);
  });

  it("keeps an advanced index over a build that read the data before the write committed", async () => {
    let release: (() => void) | undefined;
    let version = "5";
    const cache = new FeedIndexCache(100, async () => {
      const read = version;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return built(read, 0);
    });
    const first = cache.warm("a");
    release?.();
    await first;
    // A build starts from version 5, then a write moves the kept index to 6 before it ends.
    const stale = cache.warm("a");
    version = "6";
    const advanced = indexWith(1);
    expect(cache.advance("a", "5", "6", () => advanced)).toBe(true);
    release?.();
    expect(await stale).toBe(true);
    expect(cache.lookup("a", "6")).toBe(advanced);
  });
});

/** An index holding `changes` status changes (one application). */
function indexWith(changes: number): FeedIndex {
  return new FeedIndex(
    [
      {
        application: {
          id: "app",
          candidateId: "c",
          jobId: "j",
          offer: { startDate: null, salary: null },
          address: { addressLine1: "", addressLine2: "", city: "", state: "", zipCode: "" },
          statusChanges: Array.from({ length: changes }, (_, index) => ({
            statusName: "Applied",
            statusBucketName: "Active",
            at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
          })),
          customFieldAnswers: [],
          education: [],
        },
        candidate: { id: "c", firstName: "C", lastName: "C", email: null, phone: null },
        job: {
          id: "j",
          title: "J",
          department: "",
          officeLocation: "",
          employmentType: "",
          hiringType: "",
          position: "",
          requisitionId: null,
        },
      },
    ],
    ORGANIZATION,
  );
}
