import { describe, expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import { createMemoryStore } from "../../src/memory/store";
import type { PostgresStore } from "../../src/postgres/adapter";
import type { Store } from "../../src/store/port";
import { generateMemberBenchInput, MEMBER_BENCH_NOW } from "../bench/member-file";
import { dropStore, freshStore, pgliteClient } from "../postgres/stores";
import { withNamedTokens } from "../support/account-tokens";
import { sequentialIds } from "../support/sequential-ids";
import { turnsDuring, withClockOfReads } from "../support/turns";

const input = generateMemberBenchInput(128 * 1024, 300);
const snapshot = organizationSnapshotSchema.parse({
  organization: input.organization,
  members: input.members,
});
const orgId = input.organization.id;

/** The import of the generated file, with the service's default pace or `pace: null`. */
function importFile(store: Store, paced: boolean) {
  return importMembers(store, {
    orgId,
    product: "PERFORM",
    file: new TextEncoder().encode(input.csv),
    now: MEMBER_BENCH_NOW,
    newId: sequentialIds(),
    ...(paced ? {} : { pace: null }),
  });
}

/** Imports into a fresh store from `open`, counting the loop's turns; the answer and the state. */
async function run(
  open: () => Promise<Store>,
  close: (store: Store) => Promise<void>,
  paced: boolean,
) {
  const store = await open();
  try {
    const { result: outcome, turns } = await withClockOfReads(() =>
      turnsDuring(() => importFile(store, paced)),
    );
    expect(outcome.ok).toBe(true);
    return {
      turns,
      answer: withNamedTokens({ outcome, state: await store.exportSnapshot(orgId) }),
    };
  } finally {
    await close(store);
  }
}

const stores: [string, () => Promise<Store>, (store: Store) => Promise<void>][] = [
  ["the memory store", async () => createMemoryStore(snapshot), async () => {}],
  [
    "PostgreSQL (PGlite)",
    async () => {
      const store: PostgresStore = await freshStore(pgliteClient(), "yields");
      await store.loadSnapshot(snapshot);
      return store;
    },
    (store) => dropStore(store),
  ],
];

describe.each(stores)("importMembers on %s", (_name, open, close) => {
  it("lets the event loop turn while it works, by default, and answers and stores what the unpaced import does", async () => {
    const paced = await run(open, close, true);
    const whole = await run(open, close, false);
    expect(paced.answer).toEqual(whole.answer);
    // Two 64 KiB steps of reading, two of each phase's 256 rows, the store's writes: with a
    // slice of 3 clock reads, a turn every few steps. Unpaced, neither store gives one.
    expect(paced.turns).toBeGreaterThanOrEqual(4);
    expect(whole.turns).toBe(0);
  });
});
