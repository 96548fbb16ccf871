import { describe, expect, it } from "vitest";
import { removeProductAccess } from "../../src/members/remove";
import { createMemoryStore } from "../../src/memory/store";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { turnsDuring, withClockOfReads } from "../support/turns";

/**
 * A large body: 10,000 addresses no member has between two plain members' addresses, one of them
 * also in another case at the end, so the store's case-blind look-up finds that member in the
 * first slice of addresses and again in the last.
 */
const emails = [
  "Cleo@firm.example",
  ...Array.from({ length: 10_000 }, (_, index) => `nobody.${index}@firm.example`),
  "ben@firm.example",
  "cleo@firm.example",
];

async function run(paced: boolean) {
  const store = createMemoryStore(seedOrganization());
  const { result, turns } = await withClockOfReads(() =>
    turnsDuring(() =>
      removeProductAccess(store, {
        orgId: SEED_ORG_ID,
        product: "PERFORM",
        emails,
        ...(paced ? {} : { pace: null }),
      }),
    ),
  );
  return { result, turns, state: await store.exportSnapshot(SEED_ORG_ID) };
}

describe("removeProductAccess of a large body", () => {
  it("lets the event loop turn while it works, by default, and removes and counts what the unpaced call does", async () => {
    const paced = await run(true);
    const whole = await run(false);
    expect(paced.result).toEqual(whole.result);
    expect(paced.state).toEqual(whole.state);
    // Each member once, however many of its spellings the body holds.
    expect(paced.result.removedCount).toBe(2);
    // Ten look-ups of 1,024 addresses, a pause every few of them; none unpaced.
    expect(paced.turns).toBeGreaterThanOrEqual(2);
    expect(whole.turns).toBe(0);
  });
});
