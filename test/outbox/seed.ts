import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import type { WelcomeEmail } from "../../src/domain/welcome-email";
import type { Store } from "../../src/store/port";
import { otherOrganization, SEED_NOW, seedOrganization } from "../../src/testing/seed";

/** `count` pending welcome emails with ids `w-00001`…, as an import would have planned them. */
export function pendingWelcomeEmails(count: number): WelcomeEmail[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `w-${String(index + 1).padStart(5, "0")}`,
    memberId: `m-${index + 1}`,
    email: `new.hire${index + 1}@firm.example`,
    firstName: "New",
    lastName: `Hire ${index + 1}`,
    product: "PERFORM",
    reason: "MEMBER_CREATED",
    createdAt: SEED_NOW.toISOString(),
    token: null,
    tokenExpiresAt: null,
  }));
}

/**
 * Loads the seed and the other organization, each with `perOrganization` pending emails (the
 * same ids in both: the idempotency key tells them apart). Returns the organizations' ids.
 */
export async function seedOutbox(store: Store, perOrganization: number): Promise<string[]> {
  const ids: string[] = [];
  for (const organization of [seedOrganization(), otherOrganization()]) {
    const snapshot = organizationSnapshotSchema.parse({
      ...organization,
      welcomeEmails: pendingWelcomeEmails(perOrganization),
    });
    await store.loadSnapshot(snapshot);
    ids.push(snapshot.organization.id);
  }
  return ids;
}
