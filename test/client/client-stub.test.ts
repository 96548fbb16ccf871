import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  RpdiAuthenticationError,
  RpdiAuthorizationError,
  RpdiConflictError,
  RpdiContractError,
  RpdiFileTooLargeError,
  RpdiNetworkError,
  RpdiNotFoundError,
  RpdiRateLimitError,
  RpdiServerError,
  RpdiValidationError,
} from "../../src/client/index";
import {
  clientOf,
  feedRecord,
  json,
  ORIGIN,
  rejection,
  type SentRequest,
  StubService,
} from "./stub-service";

/*
 * rpdi/client against a stub fetch and a fake clock: the contract checks, the error classes, the
 * shared login, cookie expiry, 429 waits, bulk-remove batches and uploads.
 */

const REVIEW_CYCLE = "3f1c2b8e-0000-4000-8000-000000000001";
const importBody = { createdCount: 2, updatedCount: 0, absentMembers: [] };

async function uploadedText(request: SentRequest): Promise<string> {
  const file = (request.body as FormData).get("file");
  if (!(file instanceof Blob)) throw new Error("no file part");
  return file.text();
}

describe("responses outside the contract", () => {
  it("an import 200 with createdCount as a string is a contract error naming the field", async () => {
    const service = new StubService({ api: () => json({ ...importBody, createdCount: "2" }) });
    const error = await rejection(clientOf(service).members.importCsv("RECRUIT", "a,b\n"));
    expect(error).toBeInstanceOf(RpdiContractError);
    expect((error as RpdiContractError).issues).toContainEqual(
      expect.objectContaining({ path: ["createdCount"] }),
    );
    expect((error as RpdiContractError).status).toBe(200);
  });

  it("a feed record missing jobTitle is a contract error with the record's index and field", async () => {
    const record: Record<string, unknown> = { ...feedRecord("a-1", [{ name: "Applied", at: 0 }]) };
    delete record.jobTitle;
    const first = feedRecord("a-0", [{ name: "Applied", at: 0 }]);
    const service = new StubService({ api: () => json([first, record]) });
    const error = await rejection(clientOf(service).feed.jobApplications());
    expect(error).toBeInstanceOf(RpdiContractError);
    expect((error as RpdiContractError).issues).toContainEqual(
      expect.objectContaining({ path: [1, "jobTitle"] }),
    );
  });

  it("a JSON body served as text/plain is a contract error; a CSV served as JSON too", async () => {
    const service = new StubService({
      api: (request) =>
        request.url.pathname.endsWith(".csv")
          ? json("Harvard")
          : new Response(JSON.stringify(["Litigation"]), {
              headers: { "content-type": "text/plain" },
            }),
    });
    const client = clientOf(service);
    expect(await rejection(client.lists.departments())).toBeInstanceOf(RpdiContractError);
    expect(await rejection(client.lists.lawSchoolsCsv())).toBeInstanceOf(RpdiContractError);
  });

  it("with validateResponses: false the same bodies pass through unchanged", async () => {
    const service = new StubService({
      api: (request) => {
        if (request.url.pathname.endsWith("/import-csv"))
          return json({ ...importBody, createdCount: "2" });
        if (request.url.pathname.endsWith("/departments"))
          return new Response(JSON.stringify(["Litigation"]), {
            headers: { "content-type": "text/plain" },
          });
        return json([{ applicationId: "a-1" }]);
      },
    });
    const client = clientOf(service, { validateResponses: false });
    expect(await client.members.importCsv("RECRUIT", "a,b\n")).toEqual({
      ...importBody,
      createdCount: "2",
    });
    expect(await client.lists.departments()).toEqual(["Litigation"]);
    expect(await client.feed.jobApplications()).toEqual([{ applicationId: "a-1" }]);
  });

  it("an import 400 whose body is not the spec's validation result is a contract error", async () => {
    const service = new StubService({ api: () => json({ oops: true }, { status: 400 }) });
    expect(await rejection(clientOf(service).members.importCsv("RECRUIT", "a\n"))).toBeInstanceOf(
      RpdiContractError,
    );
  });
});

