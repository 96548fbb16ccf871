import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import { ADDRESSES_PER_LOOKUP } from "../../src/members/named-users";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import { generateMemberBenchInput, MEMBER_BENCH_NOW } from "../bench/member-file";
import { withTx } from "../support/tx-override";
import { dropStore, freshStore, pgliteClient } from "./stores";

const input = generateMemberBenchInput(600 * 1024, 1500);
const file = new TextEncoder().encode(input.csv);
const snapshots = [
  parseOrganizationSnapshot({ organization: input.organization, members: input.members }),
  // Another organization whose users hold two addresses the file creates members with.
  parseOrganizationSnapshot({
    organization: { id: "elsewhere", shortName: "elsewhere", name: "Elsewhere LLP" },
    members: [1, 3].map((row) => ({
      id: `x-${row}`,
      email: `NEW.${row}@bench.example`,
      firstName: "Else",
      lastName: "Where",
    })),
  }),
];

function ids(): () => string {
  let next = 0;
  return () => `id-${next++}`;
}

const run = (store: Store) =>
  importMembers(store, {
    orgId: input.organization.id,
    product: "PERFORM",
    file,
    now: MEMBER_BENCH_NOW,
    newId: ids(),
  });

describe("a PostgreSQL import's look-ups", () => {
  it("send each batch of the addresses a file names once, in one statement for the members and the other organizations' users, and answer as the memory store", async () => {
    const sent: string[] = [];
    const store = await freshStore(pgliteClient(), "lookup_statements", {
      onStatement: (sql) => sent.push(sql),
    });
    try {
      for (const snapshot of snapshots) await store.loadSnapshot(snapshot);
      sent.length = 0;
      const outcome = await run(store);
      // The memory store has no reading together: its batches are its loadMembersByEmail calls.
      let batches = 0;
      const memory = withTx(createMemoryStore(snapshots), (tx) => ({
        ...tx,
        loadMembersByEmail: (emails) => {
          batches++;
          return tx.loadMembersByEmail(emails);
        },
      }));
      const expected = await run(memory);
      // The two addresses other users hold refuse the file, after every row was read.
      expect(outcome.ok).toBe(false);
      expect(outcome.result).toEqual(expected.result);
      expect(JSON.stringify(outcome.result)).toContain("new.1@bench.example");

      const byAddress = sent.filter((sql) => sql.includes("lower(m.email) = ANY($2"));
      const outside = sent.filter((sql) => sql.includes("org_id <> $1"));
      expect(input.rows).toBeGreaterThan(ADDRESSES_PER_LOOKUP);
      expect(batches).toBeGreaterThan(1);
      expect(byAddress).toHaveLength(batches);
      expect(outside).toEqual(byAddress);
    } finally {
      await dropStore(store);
    }
  });
});
