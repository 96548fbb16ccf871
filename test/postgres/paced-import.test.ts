import { describe, expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import type { Pace } from "../../src/runtime/steps";
import type { Store } from "../../src/store/port";
import { generateMemberBenchInput, MEMBER_BENCH_NOW } from "../bench/member-file";
import { withNamedTokens } from "../support/account-tokens";
import { sequentialIds } from "../support/sequential-ids";
import { dropStore, freshStore, pgliteClient } from "./stores";

describe("a paced member import on PostgreSQL", () => {
  it("pauses while its COPY text is built, and answers and stores exactly what the unpaced import does", async () => {
    const input = generateMemberBenchInput(1024 * 1024, 1_000);
    const snapshot = organizationSnapshotSchema.parse({
      organization: input.organization,
      members: input.members,
    });
    const orgId = input.organization.id;
    const importFile = (store: Store, pace: Pace | null) =>
      importMembers(store, {
        orgId,
        product: "PERFORM",
        file: new TextEncoder().encode(input.csv),
        now: MEMBER_BENCH_NOW,
        newId: sequentialIds(),
        pace,
      });
    const run = async (pace: Pace | null) => {
      const store = await freshStore(pgliteClient(), "paced");
      try {
        await store.loadSnapshot(snapshot);
        const outcome = await importFile(store, pace);
        return { outcome, state: await store.exportSnapshot(orgId) };
      } finally {
        await dropStore(store);
      }
    };
    const whole = await run(null);
    expect(whole.outcome.ok).toBe(true);
    let applying = false;
    let pausesWhileWriting = 0;
    const pace: Pace = async () => {
      if (applying) pausesWhileWriting++;
    };
    const paced = await run(async () => {
      await pace();
      await new Promise((resolve) => setImmediate(resolve));
    });
    // Each created member's invitation token is random: compared by the order they appear.
    expect(withNamedTokens(paced)).toEqual(withNamedTokens(whole));
    // The pauses of the write itself: a pace that notes them once the plan is handed over.
    const store = await freshStore(pgliteClient(), "paced");
    try {
      await store.loadSnapshot(snapshot);
      const noting = store.transaction.bind(store);
      store.transaction = (id, work) =>
        noting(id, (tx) =>
          work(
            Object.assign(Object.create(tx), {
              applyMemberPlan: async (plan: Parameters<typeof tx.applyMemberPlan>[0]) => {
                applying = true;
                try {
                  await tx.applyMemberPlan(plan);
                } finally {
                  applying = false;
                }
              },
            }),
          ),
        );
      await importFile(store, pace);
    } finally {
      await dropStore(store);
    }
    expect(pausesWhileWriting).toBeGreaterThan(0);
  });
});
