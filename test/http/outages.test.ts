import { describe, expect, it } from "vitest";
import { executeMemberGraphql, memberGraphqlHttpStatus } from "../../src/graphql/execute";
import { createHttpHandler } from "../../src/http/handler";
import { OUTAGE_RETRY_AFTER_SECONDS } from "../../src/http/outages";
import { createMemoryStore } from "../../src/memory/store";
import { createOutageLog } from "../../src/runtime/outages";
import { StoreUnavailableError } from "../../src/store/errors";
import { connectionRefused, unreachableStore } from "../support/unreachable-store";
import { OPERATOR_TOKEN } from "./operator-support";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot, upload } from "./support";

interface Line {
  level: "info" | "warn" | "error";
  fields: Record<string, unknown>;
  message: string;
}

/** The sandbox over a store the test can take away, with a logger that keeps every line. */
function outageSandbox() {
  const memory = createMemoryStore(sandboxSnapshot());
  const { store, state } = unreachableStore(memory);
  const lines: Line[] = [];
  const unexpected: unknown[] = [];
  const logger = {
    info: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: "info", fields, message }),
    warn: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: "warn", fields, message }),
    error: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: "error", fields, message }),
  };
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    now: () => new Date("2026-06-15T12:00:00Z"),
    operatorToken: OPERATOR_TOKEN,
    importWorkers: false,
    logger,
    onError: (error) => unexpected.push(error),
  });
  const request = (path: string, init: RequestInit = {}) =>
    handler(new Request(`${BASE}${path}`, init));
  const login = async () => {
    const response = await request("/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    });
    return (response.headers.get("set-cookie") ?? "").split(";")[0] as string;
  };
  const outageLines = () => lines.filter((line) => line.fields.dependency !== undefined);
  return { state, request, login, outageLines, unexpected };
}

/** Asserts the outage contract: 503, Retry-After, a JSON `{error}` naming nothing internal. */
async function expectOutage(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error).toBe(
    `The database this service depends on cannot be reached right now; nothing was written. Retry after ${OUTAGE_RETRY_AFTER_SECONDS} seconds.`,
  );
}

const GRAPHQL_QUERY = JSON.stringify({ query: '{ memberById(id: "m-002") { id } }' });

