import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { MAX_CSV_BYTES } from "../../src/csv/read";
import { createRateLimiter } from "../../src/feed/rate-limit";
import { createHttpApp } from "../../src/http/app";
import { importInstructionSections } from "../../src/http/instructions-pdf";
import { createMemoryStore } from "../../src/memory/store";
import { FIXTURES } from "../support/fixtures";
import { ADMIN, MEMBER, SECRET, sandbox, sandboxSnapshot, upload } from "./support";

const CYCLE = "6f1c2a4e-8b3d-4c5e-9a7f-0d2e1b3c4a5f";
const MATTERS =
  "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description\n";

async function admin() {
  const context = sandbox();
  const cookie = (await context.login(ADMIN)) as string;
  const call = (path: string, init: RequestInit = {}) =>
    context.request(path, {
      ...init,
      headers: { cookie, ...(init.headers as Record<string, string>) },
    });
  return { ...context, cookie, call };
}

describe("member endpoints", () => {
  it("POST /members/import-csv answers the 200 body, the 400 body, and EMPTY_FILE for a missing file part", async () => {
    const { call } = await admin();
    const ok = await call("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      body: upload("First Name,Last Name,Email\nZoe,Kim,zoe.kim@hartwell.example\n"),
    });
    expect([ok.status, ok.headers.get("content-type")]).toEqual([
      200,
      "application/json; charset=utf-8",
    ]);
    expect(await ok.json()).toMatchObject({ createdCount: 1, updatedCount: 0 });
    const bad = await call("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      body: upload("First Name,Last Name,Email\nZoe,Kim,nope\n"),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      fileError: null,
      rowColumnErrors: [
        {
          rowNumber: 1,
          columnName: "Email",
          value: "nope",
          type: "INVALID_EMAIL",
          message: 'Email "nope" is not a well-formed email address.',
        },
      ],
    });
    const missing = await call("/api/v2/members/import-csv?product=UNI", {
      method: "POST",
      body: upload("x", "other"),
    });
    expect(await missing.json()).toEqual({
      fileError: { type: "EMPTY_FILE", message: "The file is empty." },
      rowColumnErrors: [],
    });
  });

  it("refuses a bad product with 400, a non-admin with 403, and no session with 401", async () => {
    const { call, login, request } = await admin();
    expect(
      (await call("/api/v2/members/import-csv?product=perform", { method: "POST" })).status,
    ).toBe(400);
    const member = (await login(MEMBER)) as string;
    const forbidden = await request("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      headers: { cookie: member },
      body: upload("a"),
    });
    expect([forbidden.status, await forbidden.json()]).toEqual([
      403,
      { error: "Importing or removing PERFORM access requires the Perform Admin role." },
    ]);
    expect(
      (await request("/api/v2/members/import-csv?product=PERFORM", { method: "POST" })).status,
    ).toBe(401);
  });

  it("answers FILE_SIZE_EXCEEDED for an upload of 10 MiB + 1 byte", async () => {
    const { call } = await admin();
    const response = await call("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      body: upload(new Uint8Array(MAX_CSV_BYTES + 1).fill(65)),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      fileError: {
        type: "FILE_SIZE_EXCEEDED",
        message: "The file is 10,485,761 bytes; the limit is 10 MB (10,485,760 bytes).",
      },
      rowColumnErrors: [],
    });
  });

  it("stops reading an oversized body once it passes the limit, never holding it whole", async () => {
    const { call } = await admin();
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(65);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
        if (pulled >= 50 * 1024 * 1024) controller.close();
      },
    });
    const response = await call("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(400);
    expect((await response.json()).fileError.type).toBe("FILE_SIZE_EXCEEDED");
    expect(pulled).toBeLessThan(MAX_CSV_BYTES + 512 * 1024);
  });

  it("the matter validators answer a malformed multipart body with UNREADABLE_FILE, as member import answers INVALID_FILE_FORMAT", async () => {
    const { call } = await admin();
    const malformed = {
      method: "POST",
      body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nno closing boundary',
      headers: { "content-type": "multipart/form-data; boundary=x" },
    };
    for (const path of ["validate-upsert", "validate-csv"]) {
      const response = await call(`/api/v2/matters-csv/${path}`, malformed);
      expect(response.status).toBe(200);
      expect((await response.json()).fileError).toEqual({
        type: "UNREADABLE_FILE",
        rowNumber: null,
        description: "The request body is not valid multipart/form-data.",
      });
    }
    const members = await call("/api/v2/members/import-csv?product=PERFORM", malformed);
    expect(members.status).toBe(400);
    expect((await members.json()).fileError.type).toBe("INVALID_FILE_FORMAT");
  });

  it("DELETE /members/bulk-remove reads its JSON body; a missing body is an empty list", async () => {
    const { call } = await admin();
    expect(await (await call("/api/v2/members/bulk-remove", { method: "DELETE" })).json()).toEqual({
      removedCount: 0,
    });
    const removed = await call("/api/v2/members/bulk-remove", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        product: "PERFORM",
        emails: [MEMBER, MEMBER, "ada.okoye@hartwell.example"],
      }),
    });
    expect(await removed.json()).toEqual({ removedCount: 1 });
    expect(
      (await call("/api/v2/members/bulk-remove", { method: "DELETE", body: "{not json" })).status,
    ).toBe(400);
  });

  it("DELETE /members/bulk-remove is 403 without the user-list-members-bulk-delete feature, and removes nothing", async () => {
    const snapshot = sandboxSnapshot();
    snapshot.organization.features = snapshot.organization.features.filter(
      (feature) => feature !== "user-list-members-bulk-delete",
    );
    const context = sandbox({ snapshot });
    const cookie = (await context.login(ADMIN)) as string;
    const response = await context.request("/api/v2/members/bulk-remove", {
      method: "DELETE",
      headers: { cookie },
      body: JSON.stringify({ product: "PERFORM", emails: [MEMBER] }),
    });
    expect([response.status, await response.json()]).toEqual([
      403,
      { error: "Bulk remove is not enabled for this organization." },
    ]);
  });

  it("GET /members/example-csv/{product}/{numRows} caps at 1000 rows and validates numRows", async () => {
    const { call } = await admin();
    const response = await call("/api/v2/members/example-csv/RECRUIT/5000");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect((await response.text()).trimEnd().split("\r\n")).toHaveLength(1001);
    expect((await call("/api/v2/members/example-csv/RECRUIT/-1")).status).toBe(400);
    expect((await call("/api/v2/members/example-csv/NOPE/1")).status).toBe(400);
  });

  it("GET /members/import-instructions.pdf renders a PDF from the column catalogue, PERFORM-only columns for PERFORM only", async () => {
    const { call } = await admin();
    const response = await call("/api/v2/members/import-instructions.pdf?product=RECRUIT");
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const document = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    expect(document.getTitle()).toBe("Member import instructions (RECRUIT)");
    const recruit = importInstructionSections("RECRUIT").map((section) => section.heading);
    const perform = importInstructionSections("PERFORM").map((section) => section.heading);
    expect(perform).toContain("Manager Email (optional, PERFORM only)");
    expect(recruit.some((heading) => heading.startsWith("Manager Email"))).toBe(false);
    expect(recruit).toContain("First Name (required)");
  });
});

