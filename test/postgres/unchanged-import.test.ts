import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import { createPostgresStore } from "../../src/postgres/adapter";
import { pgliteClient } from "./stores";

const organization = {
  id: "org-unchanged",
  shortName: "unchanged",
  name: "Unchanged",
  lawSchools: ["Yale Law School"],
};
const FILE = [
  "First Name,Last Name,Email,Manager Email,Mentor Emails,Law School,Graduation Year",
  "Ada,Lovelace,ada@unchanged.example,,,Yale Law School,2001",
  "Grace,Hopper,grace@unchanged.example,ada@unchanged.example,ada@unchanged.example,,",
  "Alan,Turing,alan@unchanged.example,ada@unchanged.example,ada@unchanged.example;grace@unchanged.example,Yale Law School,2005",
].join("\n");

/**
 * Every stored member row (its products, education and mentors included) with the transaction
 * that last wrote it.
 */
async function rowVersions(schema: string) {
  const { rows } = await pgliteClient().query<{ version: string }>(
    `SELECT row_to_json(t)::text || '@' || t.xmin::text AS version FROM "${schema}".members t WHERE org_id = $1 ORDER BY 1`,
    [organization.id],
  );
  return rows.map((row) => row.version);
}

describe("re-importing an unchanged member file on PostgreSQL", () => {
  for (const [path, copyFromRows] of [
    ["unnest arrays", Number.POSITIVE_INFINITY],
    ["COPY", 0],
  ] as const) {
    it(`rewrites no stored member row, its products, education and mentors included (${path})`, async () => {
      const schema = `rpdi_unchanged_${process.pid}_${copyFromRows === 0 ? "copy" : "arrays"}`;
      const store = createPostgresStore({ client: pgliteClient(), schema, copyFromRows });
      await store.migrate();
      try {
        await store.loadSnapshot(parseOrganizationSnapshot({ organization }));
        const input = {
          orgId: organization.id,
          product: "PERFORM" as const,
          file: FILE,
          now: new Date("2026-06-15T12:00:00Z"),
        };
        expect((await importMembers(store, input)).ok).toBe(true);
        const before = await rowVersions(schema);
        expect(before).toHaveLength(3);
        const mentorLinks = before.map(
          (row) =>
            (/"mentor_ids":\[([^\]]*)\]/.exec(row)?.[1] ?? "").split(",").filter(Boolean).length,
        );
        expect(mentorLinks.reduce((sum, count) => sum + count, 0)).toBe(3);
        const again = await importMembers(store, {
          ...input,
          now: new Date("2026-06-16T12:00:00Z"),
        });
        expect(again.ok && again.result).toMatchObject({ createdCount: 0, updatedCount: 3 });
        expect(await rowVersions(schema)).toEqual(before);

        // A changed file still changes exactly what it names.
        const changed = FILE.replace("Alan,Turing", "Alan,Mathison-Turing").replace(
          "ada@unchanged.example;grace@unchanged.example",
          "grace@unchanged.example",
        );
        expect((await importMembers(store, { ...input, file: changed })).ok).toBe(true);
        const after = await store.exportSnapshot(organization.id);
        const alan = after?.members.find((member) => member.email === "alan@unchanged.example");
        expect(alan?.lastName).toBe("Mathison-Turing");
        const grace = after?.members.find((member) => member.email === "grace@unchanged.example");
        expect(alan?.mentorIds).toEqual([grace?.id]);
      } finally {
        await pgliteClient().query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      }
    });
  }
});
