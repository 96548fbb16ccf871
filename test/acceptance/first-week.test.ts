import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApplicationRecord } from "../../src/applications/input";
import { createClient, createOperatorClient, type RpdiClient } from "../../src/client/index";
import type { WelcomeEmail } from "../../src/domain/welcome-email";
import { DATABASE_URL } from "../postgres/stores";
import { cliFromSource, ROOT, startServe, stopServe } from "../support/serve";

const run = promisify(execFile);
const SCHEMA = `rpdi_first_week_${process.pid}`;
const SECRET = "a-fake-token-secret-for-the-first-week-test-0123456789";
const OPERATOR_TOKEN = "first-week-operator-token-fake-0123456789";
const ORG = "org-week";
const PASSWORD = "the firm's first admin passphrase";
const WEEK = Date.UTC(2026, 10, 23);
const DAY = 86_400_000;

const MEMBERS = [
  "First Name,Last Name,Email,Role,Office City,Office State (US Only),Office Country (Non-US Only)",
  "Ada,Stone,ada.stone@week.example,ADMIN,Chicago,IL,",
  "Ben,Okafor,ben.okafor@week.example,MEMBER,London,,United Kingdom",
].join("\n");

/** An application to `jobId` by candidate `n`, with the status changes given. */
function application(
  n: number,
  jobId: string,
  changes: [id: string, status: string, at: number][],
): ApplicationRecord {
  return {
    id: `app-${n}`,
    candidate: {
      id: `cand-${n}`,
      firstName: `Candidate${n}`,
      lastName: "Rivera",
      email: `candidate${n}@mail.example`,
    },
    jobId,
    address: { addressLine1: `${n} Lake Street`, city: "Chicago", state: "IL", zipCode: "60601" },
    education: [
      { university: "Example Law School", degree: "Juris Doctor", endDate: "2025-05-15" },
    ],
    statusChanges: changes.map(([id, statusName, at]) => ({
      id,
      statusName,
      at: new Date(at).toISOString().replace("Z", "-00:00"),
    })),
  };
}

/** The invitation tokens `rpdi outbox deliver` hands its sender, by address. */
async function deliverInvitations(): Promise<Map<string, string>> {
  const args = cliFromSource(
    "outbox",
    "deliver",
    "--once",
    "--database-url",
    DATABASE_URL as string,
    "--schema",
    SCHEMA,
  );
  const { stdout } = await run(process.execPath, args, { cwd: ROOT });
  const tokens = new Map<string, string>();
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const { orgId, email } = JSON.parse(line) as { orgId: string; email: WelcomeEmail };
    if (orgId === ORG && email.token !== null) tokens.set(email.email, email.token);
  }
  return tokens;
}

/** The person opens the invitation link and chooses a password, as a browser would. */
async function acceptInvitation(root: string, token: string): Promise<void> {
  const page = `${root}/app/week/admin/auth/invitation`;
  const opened = await fetch(`${page}?token=${encodeURIComponent(token)}`, { redirect: "manual" });
  expect(opened.status).toBe(303);
  const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const set = await fetch(page, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ password: PASSWORD, confirm: PASSWORD }),
  });
  expect(set.status).toBeLessThan(400);
}

