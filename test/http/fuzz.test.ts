import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, MEMBER, sandbox } from "./support";

const PATHS = [
  "/api/v2/members/import-csv",
  "/api/v2/members/bulk-remove",
  "/api/v2/members/example-csv/PERFORM/3",
  "/api/v2/members/import-instructions.pdf",
  "/api/v2/departments",
  "/api/v2/departments.csv",
  "/api/v2/org-member-levels",
  "/api/v2/matters-csv/upsert",
  "/api/v2/matters-csv/validate-upsert",
  "/api/v2/matters-csv/upload-csv",
  "/v1/job-applications",
  "/app/sandbox/admin/auth/",
];
const WRITES = new Set([
  "/api/v2/members/import-csv",
  "/api/v2/members/bulk-remove",
  "/api/v2/matters-csv/upsert",
  "/api/v2/matters-csv/upload-csv",
]);

describe("the HTTP handler under arbitrary requests", () => {
  const context = sandbox();
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    cookies.admin = (await context.login(ADMIN)) as string;
    cookies.member = (await context.login(MEMBER)) as string;
  });

  const segment = fc.oneof(
    fc.constantFrom("api", "v2", "v1", "members", "..", "%00", "__proto__", ""),
    fc.string({ maxLength: 8 }),
  );
  const path = fc.oneof(
    fc.constantFrom(...PATHS),
    fc
      .array(segment, { maxLength: 5 })
      .map((parts) => `/${parts.map(encodeURIComponent).join("/")}`),
  );
  const query = fc.oneof(
    fc.constant(""),
    fc.constantFrom(
      "?product=PERFORM",
      "?product=uni",
      "?reviewCycleId=6f1c2a4e-8b3d-4c5e-9a7f-0d2e1b3c4a5f",
      "?reviewCycleId=x",
      "?job_application_status_start=2026-13-45",
      "?job_application_status=offer",
    ),
    fc
      .string({ maxLength: 30 })
      .map((text) => `?${encodeURIComponent(text)}=${encodeURIComponent(text)}`),
  );
  const csvBody = fc.oneof(
    fc.constantFrom(
      "First Name,Last Name,Email\nA,B,fuzz@hartwell.example\n",
      "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description\nF,F,ben.marsh@hartwell.example,ada.okoye@hartwell.example,,,1,C,\n",
    ),
    fc.string({ unit: "binary", maxLength: 200 }),
  );
  const body = fc.oneof(
    fc.constant({ kind: "none" as const }),
    csvBody.map((text) => ({ kind: "multipart" as const, text })),
    fc.string({ maxLength: 200 }).map((text) => ({ kind: "raw" as const, text })),
    fc
      .constantFrom(
        '{"product":"PERFORM","emails":["ben.marsh@hartwell.example"]}',
        '{"product":1}',
        "[]",
        "null",
      )
      .map((text) => ({ kind: "json" as const, text })),
  );
  const request = fc.record({
    method: fc.constantFrom("GET", "POST", "DELETE", "PUT", "PATCH", "OPTIONS", "HEAD"),
    path,
    query,
    who: fc.constantFrom("admin", "member", "garbage", "none"),
    contentType: fc.constantFrom(
      undefined,
      "multipart/form-data; boundary=zz",
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
    ),
    body,
  });

  it("never answers 500 or leaks a stack, and changes the store only through a successful write", async () => {
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const headers: Record<string, string> = {};
        if (input.who === "admin" || input.who === "member")
          headers.cookie = cookies[input.who] as string;
        if (input.who === "garbage") headers.cookie = "SERVICEAUTH=not.a.jwt";
        let payload: BodyInit | undefined;
        const canHaveBody = !["GET", "HEAD"].includes(input.method);
        if (canHaveBody && input.body.kind === "multipart") {
          const form = new FormData();
          form.set("file", new Blob([input.body.text]), "f.csv");
          payload = form;
        } else if (canHaveBody && input.body.kind !== "none") {
          payload = input.body.text;
          if (input.contentType !== undefined) headers["content-type"] = input.contentType;
        }
        const before = await context.store.exportSnapshot("org-sandbox");
        const response = await context.request(`${input.path}${input.query}`, {
          method: input.method,
          headers,
          body: payload,
        });
        const text = await response.text();
        expect(response.status).toBeLessThan(500);
        expect(text).not.toMatch(/\n\s+at |Error:/);
        expect(response.headers.get("content-type") ?? (text === "" ? "" : "missing")).not.toBe(
          "missing",
        );
        const wrote = response.status === 200 && WRITES.has(input.path);
        if (!wrote) expect(await context.store.exportSnapshot("org-sandbox")).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });
});
