import { describe, expect, it } from "vitest";
import type { Member } from "../../src/domain/member";
import type { WelcomeEmail } from "../../src/domain/welcome-email";
import type { MemberPlan } from "../../src/members/plan";
import { createMemoryStore } from "../../src/memory/store";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";

function member(id: string): Member {
  return {
    id,
    email: `${id}@firm.example`,
    firstName: "Ada",
    lastName: "Lee",
    employeeId: null,
    jobTitle: null,
    level: null,
    office: null,
    department: null,
    practiceArea: null,
    startDate: null,
    effectiveClassYear: null,
    ssoId: null,
    useMfa: false,
    bioLink: null,
    workArrangement: null,
    flsaStatus: null,
    managerId: null,
    mentorIds: [],
    education: [],
    products: [{ product: "PERFORM", role: "MEMBER" }],
    credentials: { passwordHash: null, mfaSecret: null, sessionEpoch: 0 },
  };
}

function plan(creates: Member[], welcomeEmails: WelcomeEmail[] = []): MemberPlan {
  return {
    creates,
    updates: [],
    welcomeEmails,
    result: { createdCount: creates.length, updatedCount: 0, absentMembers: [] },
  };
}

async function stored(store: ReturnType<typeof createMemoryStore>, id: string) {
  return store.transaction(SEED_ORG_ID, async (tx) => (await tx.loadMembersById([id]))[0]);
}

describe("the memory store's applyMemberPlan", () => {
  it("keeps a copy of a plan's records unless the plan hands them over", async () => {
    const store = createMemoryStore(seedOrganization());
    const kept = member("kept-by-caller");
    await store.transaction(SEED_ORG_ID, (tx) => tx.applyMemberPlan(plan([kept])));
    kept.firstName = "Changed";
    expect((await stored(store, "kept-by-caller"))?.firstName).toBe("Ada");

    const handed = member("handed-over");
    await store.transaction(SEED_ORG_ID, (tx) =>
      tx.applyMemberPlan({ ...plan([handed]), handOver: true }),
    );
    expect(await stored(store, "handed-over")).toEqual(member("handed-over"));
  });

  it("queues any number of welcome emails (no spread into push's arguments)", async () => {
    const store = createMemoryStore(seedOrganization());
    const emails: WelcomeEmail[] = Array.from({ length: 300_000 }, (_, index) => ({
      id: `w-${index}`,
      memberId: "m",
      email: "m@firm.example",
      firstName: "M",
      lastName: "M",
      product: "PERFORM",
      reason: "MEMBER_CREATED",
      createdAt: "2026-01-01T00:00:00.000Z",
      token: null,
      tokenExpiresAt: null,
    }));
    await store.transaction(SEED_ORG_ID, (tx) => tx.applyMemberPlan(plan([], emails)));
    const outbox = await store.transaction(SEED_ORG_ID, (tx) => tx.listWelcomeEmails());
    expect(outbox.slice(-300_000).map((email) => email.id)).toEqual(emails.map((e) => e.id));
  });
});
