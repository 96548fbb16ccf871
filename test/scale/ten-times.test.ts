import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { jobApplicationListSchema } from "../../src/domain/feed-record";
import { memberValidationResultSchema } from "../../src/members/result";
import { FEED_PIPELINES } from "../../src/testing/feed-arbitraries";
import { generateFeedSnapshot } from "../bench/feed-data";
import { ADMIN, sandbox, sandboxSnapshot } from "../http/support";
import { runCliInMemory } from "../support/cli";
import { importMembersTenTimes, TEN_TIMES_ROWS } from "./ten-times-import";

const ORG = sandboxSnapshot().organization.id as string;

async function signedIn(options: Parameters<typeof sandbox>[0] = {}) {
  const context = sandbox(options);
  const cookie = (await context.login(ADMIN)) as string;
  const call = (path: string, init: RequestInit = {}) =>
    context.request(path, {
      ...init,
      headers: { cookie, ...(init.headers as Record<string, string>) },
    });
  return { ...context, call };
}

describe("ten times the everyday sizes, on the memory store", () => {
  it(`imports ${TEN_TIMES_ROWS.toLocaleString("en-US")} new members through the library, all created and each queued a welcome email`, async () => {
    const { store } = sandbox();
    await importMembersTenTimes(store, ORG);
  }, 120_000);

  it("prints a table of 200,000 row errors from rpdi validate members --all (50 without it) and exits 1, and --json is the spec's 400 body", async () => {
    const rows = ["First Name,Last Name,Email"];
    for (let n = 0; n < 200_000; n++) rows.push(`A,B,not-an-address-${n}`);
    const file = Buffer.from(`${rows.join("\n")}\n`);
    const serve = (io: Parameters<Parameters<typeof runCliInMemory>[1] & object>[0]) => {
      const readFile = io.readFile;
      io.readFile = async (path) => (path === "errors.csv" ? file : readFile(path));
      io.fileSize = async () => file.byteLength;
    };
    const args = [
      "validate",
      "members",
      "errors.csv",
      "--product",
      "PERFORM",
      "--org",
      "fixtures/sandbox.json",
    ];
    const table = await runCliInMemory([...args, "--report", "report.csv", "--all"], serve);
    expect(table.err).toBe("");
    expect(table.code).toBe(ExitCode.INVALID);
    const lines = table.out.split("\n");
    expect(lines.filter((line) => /not-an-address-/.test(line))).toHaveLength(200_000);
    // Without --all, the first 50 rows' errors and counts of the rest; the report stays whole.
    const capped = await runCliInMemory(args, serve);
    expect(capped.out.split("\n").filter((line) => /not-an-address-/.test(line))).toHaveLength(50);
    const report = table.written.get("report.csv") ?? "";
    const reported = report.split("\n").filter((line) => line.startsWith("Email (INVALID_EMAIL)"));
    expect(reported).toHaveLength(200_000);
    const json = await runCliInMemory([...args, "--json"], serve);
    expect(json.code).toBe(ExitCode.INVALID);
    const body = memberValidationResultSchema.parse(JSON.parse(json.out));
    expect(body.fileError).toBeNull();
    expect(body.rowColumnErrors).toHaveLength(200_000);
    expect(body.rowColumnErrors[199_999]).toMatchObject({
      rowNumber: 200_000,
      columnName: "Email",
      type: "INVALID_EMAIL",
    });
  });

  it("answers a feed of 100,000 records over HTTP as the spec's array", async () => {
    const snapshot = sandboxSnapshot();
    const feed = generateFeedSnapshot(ORG, 100_000, 3);
    snapshot.organization.pipelines = FEED_PIPELINES;
    snapshot.jobs = feed.jobs;
    snapshot.candidates = feed.candidates;
    snapshot.applications = feed.applications;
    const { call } = await signedIn({ snapshot });
    const response = await call(
      "/v1/job-applications?job_application_status_start=2024-01-01&job_application_status_end=2027-06-15",
    );
    expect(response.status).toBe(200);
    const records = jobApplicationListSchema.parse(await response.json());
    expect(records).toHaveLength(100_000);
    expect(new Set(records.map((record) => record.applicationId)).size).toBe(100_000);
  });

  it("removes 100,000 members' access in one bulk remove, answering the spec's count", async () => {
    const snapshot = sandboxSnapshot();
    const emails = Array.from({ length: 100_000 }, (_, n) => `removed${n}@hartwell.example`);
    snapshot.members = [
      ...(snapshot.members ?? []),
      ...emails.map((email, n) => ({
        id: `r-${n}`,
        email,
        firstName: "R",
        lastName: `${n}`,
        products: [{ product: "PERFORM" as const, role: "MEMBER" as const }],
      })),
    ];
    const { call, store } = await signedIn({ snapshot });
    const response = await call("/api/v2/members/bulk-remove", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ product: "PERFORM", emails }),
    });
    expect([response.status, await response.json()]).toEqual([200, { removedCount: 100_000 }]);
    const after = await store.exportSnapshot(ORG);
    const stillPerform = (after?.members ?? []).filter(
      (member) =>
        member.email.startsWith("removed") &&
        member.products.some((access) => access.product === "PERFORM"),
    );
    expect(stillPerform).toEqual([]);
  });
});
