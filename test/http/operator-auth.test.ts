import { afterEach, describe, expect, it, vi } from "vitest";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { OPERATOR_TOKEN, operatorSandbox } from "./operator-support";
import { ADMIN, BASE, SECRET, sandbox, sandboxSnapshot } from "./support";

/** A body that records whether anyone read it: a stream of `size` bytes, pulled lazily. */
function watchedBody(size: number) {
  const watch = { pulled: 0 };
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (watch.pulled >= size) return controller.close();
      watch.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, watch };
}

const UNAUTHORIZED = (message: string) => ({
  error: { code: "UNAUTHORIZED", message, problems: [] },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the operator API's token", () => {
  it("answers 401 with WWW-Authenticate: Bearer to a request without a token", async () => {
    const { handler } = operatorSandbox();
    const response = await handler(
      new Request(`${BASE}/operator/v1/organizations`, { method: "POST", body: "{}" }),
    );
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="rpdi operator"');
    expect(await response.json()).toEqual(
      UNAUTHORIZED("The operator API needs Authorization: Bearer <operator token>."),
    );
  });

  it("answers 401 to a wrong token, of the same length or not, and to another scheme", async () => {
    const { handler } = operatorSandbox();
    const wrong = [
      `Bearer ${OPERATOR_TOKEN.slice(0, -1)}x`,
      `Bearer ${OPERATOR_TOKEN}x`,
      `Bearer ${OPERATOR_TOKEN.slice(0, 4)}`,
      `Basic ${btoa(`operator:${OPERATOR_TOKEN}`)}`,
      `Bearer`,
      `Bearer ${OPERATOR_TOKEN} extra`,
    ];
    for (const authorization of wrong) {
      const response = await handler(
        new Request(`${BASE}/operator/v1/organizations/org-sandbox/candidates/x`, {
          method: "DELETE",
          headers: { authorization },
        }),
      );
      expect([authorization, response.status]).toEqual([authorization, 401]);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm="rpdi operator"/);
    }
  });

  it("accepts the token with the scheme in any letter case", async () => {
    const { handler } = operatorSandbox();
    const response = await handler(
      new Request(`${BASE}/operator/v1/organizations/no-such-org/candidates/x`, {
        method: "DELETE",
        headers: { authorization: `bearer ${OPERATOR_TOKEN}` },
      }),
    );
    expect(response.status).not.toBe(401);
  });

  it("never reads the body of a request with a wrong token, however large", async () => {
    const { handler } = operatorSandbox();
    const { stream, watch } = watchedBody(64 * 1024 * 1024);
    const response = await handler(
      new Request(`${BASE}/operator/v1/organizations/org-sandbox/job-applications`, {
        method: "POST",
        body: stream,
        headers: {
          authorization: "Bearer wrong-token-wrong-token",
          "content-type": "application/x-ndjson",
        },
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(401);
    expect(watch.pulled).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it("answers 401, not 404, for a path under /operator/v1 that does not exist: nothing is told without the token", async () => {
    const { handler, call } = operatorSandbox();
    const response = await handler(new Request(`${BASE}/operator/v1/nothing-here`));
    expect(response.status).toBe(401);
    expect((await call("GET", "/operator/v1/nothing-here")).status).toBe(404);
  });

  it("takes nothing from a member's session: an admin's cookie is no operator token", async () => {
    const { handler } = operatorSandbox();
    const members = sandbox({ snapshot: sandboxSnapshot() });
    const cookie = (await members.login(ADMIN)) as string;
    const response = await handler(
      new Request(`${BASE}/operator/v1/organizations/org-sandbox/candidates/x`, {
        method: "DELETE",
        headers: { cookie },
      }),
    );
    expect(response.status).toBe(401);
  });

  it("is no session either: the operator token as a bearer session on a member route is refused", async () => {
    const store = createMemoryStore(sandboxSnapshot());
    const handler = createHttpHandler({
      store,
      tokenSecret: SECRET,
      operatorToken: OPERATOR_TOKEN,
      acceptBearer: true,
    });
    const response = await handler(
      new Request(`${BASE}/api/v2/departments`, {
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      }),
    );
    expect(response.status).toBe(401);
  });

  it("compares SHA-256 digests of both tokens (constant time, whatever the lengths)", async () => {
    const { handler } = operatorSandbox();
    const digest = vi.spyOn(crypto.subtle, "digest");
    await handler(
      new Request(`${BASE}/operator/v1/organizations/org-sandbox/candidates/x`, {
        method: "DELETE",
        headers: { authorization: "Bearer short" },
      }),
    );
    const hashed = digest.mock.calls.map(([algorithm, data]) => [
      algorithm,
      new TextDecoder().decode(data as Uint8Array),
    ]);
    expect(hashed).toContainEqual(["SHA-256", "short"]);
  });

  it("does not exist without operatorToken: every path under /operator/v1 is 404", async () => {
    const { handler } = sandbox();
    const response = await handler(
      new Request(`${BASE}/operator/v1/organizations`, {
        method: "POST",
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(response.status).toBe(404);
  });

  it("refuses a short token or one with surrounding spaces when the handler is made", () => {
    const store = createMemoryStore(sandboxSnapshot());
    for (const operatorToken of ["", "short", ` ${OPERATOR_TOKEN}`])
      expect(() => createHttpHandler({ store, tokenSecret: SECRET, operatorToken })).toThrow(
        /at least 16 characters/,
      );
  });

  it("never shows the token in an answer", async () => {
    const { call } = operatorSandbox();
    const answers = await Promise.all([
      call("POST", "/operator/v1/organizations", "{not json"),
      call("POST", "/operator/v1/organizations", {
        organization: { id: OPERATOR_TOKEN, shortName: "!" },
      }),
      call("GET", "/operator/v1/organizations"),
    ]);
    for (const answer of answers) expect(await answer.text()).not.toContain(OPERATOR_TOKEN);
  });
});
