import { expect, it } from "vitest";
import { deleteMember } from "../../members/operations";
import type { ConformanceHarness } from "../harness";
import { SEED_ORG_ID } from "../seed";

export function totpStepsSuite(h: ConformanceHarness): void {
  it("accepts each TOTP time step once per member, only later steps after it, members apart", async () => {
    const store = await h.seeded();
    const accept = (memberId: string, step: number) =>
      store.transaction(SEED_ORG_ID, (tx) => tx.acceptTotpStep(memberId, step));
    expect(await accept("m-ada", 59_000_000)).toBe(true);
    expect(await accept("m-ada", 59_000_000)).toBe(false);
    expect(await accept("m-ada", 58_999_999)).toBe(false);
    expect(await accept("m-ben", 59_000_000)).toBe(true);
    expect(await accept("m-ada", 59_000_001)).toBe(true);
  });

  it("lets only one of concurrent acceptances of the same step win", async () => {
    const store = await h.seeded();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        store.transaction(SEED_ORG_ID, (tx) => tx.acceptTotpStep("m-ada", 61_000_000)),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it("deletes a member who has an accepted TOTP step (the step never blocks the delete)", async () => {
    const store = await h.seeded();
    await store.transaction(SEED_ORG_ID, (tx) => tx.acceptTotpStep("m-ben", 62_000_000));
    expect((await deleteMember(store, { orgId: SEED_ORG_ID, memberId: "m-ben" })).ok).toBe(true);
  });
}