describe("lookup lists", () => {
  it("serves every list as JSON or CSV with the right content type", async () => {
    const { call } = await admin();
    const departments = await call("/api/v2/departments");
    expect([departments.headers.get("content-type"), await departments.json()]).toEqual([
      "application/json; charset=utf-8",
      ["Litigation", "Corporate", "Finance", "Tax", "Real Estate", "Human Resources"],
    ]);
    const csv = await call("/api/v2/departments.csv");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      "Department\r\nLitigation\r\nCorporate\r\nFinance\r\nTax\r\nReal Estate\r\nHuman Resources\r\n",
    );
    expect(await (await call("/api/v2/practiceAreas/current")).json()).toContainEqual({
      name: "Art Law",
      type: "CUSTOM",
    });
    expect((await (await call("/api/v2/lawSchoolsList.csv")).text()).split("\r\n")[1]).toBe(
      "Albany Law School",
    );
    expect(await (await call("/api/v2/firmPracticeAreasList")).json()).toEqual([
      "Fintech Regulation",
      "Art Law",
    ]);
    expect(await (await call("/api/v2/offices")).json()).toHaveLength(5);
    expect(await (await call("/api/v2/officesStaticList")).json()).toContainEqual({
      city: "London",
      state: null,
      country: "United Kingdom",
    });
    expect(await (await call("/api/v2/org-member-levels")).json()).toEqual([
      "Junior Associate",
      "Mid-Level Associate",
      "Senior Associate",
      "Counsel",
      "Partner",
    ]);
    expect((await call("/api/v2/practiceAreasList.csv")).headers.get("content-type")).toBe(
      "text/csv; charset=utf-8",
    );
    expect(await (await call("/api/v2/practiceAreasStaticList")).json()).toContain("Tax");
  });

  it("serves /org-member-levels only with the member-levels feature", async () => {
    const snapshot = sandboxSnapshot();
    snapshot.organization.features = snapshot.organization.features.filter(
      (feature) => feature !== "member-levels",
    );
    const context = sandbox({ snapshot });
    const cookie = (await context.login(ADMIN)) as string;
    expect(
      (await context.request("/api/v2/org-member-levels", { headers: { cookie } })).status,
    ).toBe(404);
  });
});

