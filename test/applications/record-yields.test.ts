import { describe, expect, it } from "vitest";
import { recordJobApplications } from "../../src/applications/record";
import { createMemoryStore } from "../../src/memory/store";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { RECORDED_NOW, recordOf } from "../../src/testing/suites/live-data-support";
import { turnsDuring, withClockOfReads } from "../support/turns";

const applications = Array.from({ length: 2_000 }, (_, index) => recordOf(index));

async function run(paced: boolean) {
  const store = createMemoryStore(seedOrganization());
  const { result, turns } = await withClockOfReads(() =>
    turnsDuring(() =>
      recordJobApplications(store, {
        orgId: SEED_ORG_ID,
        applications,
        now: RECORDED_NOW,
        ...(paced ? {} : { pace: null }),
      }),
    ),
  );
  return { result, turns, state: await store.exportSnapshot(SEED_ORG_ID) };
}

describe("recordJobApplications of a large batch", () => {
  it("lets the event loop turn while it works, by default, and records what the unpaced call does", async () => {
    const paced = await run(true);
    const whole = await run(false);
    expect(paced.result).toEqual(whole.result);
    expect(paced.result).toMatchObject({ ok: true, created: 2_000 });
    expect(paced.state).toEqual(whole.state);
    // Eight steps of checks and eight of merges, 256 records each: a pause every few.
    expect(paced.turns).toBeGreaterThanOrEqual(4);
    expect(whole.turns).toBe(0);
  });
});
