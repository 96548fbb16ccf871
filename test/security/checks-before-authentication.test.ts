import { describe, expect, it } from "vitest";
import { ADMIN, MEMBER, sandbox, upload } from "../http/support";

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

const withStream = (method: string, stream: ReadableStream<Uint8Array>, headers: HeadersInit) =>
  ({ method, body: stream, headers, duplex: "half" }) as RequestInit;

describe("checks before authentication: 401, then 403, then the request's own parameters", () => {
  it("answers 401, not 400, to an unauthenticated request with a bad product or numRows", async () => {
    const { request } = sandbox();
    const answers = await Promise.all([
      request("/api/v2/members/import-csv?product=NOPE", { method: "POST", body: upload("x") }),
      request("/api/v2/members/import-csv", { method: "POST", body: upload("x") }),
      request("/api/v2/members/example-csv/NOPE/abc"),
      request("/api/v2/members/import-instructions.pdf?product=NOPE"),
      request("/api/v2/matters-csv/upsert?reviewCycleId=not-a-uuid", { method: "POST" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
  });

  it("answers 403, not 400, to a non-admin with a bad product or numRows", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(MEMBER)) as string;
    const headers = { cookie };
    const answers = await Promise.all([
      request("/api/v2/members/import-csv?product=NOPE", {
        method: "POST",
        body: upload("x"),
        headers,
      }),
      request("/api/v2/members/example-csv/NOPE/abc", { headers }),
      request("/api/v2/members/import-instructions.pdf?product=NOPE", { headers }),
      request("/api/v2/matters-csv/upload-csv?reviewCycleId=nope", { method: "POST", headers }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
  });

  it("answers the feed's repeated parameter with 401 before a session, 400 after, uncounted", async () => {
    let counted = 0;
    const { request, login } = sandbox({
      rateLimiter: {
        take: async () => {
          counted++;
          return { allowed: true, remaining: 1 };
        },
      },
    });
    const repeated = [
      "/v1/job-applications?job_application_status=Offer&job_application_status=Applied",
      "/v1/job-applications?job%5Fapplication_status_start=2026-01-01&job_application_status_start=2026-02-01",
    ];
    for (const path of repeated) expect((await request(path)).status).toBe(401);
    const member = (await login(MEMBER)) as string;
    for (const path of repeated)
      expect((await request(path, { headers: { cookie: member } })).status).toBe(401);
    const cookie = (await login(ADMIN)) as string;
    for (const path of repeated) {
      const response = await request(path, { headers: { cookie } });
      expect([response.status, await response.json()]).toEqual([
        400,
        { error: "Each job_application_status… parameter may be given at most once." },
      ]);
    }
    expect(counted).toBe(0);
    expect((await request(repeated[0]?.split("&")[0] ?? "", { headers: { cookie } })).status).toBe(
      200,
    );
    expect(counted).toBe(1);
  });

  it("still answers 400 for a bad parameter once the caller may ask", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const response = await request("/api/v2/members/example-csv/NOPE/3", { headers: { cookie } });
    expect(response.status).toBe(400);
  });

  it("never reads the body of an unauthenticated bulk remove, however large", async () => {
    const { request } = sandbox();
    const { stream, watch } = watchedBody(11 * 1024 * 1024);
    const response = await request(
      "/api/v2/members/bulk-remove",
      withStream("DELETE", stream, { "content-type": "application/json" }),
    );
    expect(response.status).toBe(401);
    // A stream may be primed with one chunk; nothing close to the body was read.
    expect(watch.pulled).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it("never reads the upload of a caller who may not import", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(MEMBER)) as string;
    const { stream, watch } = watchedBody(8 * 1024 * 1024);
    const response = await request(
      "/api/v2/members/import-csv?product=RECRUIT",
      withStream("POST", stream, { cookie, "content-type": "multipart/form-data; boundary=x" }),
    );
    expect(response.status).toBe(403);
    expect(watch.pulled).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it("judges the product a bulk remove names after reading it: PERFORM needs the Perform Admin", async () => {
    const snapshot = (await import("../http/support")).sandboxSnapshot();
    const recruitAdmin = snapshot.members?.find((member) => member.email === MEMBER);
    if (recruitAdmin === undefined) throw new Error("the sandbox has no plain member");
    recruitAdmin.products = [{ product: "RECRUIT", role: "ADMIN" }];
    const { request, login } = sandbox({ snapshot });
    const cookie = (await login(MEMBER)) as string;
    const remove = (product: string) =>
      request("/api/v2/members/bulk-remove", {
        method: "DELETE",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ product, emails: ["elena.petrova@hartwell.example"] }),
      });
    expect((await remove("PERFORM")).status).toBe(403);
    expect((await remove("RECRUIT")).status).toBe(200);
  });
});
