import { describe, expect, it } from "vitest";
import { recordJobApplications } from "../../src/applications/record";
import { createMemoryStore } from "../../src/memory/store";
import { recordOf } from "../../src/testing/suites/live-data-support";

describe("recordJobApplications' batch bound", () => {
  it("refuses more than 10,000 applications in one call before opening a transaction, and takes 10,000", async () => {
    const store = createMemoryStore();
    let opened = 0;
    const counting = {
      ...store,
      transaction: ((orgId, work, options) => {
        opened++;
        return store.transaction(orgId, work, options);
      }) as typeof store.transaction,
    };
    const many = Array.from({ length: 10_001 }, () => recordOf(1));
    expect(
      await recordJobApplications(counting, {
        orgId: "org-none",
        applications: many,
        now: new Date(),
      }),
    ).toMatchObject({ ok: false, error: { code: "TOO_MANY_RECORDS" } });
    expect(opened).toBe(0);
    const bounded = recordJobApplications(counting, {
      orgId: "org-none",
      applications: many.slice(1),
      now: new Date(),
    });
    // 10,000 pass the bound and reach the store, which has no such organization.
    await expect(bounded).rejects.toThrow(/org-none/);
    expect(opened).toBe(1);
  });
});