describe.skipIf(DATABASE_URL === undefined)(
  "a firm's first week on PostgreSQL through rpdi serve and the clients only (DATABASE_URL)",
  () => {
    let serve: Awaited<ReturnType<typeof startServe>>;
    let root = "";
    const directory = mkdtempSync(join(tmpdir(), "rpdi-first-week-"));

    beforeAll(async () => {
      const tokenFile = join(directory, "operator-token");
      writeFileSync(tokenFile, `${OPERATOR_TOKEN}\n`, { mode: 0o600 });
      serve = await startServe(
        [
          "--database-url",
          DATABASE_URL as string,
          "--schema",
          SCHEMA,
          "--operator-token-file",
          tokenFile,
        ],
        { RPDI_TOKEN_SECRET: SECRET },
      );
      root = serve.rest.replace(/\/api\/v2$/, "");
    }, 120_000);

    afterAll(async () => {
      if (serve !== undefined) await stopServe(serve.child);
      rmSync(directory, { recursive: true, force: true });
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
      await pool.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
      await pool.end();
    });

    it("creates the firm, fills it in, imports its people, records a week of applications, serves them in the spec's shape and erases a candidate", async () => {
      const operator = createOperatorClient({ baseUrl: root, token: OPERATOR_TOKEN });

      // Monday: the organization, its offices, a pipeline and jobs.
      await operator.createOrganization({
        id: ORG,
        shortName: "week",
        name: "Week & Rivera LLP",
        siteUrl: "https://careers.week.example",
        offices: [{ city: "Chicago", state: "IL" }],
      });
      expect(
        await operator.upsertOffices(ORG, [{ city: "London", country: "United Kingdom" }]),
      ).toMatchObject({ added: 1, retired: 0 });
      await operator.upsertPipelines(ORG, [
        {
          id: "pl-lateral",
          name: "Lateral",
          steps: [
            { name: "Applied", bucket: "Active" },
            { name: "Interview", bucket: "Active" },
            { name: "Offer", bucket: "Offer" },
            { name: "Hired", bucket: "Hired" },
          ],
        },
      ]);
      expect(
        await operator.upsertJobs(ORG, [
          {
            id: "job-lit",
            title: "Litigation Associate",
            department: "Litigation",
            officeLocation: "Chicago",
          },
          { id: "job-tax", title: "Tax Associate", department: "Tax", officeLocation: "London" },
        ]),
      ).toMatchObject({ created: 2 });

      // Tuesday: the people, and the first admin's invitation accepted.
      expect(await operator.importMembers(ORG, "RECRUIT", MEMBERS)).toMatchObject({
        createdCount: 2,
      });
      const tokens = await deliverInvitations();
      await acceptInvitation(root, tokens.get("ada.stone@week.example") as string);

      // Wednesday: the HR feed turned on; the ATS records applications, in batches.
      await operator.updateOrganization(ORG, { features: ["hr-feed"] });
      const first = [
        application(1, "job-lit", [["1-a", "Applied", WEEK + 9 * 3_600_000]]),
        application(2, "job-lit", [["2-a", "Applied", WEEK + 10 * 3_600_000]]),
        application(3, "job-tax", [["3-a", "Applied", WEEK + 11 * 3_600_000]]),
      ];
      expect(await operator.recordJobApplications(ORG, first)).toEqual({
        created: 3,
        updated: 0,
        unchanged: 0,
        statusChangesAdded: 3,
      });
      expect(await operator.recordJobApplications(ORG, first)).toMatchObject({ unchanged: 3 });
      const later = [
        application(1, "job-lit", [
          ["1-a", "Applied", WEEK + 9 * 3_600_000],
          ["1-b", "Interview", WEEK + 2 * DAY],
        ]),
        application(2, "job-lit", [["2-b", "Offer", WEEK + 3 * DAY]]),
      ];
      expect(await operator.recordJobApplications(ORG, later)).toMatchObject({
        updated: 2,
        statusChangesAdded: 2,
      });
      const crowd = Array.from({ length: 600 }, (_, index) =>
        application(100 + index, index % 2 === 0 ? "job-lit" : "job-tax", [
          [`${100 + index}-a`, "Applied", WEEK + DAY + index * 60_000],
        ]),
      );
      expect(await operator.recordJobApplications(ORG, crowd)).toMatchObject({ created: 600 });

      // Thursday: the HR system reads the feed with the admin's session.
      const client: RpdiClient = createClient({
        loginUrl: `${root}/app/week/admin/auth/`,
        baseUrl: serve.rest,
        apiUrl: root,
        credentials: { email: "ada.stone@week.example", password: PASSWORD },
      });
      const window = {
        start: new Date(WEEK).toISOString().slice(0, 19),
        end: new Date(WEEK + 4 * DAY).toISOString().slice(0, 19),
      };
      const items = await client.feed.jobApplications(window);
      expect(items).toHaveLength(603);
      expect(items.find((item) => item.applicationId === "app-1")).toEqual({
        firstName: "Candidate1",
        lastName: "Rivera",
        email: "candidate1@mail.example",
        phone: null,
        candidateId: "cand-1",
        candidateUrl: "https://careers.week.example/app/week/candidates/cand-1",
        applicationId: "app-1",
        jobTitle: "Litigation Associate",
        jobId: "job-lit",
        department: "Litigation",
        officeLocation: "Chicago",
        employmentType: "",
        hiringType: "",
        position: "",
        requisitionId: null,
        startDate: null,
        salary: null,
        addressLine1: "1 Lake Street",
        addressLine2: "",
        city: "Chicago",
        state: "IL",
        zipCode: "60601",
        jobApplicationLastStatusUpdate: new Date(WEEK + 2 * DAY).toISOString(),
        jobApplicationStatuses: [
          {
            statusName: "Applied",
            statusBucketName: "Active",
            statusUpdatedAt: new Date(WEEK + 9 * 3_600_000).toISOString(),
          },
          {
            statusName: "Interview",
            statusBucketName: "Active",
            statusUpdatedAt: new Date(WEEK + 2 * DAY).toISOString(),
          },
        ],
        educationHistory: [
          {
            university: "Example Law School",
            degree: "Juris Doctor",
            startDate: null,
            endDate: "2025-05-15",
          },
        ],
      });
      expect(
        (await client.feed.jobApplications({ ...window, bucket: "offer" })).map(
          (item) => item.applicationId,
        ),
      ).toEqual(["app-2"]);

      // Friday: an erasure request.
      expect(await operator.eraseCandidate(ORG, "cand-1")).toEqual({
        erased: { candidates: 1, applications: 1 },
      });
      const after = await client.feed.jobApplications(window);
      expect(after).toHaveLength(602);
      expect(JSON.stringify(after)).not.toContain('cand-1"');
      await client.logOut();
    }, 120_000);
  },
);