describe("matter endpoints", () => {
  it("upsert: 200 {created, updated}, plain-text 400, 404 for an unknown cycle, 400 for a missing or malformed cycle id", async () => {
    const { call } = await admin();
    const good = upload(
      `${MATTERS}M-9,Nine,ben.marsh@hartwell.example,ada.okoye@hartwell.example,,,3,Acme Corp,\n`,
    );
    const ok = await call(`/api/v2/matters-csv/upsert?reviewCycleId=${CYCLE}`, {
      method: "POST",
      body: good,
    });
    expect([ok.status, await ok.json()]).toEqual([200, { created: 1, updated: 0 }]);
    const bad = await call(`/api/v2/matters-csv/upsert?reviewCycleId=${CYCLE}`, {
      method: "POST",
      body: upload(
        `${MATTERS}M-9,Nine,nobody@x.example,ada.okoye@hartwell.example,,,3,Acme Corp,\n`,
      ),
    });
    expect([bad.status, bad.headers.get("content-type"), await bad.text()]).toEqual([
      400,
      "text/plain; charset=utf-8",
      'Row 1: errors in Attorney Email\n  Attorney Email "nobody@x.example" is not a Perform member of this organization.',
    ]);
    const missing = await call(
      "/api/v2/matters-csv/upsert?reviewCycleId=00000000-0000-4000-8000-000000000000",
      { method: "POST", body: upload("x") },
    );
    expect(missing.status).toBe(404);
    expect(
      (
        await call("/api/v2/matters-csv/upsert?reviewCycleId=nope", {
          method: "POST",
          body: upload("x"),
        })
      ).status,
    ).toBe(400);
    expect(
      (await call("/api/v2/matters-csv/upsert", { method: "POST", body: upload("x") })).status,
    ).toBe(400);
  });

  it("upsert 400: under each failing row's columns line, its reasons; the validator's body stays columns only", async () => {
    const { call } = await admin();
    const file = readFileSync(join(FIXTURES, "matters/reasons.csv"));
    const bad = await call(`/api/v2/matters-csv/upsert?reviewCycleId=${CYCLE}`, {
      method: "POST",
      body: upload(file),
    });
    const duplicate =
      '  Rows 7 and 8 (spreadsheet rows 8 and 9) share Matter ID "R-6", Client Name "Globex" and Attorney Email "ben.marsh@hartwell.example"; a client matter has one row per attorney.';
    expect([bad.status, await bad.text()]).toEqual([
      400,
      [
        "Row 1: errors in Start Date",
        '  Start Date "2026-01-15" is not a date in M/d/yyyy form, e.g. 1/15/2026.',
        "Row 2: errors in Start Date",
        '  Start Date "2/30/2026" is not a date: February 2026 has 28 days.',
        "Row 3: errors in Hours Billed",
        '  Hours Billed "1.234,5": use a period for decimals and commas only between thousands, e.g. 1,234.5.',
        "Row 4: errors in Start Date, End Date",
        "  End Date 1/2/2026 is before Start Date 3/4/2026.",
        "Row 5: errors in Attorney Email",
        '  Attorney Email "x@elsewhere.example" is not a Perform member of this organization.',
        "Row 7: errors in Matter ID, Attorney Email, Client Name",
        duplicate,
        "Row 8: errors in Matter ID, Attorney Email, Client Name",
        duplicate,
        "Row 9: errors in Matter Name",
        '  Matter Name "Eta" differs from "Theta" on row 10 (spreadsheet row 11) in client matter (Matter ID "R-7", Client Name "Initech"); its rows must agree.',
        "Row 10: errors in Matter Name",
        '  Matter Name "Theta" differs from "Eta" on row 9 (spreadsheet row 10) in client matter (Matter ID "R-7", Client Name "Initech"); its rows must agree.',
      ].join("\n"),
    ]);
    const validated = await call("/api/v2/matters-csv/validate-upsert", {
      method: "POST",
      body: upload(file),
    });
    expect(await validated.text()).toBe(
      JSON.stringify(
        JSON.parse(readFileSync(join(FIXTURES, "matters/reasons.json"), "utf8")).expected,
      ),
    );
  });

  it("the validators answer 200 even with errors; upload-csv answers 200 empty or 409 on a duplicate upsert key", async () => {
    const { call } = await admin();
    const validation = await call("/api/v2/matters-csv/validate-upsert", {
      method: "POST",
      body: upload(
        `${MATTERS}M-1,A,ben.marsh@hartwell.example,ada.okoye@hartwell.example,,,x,C,\n`,
      ),
    });
    expect([validation.status, await validation.json()]).toEqual([
      200,
      {
        numValidRows: 0,
        rowErrors: [{ rowNumber: 1, columnsWithErrors: ["Hours Billed"] }],
        fileError: null,
      },
    ]);
    const legacy = await call("/api/v2/matters-csv/validate-csv", {
      method: "POST",
      body: upload(""),
    });
    expect(await legacy.json()).toEqual({
      numValidRows: 0,
      rowErrors: [],
      fileError: { type: "INVALID_FILE_SIZE", rowNumber: null, description: "The file is empty." },
    });
    const uploaded = await call(`/api/v2/matters-csv/upload-csv?reviewCycleId=${CYCLE}`, {
      method: "POST",
      body: upload(
        `${MATTERS}M-7,Seven,ben.marsh@hartwell.example,ada.okoye@hartwell.example,,,1,Acme Corp,\n`,
      ),
    });
    expect([uploaded.status, await uploaded.text()]).toEqual([200, ""]);
    const conflict = await call(`/api/v2/matters-csv/upload-csv?reviewCycleId=${CYCLE}`, {
      method: "POST",
      body: upload(
        `${MATTERS}M-7,Seven,ben.marsh@hartwell.example,elena.petrova@hartwell.example,,,1,Acme Corp,\n`,
      ),
    });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({
      error:
        "Row 1 (Matter ID M-7, Client Name Acme Corp): ben.marsh@hartwell.example already has an entry on this client matter.\nNothing was written; change stored entries and client matters with the upsert endpoint.",
    });
  });

  it("refuses a member who is not a Perform administrator with 403", async () => {
    const { login, request } = await admin();
    const cookie = (await login(MEMBER)) as string;
    const response = await request("/api/v2/matters-csv/validate-upsert", {
      method: "POST",
      headers: { cookie },
      body: upload(""),
    });
    expect(response.status).toBe(403);
  });
});