describe("each status maps to its error class", () => {
  const answering = (status: number, body: unknown = { error: `status ${status}` }) =>
    new StubService({ api: () => json(body, { status }) });

  it("400 and 413 on import: RpdiValidationError carrying the spec's body", async () => {
    const rowErrors = {
      fileError: null,
      rowColumnErrors: [
        {
          rowNumber: 1,
          columnName: "Email",
          value: "nope",
          type: "INVALID_EMAIL",
          message: "bad email",
        },
      ],
    };
    const tooLarge = {
      fileError: { message: "too large", type: "FILE_SIZE_EXCEEDED" },
      rowColumnErrors: [],
    };
    for (const [status, body] of [
      [400, rowErrors],
      [413, tooLarge],
    ] as const) {
      const error = await rejection(
        clientOf(answering(status, body)).members.importCsv("RECRUIT", "x"),
      );
      expect(error).toBeInstanceOf(RpdiValidationError);
      expect((error as RpdiValidationError).body).toEqual(body);
      expect((error as RpdiValidationError).status).toBe(status);
    }
  });

  it("400 on the matter upsert: the plain-string body", async () => {
    const service = new StubService({
      api: () => new Response("Row 1: Start Date", { status: 400 }),
    });
    const error = await rejection(clientOf(service).matters.upsert(REVIEW_CYCLE, "x"));
    expect(error).toBeInstanceOf(RpdiValidationError);
    expect((error as RpdiValidationError<string>).body).toBe("Row 1: Start Date");
  });

  it("401 on every call: exactly one fresh login and one retry, then RpdiAuthenticationError", async () => {
    const service = new StubService({ checkCookie: false, api: () => json({}, { status: 401 }) });
    const error = await rejection(clientOf(service).lists.departments());
    expect(error).toBeInstanceOf(RpdiAuthenticationError);
    expect(service.loginRequests()).toHaveLength(2);
    expect(service.apiRequests()).toHaveLength(2);
  });

  it("a login that sets no cookie: RpdiAuthenticationError and no API call", async () => {
    const service = new StubService({ password: "the-real-one" });
    const client = clientOf(service, {
      credentials: { email: "service.account@acme.example", password: "wrong" },
    });
    expect(await rejection(client.lists.departments())).toBeInstanceOf(RpdiAuthenticationError);
    expect(service.apiRequests()).toHaveLength(0);
  });

  it("403, 404 and 409: authorization, not-found and conflict errors with the body", async () => {
    const cases = [
      [403, RpdiAuthorizationError],
      [404, RpdiNotFoundError],
      [409, RpdiConflictError],
    ] as const;
    for (const [status, type] of cases) {
      const error = await rejection(clientOf(answering(status)).matters.upsert(REVIEW_CYCLE, "x"));
      expect(error).toBeInstanceOf(type);
      expect(error).toMatchObject({ status, body: { error: `status ${status}` } });
    }
  });

  it("429 on the feed: retried maxRetries times, then RpdiRateLimitError with the wait asked", async () => {
    const service = new StubService({
      api: () => json({ error: "slow down" }, { status: 429, headers: { "retry-after": "3" } }),
    });
    const client = clientOf(service, { retry: { maxRetries: 2 } });
    const error = await rejection(client.feed.jobApplications());
    expect(error).toBeInstanceOf(RpdiRateLimitError);
    expect((error as RpdiRateLimitError).retryAfterSeconds).toBe(3);
    expect(service.apiRequests()).toHaveLength(3);
    expect(service.clock.sleeps).toEqual([3500, 3500]);
  });

  it("5xx: RpdiServerError at once on a write, after bounded backoff on the feed", async () => {
    for (const status of [500, 502, 503]) {
      const service = answering(status);
      expect(await rejection(clientOf(service).matters.upsert(REVIEW_CYCLE, "x"))).toBeInstanceOf(
        RpdiServerError,
      );
      expect(service.apiRequests()).toHaveLength(1);
      expect(service.clock.sleeps).toEqual([]);
    }
    const feed = answering(503);
    const error = await rejection(
      clientOf(feed, { retry: { maxRetries: 3 } }).feed.jobApplications(),
    );
    expect(error).toBeInstanceOf(RpdiServerError);
    expect(feed.apiRequests()).toHaveLength(4);
    // Exponential with jitter 0.5: 3/4 of 1 s, 2 s, 4 s.
    expect(feed.clock.sleeps).toEqual([750, 1500, 3000]);
  });

  it("a 3xx is a contract error, nothing is followed, and the Location host never sees the cookie", async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      const service = new StubService({
        api: () =>
          new Response(null, {
            status,
            headers: { location: "https://attacker.example/steal" },
          }),
      });
      const error = await rejection(clientOf(service).lists.departments());
      expect(error).toBeInstanceOf(RpdiContractError);
      expect((error as RpdiContractError).status).toBe(status);
      expect(service.requests.every((request) => request.url.origin === ORIGIN)).toBe(true);
      expect(service.requests.every((request) => request.init.redirect === "manual")).toBe(true);
      expect(service.apiRequests()).toHaveLength(1);
    }
  });

  it("a redirected login is a contract error and the password goes nowhere else", async () => {
    const service = new StubService();
    const client = clientOf(service, {
      fetch: async (input, init) => {
        await service.fetch(input, init);
        return new Response(null, { status: 302, headers: { location: "https://evil.example/" } });
      },
    });
    expect(await rejection(client.logIn())).toBeInstanceOf(RpdiContractError);
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]?.init.redirect).toBe("manual");
  });

  it("fetch throwing: RpdiNetworkError with the cause", async () => {
    const cause = new TypeError("fetch failed");
    const service = new StubService();
    const client = clientOf(service, {
      fetch: async () => {
        throw cause;
      },
    });
    const error = await rejection(client.lists.departments());
    expect(error).toBeInstanceOf(RpdiNetworkError);
    expect((error as RpdiNetworkError).cause).toBe(cause);
  });

  it("an aborted signal rejects with the abort reason, before sending and while waiting", async () => {
    const service = new StubService({
      api: () => json({ error: "later" }, { status: 429, headers: { "retry-after": "5" } }),
    });
    const client = clientOf(service);
    const reason = new Error("caller gave up");
    expect(await rejection(client.lists.departments({ signal: AbortSignal.abort(reason) }))).toBe(
      reason,
    );
    expect(service.requests).toHaveLength(0);

    const controller = new AbortController();
    const waiting = clientOf(service, {
      sleep: (ms, signal) => {
        controller.abort(reason);
        return service.clock.sleep(ms, signal);
      },
    });
    expect(await rejection(waiting.feed.jobApplications({}, { signal: controller.signal }))).toBe(
      reason,
    );
  });

  it("one caller's abort does not fail another caller sharing the same login", async () => {
    let releaseLogin = () => {};
    const loginHeld = new Promise<void>((resolve) => {
      releaseLogin = resolve;
    });
    const service = new StubService({ api: () => json(["Litigation"]) });
    const client = clientOf(service, {
      fetch: async (input, init) => {
        if (String(input).includes("/admin/auth/")) await loginHeld;
        return service.fetch(input, init);
      },
    });
    const reason = new Error("A timed out");
    const controller = new AbortController();
    const first = rejection(client.lists.departments({ signal: controller.signal }));
    const second = client.lists.departments();
    await Promise.resolve();
    controller.abort(reason);
    releaseLogin();
    expect(await first).toBe(reason);
    expect(await second).toEqual(["Litigation"]);
    expect(service.logins.filter((login) => login.accepted)).toHaveLength(1);
  });

  it("when every caller waiting on a login aborted, the login itself is aborted and the next call logs in anew", async () => {
    const service = new StubService({ api: () => json(["Litigation"]) });
    let hang = true;
    const loginSignals: AbortSignal[] = [];
    const client = clientOf(service, {
      fetch: (input, init) => {
        if (hang && String(input).includes("/admin/auth/")) {
          const signal = init?.signal;
          if (signal) loginSignals.push(signal);
          // A login that never answers, as a stuck connection; only its signal ends it.
          return new Promise<Response>((_resolve, reject) =>
            signal?.addEventListener("abort", () => reject(signal.reason)),
          );
        }
        return service.fetch(input, init);
      },
    });
    const reason = new Error("gave up");
    const controller = new AbortController();
    const stuck = rejection(client.lists.departments({ signal: controller.signal }));
    await Promise.resolve();
    controller.abort(reason);
    expect(await stuck).toBe(reason);
    expect(loginSignals.map((signal) => signal.aborted)).toEqual([true]);
    hang = false;
    expect(await client.lists.departments()).toEqual(["Litigation"]);
  });
});

