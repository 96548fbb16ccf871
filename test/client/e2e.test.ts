import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ClientOptions,
  createClient,
  type JobApplication,
  RpdiAuthenticationError,
  RpdiNotFoundError,
  RpdiValidationError,
} from "../../src/client/index";
import { ROOT, startServe } from "../support/serve";

/*
 * rpdi/client against `rpdi serve` on a loopback port: every method, the MFA login, a forced 401,
 * the feed's 429 (a limit of 4 requests per 2 seconds), and a long pull across windows compared
 * with one request over the whole range.
 */
const SANDBOX = JSON.parse(readFileSync(join(ROOT, "fixtures/sandbox.json"), "utf8"));
const REVIEW_CYCLE = SANDBOX.reviewCycles[0].id as string;
const PASSWORD = "sandbox-password";
const ADMIN = "sandbox.admin@hartwell.example";
const MFA = { email: "sandbox.mfa@hartwell.example", mfaSecret: "JBSWY3DPEHPK3PXP" };
const RANGE = { since: "2026-01-01", until: "2026-03-02" };

/** 60 applications whose changes fall on, just before and just after 7-day boundaries. */
function generatedApplications() {
  const boundary = Date.parse("2026-01-01T00:00:00Z");
  const day = 86_400_000;
  return Array.from({ length: 60 }, (_, index) => {
    const first = boundary + (index % 9) * 7 * day + ((index % 3) - 1) * 1000 + (index % 2) * 500;
    const times = [first, first + (index % 4) * 3 * day + index * 61_000];
    if (index % 5 === 0) times.push(Date.parse("2026-04-15T00:00:00Z"));
    return {
      // The second sandbox application has a degree outside the spec's list.
      ...SANDBOX.applications[index % 2],
      id: `b2000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
      statusChanges: times.map((at, step) => ({
        statusName: step === 0 ? "Applied" : "Interview",
        statusBucketName: "Active",
        at: new Date(at).toISOString(),
      })),
    };
  });
}

let server: Awaited<ReturnType<typeof startServe>> | undefined;
let work = "";
let origin = "";
const sent: { method: string; path: string; status: number }[] = [];
const waits: number[] = [];

function client(overrides: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: `${origin}/api/v2`,
    apiUrl: origin,
    loginUrl: `${origin}/app/sandbox/admin/auth/`,
    credentials: { email: ADMIN, password: PASSWORD },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : input);
      sent.push({ method: init?.method ?? "GET", path: url.pathname, status: response.status });
      return response;
    },
    sleep: (ms) => {
      waits.push(ms);
      return new Promise((resolve) => setTimeout(resolve, ms));
    },
    ...overrides,
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "rpdi-client-"));
  const seed = join(work, "seed.json");
  writeFileSync(
    seed,
    JSON.stringify({
      ...SANDBOX,
      applications: [...SANDBOX.applications, ...generatedApplications()],
    }),
  );
  server = await startServe(["--seed", seed, "--feed-limit", "4/2"]);
  origin = new URL(server.rest).origin;
});

afterAll(() => {
  server?.child.kill();
  rmSync(work, { recursive: true, force: true });
});

describe("rpdi/client against rpdi serve", () => {
  it("logs in with the MFA secret and reads a list", async () => {
    const mfa = client({ credentials: { ...MFA, password: PASSWORD } });
    expect((await mfa.lists.offices()).length).toBeGreaterThan(0);
  });

  it("a wrong MFA secret or password is an authentication error, never a bare response", async () => {
    const wrongCode = client({
      credentials: { ...MFA, password: PASSWORD, mfaSecret: "GEZDGNBVGY3TQOJQ" },
    });
    await expect(wrongCode.lists.departments()).rejects.toBeInstanceOf(RpdiAuthenticationError);
    const wrongPassword = client({ credentials: { email: ADMIN, password: "not-it" } });
    const failure = await wrongPassword.lists.departments().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RpdiAuthenticationError);
    expect(String((failure as Error).message)).not.toContain("not-it");
  });

  it("answers a forced 401 with one fresh login and one retry", async () => {
    let spoiled = false;
    const logins: number[] = [];
    const recovering = client({
      fetch: async (input, init) => {
        const url = new URL(String(input));
        if (url.pathname.includes("/admin/auth")) logins.push(Date.now());
        const headers = new Headers(init?.headers);
        if (!spoiled && url.pathname.endsWith("/departments")) {
          spoiled = true;
          headers.set("cookie", "SERVICEAUTH=expired.or.forged");
        }
        return fetch(input, { ...init, headers });
      },
    });
    expect(await recovering.lists.departments()).toEqual(SANDBOX.organization.departments);
    expect(spoiled).toBe(true);
    expect(logins).toHaveLength(2);
  });

  it("member methods: import from a Node stream, a refused file, example CSV, PDF, bulk remove in batches", async () => {
    const api = client();
    const example = await api.members.exampleCsv("RECRUIT", 3);
    expect(example.split("\n")[0]).toContain("Email");
    const file = [
      "First Name,Last Name,Email",
      "Iris,Client,iris.client@hartwell.example",
      "Jon,Client,jon.client@hartwell.example",
    ].join("\n");
    const imported = await api.members.importCsv("RECRUIT", Readable.from([Buffer.from(file)]));
    expect(imported.createdCount).toBe(2);
    const refused = await api.members
      .importCsv("RECRUIT", "First Name,Last Name,Email\nBo,Li,not-an-email\n")
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RpdiValidationError);
    expect((refused as RpdiValidationError).body).toMatchObject({
      fileError: null,
      rowColumnErrors: [{ rowNumber: 1, columnName: "Email", type: "INVALID_EMAIL" }],
    });
    const pdf = await api.members.importInstructionsPdf("PERFORM");
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe("%PDF-");
    const batches: number[] = [];
    const removed = await api.members.bulkRemove(
      "RECRUIT",
      ["iris.client@hartwell.example", "jon.client@hartwell.example", "nobody@hartwell.example"],
      { batchSize: 2, onBatch: (progress) => batches.push(progress.removedCount) },
    );
    expect(removed).toEqual({ removedCount: 2 });
    expect(batches).toHaveLength(2);
  });

  it("every lookup list", async () => {
    const { lists } = client();
    expect(await lists.lawSchoolsCsv()).toContain("Harvard");
    expect((await lists.practiceAreas()).length).toBeGreaterThan(0);
    expect(await lists.practiceAreasCsv()).not.toBe("");
    expect((await lists.staticPracticeAreas()).length).toBeGreaterThan(0);
    expect(await lists.firmPracticeAreas()).toEqual(expect.any(Array));
    expect(await lists.departments()).toEqual(SANDBOX.organization.departments);
    expect(await lists.departmentsCsv()).toContain(SANDBOX.organization.departments[0]);
    expect((await lists.offices()).length).toBe(SANDBOX.organization.offices.length);
    expect((await lists.staticOffices()).length).toBeGreaterThan(0);
    expect(await lists.memberLevels()).toEqual(SANDBOX.organization.memberLevels);
  });

  it("matter methods: validate, upsert, a refused file, an unknown cycle, and the deprecated pair", async () => {
    const { matters } = client();
    const header =
      "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description";
    const file = `${header}\nM-1,Merger,ben.marsh@hartwell.example,ada.okoye@hartwell.example,1/15/2026,2/15/2026,12.5,Acme,Due diligence\n`;
    expect(await matters.validateUpsert(file)).toEqual({
      numValidRows: 1,
      rowErrors: [],
      fileError: null,
    });
    expect(await matters.upsert(REVIEW_CYCLE, file)).toEqual({ created: 1, updated: 0 });
    expect(await matters.upsert(REVIEW_CYCLE, new Blob([file]))).toEqual({
      created: 0,
      updated: 0,
    });
    const bad = file.replace("1/15/2026", "2026-01-15");
    const refused = await matters.upsert(REVIEW_CYCLE, bad).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RpdiValidationError);
    expect((refused as RpdiValidationError<string>).body).toContain("Start Date");
    await expect(
      matters.upsert("00000000-0000-4000-8000-000000000000", file),
    ).rejects.toBeInstanceOf(RpdiNotFoundError);
    expect((await matters.validateCsv(bad)).rowErrors).toEqual([
      { rowNumber: 1, columnsWithErrors: ["Start Date"] },
    ]);
    await expect(
      matters.uploadCsv(REVIEW_CYCLE, file.replace("M-1", "M-2")),
    ).resolves.toBeUndefined();
  });

  it("GraphQL operations, each typed", async () => {
    const { graphql } = client();
    const ben = await graphql.memberById("m-002");
    expect(ben?.email).toBe("ben.marsh@hartwell.example");
    expect(await graphql.memberById("m-nobody")).toBeNull();
    const page = await graphql.membersByProduct("PERFORM", { first: 2 });
    expect(page.nodes).toHaveLength(2);
    const everyone: string[] = [];
    for await (const member of graphql.allMembersByProduct("PERFORM", { pageSize: 2 }))
      everyone.push(member.id);
    expect(everyone.slice(0, 2)).toEqual(page.nodes.map((member) => member.id));
    expect(new Set(everyone).size).toBe(everyone.length);
    expect((await graphql.editEmployerMemberInfo("m-002", { jobTitle: "Counsel" })).jobTitle).toBe(
      "Counsel",
    );
    expect((await graphql.editEmployerMemberAuthInfo("m-002", { useMfa: "yes" })).useMfa).toBe(
      true,
    );
    expect(
      (await graphql.editUniversityMemberInfo("m-006", { firstName: "Felicia" })).firstName,
    ).toBe("Felicia");
    const granted = await graphql.addEmployerMemberProductUserRole("m-004", "PERFORM");
    expect(granted.products).toContainEqual({ product: "PERFORM", role: "MEMBER" });
    const revoked = await graphql.revokeProductUserAccess("m-004", "PERFORM");
    expect(revoked.products).not.toContainEqual({ product: "PERFORM", role: "MEMBER" });
    expect(await graphql.deleteMember("m-007")).toBe("m-007");
    await expect(graphql.deleteMember("m-007")).rejects.toBeInstanceOf(RpdiNotFoundError);
    const invalid = await graphql
      .editEmployerMemberInfo("m-002", { email: "not-an-email" })
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(RpdiValidationError);
    const raw = await graphql.request('{ memberById(id: "m-001") { email } }');
    expect(raw.data).toEqual({ memberById: { email: "ada.okoye@hartwell.example" } });
  });

  it("the feed: a refused filter is a validation error with the spec's body", async () => {
    const refused = await client()
      .feed.jobApplications({ status: "No Such Step" })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RpdiValidationError);
    expect((refused as RpdiValidationError<{ error: string }>).body.error).toContain(
      "Valid statuses",
    );
  });

  it("honours 429: waits at least the Retry-After the service asked for, then succeeds", async () => {
    const feed = client().feed;
    sent.length = 0;
    waits.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 7 }, () =>
        feed.jobApplications({ start: RANGE.since, end: RANGE.until }),
      ),
    );
    const refusals = sent.filter((call) => call.status === 429);
    expect(refusals.length).toBeGreaterThan(0);
    expect(waits.length).toBeGreaterThanOrEqual(refusals.length);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(1000);
    expect(new Set(answers.map((answer) => answer.length)).size).toBe(1);
  });

  it("pulls a two-month range in 7-day windows: every application once, with exactly the changes one request gives", async () => {
    const api = client();
    const truth = await api.feed.jobApplications({
      start: RANGE.since,
      end: `${RANGE.until}T00:00:00Z`,
    });
    const pull = api.feed.pull({ ...RANGE, windowMs: 7 * 86_400_000, unknownDegree: "Other" });
    const pulled: JobApplication[] = [];
    for await (const application of pull) pulled.push(application);
    expect(pull.stats.windows).toBe(9);
    expect(pulled.map((a) => a.applicationId).sort()).toEqual(
      truth.map((a) => a.applicationId).sort(),
    );
    const changes = (applications: JobApplication[]) =>
      new Map(
        applications.map((a) => [
          a.applicationId,
          a.jobApplicationStatuses
            .map((s) => `${s.statusName}@${Date.parse(s.statusUpdatedAt)}`)
            .sort(),
        ]),
      );
    expect(changes(pulled)).toEqual(changes(truth));
    expect(truth.length).toBeGreaterThan(55);
    for (const application of pulled)
      for (const entry of application.educationHistory ?? [])
        expect(entry.degree === null || entry.degree !== "Bachelor of Laws (Honours)").toBe(true);
    expect(pull.stats.unknownDegrees.get("Bachelor of Laws (Honours)")).toBeGreaterThan(0);
  });
});
