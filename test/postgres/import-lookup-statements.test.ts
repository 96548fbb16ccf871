import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import { ADDRESSES_PER_LOOKUP } from "../../src/members/named-users";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import { generateMemberBenchInput, MEMBER_BENCH_NOW } from "../bench/member-file";
import { dropStore, freshStore, pgliteClient } from "./stores";

const input = generateMemberBenchInput(600 * 1024, 1500);
const file = new TextEncoder().encode(input.csv);
const snapshot = parseOrganizationSnapshot({
  organization: input.organization,
  members: input.members,
});

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
      await store.loadSnapshot(snapshot);
      sent.length = 0;
      const outcome = await run(store);
      const expected = await run(createMemoryStore(snapshot));
      expect(outcome.ok).toBe(true);
      expect(outcome.result).toEqual(expected.result);

      const byAddress = sent.filter((sql) => sql.includes("lower(m.email) = ANY($2"));
      const outside = sent.filter((sql) => sql.includes("org_id <> $1"));
      // The file names more addresses than one batch holds: each batch is a single statement.
      expect(input.rows).toBeGreaterThan(ADDRESSES_PER_LOOKUP);
      expect(byAddress.length).toBeGreaterThan(1);
      expect(outside).toEqual(byAddress);
    } finally {
      await dropStore(store);
    }
  });
});
