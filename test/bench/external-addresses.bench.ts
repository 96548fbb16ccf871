import {
  type OrganizationSnapshot,
  organizationSnapshotSchema,
  parseOrganizationSnapshot,
} from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import { createMemoryStore } from "../../src/memory/store";
import { MEMBER_BENCH_NOW, type MemberBenchInput } from "./member-file";
import { median } from "./timing";

export interface ExternalAddressFigure {
  /** Members of the other organizations. */
  others: number;
  importMs: number;
  lookupMs: number;
}

/** Organizations of 5,000 members each, their addresses outside the benchmark file. */
export function otherOrganizations(
  members: number,
  perOrganization = 5_000,
): OrganizationSnapshot[] {
  const organizations: OrganizationSnapshot[] = [];
  for (let org = 0; org * perOrganization < members; org++) {
    const count = Math.min(perOrganization, members - org * perOrganization);
    organizations.push(
      parseOrganizationSnapshot({
        organization: { id: `other-${org}`, shortName: `other${org}`, name: `Other ${org}` },
        members: Array.from({ length: count }, (_, i) => ({
          id: `o${org}-${i}`,
          email: `person.${i}@other${org}.example`,
          firstName: "Other",
          lastName: `Member${i}`,
        })),
      }),
    );
  }
  return organizations;
}

/**
 * Median times of a memory-store import of the benchmark file and of `loadExternalUserEmails`
 * for every address in it, beside 0 and then `others[i]` members in other organizations: the
 * check must cost the same however many other organizations the store holds.
 */
export async function benchExternalAddresses(
  input: MemberBenchInput,
  runs: number,
  others: readonly number[] = [0, 50_000, 500_000],
): Promise<ExternalAddressFigure[]> {
  const bytes = new TextEncoder().encode(input.csv);
  const orgId = input.organization.id;
  const snapshot = organizationSnapshotSchema.parse({
    organization: input.organization,
    members: input.members,
  });
  const addresses = [...new Set(input.csv.match(/[\w.+-]+@[\w.-]+\.example/g) ?? [])];
  const figures: ExternalAddressFigure[] = [];
  for (const count of others) {
    const store = createMemoryStore([snapshot, ...otherOrganizations(count)]);
    const lookupTimes: number[] = [];
    const importTimes: number[] = [];
    for (let run = 0; run < runs; run++) {
      await store.loadSnapshot(snapshot);
      (globalThis as { gc?: () => void }).gc?.();
      const lookupStart = performance.now();
      const found = await store.transaction(orgId, (tx) => tx.loadExternalUserEmails(addresses), {
        readOnly: true,
      });
      lookupTimes.push(performance.now() - lookupStart);
      if (found.length !== 0)
        throw new Error(`benchmark lookup found ${found.length} external addresses`);
      (globalThis as { gc?: () => void }).gc?.();
      const start = performance.now();
      const outcome = await importMembers(store, {
        orgId,
        product: "PERFORM",
        file: bytes,
        now: MEMBER_BENCH_NOW,
      });
      importTimes.push(performance.now() - start);
      if (!outcome.ok)
        throw new Error(`benchmark import failed: ${JSON.stringify(outcome.result).slice(0, 300)}`);
    }
    figures.push({ others: count, importMs: median(importTimes), lookupMs: median(lookupTimes) });
  }
  return figures;
}