describe("one login for concurrent calls", () => {
  it("10 concurrent calls with no session: exactly one login POST", async () => {
    const service = new StubService({ api: () => json(["Litigation"]) });
    const client = clientOf(service);
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.lists.departments()));
    expect(answers).toEqual(Array.from({ length: 10 }, () => ["Litigation"]));
    expect(service.loginRequests()).toHaveLength(1);
    expect(service.apiRequests()).toHaveLength(10);
  });

  it("10 concurrent 401s on a refused session: exactly one re-login, every call retried once", async () => {
    let arrived = 0;
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const service = new StubService({
      checkCookie: false,
      api: async (request, self) => {
        arrived += 1;
        if (arrived === 10) openGate();
        // Hold the first ten answers until all ten calls were sent with the revoked session.
        await gate;
        return self.hasLiveCookie(request)
          ? json(["Litigation"])
          : json({ error: "expired" }, { status: 401 });
      },
    });
    const client = clientOf(service);
    await client.logIn();
    service.revokeSessions();
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.lists.departments()));
    expect(answers).toHaveLength(10);
    expect(service.loginRequests()).toHaveLength(2);
    expect(service.apiRequests()).toHaveLength(20);
  });

  it("a stale 401 answered after the re-login is done does not log in a third time", async () => {
    let seen = 0;
    let releaseStale = () => {};
    const stale = new Promise<void>((resolve) => {
      releaseStale = resolve;
    });
    const service = new StubService({
      checkCookie: false,
      api: async (request, self) => {
        seen += 1;
        // The second call's 401 (sent with the revoked session) comes back only once the first
        // call's retry, on the fresh session, has arrived.
        if (seen === 2) await stale;
        if (seen === 3) releaseStale();
        return self.hasLiveCookie(request)
          ? json(["Litigation"])
          : json({ error: "expired" }, { status: 401 });
      },
    });
    const client = clientOf(service);
    await client.logIn();
    service.revokeSessions();
    const answers = await Promise.all([client.lists.departments(), client.lists.departments()]);
    expect(answers).toEqual([["Litigation"], ["Litigation"]]);
    expect(service.loginRequests()).toHaveLength(2);
    expect(service.apiRequests()).toHaveLength(4);
  });
});

