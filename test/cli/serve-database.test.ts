import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateTotp } from "../../src/auth/totp";
import { createPostgresStore } from "../../src/postgres/adapter";
import { DATABASE_URL } from "../postgres/stores";
import { redisAnswers } from "../support/redis";
import { startServe } from "../support/serve";

const SCHEMA = `rpdi_instances_${process.pid}`;
const SECRET = "a-fake-token-secret-for-these-tests-only-0123456789";
const ADMIN = { email: "sandbox.admin@hartwell.example", password: "sandbox-password" };
const MFA = { email: "sandbox.mfa@hartwell.example", password: "sandbox-password" };
const MFA_SECRET = "JBSWY3DPEHPK3PXP";

/** The session cookie of a login, or `null` when it failed (the login answers 200 either way). */
async function logIn(root: string, form: Record<string, string>): Promise<string | null> {
  const response = await fetch(`${root}/app/sandbox/admin/auth/`, {
    method: "POST",
    body: new URLSearchParams(form),
  });
  await response.arrayBuffer();
  const cookie = response.headers.get("set-cookie");
  return cookie === null || !/=[^;]+/.test(cookie.split(";")[0] ?? "")
    ? null
    : (cookie.split(";")[0] as string);
}

async function importFile(rest: string, cookie: string, csv: string): Promise<number> {
  const form = new FormData();
  form.set("file", new Blob([csv]), "members.csv");
  const response = await fetch(`${rest}/members/import-csv?product=PERFORM`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const REDIS = await redisAnswers(REDIS_URL);

/** Three `rpdi serve` processes on one schema, their limits where `extra` puts them. */
function threeInstances(SCHEMA: string, extra: string[]) {
  return () => {
    const instances: { child: ChildProcess; rest: string; root: string }[] = [];
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });

    beforeAll(async () => {
      const args = [
        "--database-url",
        DATABASE_URL as string,
        "--schema",
        SCHEMA,
        "--pool-size",
        "4",
        ...extra,
      ];
      // The first one migrates and seeds; the others find the organization there.
      for (let n = 0; n < 3; n++) {
        const started = await startServe(args, { RPDI_TOKEN_SECRET: SECRET });
        instances.push({ ...started, root: started.rest.replace(/\/api\/v2$/, "") });
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(
        instances.map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once("exit", () => resolve());
              child.kill("SIGTERM");
            }),
        ),
      );
      await pool.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
      await pool.end();
    });

    const instance = (n: number) => instances[n % instances.length] as (typeof instances)[number];

    it("seeds the organization once and serves it from every instance", () => {
      expect(instances).toHaveLength(3);
    });

    it("counts the feed's limit once: of 1,100 requests spread round-robin, 1,000 answer 200 and 100 answer 429 with Retry-After", async () => {
      const cookie = await logIn(instance(0).root, ADMIN);
      expect(cookie).not.toBeNull();
      const answers: { status: number; retryAfter: string | null }[] = [];
      for (let batch = 0; batch < 1100; batch += 10) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, async (_, offset) => {
              const response = await fetch(
                `${instance(batch + offset).root}/v1/job-applications?job_application_status_start=2025-01-01`,
                { headers: { cookie: cookie as string } },
              );
              await response.arrayBuffer();
              return { status: response.status, retryAfter: response.headers.get("retry-after") };
            }),
          )),
        );
      }
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1000);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(100);
      expect(refused.every((answer) => Number(answer.retryAfter) >= 1)).toBe(true);
    }, 120_000);

    it("accepts a TOTP code once: the code one instance accepted is refused by the others", async () => {
      const code = generateTotp(MFA_SECRET, new Date());
      expect(await logIn(instance(0).root, { ...MFA, mfaCode: code })).not.toBeNull();
      expect(await logIn(instance(1).root, { ...MFA, mfaCode: code })).toBeNull();
      expect(await logIn(instance(2).root, { ...MFA, mfaCode: code })).toBeNull();
    });

    it("ends two imports sent to two instances at once in the state of one serial order", async () => {
      const cookie = (await logIn(instance(0).root, ADMIN)) as string;
      const header = "First Name,Last Name,Email,Job Title\n";
      const first = `${header}Robin,First,robin.shared@hartwell.example,From the first file\nAri,Only,ari.first@hartwell.example,First\n`;
      const second = `${header}Robin,Second,robin.shared@hartwell.example,From the second file\nSam,Only,sam.second@hartwell.example,Second\n`;
      const statuses = await Promise.all([
        importFile(instance(1).rest, cookie, first),
        importFile(instance(2).rest, cookie, second),
      ]);
      expect(statuses).toEqual([200, 200]);
      const store = createPostgresStore({
        client: pool,
        schema: SCHEMA,
        feedIndex: { maxStatusChanges: 0 },
      });
      const state = await store.exportSnapshot("org-sandbox");
      const robin = state?.members.filter(
        (member) => member.email === "robin.shared@hartwell.example",
      );
      expect(robin).toHaveLength(1);
      const lastName = robin?.[0]?.lastName;
      expect(["First", "Second"]).toContain(lastName);
      // One serial order: the file that ran second wrote Robin whole, and both files' own members exist.
      expect(robin?.[0]?.jobTitle).toBe(
        lastName === "First" ? "From the first file" : "From the second file",
      );
      const emails = new Set(state?.members.map((member) => member.email));
      expect(
        emails.has("ari.first@hartwell.example") && emails.has("sam.second@hartwell.example"),
      ).toBe(true);
    });

    it("holds back an account whose failures were spread over the instances, on every instance", async () => {
      for (let n = 0; n < 5; n++)
        expect(await logIn(instance(n).root, { ...ADMIN, password: "wrong-password" })).toBeNull();
      for (let n = 0; n < 3; n++) expect(await logIn(instance(n).root, ADMIN)).toBeNull();
    });
  };
}

describe.skipIf(DATABASE_URL === undefined)(
  "three rpdi serve processes on one PostgreSQL, limits shared in the database (skipped: DATABASE_URL names no server)",
  threeInstances(SCHEMA, []),
);

describe.skipIf(DATABASE_URL === undefined || !REDIS)(
  `three rpdi serve processes on one PostgreSQL, limits shared in Redis (skipped without DATABASE_URL or a Redis answering at ${REDIS_URL})`,
  threeInstances(`${SCHEMA}_redis`, ["--redis-url", REDIS_URL]),
);
