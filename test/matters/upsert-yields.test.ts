import { describe, expect, it } from "vitest";
import { uploadMattersLegacy } from "../../src/matters/upload-legacy";
import { upsertMatters } from "../../src/matters/upsert";
import { createMemoryStore } from "../../src/memory/store";
import { generateMatterBenchInput, matterBenchSnapshot } from "../bench/matter-file";
import { sequentialIds } from "../support/sequential-ids";
import { turnsDuring, withClockOfReads } from "../support/turns";

const input = generateMatterBenchInput(2_000);
const CYCLE = "0b7d4a52-3c1e-4f7a-9a5b-2f6e8c1d9e01";

/** Either matter write: both take the same input. */
type MatterWrite = (...args: Parameters<typeof upsertMatters>) => Promise<{ ok: boolean } & object>;

async function run(service: MatterWrite, paced: boolean) {
  const store = createMemoryStore(matterBenchSnapshot(input, "bench", CYCLE));
  const { result, turns } = await withClockOfReads(() =>
    turnsDuring(() =>
      service(store, {
        orgId: "bench",
        reviewCycleId: CYCLE,
        file: new TextEncoder().encode(input.csv),
        newId: sequentialIds(),
        ...(paced ? {} : { pace: null }),
      }),
    ),
  );
  return { result, turns, state: await store.exportSnapshot("bench") };
}

describe.each([
  ["upsertMatters", upsertMatters],
  ["uploadMattersLegacy", uploadMattersLegacy],
] as const)("%s of a large file", (_name, service) => {
  it("lets the event loop turn while it works, by default, and writes what the unpaced call does", async () => {
    const paced = await run(service, true);
    const whole = await run(service, false);
    expect(paced.result).toEqual(whole.result);
    expect(paced.result.ok).toBe(true);
    expect(paced.state).toEqual(whole.state);
    expect(paced.turns).toBeGreaterThanOrEqual(4);
    expect(whole.turns).toBe(0);
  });
});