describe("cookie expiry", () => {
  it("a cookie with Max-Age=120: 50 s later no login, 100 s later the next call logs in first", async () => {
    const service = new StubService({ maxAgeSeconds: 120, api: () => json(["Litigation"]) });
    const client = clientOf(service);
    await client.lists.departments();
    service.clock.advance(50_000);
    await client.lists.departments();
    expect(service.loginRequests()).toHaveLength(1);
    service.clock.advance(50_000);
    await client.lists.departments();
    expect(service.requests.map((request) => request.url.pathname)).toEqual([
      "/app/acme/admin/auth/",
      "/api/v2/departments",
      "/api/v2/departments",
      "/app/acme/admin/auth/",
      "/api/v2/departments",
    ]);
    expect(service.requests[4]?.headers.get("cookie")).toBe("SERVICEAUTH=session-2");
  });
});

describe("429 waits", () => {
  it("waits Retry-After × 1000 plus jitter below 1000 ms (property: for every Retry-After n ≤ 300 and random r in [0,1), the wait is in [1000n, 1000n + 1000))", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 300 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        async (seconds, random) => {
          let refused = false;
          const service = new StubService({
            api: () => {
              if (refused) return json([]);
              refused = true;
              return json({}, { status: 429, headers: { "retry-after": String(seconds) } });
            },
          });
          await clientOf(service, { random: () => random }).feed.jobApplications();
          const [wait] = service.clock.sleeps;
          expect(service.clock.sleeps).toHaveLength(1);
          expect(wait).toBeGreaterThanOrEqual(seconds * 1000);
          expect(wait).toBeLessThan(seconds * 1000 + 1000);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a Retry-After over retry.maxDelayMs fails at once without sleeping; one equal to it is waited, jitter held under the bound", async () => {
    const over = new StubService({
      api: () => json({}, { status: 429, headers: { "retry-after": "11" } }),
    });
    const error = await rejection(
      clientOf(over, { retry: { maxDelayMs: 10_000 } }).feed.jobApplications(),
    );
    expect(error).toBeInstanceOf(RpdiRateLimitError);
    expect((error as RpdiRateLimitError).retryAfterSeconds).toBe(11);
    expect(over.clock.sleeps).toEqual([]);
    expect(over.apiRequests()).toHaveLength(1);

    let refused = false;
    const equal = new StubService({
      api: () => {
        if (refused) return json([]);
        refused = true;
        return json({}, { status: 429, headers: { "retry-after": "10" } });
      },
    });
    await clientOf(equal, { retry: { maxDelayMs: 10_000 } }).feed.jobApplications();
    expect(equal.clock.sleeps).toEqual([10_000]);
  });

  it("an HTTP-date Retry-After is waited out from the service's clock, even when this machine's is off", async () => {
    for (const serverSkewMs of [0, 180_000, -180_000]) {
      let refused = false;
      const service = new StubService({
        serverSkewMs,
        api: (_request, self) => {
          if (refused) return json([]);
          refused = true;
          return json(
            {},
            {
              status: 429,
              headers: { "retry-after": new Date(self.serverNow + 20_000).toUTCString() },
            },
          );
        },
      });
      await clientOf(service, { random: () => 0 }).feed.jobApplications();
      expect(service.clock.sleeps).toHaveLength(1);
      expect(service.clock.sleeps[0]).toBeGreaterThanOrEqual(19_000);
      expect(service.clock.sleeps[0]).toBeLessThanOrEqual(21_000);
    }
  });
});

