import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { createRateLimiter } from "../../src/feed/rate-limit";
import { createHttpHandler } from "../../src/http/handler";
import { openApiDocument } from "../../src/http/openapi";
import { boardJobListSchema, boardJobSchema } from "../../src/jobs/board";
import { createMemoryStore } from "../../src/memory/store";
import { BASE, SECRET, sandbox, sandboxSnapshot } from "./support";

const BOARD = "/v1/job-board/sandbox/jobs";
const CORPORATE = "0b7e2f4c-9d1a-4f3e-8c2b-6a5d4e3f2a10";
const SUMMER = "1c8f3a5d-0e2b-4a4f-9d3c-7b6e5f4a3b21";
const CLOSED = "2d9a4b6e-1f3c-4b5a-8e4d-8c7f6a5b4c32";
const NOT_YET = "3e0b5c7f-2a4d-4c6b-9f5e-9d8a7b6c5d43";
const NOT_PUBLIC = "4c0a7a52-1a1e-4c8e-9a2e-7b1d0c3f5a01";

async function ids(response: Response): Promise<string[]> {
  return boardJobListSchema.parse(await response.json()).jobs.map((job) => job.id);
}

describe("GET /v1/job-board/{shortName}/jobs", () => {
  it("lists only the public jobs open today, by title, without a session", async () => {
    const { request } = sandbox();
    const response = await request(BOARD);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.clone().json()).toEqual({
      jobs: [
        {
          id: CORPORATE,
          title: "Corporate Associate",
          department: "Corporate",
          officeLocation: "London",
          employmentType: "Full-time",
          description:
            "Join our **Corporate** team in London.\n\nYou will advise on M&A and financing. Applications from <all> backgrounds & experience levels are welcome.",
          openDate: "2026-01-05",
          closeDate: null,
        },
        {
          id: SUMMER,
          title: "Summer Associate 2027",
          department: "Litigation",
          officeLocation: "New York",
          employmentType: "Intern",
          description: "Ten weeks with our litigators in New York.",
          openDate: "2026-03-01",
          closeDate: "2026-12-31",
        },
      ],
    });
  });

  it("follows the open and close dates as UTC days, both inclusive", async () => {
    const { request, clock } = sandbox();
    clock.now = new Date("2025-12-31T23:59:59Z");
    expect(await ids(await request(BOARD))).toEqual([CLOSED]);
    clock.now = new Date("2026-01-01T00:00:00Z");
    expect(await ids(await request(BOARD))).toEqual([]);
    clock.now = new Date("2026-01-05T00:00:00Z");
    expect(await ids(await request(BOARD))).toEqual([CORPORATE]);
    clock.now = new Date("2026-12-31T23:59:59Z");
    expect(await ids(await request(BOARD))).toEqual([CORPORATE, SUMMER]);
    clock.now = new Date("2027-01-04T00:00:00Z");
    expect(await ids(await request(BOARD))).toEqual([CORPORATE, NOT_YET]);
  });

  it("answers one job on the board, and 404 for a job not public, closed, not yet open or unknown", async () => {
    const { request } = sandbox();
    const one = await request(`${BOARD}/${SUMMER}`);
    expect(one.status).toBe(200);
    expect(boardJobSchema.parse(await one.json()).title).toBe("Summer Associate 2027");
    for (const id of [NOT_PUBLIC, CLOSED, NOT_YET, "no-such-job"]) {
      const response = await request(`${BOARD}/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ error: "Not found." });
    }
  });

  it("answers an organization without the feature exactly as an unknown organization and an unknown path", async () => {
    const snapshot = sandboxSnapshot();
    snapshot.organization.features = snapshot.organization.features.filter(
      (feature) => feature !== "job-board",
    );
    const { request } = sandbox({ snapshot });
    const answers = await Promise.all(
      [BOARD, `${BOARD}/${CORPORATE}`, "/v1/job-board/nobody/jobs", "/v1/no-such-path"].map(
        async (path) => {
          const response = await request(path);
          const headers: [string, string][] = [];
          response.headers.forEach((value, name) => {
            headers.push([name, value]);
          });
          return {
            status: response.status,
            headers,
            body: await response.text(),
          };
        },
      ),
    );
    for (const answer of answers) expect(answer).toEqual(answers[3]);
    expect(answers[3]?.status).toBe(404);
  });

  it("never shows another organization's jobs", async () => {
    const other = sandboxSnapshot();
    other.organization.id = "other-org";
    other.organization.shortName = "other";
    other.candidates = [];
    other.applications = [];
    other.jobs = [{ id: "other-job", title: "Trainee", public: true }];
    const store = createMemoryStore(sandboxSnapshot());
    await store.loadSnapshot(parseOrganizationSnapshot(other));
    const handler = createHttpHandler({
      store,
      tokenSecret: SECRET,
      now: () => new Date("2026-06-15T12:00:00Z"),
    });
    const get = (path: string) => handler(new Request(`${BASE}${path}`));
    expect(await ids(await get("/v1/job-board/other/jobs"))).toEqual(["other-job"]);
    expect(await ids(await get(BOARD))).toEqual([CORPORATE, SUMMER]);
    expect((await get(`/v1/job-board/other/jobs/${CORPORATE}`)).status).toBe(404);
    expect((await get(`${BOARD}/other-job`)).status).toBe(404);
  });

  it("filters by department and office, case-insensitively after trimming, any of repeated values", async () => {
    const { request } = sandbox();
    expect(await ids(await request(`${BOARD}?department=%20corporate%20`))).toEqual([CORPORATE]);
    expect(await ids(await request(`${BOARD}?office=NEW%20YORK`))).toEqual([SUMMER]);
    expect(await ids(await request(`${BOARD}?office=London&office=New%20York`))).toEqual([
      CORPORATE,
      SUMMER,
    ]);
    expect(await ids(await request(`${BOARD}?department=Corporate&office=New%20York`))).toEqual([]);
    expect(await ids(await request(`${BOARD}?department=Corp`))).toEqual([]);
    expect(await ids(await request(`${BOARD}?department=&unknown=1`))).toEqual([CORPORATE, SUMMER]);
  });

  it("answers 304 for an unchanged ETag, and 200 with a new ETag once the board changed", async () => {
    const { request, store } = sandbox();
    const first = await request(BOARD);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    for (const header of [etag as string, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await request(BOARD, { headers: { "if-none-match": header } });
      expect(again.status, header).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe("public, max-age=60");
    }
    const snapshot = await store.exportSnapshot("org-sandbox");
    expect(snapshot).not.toBeNull();
    const changed = structuredClone(snapshot as NonNullable<typeof snapshot>);
    const job = changed.jobs.find((candidate) => candidate.id === SUMMER);
    if (job === undefined) throw new Error("the sandbox lost its summer job");
    job.description = "Twelve weeks now.";
    await store.loadSnapshot(changed);
    const after = await request(BOARD, { headers: { "if-none-match": etag as string } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const single = await request(`${BOARD}/${SUMMER}`);
    const singleTag = single.headers.get("etag") as string;
    expect(
      (await request(`${BOARD}/${SUMMER}`, { headers: { "if-none-match": singleTag } })).status,
    ).toBe(304);
  });

  it("limits each client, answering 429 with Retry-After beyond the limit", async () => {
    const store = createMemoryStore(sandboxSnapshot());
    const handler = createHttpHandler({
      store,
      tokenSecret: SECRET,
      now: () => new Date("2026-06-15T12:00:00Z"),
      clientKey: (request) => request.headers.get("x-client") ?? "",
      jobBoardRateLimiter: createRateLimiter({ limit: 2, windowMs: 60_000 }),
    });
    const from = (client: string, path = BOARD) =>
      handler(new Request(`${BASE}${path}`, { headers: { "x-client": client } }));
    expect((await from("a")).status).toBe(200);
    expect((await from("a", "/v1/job-board/nobody/jobs")).status).toBe(404);
    const refused = await from("a");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.json()).toEqual({
      error: "Rate limit exceeded; retry after 60 seconds.",
    });
    expect((await from("b")).status).toBe(200);
  });

  it("keeps the feed's job fields as they were: no board field in the feed", async () => {
    const { request, login } = sandbox();
    const cookie = (await login("sandbox.admin@hartwell.example")) as string;
    const response = await request("/v1/job-applications?job_application_status_start=2020-01-01", {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    const records = (await response.json()) as Record<string, unknown>[];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records)
      for (const field of ["public", "publicTitle", "description", "openDate", "closeDate"])
        expect(record).not.toHaveProperty(field);
  });
});

describe("the job board in the OpenAPI document", () => {
  it("documents both operations without a session, with their statuses and the exported schemas", () => {
    const document = openApiDocument() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    for (const path of [
      "/v1/job-board/{shortName}/jobs",
      "/v1/job-board/{shortName}/jobs/{jobId}",
    ]) {
      const get = document.paths[path]?.get as {
        security: unknown[];
        responses: Record<
          string,
          { content?: Record<string, { schema: { properties?: object } }> }
        >;
      };
      expect(get.security).toEqual([]);
      expect(Object.keys(get.responses).sort()).toEqual(["200", "304", "404", "429", "500", "503"]);
      const schema = get.responses["200"]?.content?.["application/json"]?.schema;
      expect(Object.keys(schema?.properties ?? {})).toEqual(
        path.endsWith("{jobId}") ? Object.keys(boardJobSchema.shape) : ["jobs"],
      );
    }
  });
});
