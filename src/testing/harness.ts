import { afterEach } from "vitest";
import type { Member } from "../domain/member";
import { type OrganizationSnapshot, organizationSnapshotSchema } from "../domain/snapshot";
import type { Store } from "../store/port";
import { otherOrganization, seedOrganization, ssoOrganization } from "./seed";

/** How the conformance suite reaches the adapter under test. */
export interface ConformanceHarness {
  /** A new, empty store, released after the test. */
  fresh(): Promise<Store>;
  /** A new store holding the seed organization and the other organization. */
  seeded(): Promise<Store>;
  /** Reads an organization back, through the hook given or `exportSnapshot`. */
  readBack(store: Store, orgId: string): Promise<OrganizationSnapshot>;
  numRuns: number;
}

export interface HarnessOptions {
  readBack?: (store: Store, orgId: string) => Promise<OrganizationSnapshot>;
  numRuns?: number;
  dispose?: (store: Store) => Promise<void>;
}

export function createHarness(
  makeStore: () => Store | Promise<Store>,
  options: HarnessOptions,
): ConformanceHarness {
  const made: Store[] = [];
  afterEach(async () => {
    const stores = made.splice(0);
    if (options.dispose !== undefined) for (const store of stores) await options.dispose(store);
  });
  const fresh = async () => {
    const store = await makeStore();
    made.push(store);
    return store;
  };
  return {
    fresh,
    async seeded() {
      const store = await fresh();
      await store.loadSnapshot(organizationSnapshotSchema.parse(seedOrganization()));
      await store.loadSnapshot(organizationSnapshotSchema.parse(otherOrganization()));
      await store.loadSnapshot(organizationSnapshotSchema.parse(ssoOrganization()));
      return store;
    },
    async readBack(store, orgId) {
      const snapshot =
        options.readBack === undefined
          ? await store.exportSnapshot(orgId)
          : await options.readBack(store, orgId);
      if (snapshot === null) throw new Error(`read-back found no organization ${orgId}`);
      return snapshot;
    },
    numRuns: options.numRuns ?? 20,
  };
}

/** The member stored under `email` (case-insensitive), or throws: for assertions. */
export function memberNamed(snapshot: OrganizationSnapshot, email: string): Member {
  const member = snapshot.members.find(
    (candidate) => candidate.email.toLowerCase() === email.toLowerCase(),
  );
  if (member === undefined) throw new Error(`no member ${email} in the read-back`);
  return member;
}

export function roleOn(member: Member, product: string): string | undefined {
  return member.products.find((access) => access.product === product)?.role;
}

/**
 * A snapshot with members, cycles, outbox, jobs, candidates, applications, account tokens and MFA
 * enrollments in a stable order,
 * for equality across adapters.
 */
export function canonical(snapshot: OrganizationSnapshot): OrganizationSnapshot {
  const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const memberKey = (record: { memberId: string; purpose?: string }) =>
    `${record.memberId}\u0000${record.purpose ?? ""}`;
  const byMember = <T extends { memberId: string; purpose?: string }>(a: T, b: T) =>
    memberKey(a) < memberKey(b) ? -1 : memberKey(a) > memberKey(b) ? 1 : 0;
  return {
    ...snapshot,
    members: snapshot.members
      .map((member) => ({
        ...member,
        mentorIds: [...member.mentorIds].sort(),
        products: [...member.products].sort((a, b) => a.product.localeCompare(b.product)),
      }))
      .sort(byId),
    reviewCycles: snapshot.reviewCycles
      .map((cycle) => ({
        ...cycle,
        clientMatters: cycle.clientMatters
          .map((matter) => ({ ...matter, entries: [...matter.entries].sort(byId) }))
          .sort(byId),
      }))
      .sort(byId),
    welcomeEmails: [...snapshot.welcomeEmails].sort(byId),
    jobs: [...snapshot.jobs].sort(byId),
    candidates: [...snapshot.candidates].sort(byId),
    applications: [...snapshot.applications].sort(byId),
    accountTokens: [...snapshot.accountTokens].sort(byMember),
    mfaEnrollments: [...snapshot.mfaEnrollments].sort(byMember),
  };
}