describe("a database that cannot be reached is answered 503 with Retry-After on every route family", () => {
  it("lookups, members, matters, the feed, changes, job board, GraphQL, login, logout, operator", async () => {
    const { state, request, login, unexpected } = outageSandbox();
    const cookie = await login();
    state.down = true;
    const withCookie = { headers: { cookie } };
    const write = { method: "POST", headers: { cookie, origin: BASE } };
    const calls: [string, RequestInit][] = [
      ["/api/v2/departments", withCookie],
      ["/api/v2/members/import-csv?product=PERFORM", { ...write, body: upload("Email\n") }],
      [
        "/api/v2/members/bulk-remove?product=PERFORM",
        {
          method: "DELETE",
          headers: { cookie, origin: BASE, "content-type": "application/json" },
          body: JSON.stringify({ emails: ["ben.marsh@hartwell.example"] }),
        },
      ],
      ["/api/v2/matters-csv/validate-upsert", { ...write, body: upload("x\n") }],
      ["/v1/job-applications", withCookie],
      ["/v1/job-applications/changes", withCookie],
      ["/v1/job-board/sandbox/jobs", {}],
      [
        "/api/v2/graphql",
        {
          method: "POST",
          headers: { cookie, origin: BASE, "content-type": "application/json" },
          body: GRAPHQL_QUERY,
        },
      ],
      [
        "/app/sandbox/admin/auth/",
        { method: "POST", body: new URLSearchParams({ email: ADMIN, password: PASSWORD }) },
      ],
      ["/app/sandbox/admin/auth/logout", { method: "POST", headers: { cookie, origin: BASE } }],
      [
        "/operator/v1/organizations/org-sandbox/candidates/c-1",
        { method: "DELETE", headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } },
      ],
    ];
    for (const [path, init] of calls) {
      const response = await request(path, init);
      await expectOutage(response).catch((error: unknown) => {
        throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    // An outage is no unexpected failure: the host's onError hears nothing.
    expect(unexpected).toEqual([]);
  });

  it("an import whose own writes cannot reach the database (its session check could)", async () => {
    const { state, request, login } = outageSandbox();
    const cookie = await login();
    state.down = (options) => options?.readOnly !== true;
    const response = await request("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      headers: { cookie, origin: BASE },
      body: upload("Email,First Name,Last Name\nnew.person@hartwell.example,New,Person\n"),
    });
    await expectOutage(response);
  });

  it("GraphQL whose resolver finds the database gone (the session check did not) is a 503 too", async () => {
    const { state, request, login } = outageSandbox();
    const cookie = await login();
    state.down = (options) => options?.singleRead !== true;
    const response = await request("/api/v2/graphql", {
      method: "POST",
      headers: { cookie, origin: BASE, "content-type": "application/json" },
      body: GRAPHQL_QUERY,
    });
    await expectOutage(response);
  });
});

describe("outages are logged once each, not once per request", () => {
  it("one warning with the cause when it starts, one info line with length and count when it ends", async () => {
    const { state, request, login, outageLines } = outageSandbox();
    const cookie = await login();
    state.down = true;
    for (let round = 0; round < 5; round += 1)
      expect((await request("/api/v2/departments", { headers: { cookie } })).status).toBe(503);
    expect(outageLines()).toEqual([
      {
        level: "warn",
        fields: {
          dependency: "database",
          code: "ECONNREFUSED",
          cause: "connect ECONNREFUSED 127.0.0.1:5432",
        },
        message: "database unreachable: answering 503 with Retry-After until it is back",
      },
    ]);
    state.down = false;
    expect((await request("/api/v2/departments", { headers: { cookie } })).status).toBe(200);
    expect((await request("/api/v2/departments", { headers: { cookie } })).status).toBe(200);
    const [, back, ...more] = outageLines();
    expect(more).toEqual([]);
    expect(back).toMatchObject({
      level: "info",
      fields: { dependency: "database", refused: 5 },
      message: "database reachable again",
    });
    expect(back?.fields.durationMs).toEqual(expect.any(Number));
    // The next outage is a new one, logged again.
    state.down = true;
    await request("/api/v2/departments", { headers: { cookie } });
    expect(outageLines().filter((line) => line.level === "warn")).toHaveLength(2);
  });

  it("the log takes out a URL's user and password from the cause", () => {
    const lines: Record<string, unknown>[] = [];
    const log = createOutageLog({
      info: () => undefined,
      warn: (fields) => lines.push(fields),
    });
    log.down(
      "database",
      new StoreUnavailableError(
        "database",
        Object.assign(new Error("cannot reach postgres://rpdi:s3cret@db.internal:5432/rpdi"), {
          code: "ENOTFOUND",
        }),
      ),
    );
    expect(lines).toEqual([
      {
        dependency: "database",
        code: "ENOTFOUND",
        cause: "cannot reach postgres://db.internal:5432/rpdi",
      },
    ]);
  });
});

describe("GraphQL's answer to an outage", () => {
  it("503 when no root field answered; a mutation through before it keeps its 200", async () => {
    const store = createMemoryStore(sandboxSnapshot());
    const principal = await store.transaction("org-sandbox", async (tx) => ({
      member: (await tx.loadMembersById(["m-sandbox-admin"]))[0],
      organization: await tx.loadOrganization(),
    }));
    const { store: failing, state } = unreachableStore(store);
    state.down = true;
    const seen: StoreUnavailableError[] = [];
    const result = await executeMemberGraphql(GRAPHQL_BODY, {
      store: failing,
      principal: principal as never,
      now: new Date(),
      newId: undefined,
      onUnavailable: (error) => seen.push(error),
    });
    expect(memberGraphqlHttpStatus(result)).toBe(503);
    expect(result.errors?.[0]?.extensions.code).toBe("UNAVAILABLE");
    expect(JSON.stringify(result)).not.toMatch(/5432|ECONNREFUSED|127\.0\.0\.1/);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.cause).toEqual(connectionRefused());

    const partial = { data: { first: { id: "m-1" }, second: null }, errors: result.errors };
    expect(memberGraphqlHttpStatus(partial)).toBe(200);
  });
});

const GRAPHQL_BODY = { query: '{ memberById(id: "m-002") { id } }' };