describe("GET /v1/job-applications", () => {
  it("answers the array, a 400 with the cause, and 401 for a non-admin", async () => {
    const { call, login, request } = await admin();
    const ok = await call("/v1/job-applications?job_application_status=offer");
    expect(ok.status).toBe(200);
    expect(
      (await ok.json()).map((record: { applicationId: string }) => record.applicationId),
    ).toEqual(["a1000000-0000-4000-8000-000000000005", "a1000000-0000-4000-8000-000000000001"]);
    const bad = await call("/v1/job-applications?job_application_status_bucket=Archive");
    expect([bad.status, await bad.json()]).toEqual([
      400,
      {
        error:
          'job_application_status_bucket "Archive" is not a bucket of the pipelines in use. Valid buckets: Active, Offer, Hired, Closed.',
      },
    ]);
    const member = (await login(MEMBER)) as string;
    const refused = await request("/v1/job-applications", { headers: { cookie: member } });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error).toContain("contact support");
  });

  it("answers 401 when the HR feed feature is off, even for an admin", async () => {
    const snapshot = sandboxSnapshot();
    snapshot.organization.features = snapshot.organization.features.filter(
      (feature) => feature !== "hr-feed",
    );
    const context = sandbox({ snapshot });
    const cookie = (await context.login(ADMIN)) as string;
    expect((await context.request("/v1/job-applications", { headers: { cookie } })).status).toBe(
      401,
    );
  });

  it("answers 429 with Retry-After past the rate limit", async () => {
    const context = sandbox({ rateLimiter: createRateLimiter({ limit: 2, windowMs: 300_000 }) });
    const cookie = (await context.login(ADMIN)) as string;
    for (let call = 0; call < 2; call++)
      expect((await context.request("/v1/job-applications", { headers: { cookie } })).status).toBe(
        200,
      );
    const limited = await context.request("/v1/job-applications", { headers: { cookie } });
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "300"]);
  });
});

