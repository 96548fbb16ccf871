import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { createImportWorkerPool } from "../../src/http/import-pool";
import { upsertMatters, validateMattersFile } from "../../src/matters/upsert";
import { importMembers } from "../../src/members/import";
import { createMemoryStore } from "../../src/memory/store";
import type { Pace } from "../../src/runtime/steps";
import { generateMemberBenchInput, MEMBER_BENCH_NOW } from "../bench/member-file";
import { withNamedTokens } from "../support/account-tokens";
import { FIXTURE_NOW, FIXTURES, fixturePairs, loadSnapshot } from "../support/fixtures";
import { sequentialIds } from "../support/sequential-ids";

// Every file goes to the threads here, however small (the binding sends only large ones).
const pool = createImportWorkerPool({ threads: 1, minBytes: 0 });
afterAll(() => pool.close());

/** A pace that pauses at every step and counts its calls. */
function countingPace(): Pace & { calls: number } {
  const pace = Object.assign(
    async () => {
      pace.calls++;
      await new Promise((resolve) => setImmediate(resolve));
    },
    { calls: 0 },
  );
  return pace;
}

describe("member import off the event loop", () => {
  it("the worker is there to run under vitest", async () => {
    expect(await pool.ready()).toBe(true);
  });

  for (const pair of fixturePairs("members")) {
    const fixture = JSON.parse(readFileSync(pair.json, "utf8")) as {
      product: "RECRUIT" | "PERFORM" | "UNI";
      org?: string;
    };
    it(`${pair.name}: read on a worker thread or paced, the outcome and the stored state are the unpaced import's`, async () => {
      const snapshot = loadSnapshot(
        resolve(dirname(pair.json), fixture.org ?? `${FIXTURES}/org.json`),
      );
      const orgId = snapshot.organization.id;
      const run = async (how: { reader?: boolean; pace?: Pace }) => {
        const store = createMemoryStore(snapshot);
        const outcome = await importMembers(store, {
          orgId,
          product: fixture.product,
          file: readFileSync(pair.csv),
          now: FIXTURE_NOW,
          newId: sequentialIds(),
          pace: how.pace,
          reader: how.reader === true ? pool.readMembers : undefined,
        });
        return withNamedTokens({
          outcome,
          state: JSON.parse(store.exportSnapshotJson(orgId) ?? "null"),
        });
      };
      const whole = await run({});
      expect(await run({ reader: true })).toEqual(whole);
      expect(await run({ pace: countingPace() })).toEqual(whole);
    });
  }

  it("a 2 MiB file: paced at every step and read on a worker thread, the same 200 body and state", async () => {
    const input = generateMemberBenchInput(2 * 1024 * 1024, 2_000);
    const snapshot = organizationSnapshotSchema.parse({
      organization: input.organization,
      members: input.members,
    });
    const orgId = input.organization.id;
    const run = async (how: { reader?: boolean; pace?: Pace }) => {
      const store = createMemoryStore(snapshot);
      const outcome = await importMembers(store, {
        orgId,
        product: "PERFORM",
        file: new TextEncoder().encode(input.csv),
        now: MEMBER_BENCH_NOW,
        newId: sequentialIds(),
        pace: how.pace,
        reader: how.reader === true ? pool.readMembers : undefined,
      });
      return withNamedTokens({
        outcome,
        state: JSON.parse(store.exportSnapshotJson(orgId) ?? "null"),
      });
    };
    const whole = await run({});
    expect(whole.outcome.ok).toBe(true);
    const pace = countingPace();
    expect(await run({ pace })).toEqual(whole);
    // 8 slices of CSV, and every 2,048 rows of the cross-row rules and of the plan.
    expect(pace.calls).toBeGreaterThan(20);
    expect(await run({ reader: true, pace: countingPace() })).toEqual(whole);
  });
});

describe("matter files off the event loop", () => {
  const snapshot = loadSnapshot(join(FIXTURES, "org.json"));
  const orgId = snapshot.organization.id;
  for (const pair of fixturePairs("matters")) {
    const fixture = JSON.parse(readFileSync(pair.json, "utf8")) as {
      ruleSet: "upsert" | "legacy";
      reviewCycle?: string;
    };
    it(`${pair.name}: checked on a worker thread or paced, the validator's and the upsert's answers are the in-thread ones`, async () => {
      const file = readFileSync(pair.csv);
      const validate = (how: { checker?: boolean; pace?: Pace }) =>
        validateMattersFile(createMemoryStore(snapshot), {
          orgId,
          file,
          ruleSet: fixture.ruleSet,
          pace: how.pace,
          checker: how.checker === true ? pool.checkMatters : undefined,
        });
      const whole = await validate({});
      expect(await validate({ checker: true })).toEqual(whole);
      expect(await validate({ pace: countingPace() })).toEqual(whole);
      if (fixture.reviewCycle === undefined) return;
      const upsert = async (how: { checker?: boolean; pace?: Pace }) => {
        const store = createMemoryStore(snapshot);
        const outcome = await upsertMatters(store, {
          orgId,
          reviewCycleId: fixture.reviewCycle as string,
          file,
          newId: sequentialIds(),
          pace: how.pace,
          checker: how.checker === true ? pool.checkMatters : undefined,
        });
        return { outcome, state: store.exportSnapshotJson(orgId) };
      };
      const upserted = await upsert({});
      expect(await upsert({ checker: true })).toEqual(upserted);
      expect(await upsert({ pace: countingPace() })).toEqual(upserted);
    });
  }
});
