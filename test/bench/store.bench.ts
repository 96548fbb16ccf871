import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { upsertMatters } from "../../src/matters/upsert";
import { validateMatterCsv } from "../../src/matters/validate";
import { importMembers } from "../../src/members/import";
import { validateMemberCsv } from "../../src/members/validate";
import { createMemoryStore } from "../../src/memory/store";
import { type MatterBenchInput, matterBenchSnapshot } from "./matter-file";
import { MEMBER_BENCH_NOW, type MemberBenchInput, memberBenchContext } from "./member-file";
import { median, timeOnce } from "./timing";

export interface ServiceFigures {
  validateMs: number;
  serviceMs: number;
  ratio: number;
}

/** Median time of a memory-store member import against validation alone of the same file. */
export async function benchMemberImport(
  input: MemberBenchInput,
  runs: number,
): Promise<ServiceFigures> {
  const bytes = new TextEncoder().encode(input.csv);
  const snapshot = organizationSnapshotSchema.parse({
    organization: input.organization,
    members: input.members,
  });
  const validateTimes: number[] = [];
  const importTimes: number[] = [];
  for (let run = 0; run < runs; run++) {
    validateTimes.push(timeOnce(() => validateMemberCsv(bytes, memberBenchContext(input))));
    const store = createMemoryStore(snapshot);
    (globalThis as { gc?: () => void }).gc?.();
    const start = performance.now();
    const outcome = await importMembers(store, {
      orgId: input.organization.id,
      product: "PERFORM",
      file: bytes,
      now: MEMBER_BENCH_NOW,
    });
    importTimes.push(performance.now() - start);
    if (!outcome.ok)
      throw new Error(`benchmark import failed: ${JSON.stringify(outcome.result).slice(0, 300)}`);
  }
  const validateMs = median(validateTimes);
  const serviceMs = median(importTimes);
  return { validateMs, serviceMs, ratio: serviceMs / validateMs };
}

/** Median time of a memory-store upsert into an empty cycle against validation alone. */
export async function benchMatterUpsert(
  input: MatterBenchInput,
  runs: number,
): Promise<ServiceFigures> {
  const bytes = new TextEncoder().encode(input.csv);
  const cycleId = "bench-cycle";
  const snapshot = matterBenchSnapshot(input, "bench", cycleId);
  const validateTimes: number[] = [];
  const upsertTimes: number[] = [];
  for (let run = 0; run < runs; run++) {
    validateTimes.push(
      timeOnce(() =>
        validateMatterCsv(bytes, {
          ruleSet: "upsert",
          performMemberEmails: input.performMemberEmails,
        }),
      ),
    );
    const store = createMemoryStore(snapshot);
    (globalThis as { gc?: () => void }).gc?.();
    const start = performance.now();
    const outcome = await upsertMatters(store, {
      orgId: "bench",
      reviewCycleId: cycleId,
      file: bytes,
    });
    upsertTimes.push(performance.now() - start);
    if (!outcome.ok)
      throw new Error(`benchmark upsert failed: ${JSON.stringify(outcome).slice(0, 300)}`);
  }
  const validateMs = median(validateTimes);
  const serviceMs = median(upsertTimes);
  return { validateMs, serviceMs, ratio: serviceMs / validateMs };
}