describe("bulkRemove", () => {
  const bodies = (service: StubService) =>
    service
      .apiRequests()
      .map((request) => JSON.parse(String(request.body)) as { product: string; emails: string[] });

  it("sends batches of batchSize, each address once, and sums removedCount", async () => {
    const members = new Set(["a@x.example", "b@x.example", "c@x.example", "e@x.example"]);
    const service = new StubService({
      api: (request) => {
        const { emails } = JSON.parse(String(request.body)) as { emails: string[] };
        return json({ removedCount: emails.filter((email) => members.has(email)).length });
      },
    });
    const progress: number[] = [];
    const result = await clientOf(service).members.bulkRemove(
      "PERFORM",
      ["a@x.example", "b@x.example", "a@x.example", "c@x.example", "d@x.example", "A@x.example"],
      { batchSize: 2, onBatch: (step) => progress.push(step.removedCount) },
    );
    expect(result).toEqual({ removedCount: 3 });
    expect(bodies(service)).toEqual([
      { product: "PERFORM", emails: ["a@x.example", "b@x.example"] },
      { product: "PERFORM", emails: ["c@x.example", "d@x.example"] },
      { product: "PERFORM", emails: ["A@x.example"] },
    ]);
    expect(service.apiRequests().every((request) => request.method === "DELETE")).toBe(true);
    expect(progress).toEqual([2, 3, 3]);
  });

  it("a failure in batch 2 rejects after batch 1's onBatch, and batch 3 is never sent", async () => {
    let call = 0;
    const service = new StubService({
      api: () => {
        call += 1;
        return call === 2 ? json({ error: "boom" }, { status: 500 }) : json({ removedCount: 1 });
      },
    });
    const progress: number[] = [];
    const error = await rejection(
      clientOf(service).members.bulkRemove("RECRUIT", ["a", "b", "c", "d", "e"], {
        batchSize: 2,
        onBatch: (step) => progress.push(step.batches),
      }),
    );
    expect(error).toBeInstanceOf(RpdiServerError);
    expect(progress).toEqual([1]);
    expect(service.apiRequests()).toHaveLength(2);
  });
});

