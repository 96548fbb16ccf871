import { describe, expect, it } from "vitest";
import { generateTotp } from "../../src/auth/totp";
import { createHttpHandler } from "../../src/http/handler";
import type { RequestLine, RpdiLogger } from "../../src/http/logger";
import { createMemoryStore } from "../../src/memory/store";
import {
  ADMIN,
  BASE,
  MFA_ADMIN,
  MFA_SECRET,
  PASSWORD,
  SECRET,
  sandboxSnapshot,
  upload,
} from "./support";

const CYCLE = "6f1c2a4e-8b3d-4c5e-9a7f-0d2e1b3c4a5f";

interface Line {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

function capturing(): { logger: RpdiLogger; lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    lines.push({ level, fields: structuredClone(fields), message });
  return { logger: { info: at("info"), warn: at("warn"), error: at("error") }, lines };
}

describe("request and import logs", () => {
  it("log one line per request and one per import, and no secret, token, cookie, MFA code, query or cell", async () => {
    const { logger, lines } = capturing();
    const now = new Date("2026-06-15T12:00:00Z");
    const handler = createHttpHandler({
      store: createMemoryStore(sandboxSnapshot()),
      tokenSecret: SECRET,
      now: () => now,
      acceptBearer: true,
      importWorkers: false,
      logger,
    });
    const send = (path: string, init: RequestInit = {}) =>
      handler(new Request(`${BASE}${path}`, init));

    const mfaCode = generateTotp(MFA_SECRET, now);
    const wrongPassword = "Wr0ng-Passw0rd-Sentinel";
    await send("/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: wrongPassword }),
    });
    await send("/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email: MFA_ADMIN, password: PASSWORD, mfaCode }),
    });
    const login = await send("/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const token = cookie.split("=")[1] as string;
    const cell = "Zanzibar-Cell-Sentinel";
    const csv = `Email,First Name,Last Name\nquery.person@hartwell.example,${cell},Sentinel-Last\n`;
    const matters = `Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description\nM-Sentinel,${cell},ben.marsh@hartwell.example,ada.okoye@hartwell.example,,,3,Sentinel-Client,\n`;
    const calls: [string, RequestInit][] = [
      ["/api/v2/departments", { headers: { cookie } }],
      ["/api/v2/departments", { headers: { authorization: `Bearer ${token}` } }],
      [
        "/api/v2/members/import-csv?product=PERFORM",
        { method: "POST", headers: { cookie, origin: BASE }, body: upload(csv) },
      ],
      [
        "/api/v2/members/bulk-remove",
        {
          method: "DELETE",
          headers: { cookie, origin: BASE, "content-type": "application/json" },
          body: JSON.stringify({ product: "PERFORM", emails: ["removed.person@hartwell.example"] }),
        },
      ],
      [
        "/v1/job-applications?job_application_status_start=2026-01-01&secret.query@hartwell.example=1",
        { headers: { cookie } },
      ],
      ["/api/v2/nowhere?email=lost.person@hartwell.example", { headers: { cookie } }],
      [
        `/api/v2/matters-csv/upsert?reviewCycleId=${CYCLE}`,
        { method: "POST", headers: { cookie, origin: BASE }, body: upload(matters) },
      ],
    ];
    for (const [path, init] of calls) await send(path, init);

    const requests = lines.filter((line) => line.message === "request");
    expect(requests).toHaveLength(3 + calls.length);
    expect(requests.map((line) => line.fields.route)).toEqual([
      "/app/:org_name/admin/auth/",
      "/app/:org_name/admin/auth/",
      "/app/:org_name/admin/auth/",
      "/api/v2/departments",
      "/api/v2/departments",
      "/api/v2/members/import-csv",
      "/api/v2/members/bulk-remove",
      "/v1/job-applications",
      "(no route)",
      "/api/v2/matters-csv/upsert",
    ]);
    const orgId = sandboxSnapshot().organization.id;
    expect(requests[3]?.fields).toMatchObject({ method: "GET", status: 200, orgId });
    expect(typeof requests[3]?.fields.durationMs).toBe("number");
    expect(requests[3]?.fields.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const imports = lines.filter((line) => line.message === "import");
    expect(imports).toHaveLength(2);
    expect(imports[0]?.fields).toMatchObject({
      operation: "members.import",
      orgId,
      product: "PERFORM",
      created: 1,
      errors: 0,
    });
    expect(imports[1]?.fields).toMatchObject({
      operation: "matters.upsert",
      orgId,
      product: "PERFORM",
      reviewCycleId: CYCLE,
      created: 1,
      updated: 0,
      errors: 0,
    });
    for (const line of imports)
      for (const phase of ["uploadMs", "readMs", "checkedMs", "plannedMs", "writtenMs"])
        expect(typeof line.fields[phase]).toBe("number");

    const everything = JSON.stringify(lines);
    for (const secret of [
      PASSWORD,
      wrongPassword,
      mfaCode,
      MFA_SECRET,
      token,
      SECRET,
      cell,
      "Sentinel-Last",
      "M-Sentinel",
      "Sentinel-Client",
      "ben.marsh",
      "query.person@hartwell.example",
      "removed.person@hartwell.example",
      "secret.query@hartwell.example",
      "lost.person@hartwell.example",
      ADMIN,
      MFA_ADMIN,
    ])
      expect(everything).not.toContain(secret);
  });

  it("keeps a caller's well-formed request id and answers it; replaces one that could forge a line", async () => {
    const { logger, lines } = capturing();
    const handler = createHttpHandler({
      store: createMemoryStore(sandboxSnapshot()),
      tokenSecret: SECRET,
      logger,
    });
    const kept = await handler(
      new Request(`${BASE}/openapi.json`, { headers: { "x-request-id": "lb-7f3a.42" } }),
    );
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.42");
    const forged = await handler(
      new Request(`${BASE}/openapi.json`, {
        headers: { "x-request-id": 'x" level=error msg="forged' },
      }),
    );
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((line) => line.fields.requestId)).toEqual([
      "lb-7f3a.42",
      forged.headers.get("x-request-id"),
    ]);
  });

  it("logs nothing without a logger", async () => {
    const handler = createHttpHandler({
      store: createMemoryStore(sandboxSnapshot()),
      tokenSecret: SECRET,
    });
    const response = await handler(new Request(`${BASE}/openapi.json`));
    expect(response.headers.get("x-request-id")).toBeNull();
  });

  it("give a logger that has requestLine each answered request's line there, not to info", async () => {
    const { logger, lines } = capturing();
    const requestLines: RequestLine[] = [];
    const handler = createHttpHandler({
      store: createMemoryStore(sandboxSnapshot()),
      tokenSecret: SECRET,
      importWorkers: false,
      logger: { ...logger, requestLine: (line) => requestLines.push(line) },
    });
    for (const path of ["/openapi.json", "/api/v2/departments", "/api/v2/nowhere"])
      await (await handler(new Request(`${BASE}${path}`))).arrayBuffer();
    expect(requestLines.map((line) => [line.route, line.status, line.orgId])).toEqual([
      ["/openapi.json", 200, null],
      ["/api/v2/departments", 401, null],
      ["(no route)", 404, null],
    ]);
    expect(requestLines.every((line) => /^[0-9a-f-]{36}$/.test(line.requestId))).toBe(true);
    expect(lines.filter((line) => line.message === "request")).toEqual([]);
  });
});
