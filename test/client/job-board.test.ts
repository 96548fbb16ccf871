import { describe, expect, it } from "vitest";
import { createClient, RpdiNotFoundError, RpdiRateLimitError } from "../../src/client/index";
import { createRateLimiter } from "../../src/feed/rate-limit";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { sandboxSnapshot } from "../http/support";

const ORIGIN = "http://127.0.0.1:8080";

function boardClient(limit = 100, loginUrl = `${ORIGIN}/app/sandbox/admin/auth/`) {
  const handler = createHttpHandler({
    store: createMemoryStore(sandboxSnapshot()),
    tokenSecret: "test-only-secret-of-at-least-32-bytes!!",
    now: () => new Date("2026-06-15T12:00:00Z"),
    jobBoardRateLimiter: createRateLimiter({ limit, windowMs: 60_000 }),
  });
  const sent: { url: string; cookie: string | null; credentials: string | undefined }[] = [];
  const client = createClient({
    apiUrl: ORIGIN,
    loginUrl,
    credentials: { email: "sandbox.admin@hartwell.example", password: "wrong-on-purpose" },
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push({
        url: request.url,
        cookie: request.headers.get("cookie"),
        credentials: init?.credentials,
      });
      return handler(request);
    },
  });
  return { client, sent };
}

describe("rpdi/client jobBoard", () => {
  it("reads the board of the login address's organization without logging in", async () => {
    const { client, sent } = boardClient();
    const jobs = await client.jobBoard.jobs();
    expect(jobs.map((job) => job.title)).toEqual(["Corporate Associate", "Summer Associate 2027"]);
    expect(await client.jobBoard.jobs({ office: ["london"], department: "Corporate" })).toEqual([
      jobs[0],
    ]);
    expect(await client.jobBoard.job(jobs[1]?.id as string)).toEqual(jobs[1]);
    expect(sent.map((call) => new URL(call.url).pathname + new URL(call.url).search)).toEqual([
      "/v1/job-board/sandbox/jobs",
      "/v1/job-board/sandbox/jobs?department=Corporate&office=london",
      `/v1/job-board/sandbox/jobs/${jobs[1]?.id}`,
    ]);
    for (const call of sent) {
      expect(call.cookie).toBeNull();
      expect(call.credentials).toBe("omit");
    }
  });

  it("throws RpdiNotFoundError for a board that is not there and a job not on it", async () => {
    const { client } = boardClient();
    await expect(client.jobBoard.jobs({}, { shortName: "nobody" })).rejects.toBeInstanceOf(
      RpdiNotFoundError,
    );
    await expect(client.jobBoard.job("no-such-job")).rejects.toBeInstanceOf(RpdiNotFoundError);
  });

  it("throws RpdiRateLimitError with the Retry-After beyond the limit, unretried", async () => {
    const { client, sent } = boardClient(1);
    await client.jobBoard.jobs();
    const refusal = await client.jobBoard.jobs().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RpdiRateLimitError);
    expect((refusal as RpdiRateLimitError).retryAfterSeconds).toBe(60);
    expect(sent).toHaveLength(2);
  });

  it("needs a short name when the login address names none", async () => {
    const { client } = boardClient(10, `${ORIGIN}/login/`);
    await expect(client.jobBoard.jobs()).rejects.toThrow(/shortName/);
    expect(await client.jobBoard.jobs({}, { shortName: "sandbox" })).toHaveLength(2);
  });
});
