import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type OrganizationSnapshotInput,
  parseOrganizationSnapshot,
} from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import { sandboxSnapshot } from "../http/support";
import { DATABASE_URL, dropStore, freshStore } from "./stores";

const ORG = sandboxSnapshot().organization.id as string;

function memberFile(from: number, count: number): string {
  const rows = ["First Name,Last Name,Email,Manager Email"];
  for (let n = from; n < from + count; n++) {
    const manager = n === from ? "" : `scale${from}@hartwell.example`;
    rows.push(`Scale,Member${n},scale${n}@hartwell.example,${manager}`);
  }
  return `${rows.join("\n")}\n`;
}

function snapshotWith(members: number): OrganizationSnapshotInput {
  const snapshot = sandboxSnapshot();
  snapshot.members = [
    ...(snapshot.members ?? []),
    ...Array.from({ length: members }, (_, n) => ({
      id: `s-${n}`,
      email: `replacement${n}@hartwell.example`,
      firstName: "Replacement",
      lastName: `Member${n}`,
      managerId: n === 0 ? null : "s-0",
      mentorIds: n < 2 ? [] : ["s-1"],
      products: [{ product: "PERFORM" as const, role: "MEMBER" as const }],
    })),
  ];
  return snapshot;
}

// On the real server only: PGlite's one in-process connection is not the pooled production shape.
describe.skipIf(DATABASE_URL === undefined)("PostgreSQL at scale (DATABASE_URL)", () => {
  let pool: pg.Pool;
  beforeAll(() => {
    // One connection, so every statement below runs where the first small import cached its plans.
    pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
  });

  it("replaces a 20,000-member organization an import grew to 40,000, on a connection first used when it was empty", async () => {
    const store = await freshStore(pool, "rpdi_scale");
    try {
      await store.loadSnapshot(parseOrganizationSnapshot(snapshotWith(0)));
      const importFile = async (from: number, count: number) => {
        const outcome = await importMembers(store, {
          orgId: ORG,
          product: "PERFORM",
          file: memberFile(from, count),
          now: new Date("2026-06-15T12:00:00Z"),
        });
        expect(outcome.ok).toBe(true);
      };
      await importFile(0, 3);
      await importFile(100, 20_000);
      await importFile(100_000, 20_000);
      const grown = await store.exportSnapshot(ORG);
      expect(grown?.members.length).toBeGreaterThan(40_000);
      await store.loadSnapshot(parseOrganizationSnapshot(snapshotWith(20_000)));
      const replaced = await store.exportSnapshot(ORG);
      const scale = replaced?.members.filter((member) => member.id.startsWith("s-")) ?? [];
      expect(scale).toHaveLength(20_000);
      expect(replaced?.members.some((member) => member.email.startsWith("scale"))).toBe(false);
      expect(scale.find((member) => member.id === "s-9")?.mentorIds).toEqual(["s-1"]);
    } finally {
      await dropStore(store);
    }
    // Seconds on this machine; the limit only keeps a regression to minutes from hanging CI.
  }, 300_000);
});
