import { describe, expect, it } from "vitest";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { StoreError } from "../../src/store/errors";
import type { Store, StoreTx } from "../../src/store/port";
import { ADMIN, BASE, MEMBER, PASSWORD, SECRET, sandboxSnapshot } from "./support";

const NOW = new Date("2026-06-15T12:00:00Z");

/**
 * The sandbox behind a store that counts (or refuses, or lacks) `loadFeedIndex`, with what the
 * handler tells the host about failures.
 */
function feedWith(index: "counted" | "none" | "absent" | "failing") {
  const inner = createMemoryStore(sandboxSnapshot());
  const reads = { index: 0, transactions: 0 };
  const store: Store = {
    ...inner,
    transaction: (orgId, work, options) => {
      reads.transactions++;
      return inner.transaction(
        orgId,
        (tx) => {
          const { loadFeedIndex, ...rest } = tx;
          if (index === "absent") return work(rest as StoreTx);
          return work({
            ...tx,
            loadFeedIndex: async () => {
              reads.index++;
              if (index === "failing") throw new Error("index store down");
              if (index === "none") return null;
              return (loadFeedIndex as NonNullable<StoreTx["loadFeedIndex"]>).call(tx);
            },
          });
        },
        options,
      );
    },
  };
  const failures: unknown[] = [];
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    now: () => NOW,
    onError: (error) => failures.push(error),
  });
  const request = (path: string, init: RequestInit = {}) =>
    handler(new Request(`${BASE}${path}`, init));
  const login = async (email: string) => {
    const response = await request("/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email, password: PASSWORD }),
    });
    return (response.headers.get("set-cookie") ?? "").split(";")[0] as string;
  };
  return { request, login, reads, failures };
}

describe("the feed reads its index in the caller's own transaction", () => {
  it("opens one transaction per request and answers as a store's own query does", async () => {
    const { request, login, reads } = feedWith("counted");
    const cookie = await login(ADMIN);
    const plain = feedWith("absent");
    const plainCookie = await plain.login(ADMIN);
    const before = { ...reads };
    const response = await request("/v1/job-applications", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect([reads.transactions - before.transactions, reads.index - before.index]).toEqual([1, 1]);
    // A store without an index is asked in a transaction of the feed's own, with the same answer.
    const fromStore = await plain.request("/v1/job-applications", {
      headers: { cookie: plainCookie },
    });
    expect(await fromStore.text()).toBe(await response.text());
  });

  it("asks a store whose index is missing once, then reads the feed in a transaction of its own", async () => {
    const { request, login, reads } = feedWith("none");
    const cookie = await login(ADMIN);
    const indexed = feedWith("counted");
    const indexedCookie = await indexed.login(ADMIN);
    const before = { ...reads };
    const response = await request("/v1/job-applications", { headers: { cookie } });
    expect([reads.transactions - before.transactions, reads.index - before.index]).toEqual([2, 1]);
    const fromIndex = await indexed.request("/v1/job-applications", {
      headers: { cookie: indexedCookie },
    });
    expect(await response.text()).toBe(await fromIndex.text());
  });

  it("reads nothing of the feed for a caller the feed's policy refuses, nor without a session", async () => {
    const { request, login, reads } = feedWith("counted");
    const member = await login(MEMBER);
    // A session that holds: the lookup lists refuse the member with 403, not 401.
    expect((await request("/api/v2/departments", { headers: { cookie: member } })).status).toBe(
      403,
    );
    expect((await request("/v1/job-applications", { headers: { cookie: member } })).status).toBe(
      401,
    );
    expect((await request("/v1/job-applications")).status).toBe(401);
    expect(reads.index).toBe(0);
  });

  it("answers 500 and names the index read when it fails", async () => {
    const { request, login, failures } = feedWith("failing");
    const cookie = await login(ADMIN);
    const response = await request("/v1/job-applications", { headers: { cookie } });
    expect(response.status).toBe(500);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(StoreError);
    expect((failures[0] as StoreError).operation).toBe("loadFeedIndex");
  });
});