describe("uploads", () => {
  const csv = "First Name,Last Name,Email\nAda,Okoye,ada@x.example\n".repeat(50);
  const bytes = new TextEncoder().encode(csv);
  const validation = { numValidRows: 50, rowErrors: [], fileError: null };
  const chunks = (size: number) =>
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
      bytes.subarray(index * size, (index + 1) * size),
    );

  it("a web ReadableStream and an AsyncIterable are sent whole, and resent whole after a 401", async () => {
    let refusedOnce = false;
    const service = new StubService({
      checkCookie: false,
      api: (request) => {
        if (!refusedOnce) {
          refusedOnce = true;
          return json({ error: "expired" }, { status: 401 });
        }
        return request.url.pathname.endsWith("/validate-upsert")
          ? json(validation)
          : json(importBody);
      },
    });
    const client = clientOf(service);
    const parts = chunks(7);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    expect(await client.members.importCsv("RECRUIT", stream)).toEqual(importBody);
    async function* iterable() {
      yield* chunks(13);
    }
    expect(await client.matters.validateUpsert(iterable())).toEqual(validation);
    const sent = service.apiRequests();
    expect(sent).toHaveLength(3);
    for (const request of sent) expect(await uploadedText(request)).toBe(csv);
  });

  it("a stream over 10 MiB is refused once it passes 10 MiB, cancelled, and nothing is sent", async () => {
    const MiB = 1024 * 1024;
    let pulled = 0;
    let cancelled = false;
    const huge = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += MiB;
          controller.enqueue(new Uint8Array(MiB).fill(0x41));
          if (pulled >= 64 * MiB) controller.close();
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    let yielded = 0;
    let closed = false;
    async function* hugeIterable() {
      try {
        for (;;) {
          yielded += MiB;
          yield new Uint8Array(MiB).fill(0x42);
        }
      } finally {
        closed = true;
      }
    }
    const service = new StubService({ api: () => json(importBody) });
    const client = clientOf(service);
    const fromStream = await rejection(client.members.importCsv("RECRUIT", huge));
    const fromIterable = await rejection(client.matters.validateUpsert(hugeIterable()));
    for (const error of [fromStream, fromIterable]) {
      expect(error).toBeInstanceOf(RpdiFileTooLargeError);
      expect(error).toMatchObject({ kind: "file-too-large", size: 11 * MiB, limit: 10 * MiB });
    }
    expect((fromIterable as RpdiFileTooLargeError).request).toBe(
      "POST /api/v2/matters-csv/validate-upsert",
    );
    expect(pulled).toBeLessThanOrEqual(12 * MiB);
    expect(cancelled).toBe(true);
    expect(yielded).toBe(11 * MiB);
    expect(closed).toBe(true);
    expect(service.requests).toHaveLength(0);
  });
});

describe("requests as sent", () => {
  it("the login is a form POST and each call carries the cookie, never credentials", async () => {
    const service = new StubService({ api: () => json(["Litigation"]) });
    await clientOf(service).lists.departments();
    const [login, call] = service.requests;
    expect(login?.method).toBe("POST");
    expect(login?.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(call?.headers.get("cookie")).toBe("SERVICEAUTH=session-1");
    expect(call?.init.credentials).toBe("omit");
    expect(call?.body).toBeUndefined();
    expect(call?.url.search).toBe("");
  });
});
