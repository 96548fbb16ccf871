import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applicationsCommand } from "../../src/cli/applications-record";
import type { CliIo } from "../../src/cli/io";
import type { OpenStore } from "../../src/cli/open-store";
import { orgCommand } from "../../src/cli/org-apply";
import type { PostgresStore } from "../../src/postgres/adapter";
import { ACME, ACME_JOB, acmeApplication } from "../http/operator-support";
import { DATABASE_URL, dropStore, freshStore, pgliteClient } from "../postgres/stores";
import { runCliInMemory } from "../support/cli";

/**
 * The PostgreSQL adapter's live-data operations: until it has them every store answers
 * NOT_SUPPORTED, and these suites say so in their titles instead of failing.
 */
const store = await freshStore(pgliteClient(), "rpdi_operator_cli");
const LIVE =
  typeof (store as PostgresStore & { createOrganization?: unknown }).createOrganization ===
  "function";
afterAll(() => dropStore(store));

function collected() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: async (path) => (await import("node:fs/promises")).readFile(path),
    fileSize: async (path) => (await (await import("node:fs/promises")).stat(path)).size,
    writeFile: async () => undefined,
    color: false,
    now: () => new Date("2026-06-15T12:00:00Z"),
  };
  return {
    io,
    taken: () => {
      const text = out.join("") + err.join("");
      out.length = 0;
      err.length = 0;
      return text;
    },
  };
}

const files = () => {
  const dir = mkdtempSync(join(tmpdir(), "rpdi-operator-pg-"));
  const org = join(dir, "org.json");
  const applications = join(dir, "applications.ndjson");
  writeFileSync(
    applications,
    `${JSON.stringify(acmeApplication("a-1", "c-1"))}\n${JSON.stringify(acmeApplication("a-2", "c-2"))}\n`,
  );
  return { org, applications };
};

describe.skipIf(!LIVE)(
  `rpdi org apply and applications record on PGlite${LIVE ? "" : " (skipped: the PostgreSQL store has no live-data operations yet)"}`,
  () => {
    const seam: OpenStore = async () => ({ store, close: async () => undefined });
    const DB = ["--database-url", "postgres://pglite.invalid/test"];

    it("creates, changes, finds nothing to change, and records applications", async () => {
      const { io, taken } = collected();
      const { org, applications } = files();
      writeFileSync(org, JSON.stringify({ organization: ACME, jobs: [ACME_JOB] }));
      expect(await orgCommand(["apply", org, ...DB], io, seam)).toBe(0);
      expect(taken()).toBe("created organization org-acme (acme, Acme LLP)\ncreated 1 job\n");
      writeFileSync(
        org,
        JSON.stringify({
          organization: { ...ACME, departments: ["Litigation", "Tax"] },
          jobs: [ACME_JOB],
        }),
      );
      expect(await orgCommand(["apply", org, ...DB], io, seam)).toBe(0);
      expect(taken()).toBe("changed departments\n");
      expect(await orgCommand(["apply", org, ...DB], io, seam)).toBe(0);
      expect(taken()).toBe("nothing changed\n");
      const record = ["record", applications, "--org", "org-acme", ...DB];
      expect(await applicationsCommand(record, io, seam)).toBe(0);
      expect(taken()).toBe(
        "recorded 2 applications in 1 batch: 2 created, 0 updated, 0 unchanged; 2 status changes added\n",
      );
    });
  },
);

describe.skipIf(!LIVE || DATABASE_URL === undefined)(
  "rpdi org apply and applications record on the real server (DATABASE_URL)",
  () => {
    const schema = `rpdi_operator_cli_${process.pid}`;
    afterAll(async () => {
      const pg = (await import("pg")).default;
      const pool = new pg.Pool({ connectionString: DATABASE_URL });
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    });

    it("goes through --database-url, then nothing changes the second time", async () => {
      const { org, applications } = files();
      writeFileSync(org, JSON.stringify({ organization: ACME, jobs: [ACME_JOB] }));
      const db = ["--database-url", DATABASE_URL as string, "--schema", schema];
      const first = await runCliInMemory(["org", "apply", org, ...db]);
      expect([first.code, first.out]).toEqual([
        0,
        "created organization org-acme (acme, Acme LLP)\ncreated 1 job\n",
      ]);
      const again = await runCliInMemory(["org", "apply", org, ...db]);
      expect([again.code, again.out]).toEqual([0, "nothing changed\n"]);
      const recorded = await runCliInMemory([
        "applications",
        "record",
        applications,
        "--org",
        "org-acme",
        ...db,
      ]);
      expect(recorded.code).toBe(0);
    }, 60_000);
  },
);