describe("routing and failures", () => {
  it("answers 404 for an unknown path and 405 with Allow for a known path with another method", async () => {
    const { call } = await admin();
    expect((await call("/api/v2/nope")).status).toBe(404);
    const wrong = await call("/api/v2/departments", { method: "POST" });
    expect([wrong.status, wrong.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });

  it("answers 405 with Allow, and 404, under the path a host mounts the app at", async () => {
    const host = new Hono();
    host.route(
      "/rpdi",
      createHttpApp({ store: createMemoryStore(sandboxSnapshot()), tokenSecret: SECRET }),
    );
    const wrong = await host.request("http://rpdi.test/rpdi/api/v2/departments", {
      method: "POST",
    });
    expect([wrong.status, wrong.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
    expect(await wrong.json()).toEqual({ error: "Method not allowed; use GET, HEAD." });
    expect((await host.request("http://rpdi.test/rpdi/api/v2/nope")).status).toBe(404);
  });

  it("answers 500 without internals when the store fails, and tells the host", async () => {
    const seen: unknown[] = [];
    const context = sandbox({ onError: (error) => seen.push(error) });
    const cookie = (await context.login(ADMIN)) as string;
    context.store.transaction = async () => {
      throw new Error("secret connection string leaked? postgres://user:pw@db");
    };
    const response = await context.request("/api/v2/departments", { headers: { cookie } });
    const body = await response.text();
    expect(response.status).toBe(500);
    expect(body).toBe('{"error":"Internal server error; nothing was written. Retry later."}');
    expect(seen).toHaveLength(1);
  });
});
