import { describe, expect, it } from "vitest";
import { createHttpApp } from "../../src/http/app";
import { DEFAULT_BODY_LIMIT } from "../../src/http/body-limit";
import { createHttpHandler } from "../../src/http/handler";
import { UPLOAD_BODY_LIMIT } from "../../src/http/multipart";
import { ADMIN, sandbox } from "../http/support";

const CHUNK = 64 * 1024;
const CYCLE = "6f1c2a4e-8b3d-4c5e-9a7f-0d2e1b3c4a5f";
/** The largest limit of any route (bulk remove's 10 MiB is below the upload's). */
const LARGEST_LIMIT = UPLOAD_BODY_LIMIT;

/** A body that says it is 100 bytes and goes on for `total` bytes; `pulled()` is what was read. */
function lyingBody(total: number, boundary?: string) {
  let pulled = 0;
  const head = new TextEncoder().encode(
    boundary === undefined
      ? '{"product":"RECRUIT","emails":["'
      : `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.csv"\r\nContent-Type: text/csv\r\n\r\nFirst Name,Last Name,Email\r\n`,
  );
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) {
        controller.close();
        return;
      }
      const chunk = pulled === 0 ? head : new Uint8Array(CHUNK).fill(0x61);
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

/** Every operation of the OpenAPI document, with its parameters filled in. */
function operations(): { method: string; path: string }[] {
  const document = createHttpApp({
    store: sandbox().store,
    tokenSecret: "test-only-secret-of-at-least-32-bytes!!",
  }).getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
  const found: { method: string; path: string }[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const path = template
      .replace("{org_name}", "sandbox")
      .replace("{product}", "PERFORM")
      .replace("{numRows}", "1");
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      if (item?.[method] === undefined) continue;
      const query = path.includes("matters-csv")
        ? `?reviewCycleId=${CYCLE}`
        : path.includes("import-csv") || path.includes("instructions")
          ? "?product=PERFORM"
          : "";
      found.push({ method: method.toUpperCase(), path: `${path}${query}` });
    }
  }
  return found;
}

describe("Body limits count bytes as they arrive: a declared Content-Length is never believed", () => {
  const routes = operations();

  it("covers every write route of the document", () => {
    const writes = routes.filter((route) => route.method !== "GET").map((route) => route.path);
    expect(writes.length).toBeGreaterThanOrEqual(7);
    for (const expected of ["bulk-remove", "graphql", "import-csv", "upsert", "admin/auth/"])
      expect(writes.some((path) => path.includes(expected))).toBe(true);
  });

  // A web-standard Request cannot carry a body on GET: only the writes can be lied about.
  for (const route of routes.filter((candidate) => candidate.method !== "GET")) {
    it(`${route.method} ${route.path}: a body declared as 100 bytes is read no further than the route's limit`, async () => {
      const { request, login } = sandbox();
      const cookie = (await login(ADMIN)) as string;
      const boundary = "rpdi-lying-boundary";
      const multipart = route.path.includes("import-csv") || route.path.includes("matters-csv");
      const body = lyingBody(LARGEST_LIMIT + 4 * 1024 * 1024, multipart ? boundary : undefined);
      const contentType = multipart
        ? `multipart/form-data; boundary=${boundary}`
        : route.path.includes("/auth")
          ? "application/x-www-form-urlencoded"
          : "application/json";
      const response = await request(route.path, {
        method: route.method,
        headers: { cookie, "content-type": contentType, "content-length": "100" },
        body: body.stream,
        duplex: "half",
      } as RequestInit);
      await response.arrayBuffer();
      const limit = multipart
        ? UPLOAD_BODY_LIMIT
        : route.path.includes("bulk-remove")
          ? 10 * 1024 * 1024
          : route.path.includes("graphql")
            ? 1024 * 1024
            : DEFAULT_BODY_LIMIT;
      expect(body.pulled()).toBeLessThanOrEqual(limit + 3 * CHUNK);
      expect(response.status).not.toBe(500);
      // Nothing signs anyone in (the logout only clears its cookie).
      expect(response.headers.getSetCookie().filter((cookie) => !/^[^=]+=;/.test(cookie))).toEqual(
        [],
      );
      if (route.path.includes("bulk-remove") || route.path.includes("graphql"))
        expect(response.status).toBe(413);
    });
  }

  it("hands clientKey and onError the Request the host passed in, not the counted copy", async () => {
    const seen: Request[] = [];
    const failures: Request[] = [];
    const { store } = sandbox();
    const handler = createHttpHandler({
      store: { ...store, findOrganizationId: () => Promise.reject(new Error("down")) },
      tokenSecret: "test-only-secret-of-at-least-32-bytes!!",
      clientKey: (request) => {
        seen.push(request);
        return "client";
      },
      onError: (_error, request) => failures.push(request),
    });
    const login = new Request("http://rpdi.test/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: "wrong" }),
    });
    expect((await handler(login)).status).toBe(500);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((request) => request === login)).toBe(true);
    expect(failures).toEqual([login]);
  });

  it("still reads a body within its limit whatever Content-Length says", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const text = JSON.stringify({ product: "RECRUIT", emails: ["nobody@hartwell.example"] });
    const response = await request("/api/v2/members/bulk-remove", {
      method: "DELETE",
      headers: { cookie, "content-type": "application/json", "content-length": "3" },
      body: new Blob([text]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ removedCount: 0 });
  });

  it("refuses a declared length over the limit without reading the body", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const body = lyingBody(4 * 1024 * 1024);
    const response = await request("/api/v2/graphql", {
      method: "POST",
      headers: { cookie, "content-type": "application/json", "content-length": "5000000" },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(2 * CHUNK);
  });
});
